import type { ChainResult } from "../chain/fallback-chain.js";
import { type DedupedItem, originIds, reportOrigins } from "../dedup/dedupe.js";
import type { OriginGroup } from "../dedup/origins.js";
import { familiesOf } from "../health/engine-families.js";
import type { LabelResult } from "../judge/label.js";
import type { StanceJudgement } from "../judge/stance.js";
import type { Plan, PlannedCall } from "../plan/plan-schema.js";
import type { ItemRead } from "../read/read-leading-pages.js";
import { capitalize } from "../util/capitalize.js";
import { callNotes } from "./call-notes.js";
import { formFinding } from "./finding.js";
import { reliabilityOf } from "./reliability.js";
import type { CallRecord, Evidence, Origin, Report } from "./report-schema.js";

export interface ReportInput {
  plan: Plan;
  /** The calls run (after a degrade), each with its chain result. */
  calls: { planned: PlannedCall; result: ChainResult }[];
  /** Calls of the methodology that were not run, with why (e.g. the news call of a timeless question). */
  skipped: SkippedCall[];
  items: readonly DedupedItem[];
  judgements: readonly StanceJudgement[];
  origins: readonly OriginGroup[];
  label: LabelResult;
  /** What reading did, one per item; absent when no page was read. */
  reads?: readonly ItemRead[] | undefined;
  /** Notes from stages before the calls (preflight, degrade, plan warnings). */
  notes: readonly string[];
  totalMs: number;
}

export interface SkippedCall {
  id: number;
  role: PlannedCall["role"];
  query: string;
  reason: string;
}

function skippedRecord(call: SkippedCall): CallRecord {
  return {
    id: call.id,
    role: call.role,
    query: call.query,
    status: "skipped",
    provider: null,
    attempts: [],
    unresponsiveEngines: [],
    hits: 0,
    warnings: [call.reason],
  };
}

function callRecord(planned: PlannedCall, result: ChainResult): CallRecord {
  return {
    id: planned.id,
    role: planned.role,
    query: planned.query,
    status: result.status,
    provider: result.provider,
    attempts: result.attempts,
    unresponsiveEngines: result.unresponsiveEngines,
    hits: result.hits.length,
    warnings: result.warnings,
  };
}

/** Assembles the report from the stages' plain outputs; no decisions beyond wording are made here. */
export function buildReport(input: ReportInput): Report {
  const { plan, items, judgements, label } = input;
  const originIdOf = originIds(input.origins);
  const origins: Origin[] = reportOrigins(input.origins, items);

  const evidence: Evidence[] = items.map((item, index) => {
    const judgement = judgements[index] ?? { stance: "neutral", score: 0, judge: "builtin" };
    return {
      id: `e${index + 1}`,
      url: item.url,
      canonicalUrl: item.canonicalUrl,
      domain: item.domain,
      title: item.title,
      snippet: item.snippet,
      publishedAt: item.publishedAt,
      stance: judgement.stance,
      stanceScore: round(judgement.score),
      judge: judgement.judge ?? "builtin",
      readStatus: input.reads?.[index]?.status ?? "not-read",
      quote: input.reads?.[index]?.quote ?? null,
      originId: originIdOf.get(index) ?? "o0",
      quality: item.quality,
      foundBy: item.foundBy,
    };
  });

  const calls = [
    ...input.calls.map(({ planned, result }) => callRecord(planned, result)),
    ...input.skipped.map(skippedRecord),
  ].sort((a, b) => a.id - b.id);
  const namedEngines = new Map(input.calls.map(({ planned }) => [planned.id, planned.engines]));
  const finding = formFinding(plan.claim, label.direction, label.confidence, plan.subject[0], plan.language);
  const escalate = label.confidence === "contested" || label.confidence === "low-coverage";
  const notes = [
    ...input.notes,
    ...callNotes(calls, namedEngines),
    ...label.reasons.map((r) => `Confidence: ${r}`),
  ];
  if (escalate) {
    notes.push(
      label.confidence === "contested"
        ? "Sources disagree: weigh both sides, and escalate to deeper research to resolve it."
        : "Coverage is thin: treat this as inconclusive, and escalate to deeper research.",
    );
  }
  const coverage = {
    uniqueUrls: items.length,
    uniqueDomains: new Set(items.map((i) => i.domain)).size,
    independentOrigins: origins.length,
    engineFamilies: familiesOf(items.flatMap((i) => i.foundBy)),
  };

  return {
    version: 1,
    question: plan.question,
    claim: plan.claim,
    summary: summarize(label, coverage, evidence),
    finding,
    direction: label.direction,
    confidence: label.confidence,
    bypassed: plan.bypass,
    plan,
    evidence,
    supporting: evidence.filter((e) => e.stance === "support").map((e) => e.id),
    contradicting: evidence.filter((e) => e.stance === "contradict").map((e) => e.id),
    origins,
    calls,
    coverage,
    notes,
    escalate,
    reliability: reliabilityOf(
      evidence.map((e) => e.judge),
      label.probability,
      evidence.filter((e) => e.readStatus === "read").length,
    ),
    timing: { totalMs: Math.round(input.totalMs) },
  };
}

function summarize(label: LabelResult, coverage: Report["coverage"], evidence: readonly Evidence[]): string {
  const support = evidence.filter((e) => e.stance === "support").length;
  const contradict = evidence.filter((e) => e.stance === "contradict").length;
  const sources = `${coverage.uniqueUrls} source${coverage.uniqueUrls === 1 ? "" : "s"} from ${coverage.uniqueDomains} domain${coverage.uniqueDomains === 1 ? "" : "s"} (${coverage.independentOrigins} independent origin${coverage.independentOrigins === 1 ? "" : "s"})`;
  return `${capitalize(label.confidence)}: ${sources}; ${support} support the claim, ${contradict} contradict it.`;
}

function round(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
