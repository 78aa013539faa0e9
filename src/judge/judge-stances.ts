import { z } from "zod";
import type { Logger } from "../log/logger.js";
import { defaultJudge } from "./default-judge.js";
import {
  decidedBy,
  JUDGE_KINDS,
  type JudgeKind,
  STANCES,
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
 * even after the deadline, so a search that ran out of time keeps the stances of what it found. A
 * judge elsewhere gets the deadline; when it is already spent, the built-in classifier answers
 * instead and a note says so. Any judge's answers are checked as a model's are: a judge that fails,
 * and answers that are not usable stances, leave those sources to the built-in classifier, with one
 * note saying how many and why.
 */
async function judgeOpen(
  judge: StanceJudge,
  claim: string,
  items: readonly StanceInput[],
  options: StageOptions,
): Promise<StanceJudgement[]> {
  const { deadline, note, logger } = options;
  if (items.length === 0) return [];
  if (!judge.local && deadline.aborted) {
    note(
      `The deadline was spent before the "${judge.name}" judge could run; ${BUILT_IN} judged every source`,
    );
    return await judgeBuiltIn(claim, items, options);
  }
  let checked: CheckedAnswers;
  try {
    const signal = judge.local ? new AbortController().signal : deadline;
    checked = checkAnswers(await judge.judge(claim, items, signal, note), items.length);
  } catch (error) {
    logger?.warn({ err: error }, "stance judge failed");
    if (judge === defaultJudge) return everyNeutral(items, note);
    note(`Stance judge "${judge.name}" failed; ${BUILT_IN} judged every source`);
    return await judgeBuiltIn(claim, items, options);
  }
  const unusable = checked.answers.flatMap((answer, index) => (answer === undefined ? [index] : []));
  if (unusable.length === 0) return checked.answers as StanceJudgement[];
  logger?.warn({ judge: judge.name, unusable: unusable.length }, "stance judge gave unusable answers");
  const instead = await judgeBuiltIn(
    claim,
    unusable.map((index) => items[index] as StanceInput),
    options,
  );
  const which = unusable.length === items.length ? "every source" : "those sources";
  note(`Stance judge "${judge.name}" ${checked.why}; ${BUILT_IN} judged ${which}`);
  const byIndex = new Map(unusable.map((index, k) => [index, instead[k]]));
  return checked.answers.map((answer, index) => answer ?? byIndex.get(index) ?? NEUTRAL);
}

const NEUTRAL: StanceJudgement = { stance: "neutral", score: 0, judge: "builtin" };

/** The built-in classifier, on a signal of its own; should even it fail, every source is neutral. */
async function judgeBuiltIn(
  claim: string,
  items: readonly StanceInput[],
  { note, logger }: StageOptions,
): Promise<StanceJudgement[]> {
  try {
    return withDecider(
      await defaultJudge.judge(claim, items, new AbortController().signal, note),
      defaultJudge,
    );
  } catch (error) {
    logger?.warn({ err: error }, "stance judge failed");
    return everyNeutral(items, note);
  }
}

function everyNeutral(items: readonly StanceInput[], note: StanceNote): StanceJudgement[] {
  note(`Stance judge "${defaultJudge.name}" failed; every source is treated as neutral`);
  return items.map(() => NEUTRAL);
}

/** One answer as a judge must give it; anything else it says is left out. */
const answerSchema = z.object({
  stance: z.enum(STANCES),
  score: z.number().min(0).max(1),
  judge: z.enum(JUDGE_KINDS).optional(),
});

const anyOf = (names: readonly string[]) => new Intl.ListFormat("en", { type: "disjunction" }).format(names);

/** Why an answer was not usable, by the field that was wrong. */
const FAULTS: Record<string, string> = {
  stance: `a stance other than ${anyOf(STANCES)}`,
  score: "a score that is not a number from 0 to 1",
  judge: `a judge other than ${anyOf(JUDGE_KINDS)}`,
};

/** Each answer, undefined where it is not usable, and why those are not. */
interface CheckedAnswers {
  answers: (StanceJudgement | undefined)[];
  why: string;
}

/**
 * A judge's answers checked as a model's are: one per source, in order, each an object with a known
 * stance and a finite score from 0 to 1. Undefined for each answer that is not usable (every one,
 * when the answer is not a list of the right length), and why, in a few fixed words: what a judge
 * answered is never repeated, since it may be text from the web.
 */
function checkAnswers(answers: unknown, count: number): CheckedAnswers {
  const none = () => Array.from({ length: count }, () => undefined);
  if (!Array.isArray(answers)) return { answers: none(), why: "answered with something other than a list" };
  if (answers.length !== count)
    return { answers: none(), why: `gave ${answers.length} answer(s) for ${count} source(s)` };
  const faults = new Map<string, number>();
  const checked = answers.map((answer: unknown) => {
    const parsed = answerSchema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    const fault = FAULTS[field] ?? "an answer that is not an object";
    faults.set(fault, (faults.get(fault) ?? 0) + 1);
    return undefined;
  });
  const unusable = [...faults.values()].reduce((sum, n) => sum + n, 0);
  const why = [...faults].map(([fault, n]) => `${n} with ${fault}`).join("; ");
  return { answers: checked, why: `gave ${unusable} unusable answer(s) of ${count} (${why})` };
}
