import type { Logger } from "../log/logger.js";
import { defaultJudge } from "./default-judge.js";
import {
  decidedBy,
  type JudgeKind,
  type Stance,
  type StanceInput,
  type StanceJudge,
  type StanceJudgement,
  type StanceNote,
  withDecider,
} from "./stance.js";

const BUILT_IN = "the built-in classifier";

interface StageOptions {
  /** Bounds a judge elsewhere (an LLM); local judges never see it. */
  deadline: AbortSignal;
  note: StanceNote;
  logger?: Logger | undefined;
  /** Stances the caller gave, by item index: used as given, and only the other items are judged. */
  given?: readonly (Stance | undefined)[] | undefined;
}

/** A stance the caller gave is certain as far as the label is concerned: it is their reading. */
const GIVEN_SCORE = 1;

/**
 * The judge stage of `corroborate` and `assess`: stances the caller gave are kept as they are, the
 * judge decides the rest, and every judgement records who decided it.
 */
export async function judgeStances(
  judge: StanceJudge,
  claim: string,
  items: readonly StanceInput[],
  options: StageOptions,
): Promise<(StanceJudgement & { judge: JudgeKind })[]> {
  const given = options.given ?? [];
  const open = items.flatMap((_, index) => (given[index] === undefined ? [index] : []));
  const judged = withDecider(
    await judgeOpen(
      judge,
      claim,
      open.map((index) => items[index] as StanceInput),
      options,
    ),
    judge,
  );
  const byIndex = new Map(open.map((index, k) => [index, judged[k]]));
  return items.map((_, index) => {
    const stance = given[index];
    if (stance !== undefined) return { stance, score: GIVEN_SCORE, judge: "caller" };
    return byIndex.get(index) ?? { stance: "neutral", score: 0, judge: decidedBy(judge) };
  });
}

/**
 * The deadline bounds waiting on others, not local work: a local judge always judges what came in,
 * even after the deadline, so a search that ran out of time keeps the stances of what it found. A judge elsewhere gets the deadline; when it is
 * already spent, or the judge fails, the built-in classifier answers instead and a note says so.
 */
async function judgeOpen(
  judge: StanceJudge,
  claim: string,
  items: readonly StanceInput[],
  options: StageOptions,
): Promise<StanceJudgement[]> {
  const { deadline, note, logger } = options;
  if (items.length === 0) return [];
  if (judge.local) return await judgeLocally(judge, claim, items, options);
  if (deadline.aborted) {
    note(
      `The deadline was spent before the "${judge.name}" judge could run; ${BUILT_IN} judged every source`,
    );
    return await judgeLocally(defaultJudge, claim, items, options);
  }
  try {
    return await judge.judge(claim, items, deadline, note);
  } catch (error) {
    logger?.warn({ err: error }, "stance judge failed");
    note(`Stance judge "${judge.name}" failed; ${BUILT_IN} judged every source`);
    return await judgeLocally(defaultJudge, claim, items, options);
  }
}

/** A local judge on a signal of its own; should even it fail, every source is neutral. */
async function judgeLocally(
  judge: StanceJudge,
  claim: string,
  items: readonly StanceInput[],
  { note, logger }: StageOptions,
): Promise<StanceJudgement[]> {
  try {
    return withDecider(await judge.judge(claim, items, new AbortController().signal, note), judge);
  } catch (error) {
    logger?.warn({ err: error }, "stance judge failed");
    note(`Stance judge "${judge.name}" failed; every source is treated as neutral`);
    return items.map(() => ({ stance: "neutral", score: 0, judge: "builtin" }));
  }
}
