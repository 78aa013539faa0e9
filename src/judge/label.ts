import type { Stance } from "./stance.js";

export const CONFIDENCE_LABELS = ["corroborated", "single-source", "contested", "low-coverage"] as const;
export type ConfidenceLabel = (typeof CONFIDENCE_LABELS)[number];
export type Direction = "affirms" | "refutes" | "unclear";

/** Below this many unique domains after dedup, coverage is too thin to judge agreement. */
export const MIN_UNIQUE_DOMAINS = 3;

export interface LabelInput {
  stance: Stance;
  domain: string;
  /** Items sharing an origin count once (a syndicated story on five domains is one source). */
  originId: string;
  /** Index families that found the item (engine groups; an API service is its own family). */
  families: readonly string[];
}

export interface LabelResult {
  confidence: ConfidenceLabel;
  direction: Direction;
  /** Independent origins on the side of the finding. */
  agreeing: number;
  opposing: number;
  reasons: string[];
}

/**
 * The confidence of the finding, from independent origins (step 6 of the methodology):
 * thin coverage first, then disagreement, then how many independent origins back the finding.
 */
export function labelEvidence(items: readonly LabelInput[]): LabelResult {
  const domains = new Set(items.map((i) => i.domain));
  const support = new Set(items.filter((i) => i.stance === "support").map((i) => i.originId));
  const contradict = new Set(items.filter((i) => i.stance === "contradict").map((i) => i.originId));

  if (domains.size < MIN_UNIQUE_DOMAINS) {
    const direction: Direction =
      support.size > 0 && contradict.size === 0
        ? "affirms"
        : contradict.size > 0 && support.size === 0
          ? "refutes"
          : "unclear";
    return {
      confidence: "low-coverage",
      direction,
      agreeing: Math.max(support.size, contradict.size),
      opposing: Math.min(support.size, contradict.size),
      reasons: [
        domains.size === 0
          ? "no sources found"
          : `only ${domains.size} unique domain${domains.size === 1 ? "" : "s"} after dedup (fewer than ${MIN_UNIQUE_DOMAINS})`,
      ],
    };
  }
  if (support.size > 0 && contradict.size > 0) {
    return {
      confidence: "contested",
      direction: "unclear",
      agreeing: Math.max(support.size, contradict.size),
      opposing: Math.min(support.size, contradict.size),
      reasons: [
        `${support.size} independent origin(s) support the claim and ${contradict.size} contradict it`,
      ],
    };
  }
  const direction: Direction = support.size > 0 ? "affirms" : contradict.size > 0 ? "refutes" : "unclear";
  const agreeing = Math.max(support.size, contradict.size);
  if (agreeing === 0) {
    return {
      confidence: "low-coverage",
      direction,
      agreeing: 0,
      opposing: 0,
      reasons: ["no source takes a clear position on the claim"],
    };
  }
  const side = direction === "affirms" ? "support" : "contradict";
  const families = new Set(items.filter((i) => i.stance === side).flatMap((i) => i.families));
  const verb = side === "support" ? "supports" : "contradicts";
  if (agreeing >= 2 && families.size >= 2) {
    return {
      confidence: "corroborated",
      direction,
      agreeing,
      opposing: 0,
      reasons: [`${agreeing} independent origins from ${families.size} index families ${side} the claim`],
    };
  }
  return {
    confidence: "single-source",
    direction,
    agreeing,
    opposing: 0,
    reasons: [
      agreeing >= 2
        ? `${agreeing} origins ${side} the claim, but all were found through one index family (${[...families].join(", ")})`
        : `only one independent origin ${verb} the claim`,
    ],
  };
}
