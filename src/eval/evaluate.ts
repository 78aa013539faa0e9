import { CONFIDENCE_LABELS, type ConfidenceLabel } from "../judge/label.js";
import { decidedBy, type JudgeKind, type StanceJudge } from "../judge/stance.js";
import { type Assessment, assess } from "../operations/assess.js";
import { appendTo } from "../util/append-to.js";
import type { EvalRow, GoldStance } from "./eval-data.js";
import { type ScoredItem, type StanceMetrics, stanceMetrics } from "./stance-metrics.js";

export interface EvalResult {
  claims: number;
  items: number;
  stance: StanceMetrics;
  /**
   * Per labelled kind of text, when the data gives kinds ("topic-only" texts and those that take a
   * side in other words): how many, how many judged as labelled, and how many taking no side.
   */
  byKind: KindScore[];
  /** Always answering `support`: the figures a judge has to beat. */
  baseline: Pick<StanceMetrics, "accuracy" | "macroF1">;
  /** Per claim: does the label from predicted stances equal the label the same rules give on gold stances? */
  labelAgreement: number;
  /** Null when no claim has a veracity. */
  veracity: {
    /** `corroborated` findings, and how many agree with the claim's veracity (affirms ⇒ true, refutes ⇒ false). */
    corroborated: { count: number; agree: number };
    /** `contested` claims, and how many are false. */
    contested: { count: number; false: number };
  } | null;
  /** What the judge said about itself (e.g. an LLM judge falling back), with how many claims had each. */
  notes: string[];
  /**
   * Against the expected label and direction of a label file (null when no claim has one): with the
   * judge's stances, and with the labelled stances given as the caller's.
   */
  labels: { judge: LabelScore; caller: LabelScore } | null;
}

export interface KindScore {
  kind: string;
  items: number;
  accuracy: number;
  neutralShare: number;
}

/** How often the label and the direction come out as expected, on the claims that give them. */
export interface LabelScore {
  /** Who decided the stances. */
  decidedBy: JudgeKind;
  claims: number;
  labelAccuracy: number;
  directionAccuracy: number;
  /** `confusion[expected][got]`, claims. */
  confusion: Record<ConfidenceLabel, Record<ConfidenceLabel, number>>;
}

/** Stance and label metrics of a judge on labelled claims (the `eval` command); every item is scored. */
export async function evaluate(
  rows: readonly EvalRow[],
  options: { judge?: StanceJudge } = {},
): Promise<EvalResult> {
  const scored: ScoredItem[] = [];
  const byKind = new Map<string, ScoredItem[]>();
  let labelSame = 0;
  const corroborated = { count: 0, agree: 0 };
  const contested = { count: 0, false: 0 };
  const judgeNotes = new Map<string, number>();
  const judgeLabels = new LabelTally();
  const callerLabels = new LabelTally();
  for (const row of rows) {
    const input = { claim: row.claim, evidence: row.evidence };
    // Scoring keeps no runs: a data file of claims is not a user's questions.
    const predicted = await assess(input, { judge: options.judge, keep: false });
    // The same rules on the gold stances: the label the judge should have led to.
    const gold = await assess(input, { judge: givenStances(row.gold), keep: false });
    if (row.expected) {
      judgeLabels.add(row.expected, predicted);
      callerLabels.add(row.expected, gold);
    }
    const items = scoreItems(row, predicted);
    scored.push(...items);
    items.forEach((item, index) => {
      const kind = row.kinds[index];
      if (kind !== undefined) appendTo(byKind, kind, item);
    });
    if (gold.confidence === predicted.confidence && gold.direction === predicted.direction) labelSame += 1;
    // Notes the gold run carries too are about the data (dedup), not the judge.
    const fromJudge = predicted.notes.filter((n) => !n.startsWith("Confidence:") && !gold.notes.includes(n));
    for (const note of new Set(fromJudge)) judgeNotes.set(note, (judgeNotes.get(note) ?? 0) + 1);
    if (predicted.confidence === "corroborated" && row.veracity && row.veracity !== "unknown") {
      corroborated.count += 1;
      if ((predicted.direction === "affirms") === (row.veracity === "true")) corroborated.agree += 1;
    }
    if (predicted.confidence === "contested") {
      contested.count += 1;
      if (row.veracity === "false") contested.false += 1;
    }
  }
  const alwaysSupport = stanceMetrics(scored.map((item) => ({ ...item, predicted: "support", score: 1 })));
  return {
    claims: rows.length,
    items: scored.length,
    stance: stanceMetrics(scored),
    byKind: [...byKind].map(([kind, items]) => {
      const { accuracy, neutralShare } = stanceMetrics(items);
      return { kind, items: items.length, accuracy, neutralShare };
    }),
    baseline: { accuracy: alwaysSupport.accuracy, macroF1: alwaysSupport.macroF1 },
    labelAgreement: Math.round((labelSame / rows.length) * 1000) / 1000,
    veracity: rows.some((row) => row.veracity) ? { corroborated, contested } : null,
    notes: [...judgeNotes].map(([note, claims]) => `${note} (${claims} claim${claims === 1 ? "" : "s"})`),
    labels:
      judgeLabels.claims === 0
        ? null
        : {
            judge: judgeLabels.score(options.judge ? decidedBy(options.judge) : "builtin"),
            caller: callerLabels.score("caller"),
          },
  };
}

/** Expected against obtained labels and directions, claim by claim. */
class LabelTally {
  claims = 0;
  private labelsRight = 0;
  private directions = 0;
  private directionsRight = 0;
  private readonly confusion = Object.fromEntries(
    CONFIDENCE_LABELS.map((expected) => [
      expected,
      Object.fromEntries(CONFIDENCE_LABELS.map((got) => [got, 0])),
    ]),
  ) as Record<ConfidenceLabel, Record<ConfidenceLabel, number>>;

  add(expected: NonNullable<EvalRow["expected"]>, got: Pick<Assessment, "confidence" | "direction">): void {
    this.claims += 1;
    if (got.confidence === expected.label) this.labelsRight += 1;
    this.confusion[expected.label][got.confidence] += 1;
    if (expected.direction === undefined) return;
    this.directions += 1;
    if (got.direction === expected.direction) this.directionsRight += 1;
  }

  score(decidedBy: JudgeKind): LabelScore {
    const share = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 1000);
    return {
      decidedBy,
      claims: this.claims,
      labelAccuracy: share(this.labelsRight, this.claims),
      directionAccuracy: share(this.directionsRight, this.directions),
      confusion: this.confusion,
    };
  }
}

/**
 * Each item of the row with its judgement. The row's addresses keep dedupe from merging or dropping
 * items, so the assessment lists them one for one, in order; anything else is a bug, not data.
 */
function scoreItems(row: EvalRow, assessment: Assessment): ScoredItem[] {
  const judged = assessment.evidence;
  if (judged.length !== row.evidence.length || judged.some((e, i) => e.url !== row.evidence[i]?.url)) {
    throw new Error(`eval: the items of line ${row.line} did not come back one for one`);
  }
  return judged.map((item, index) => ({
    gold: row.gold[index] as GoldStance,
    predicted: item.stance,
    score: item.stanceScore,
  }));
}

/**
 * A judge that answers the gold stances, sure of each, as a caller who gives them: items arrive in the
 * row's order (see scoreItems).
 */
function givenStances(gold: readonly GoldStance[]): StanceJudge {
  return {
    name: "gold",
    kind: "caller",
    judge: async (_claim, items) => items.map((_, index) => ({ stance: gold[index] ?? "neutral", score: 1 })),
  };
}
