/**
 * A worker thread of the analysis pool (analysis-pool.ts): plain data in and out. The default export
 * is `analyseHits` with the built-in judge, its pages' texts sent back as places in the hits it was
 * given (analysis-wire.ts); `prime` runs once a thread, when the pool opens. Pages are extracted in
 * a pool of their own (read/extraction-pool.ts).
 */

import { defaultJudge } from "../judge/default-judge.js";
import type { StanceInput, StanceJudgement } from "../judge/stance.js";
import { analyseHits, type HitsToAnalyse } from "./analyse-hits.js";
import { type SentAnalysis, toSent } from "./analysis-wire.js";
import { primeAnalysis } from "./prime-analysis.js";

export default async function analyseInWorker(input: HitsToAnalyse): Promise<SentAnalysis> {
  return toSent(await analyseHits(input), input.hits);
}

/** The built-in judge on one call's results, while the question's other calls are still out. */
export function judgeTexts(input: { claim: string; items: StanceInput[] }): Promise<StanceJudgement[]> {
  return defaultJudge.judge(input.claim, input.items, new AbortController().signal);
}

/** The thread's analysis compiled on made-up results, before its first question's arrive. */
export function prime(): Promise<number> {
  return primeAnalysis();
}
