import type { ChainResult } from "../chain/fallback-chain.js";
import { type DedupedItem, dedupeHits, domainCapNotes, originIds } from "../dedup/dedupe.js";
import type { HitFromCall } from "../dedup/merge-hits.js";
import type { OriginGroup } from "../dedup/origins.js";
import { familiesOf } from "../health/engine-families.js";
import { defaultJudge } from "../judge/default-judge.js";
import { judgeAhead } from "../judge/judge-ahead.js";
import { judgeStances } from "../judge/judge-stances.js";
import { type LabelResult, labelEvidence } from "../judge/label.js";
import type { JudgeKind, StanceJudge, StanceJudgement } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import type { PlannedCall } from "../plan/plan-schema.js";

/**
 * The part of a question that only computes: dedup → judge → label, from the hits every call found.
 * Input and output are plain data, so a server can run it in a worker thread (with the built-in
 * judge) while its event loop keeps to I/O; `corroborate` runs it in process.
 */
export interface HitsToAnalyse {
  /** The proposition the sources are judged against. */
  claim: string;
  /** Every call's hits, in call order, each with the call and the stage that found it. */
  hits: HitFromCall[];
  /** Ids of the counter-query calls, where listicles are a spam signal. */
  counterCalls: number[];
  /**
   * Built-in judgements already made, one per hit in `hits` order (null: not judged yet): those
   * texts are not judged again. A hit is sent once, with its judgement beside it, not again as a key.
   */
  judged?: (StanceJudgement | null)[] | undefined;
}

export interface HitsAnalysis {
  items: DedupedItem[];
  origins: OriginGroup[];
  /** One per item, in item order, each saying who decided it. */
  judgements: (StanceJudgement & { judge: JudgeKind })[];
  label: LabelResult;
  /** The report's notes from these stages, in the order they were written. */
  notes: string[];
}

/**
 * Runs {@link analyseHits} with the built-in judge somewhere else (a worker pool). With `judgeAhead`,
 * each call's results can be judged there as they arrive, so that when the last call returns only
 * its own results are left to judge.
 */
export type AnalyseHits = ((input: HitsToAnalyse) => Promise<HitsAnalysis>) & {
  judgeAhead?: StanceJudge["judge"];
};

export interface AnalysisOptions {
  /** Default: the built-in judge, the only one a worker thread can run. */
  judge?: StanceJudge | undefined;
  /** Bounds a model judge; the built-in judge never sees it. */
  deadline?: AbortSignal | undefined;
  logger?: Logger | undefined;
}

/** What the analysis is given of a question's calls that ran: each hit with its call and stage. */
export function hitsOfCalls(
  claim: string,
  ran: readonly { planned: PlannedCall; result: ChainResult }[],
): HitsToAnalyse {
  return {
    claim,
    hits: ran.flatMap(({ planned, result }) =>
      result.hits.map((hit) => ({ call: planned.id, provider: result.provider ?? "searxng", hit })),
    ),
    counterCalls: ran.filter(({ planned }) => planned.role === "counter").map(({ planned }) => planned.id),
  };
}

/** Dedup, judge and label the hits of a question's calls. */
export async function analyseHits(
  input: HitsToAnalyse,
  options: AnalysisOptions = {},
): Promise<HitsAnalysis> {
  const notes: string[] = [];
  const { items, origins, dropped } = dedupeHits(input.hits, new Set(input.counterCalls));
  if (dropped.invalidUrls > 0)
    notes.push(`${dropped.invalidUrls} result(s) without a usable web address were dropped`);
  notes.push(...domainCapNotes(items.flatMap((item, index) => (item.counted ? [] : [`e${index + 1}`]))));
  const judge =
    input.judged === undefined
      ? (options.judge ?? defaultJudge)
      : judgeAhead(defaultJudge, input.claim, judgedHits(input.hits, input.judged)).judge;
  const judgements = await judgeStances(judge, input.claim, items, {
    deadline: options.deadline ?? new AbortController().signal,
    note: (note) => notes.push(note),
    logger: options.logger,
  });
  return { items, origins, judgements, label: labelJudged(items, judgements, origins), notes };
}

/** Each hit judged ahead with its judgement. */
function* judgedHits(
  hits: readonly HitFromCall[],
  judged: readonly (StanceJudgement | null)[],
): Generator<[HitFromCall["hit"], StanceJudgement]> {
  for (let index = 0; index < hits.length; index += 1) {
    const judgement = judged[index];
    const found = hits[index];
    if (judgement && found) yield [found.hit, judgement];
  }
}

/** The label of judged pages: every page is shown, but only those within the per-domain cap count. */
export function labelJudged(
  items: readonly DedupedItem[],
  judgements: readonly StanceJudgement[],
  origins: readonly OriginGroup[],
): LabelResult {
  const originOf = originIds(origins);
  const groupOf = new Map(origins.flatMap((group) => group.members.map((m) => [m, group] as const)));
  return labelEvidence(
    items
      .map((item, index) => ({
        stance: judgements[index]?.stance ?? "neutral",
        domain: item.domain,
        originId: originOf.get(index) ?? `o${index + 1}`,
        families: familiesOf(item.foundBy),
        quality: item.quality,
        score: judgements[index]?.score ?? 0,
        judge: judgements[index]?.judge ?? "builtin",
        origin: { why: groupOf.get(index)?.why ?? "single", source: groupOf.get(index)?.source },
      }))
      .filter((_, index) => items[index]?.counted),
  );
}
