import type { Stance } from "../judge/stance.js";
import { GOLD_STANCES, type GoldStance } from "./eval-data.js";

/** One labelled item as the judge saw it: `score` is its confidence in the stance it chose. */
export interface ScoredItem {
  gold: GoldStance;
  predicted: Stance;
  score: number;
}

export interface ClassScores {
  precision: number;
  recall: number;
  f1: number;
  /** Items with this gold stance. */
  count: number;
}

export interface StanceMetrics {
  accuracy: number;
  /** Mean F1 over the classes that occur in the gold stances or the predictions. */
  macroF1: number;
  perClass: Record<GoldStance, ClassScores>;
  /** confusion[gold][predicted]; a predicted `unrelated` counts as `neutral`. */
  confusion: Record<GoldStance, Record<GoldStance, number>>;
  /** Share of items answered `neutral` or `unrelated`: taking no side. */
  neutralShare: number;
  /** Expected calibration error over {@link CALIBRATION_BINS} equal-width bins of the score. */
  ece: number;
}

export const CALIBRATION_BINS = 10;

/** `unrelated` is no class of the data: like `neutral`, it takes no side. */
export function asGold(stance: Stance): GoldStance {
  return stance === "unrelated" ? "neutral" : stance;
}

/** Accuracy, macro-F1, per-class scores, confusion, neutral share and calibration of scored items. */
export function stanceMetrics(items: readonly ScoredItem[]): StanceMetrics {
  const confusion = Object.fromEntries(
    GOLD_STANCES.map((g) => [g, Object.fromEntries(GOLD_STANCES.map((p) => [p, 0]))]),
  ) as Record<GoldStance, Record<GoldStance, number>>;
  for (const item of items) confusion[item.gold][asGold(item.predicted)] += 1;
  const total = items.length;
  const correct = GOLD_STANCES.reduce((sum, c) => sum + confusion[c][c], 0);
  const perClass = Object.fromEntries(
    GOLD_STANCES.map((c) => {
      const predicted = GOLD_STANCES.reduce((sum, g) => sum + confusion[g][c], 0);
      const actual = GOLD_STANCES.reduce((sum, p) => sum + confusion[c][p], 0);
      const precision = ratio(confusion[c][c], predicted);
      const recall = ratio(confusion[c][c], actual);
      const f1 = ratio(2 * precision * recall, precision + recall);
      return [c, { precision: round(precision), recall: round(recall), f1: round(f1), count: actual }];
    }),
  ) as Record<GoldStance, ClassScores>;
  // A class absent from both sides has no F1 to speak of (PERSPECTRUM has no neutral gold stances).
  const present = GOLD_STANCES.filter(
    (c) => perClass[c].count > 0 || GOLD_STANCES.some((g) => confusion[g][c] > 0),
  );
  return {
    accuracy: round(ratio(correct, total)),
    macroF1: round(
      ratio(
        present.reduce((sum, c) => sum + perClass[c].f1, 0),
        present.length,
      ),
    ),
    perClass,
    confusion,
    neutralShare: round(ratio(items.filter((i) => asGold(i.predicted) === "neutral").length, total)),
    ece: round(calibrationError(items)),
  };
}

/**
 * Expected calibration error: the items binned by score into {@link CALIBRATION_BINS} equal-width
 * bins (a score of 1 in the last); in each, the gap between the share answered right and the mean
 * score, weighted by the bin's share of all items. 0 means the scores are honest probabilities.
 */
function calibrationError(items: readonly ScoredItem[]): number {
  const bins = Array.from({ length: CALIBRATION_BINS }, () => ({ items: 0, right: 0, scores: 0 }));
  for (const item of items) {
    const score = Math.min(1, Math.max(0, item.score));
    const bin = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(score * CALIBRATION_BINS))];
    if (!bin) continue;
    bin.items += 1;
    bin.scores += score;
    if (asGold(item.predicted) === item.gold) bin.right += 1;
  }
  return bins.reduce(
    (sum, bin) =>
      bin.items === 0
        ? sum
        : sum + (bin.items / items.length) * Math.abs(bin.right / bin.items - bin.scores / bin.items),
    0,
  );
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
