import type { ChainResult } from "../chain/fallback-chain.js";
import type { AssessEvidence, Assessment } from "../operations/assess.js";
import type { Plan, PlannedCall } from "../plan/plan-schema.js";
import type { SkippedCall } from "../report/build-report.js";
import type { Report } from "../report/report-schema.js";

/**
 * What a stored run holds: a line for the list of runs, the report as the question gave it, and what
 * the report was built from, so it can be shown again or judged again without searching.
 */

export type RunKind = "corroborate" | "assess";

/** One run in the list of runs. */
export interface RunSummary {
  id: string;
  kind: RunKind;
  /** When the run ended, ISO 8601. */
  at: string;
  /** The question asked (`corroborate`) or the claim assessed. */
  question: string;
  label: Report["confidence"];
  direction: Report["direction"];
  /** Who judged the stances (`reliability.judge`). */
  judge: string;
  ms: number;
  /** The run this one judged again. */
  from?: string | undefined;
}

/** A question's searches, as the analysis was given them, and the pages it read. */
export interface CorroborationBasis {
  kind: "corroborate";
  plan: Plan;
  calls: { planned: PlannedCall; result: ChainResult }[];
  skipped: SkippedCall[];
  /** The notes made before the analysis (settings, plan, preflight, state). */
  notes: string[];
  /** The text of each page read, by the index of its evidence item. */
  pages: { item: number; text: string }[];
}

/** The evidence an assessment was given. */
export interface AssessmentBasis {
  kind: "assess";
  claim: string;
  evidence: AssessEvidence[];
}

export type RunBasis = CorroborationBasis | AssessmentBasis;

export interface StoredRun {
  version: 1;
  summary: RunSummary;
  report: Report | Assessment;
  /** Absent when the run was too large to keep it: it can be shown, not judged again. */
  basis?: RunBasis | undefined;
}

/** The list entry of a run that produced `report`. */
export function summaryOf(
  report: Report | Assessment,
  run: { id: string; kind: RunKind; question: string; ms: number; from?: string | undefined },
): RunSummary {
  return {
    id: run.id,
    kind: run.kind,
    at: new Date().toISOString(),
    question: run.question.slice(0, 300),
    label: report.confidence,
    direction: report.direction,
    judge: report.reliability.judge,
    ms: Math.round(run.ms),
    ...(run.from ? { from: run.from } : {}),
  };
}
