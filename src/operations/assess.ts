import { dedupe, domainCapNotes } from "../dedup/dedupe.js";
import { defaultJudge } from "../judge/default-judge.js";
import { judgeStances } from "../judge/judge-stances.js";
import { labelEvidence } from "../judge/label.js";
import type { StanceJudge } from "../judge/stance.js";
import { normalizeQuestion } from "../plan/question.js";
import { formFinding } from "../report/finding.js";
import { type Assessment, assessInputSchema } from "./assess-input.js";
import { parseInput } from "./parse-input.js";

export interface AssessEvidence {
  url: string;
  title?: string | undefined;
  /** The page text the claim is judged against; `text` is accepted too. */
  snippet?: string | undefined;
  text?: string | undefined;
}

export interface AssessOptions {
  judge?: StanceJudge | undefined;
  signal?: AbortSignal | undefined;
}

export type { Assessment };

/**
 * Judge and label evidence someone already has, without searching: the claim is stated as is,
 * independence comes from origins alone (bare evidence says nothing about indexes).
 */
export async function assess(
  input: { claim: string; evidence: readonly AssessEvidence[] },
  options: AssessOptions = {},
): Promise<Assessment> {
  // A claim that is not a string is named as such (not "required"), as it always was.
  if (typeof input?.claim !== "string") normalizeQuestion(input?.claim, "claim");
  const { claim, evidence: items } = parseInput(assessInputSchema, input);
  const hits = items.map((item) => ({
    url: item.url,
    title: item.title ?? "",
    snippet: item.snippet ?? item.text ?? "",
  }));
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
