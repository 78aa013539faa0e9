import { z } from "zod";
import { assess } from "./assess.js";
import { dedupe } from "./dedup/dedupe.js";
import { InvalidInputError } from "./errors.js";
import { labelEvidence } from "./judge/label.js";
import type { StanceJudge } from "./judge/stance.js";

/** One claim with labelled evidence, in the format of the stance data (one JSON object a line). */
const rowSchema = z.looseObject({
  id: z.string().optional(),
  claim: z.string().min(1),
  veracity: z.enum(["true", "false", "unknown"]).optional(),
  evidence: z.array(
    z.looseObject({
      text: z.string(),
      title: z.string().optional(),
      url: z.string(),
      stance: z.enum(["support", "contradict", "neutral"]),
    }),
  ),
});
export type EvalRow = z.infer<typeof rowSchema>;

const CLASSES = ["support", "contradict", "neutral"] as const;
type Gold = (typeof CLASSES)[number];

export interface ClassScores {
  precision: number;
  recall: number;
  f1: number;
  count: number;
}

export interface EvalResult {
  claims: number;
  items: number;
  stance: {
    accuracy: number;
    macroF1: number;
    perClass: Record<Gold, ClassScores>;
    /** confusion[gold][predicted]; a predicted `unrelated` counts as `neutral`. */
    confusion: Record<Gold, Record<Gold, number>>;
  };
  /** Per claim: does the label from predicted stances equal the label the same rules give on gold stances? */
  labelAgreement: number;
  veracity: {
    /** `corroborated` findings, and how many agree with the claim's veracity (affirms ⇒ true, refutes ⇒ false). */
    corroborated: { count: number; agree: number };
    /** `contested` claims, and how many are false. */
    contested: { count: number; false: number };
  };
  /** Notes the assessments carried other than the label's reasons, with how many claims had each. */
  notes: string[];
}

export function parseEvalData(text: string): EvalRow[] {
  const rows: EvalRow[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new InvalidInputError(`Line ${index + 1} is not JSON`);
    }
    const parsed = rowSchema.safeParse(json);
    if (!parsed.success)
      throw new InvalidInputError(`Line ${index + 1} is not a claim with labelled evidence`);
    rows.push(parsed.data);
  });
  if (rows.length === 0) throw new InvalidInputError("The data file holds no claims");
  return rows;
}

/** Stance and label metrics of a judge on labelled claims (the `eval` command). */
export async function evaluate(
  rows: readonly EvalRow[],
  options: { judge?: StanceJudge } = {},
): Promise<EvalResult> {
  const confusion = Object.fromEntries(
    CLASSES.map((g) => [g, Object.fromEntries(CLASSES.map((p) => [p, 0]))]),
  ) as Record<Gold, Record<Gold, number>>;
  let labelSame = 0;
  const corroborated = { count: 0, agree: 0 };
  const contested = { count: 0, false: 0 };
  // What the judge said about itself (e.g. an LLM judge falling back), counted over claims.
  const judgeNotes = new Map<string, number>();
  for (const row of rows) {
    // Headline-only data (Emergent) has just `text`; search-result data adds a `title` to its snippet.
    const evidence = row.evidence.map((e) =>
      typeof e.title === "string" && e.title !== ""
        ? { url: e.url, title: e.title, snippet: e.text }
        : { url: e.url, title: e.text, snippet: "" },
    );
    const assessment = await assess(
      { claim: row.claim, evidence },
      options.judge ? { judge: options.judge } : {},
    );
    for (const note of new Set(assessment.notes.filter((n) => !n.startsWith("Confidence:"))))
      judgeNotes.set(note, (judgeNotes.get(note) ?? 0) + 1);
    // Items are matched back by canonical order: dedupe keeps the first of each page.
    const deduped = dedupe(evidence);
    const goldByUrl = new Map(row.evidence.map((e) => [e.url, e.stance]));
    deduped.evidence.forEach((item, index) => {
      const gold = goldByUrl.get(item.url);
      const predicted = assessment.evidence[index]?.stance;
      if (!gold || !predicted) return;
      confusion[gold][predicted === "unrelated" ? "neutral" : predicted] += 1;
    });
    const goldLabel = labelEvidence(
      deduped.evidence.map((item) => ({
        stance: goldByUrl.get(item.url) ?? "neutral",
        domain: item.domain,
        originId: item.originId,
        families: [],
        quality: item.quality,
      })),
    );
    if (goldLabel.confidence === assessment.confidence && goldLabel.direction === assessment.direction)
      labelSame += 1;
    if (assessment.confidence === "corroborated" && row.veracity && row.veracity !== "unknown") {
      corroborated.count += 1;
      if ((assessment.direction === "affirms") === (row.veracity === "true")) corroborated.agree += 1;
    }
    if (assessment.confidence === "contested") {
      contested.count += 1;
      if (row.veracity === "false") contested.false += 1;
    }
  }
  const total = CLASSES.reduce((sum, g) => sum + CLASSES.reduce((s, p) => s + confusion[g][p], 0), 0);
  const correct = CLASSES.reduce((sum, c) => sum + confusion[c][c], 0);
  const perClass = Object.fromEntries(
    CLASSES.map((c) => {
      const predicted = CLASSES.reduce((sum, g) => sum + confusion[g][c], 0);
      const actual = CLASSES.reduce((sum, p) => sum + confusion[c][p], 0);
      const precision = predicted === 0 ? 0 : confusion[c][c] / predicted;
      const recall = actual === 0 ? 0 : confusion[c][c] / actual;
      const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
      return [c, { precision: round(precision), recall: round(recall), f1: round(f1), count: actual }];
    }),
  ) as Record<Gold, ClassScores>;
  return {
    claims: rows.length,
    items: total,
    stance: {
      accuracy: round(total === 0 ? 0 : correct / total),
      macroF1: round(CLASSES.reduce((sum, c) => sum + perClass[c].f1, 0) / CLASSES.length),
      perClass,
      confusion,
    },
    labelAgreement: round(labelSame / rows.length),
    veracity: { corroborated, contested },
    notes: [...judgeNotes].map(([note, claims]) => `${note} (${claims} claim${claims === 1 ? "" : "s"})`),
  };
}

export function renderEvaluation(result: EvalResult): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `${result.claims} claims, ${result.items} items`,
    "",
    `Stance accuracy ${pct(result.stance.accuracy)}, macro-F1 ${result.stance.macroF1.toFixed(3)}`,
    "",
    "| class | precision | recall | F1 | items |",
    "| --- | --- | --- | --- | --- |",
    ...CLASSES.map((c) => {
      const s = result.stance.perClass[c];
      return `| ${c} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f1.toFixed(3)} | ${s.count} |`;
    }),
    "",
    "| gold \\ predicted | support | contradict | neutral |",
    "| --- | --- | --- | --- |",
    ...CLASSES.map((g) => `| ${g} | ${CLASSES.map((p) => result.stance.confusion[g][p]).join(" | ")} |`),
    "",
    `Label agreement with the label of the gold stances: ${pct(result.labelAgreement)}`,
    `Corroborated findings agreeing with the claim's veracity: ${result.veracity.corroborated.agree}/${result.veracity.corroborated.count}`,
    `Contested claims that are false: ${result.veracity.contested.false}/${result.veracity.contested.count}`,
    ...(result.notes.length > 0 ? ["", "Notes:", ...result.notes.map((n) => `- ${n}`)] : []),
  ];
  return `${lines.join("\n")}\n`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
