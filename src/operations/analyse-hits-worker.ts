/**
 * A worker thread of the analysis pool (analysis-pool.ts): `analyseHits` with the built-in judge,
 * plain data in and out.
 */
import { analyseHits, type HitsAnalysis, type HitsToAnalyse } from "./analyse-hits.js";

export default function analyseInWorker(input: HitsToAnalyse): Promise<HitsAnalysis> {
  return analyseHits(input);
}
