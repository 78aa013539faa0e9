import { dedupe, domainCapNotes } from "./dedup/dedupe.js";
import { InvalidInputError } from "./errors.js";
import { defaultJudge } from "./judge/default-judge.js";
import { judgeStances } from "./judge/judge-stances.js";
import { type ConfidenceLabel, type Direction, labelEvidence } from "./judge/label.js";
import type { Stance, StanceJudge } from "./judge/stance.js";
import { normalizeQuestion } from "./plan/question.js";
import { formFinding } from "./report/finding.js";

export interface AssessEvidence {
  url: string;
  title?: string | undefined;
  /** The page text the claim is judged against; `text` is accepted too. */
  snippet?: string | undefined;
  text?: string | undefined;
}

export interface AssessOptions {
  judge?: StanceJudge;
  signal?: AbortSignal;
}

export interface Assessment {
  claim: string;
  finding: string;
  direction: Direction;
  confidence: ConfidenceLabel;
  summary: string;
  evidence: {
    id: string;
    url: string;
    domain: string;
    title: string;
    snippet: string;
    stance: Stance;
    stanceScore: number;
    originId: string;
    quality: "normal" | "low";
  }[];
  supporting: string[];
  contradicting: string[];
  origins: { id: string; evidence: string[]; domains: string[]; why: string }[];
  notes: string[];
  escalate: boolean;
}

export const MAX_ASSESS_EVIDENCE = 2_000;

/**
 * Judge and label evidence someone already has, without searching: the claim is stated as is,
 * independence comes from origins alone (bare evidence says nothing about indexes).
 */
export async function assess(
  input: { claim: string; evidence: readonly AssessEvidence[] },
  options: AssessOptions = {},
): Promise<Assessment> {
  const claim = normalizeQuestion(input?.claim, "claim");
  if (!Array.isArray(input.evidence))
    throw new InvalidInputError("evidence must be a list of {url, title, snippet}");
  if (input.evidence.length > MAX_ASSESS_EVIDENCE) {
    throw new InvalidInputError(
      `Too much evidence (${input.evidence.length} items; at most ${MAX_ASSESS_EVIDENCE})`,
    );
  }
  const hits = input.evidence.map((item, index) => {
    if (typeof item !== "object" || item === null || typeof item.url !== "string") {
      throw new InvalidInputError(`evidence item ${index + 1} needs a url`);
    }
    return {
      url: item.url,
      title: String(item.title ?? ""),
      snippet: String(item.snippet ?? item.text ?? ""),
    };
  });
  const { evidence, origins, dropped } = dedupe(hits);
  const notes: string[] = [];
  if (dropped.invalidUrls > 0)
    notes.push(`${dropped.invalidUrls} item(s) without a usable web address were dropped`);
  notes.push(...domainCapNotes(evidence.filter((item) => !item.counted).map((item) => item.id)));
  const judgements = await judgeStances(options.judge ?? defaultJudge, claim, evidence, {
    deadline: options.signal ?? new AbortController().signal,
    note: (note) => notes.push(note),
  });
  const judged = evidence.map((item, index) => ({
    id: item.id,
    url: item.url,
    domain: item.domain,
    title: item.title,
    snippet: item.snippet,
    stance: judgements[index]?.stance ?? ("neutral" as const),
    stanceScore: Math.round((judgements[index]?.score ?? 0) * 100) / 100,
    originId: item.originId,
    quality: item.quality,
  }));
  // Every item is shown, but only those within the per-domain cap count.
  const label = labelEvidence(
    judged
      .map((item) => ({
        stance: item.stance,
        domain: item.domain,
        originId: item.originId,
        families: [],
        quality: item.quality,
        score: item.stanceScore,
      }))
      .filter((_, index) => evidence[index]?.counted),
  );
  const escalate = label.confidence === "contested" || label.confidence === "low-coverage";
  const supporting = judged.filter((e) => e.stance === "support").map((e) => e.id);
  const contradicting = judged.filter((e) => e.stance === "contradict").map((e) => e.id);
  return {
    claim,
    finding: formFinding(claim, label.direction, label.confidence),
    direction: label.direction,
    confidence: label.confidence,
    summary: `${label.confidence}: ${judged.length} source(s), ${origins.length} independent origin(s); ${supporting.length} support the claim, ${contradicting.length} contradict it.`,
    evidence: judged,
    supporting,
    contradicting,
    origins,
    notes: [...notes, ...label.reasons.map((r) => `Confidence: ${r}`)],
    escalate,
  };
}
