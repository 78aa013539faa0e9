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
  /** Content farms and SEO spam count half: they can tip nothing on their own. */
  quality?: "normal" | "low";
  /** The judge's confidence in the stance; a hesitant call (below {@link FIRM_STANCE}) counts half. */
  score?: number;
  /** Why the item's origin groups its pages, and what it is (a study, a paper, an agency …), when known. */
  origin?: { why: string; source?: string | undefined };
}

/** A stance judged with less confidence than this counts half. */
export const FIRM_STANCE = 0.5;
/**
 * Disagreement makes a finding contested only when the other side carries real weight: at least
 * one full origin and a third of the majority's weight. One hesitant dissent among many agreeing
 * origins is reported, not allowed to veto them.
 */
export const CONTEST_SHARE = 1 / 3;

export interface LabelResult {
  confidence: ConfidenceLabel;
  direction: Direction;
  /** Independent origins on the side of the finding. */
  agreeing: number;
  opposing: number;
  reasons: string[];
}

/** An origin counts 1 when a normal-quality source in it takes the side, ½ when only low-quality ones do. */
function sideWeight(
  items: readonly LabelInput[],
  stance: "support" | "contradict",
): { origins: number; weight: number } {
  const best = new Map<string, number>();
  for (const item of items) {
    if (item.stance !== stance) continue;
    const weight = (item.quality === "low" ? 0.5 : 1) * ((item.score ?? 1) < FIRM_STANCE ? 0.5 : 1);
    best.set(item.originId, Math.max(best.get(item.originId) ?? 0, weight));
  }
  return { origins: best.size, weight: [...best.values()].reduce((sum, w) => sum + w, 0) };
}

/**
 * The confidence of the finding, from independent origins (step 6 of the methodology): thin
 * coverage first, then disagreement, then how many independent origins — found through at least
 * two index families — back the finding. Low-quality sources are de-weighted, never dropped.
 */
export function labelEvidence(items: readonly LabelInput[]): LabelResult {
  const domains = new Set(items.map((i) => i.domain));
  const support = sideWeight(items, "support");
  const contradict = sideWeight(items, "contradict");
  const counted = (side: { weight: number }) => side.weight >= 1;

  if (domains.size < MIN_UNIQUE_DOMAINS) {
    const direction: Direction =
      support.origins > 0 && contradict.origins === 0
        ? "affirms"
        : contradict.origins > 0 && support.origins === 0
          ? "refutes"
          : "unclear";
    return {
      confidence: "low-coverage",
      direction,
      agreeing: Math.max(support.origins, contradict.origins),
      opposing: Math.min(support.origins, contradict.origins),
      reasons: [
        domains.size === 0
          ? "no sources found"
          : `only ${domains.size} unique domain${domains.size === 1 ? "" : "s"} after dedup (fewer than ${MIN_UNIQUE_DOMAINS})`,
      ],
    };
  }
  // The heavier side is the finding's; the other may still contest it if it carries real weight.
  const [finding, other] =
    support.weight >= contradict.weight ? [support, contradict] : [contradict, support];
  if (counted(support) && counted(contradict) && other.weight >= finding.weight * CONTEST_SHARE) {
    return {
      confidence: "contested",
      direction: "unclear",
      agreeing: Math.max(support.origins, contradict.origins),
      opposing: Math.min(support.origins, contradict.origins),
      reasons: [
        `${support.origins} independent origin(s) support the claim and ${contradict.origins} contradict it`,
      ],
    };
  }
  // A side too light to contest the finding is named, not counted.
  const side = finding === support ? "support" : "contradict";
  const direction: Direction = finding.origins === 0 ? "unclear" : side === "support" ? "affirms" : "refutes";
  const reasons: string[] = [];
  if (other.origins > 0) {
    reasons.push(
      `${other.origins} origin(s) on the other side carry too little weight to contest it (low quality, hesitant, or far outnumbered)`,
    );
  }
  if (finding.origins === 0) {
    return {
      confidence: "low-coverage",
      direction,
      agreeing: 0,
      opposing: 0,
      reasons: ["no source takes a clear position on the claim"],
    };
  }
  const families = new Set(items.filter((i) => i.stance === side).flatMap((i) => i.families));
  const verb = side === "support" ? "supports" : "contradicts";
  // Evidence that says nothing about indexes (given to assess) is judged independent by origin alone.
  const indexesKnown = families.size > 0;
  if (finding.weight >= 2 && (families.size >= 2 || !indexesKnown)) {
    return {
      confidence: "corroborated",
      direction,
      agreeing: finding.origins,
      opposing: other.origins,
      reasons: [
        `${finding.origins} independent origins from ${families.size} index families ${side} the claim`,
        ...reasons,
      ],
    };
  }
  return {
    confidence: "single-source",
    direction,
    agreeing: finding.origins,
    opposing: other.origins,
    reasons: [
      finding.weight >= 2
        ? `${finding.origins} origins ${side} the claim, but all were found through one index family (${[...families].join(", ")})`
        : finding.origins >= 2
          ? `${finding.origins} origins ${side} the claim, but they are low-quality sources that count half`
          : `only one independent origin ${verb} the claim${oneOrigin(items.filter((i) => i.stance === side))}`,
      ...reasons,
    ],
  };
}

/** What the one origin on a side is, when its pages say: ": 4 pages report one study, Riche et al. (2012)". */
function oneOrigin(items: readonly LabelInput[]): string {
  const origin = items.find((item) => item.origin?.source !== undefined)?.origin;
  const pages = items.length;
  if (origin?.source === undefined || pages < 2) return "";
  const what = ONE_ORIGIN[origin.why] ?? "repeat one origin";
  return `: ${pages} pages ${what}, ${origin.source}`;
}

const ONE_ORIGIN: Readonly<Record<string, string>> = {
  "same-study": "report one study",
  doi: "carry one paper",
  wire: "carry one news-agency story",
  "press-release": "repeat one press release",
  marketing: "sell one product",
  syndication: "copy one story",
  "same-owner": "belong to one publisher",
};
