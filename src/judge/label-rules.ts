/**
 * The label's rules for sources whose stances are known (docs/labels.md): each origin counts once
 * per side, weighed by its quality and how firmly its stance was judged; the heavier side is the
 * finding's; the other side contests it when it carries real weight; two independent origins found
 * through two index families corroborate it. The labeler (label.ts) applies them to every reading of
 * the evidence it draws, so they work on stances given as numbers over arrays made once.
 */

export const CONFIDENCE_LABELS = ["corroborated", "single-source", "contested", "low-coverage"] as const;
export type ConfidenceLabel = (typeof CONFIDENCE_LABELS)[number];
export type Direction = "affirms" | "refutes" | "unclear";

/** A stance judged with less confidence than this counts half. */
export const FIRM_STANCE = 0.5;
/**
 * Disagreement makes a finding contested only when the other side carries real weight: at least
 * one full origin and a third of the majority's weight. One hesitant dissent among many agreeing
 * origins is reported, not allowed to veto them.
 */
export const CONTEST_SHARE = 1 / 3;

/** Stances as numbers, in the order of the error profiles: support, contradict, neutral. */
export const SUPPORT = 0;
export const CONTRADICT = 1;

/** The evidence as the rules read it, made once for every reading. */
export interface World {
  /** Each item's origin, numbered from 0. */
  origin: Int32Array;
  origins: number;
  /** Each item's weight when it takes a side: ½ for a low-quality source, ½ for a hesitant call. */
  weight: Float64Array;
  /** Each item's index families, one bit each. */
  familyBits: Int32Array;
  familyNames: string[];
}

export interface LabelRules {
  confidence: ConfidenceLabel;
  direction: Direction;
  /** Index families that found the finding's side. */
  families: number;
  /** The one index family that found every source of a side heavy enough to corroborate. */
  oneFamily?: string | undefined;
}

export function worldOf(
  items: readonly {
    originId: string;
    families: readonly string[];
    quality?: "normal" | "low";
    score?: number | undefined;
  }[],
): World {
  const originIndex = new Map<string, number>();
  const familyIndex = new Map<string, number>();
  const origin = new Int32Array(items.length);
  const weight = new Float64Array(items.length);
  const familyBits = new Int32Array(items.length);
  items.forEach((item, i) => {
    if (!originIndex.has(item.originId)) originIndex.set(item.originId, originIndex.size);
    origin[i] = originIndex.get(item.originId) ?? 0;
    weight[i] = (item.quality === "low" ? 0.5 : 1) * ((item.score ?? 1) < FIRM_STANCE ? 0.5 : 1);
    for (const family of item.families) {
      if (family === "") continue;
      // Past 31 families, the rest share the last bit: two or more are told apart all the same.
      if (!familyIndex.has(family)) familyIndex.set(family, Math.min(familyIndex.size, 30));
      familyBits[i] = (familyBits[i] ?? 0) | (1 << (familyIndex.get(family) ?? 30));
    }
  });
  return { origin, origins: originIndex.size, weight, familyBits, familyNames: [...familyIndex.keys()] };
}

/** Scratch space for the best weight of each origin on each side, grown as needed. */
let best = new Float64Array(64);

/** The label of the evidence when each item's stance is `stances[i]` (0 support, 1 contradict, 2 none). */
export function labelWorld(world: World, stances: ArrayLike<number>): LabelRules {
  const { origin, weight, familyBits } = world;
  if (best.length < 2 * world.origins) best = new Float64Array(4 * world.origins);
  best.fill(0, 0, 2 * world.origins);
  let supportBits = 0;
  let contradictBits = 0;
  for (let i = 0; i < origin.length; i++) {
    const side = stances[i] as number;
    if (side !== SUPPORT && side !== CONTRADICT) continue;
    const slot = 2 * (origin[i] as number) + side;
    best[slot] = Math.max(best[slot] as number, weight[i] as number);
    if (side === SUPPORT) supportBits |= familyBits[i] as number;
    else contradictBits |= familyBits[i] as number;
  }
  let support = 0;
  let contradict = 0;
  for (let o = 0; o < world.origins; o++) {
    support += best[2 * o] as number;
    contradict += best[2 * o + 1] as number;
  }
  // The heavier side is the finding's; the other may still contest it if it carries real weight.
  const findingSide = support >= contradict ? SUPPORT : CONTRADICT;
  const [finding, other] = findingSide === SUPPORT ? [support, contradict] : [contradict, support];
  if (support >= 1 && contradict >= 1 && other >= finding * CONTEST_SHARE)
    return { confidence: "contested", direction: "unclear", families: 0 };
  if (finding === 0) return { confidence: "low-coverage", direction: "unclear", families: 0 };
  const direction: Direction = findingSide === SUPPORT ? "affirms" : "refutes";
  const mask = findingSide === SUPPORT ? supportBits : contradictBits;
  const families = popcount(mask);
  // Evidence that says nothing about indexes (given to assess) is judged independent by origin alone.
  if (finding >= 2 && (families >= 2 || mask === 0))
    return { confidence: "corroborated", direction, families };
  return {
    confidence: "single-source",
    direction,
    families,
    oneFamily: finding >= 2 ? world.familyNames[Math.log2(mask)] : undefined,
  };
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}
