import { seededRandom } from "../util/seeded-random.js";
import {
  CONFIDENCE_LABELS,
  CONTEST_SHARE,
  type ConfidenceLabel,
  type Direction,
  FIRM_STANCE,
  type LabelRules,
  labelWorld,
  worldOf,
} from "./label-rules.js";
import type { JudgeKind, Stance } from "./stance.js";
import { answerLikelihoods, certainStances, drawReadings, onlyTruth } from "./stance-readings.js";

export type { ConfidenceLabel, Direction };
export { CONFIDENCE_LABELS, CONTEST_SHARE, FIRM_STANCE };

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
  /** Who decided the stance: its error profile says how far to trust it. Absent: taken as certain. */
  judge?: JudgeKind | undefined;
  /** Why the item's origin groups its pages, and what it is (a study, a paper, an agency …), when known. */
  origin?: { why: string; source?: string | undefined };
}

export interface LabelResult {
  confidence: ConfidenceLabel;
  direction: Direction;
  /** Independent origins judged to be on the side of the finding. */
  agreeing: number;
  opposing: number;
  reasons: string[];
  /**
   * How likely correct stances would give this same label and direction, allowing for the judges'
   * measured mistakes: 1 when every stance is certain (given by the caller).
   */
  probability: number;
}

/** Readings of the evidence drawn when stances are uncertain: enough for a share to ±0.01. */
const READINGS = 2000;
/**
 * Stances drawn in all, at most: past 100 sources, fewer readings (down to 200, a share to ±0.03)
 * keep the label's cost linear in the sources, and so many sources leave little to chance.
 */
const DRAWS = 200_000;
const MIN_READINGS = 200;

/**
 * The confidence of the finding, from independent origins (step 6 of the methodology). The rules
 * (label-rules.ts) are those a reader applies to sources whose stances are known. A judge's stances
 * are not known, only judged: the rules are applied to many readings of the evidence, each a draw of
 * every source's true stance allowing for its judge's measured mistakes (stance-readings.ts), and the
 * label is the one most readings give. A judge that is never wrong (stances the caller gave) has one reading.
 */
export function labelEvidence(items: readonly LabelInput[]): LabelResult {
  const domains = new Set(items.map((i) => i.domain));
  if (domains.size < MIN_UNIQUE_DOMAINS) return thinCoverage(items, domains.size);
  const likelihood = answerLikelihoods(items);
  const certain = certainStances(likelihood);
  if (certain) return explain(items, labelWorld(worldOf(items), certain), 1);
  // A reading draws each source's true stance, its judge's score already weighed in the drawing: a
  // true stance is not hesitant, so only a judge that is never wrong (the caller) has its score count.
  const world = worldOf(
    items.map((item, i) => (onlyTruth(likelihood, i) >= 0 ? item : { ...item, score: undefined })),
  );

  // Readings are tallied by label and direction; the first reading of each keeps its rules' details.
  const counts = new Int32Array(CONFIDENCE_LABELS.length * DIRECTIONS.length);
  const first = new Map<number, LabelRules>();
  const readings = Math.max(MIN_READINGS, Math.min(READINGS, Math.ceil(DRAWS / items.length)));
  drawReadings(likelihood, readings, seededRandom(0x5eed), (stances) => {
    const rules = labelWorld(world, stances);
    const key =
      CONFIDENCE_LABELS.indexOf(rules.confidence) * DIRECTIONS.length + DIRECTIONS.indexOf(rules.direction);
    counts[key] = (counts[key] as number) + 1;
    if (!first.has(key)) first.set(key, rules);
  });
  // The most frequent label and direction: a finding and its negation are different answers, so
  // readings that corroborate opposite directions do not add up. On a tie the one listed first of the
  // labels (CONFIDENCE_LABELS).
  let best = 0;
  for (let key = 1; key < counts.length; key++)
    if ((counts[key] as number) > (counts[best] as number)) best = key;
  return explain(items, first.get(best) as LabelRules, (counts[best] as number) / readings);
}

const DIRECTIONS: readonly Direction[] = ["affirms", "refutes", "unclear"];

/** Fewer than three domains: too thin to weigh agreement; the direction is the only side seen. */
function thinCoverage(items: readonly LabelInput[], domainCount: number): LabelResult {
  const support = origins(items, "support");
  const contradict = origins(items, "contradict");
  const direction: Direction =
    support > 0 && contradict === 0 ? "affirms" : contradict > 0 && support === 0 ? "refutes" : "unclear";
  return {
    confidence: "low-coverage",
    direction,
    agreeing: Math.max(support, contradict),
    opposing: Math.min(support, contradict),
    reasons: [
      domainCount === 0
        ? "no sources found"
        : `only ${domainCount} unique domain${domainCount === 1 ? "" : "s"} after dedup (fewer than ${MIN_UNIQUE_DOMAINS})`,
    ],
    probability: 1,
  };
}

/** Independent origins judged to take a side. */
function origins(items: readonly LabelInput[], stance: Stance): number {
  return new Set(items.filter((i) => i.stance === stance).map((i) => i.originId)).size;
}

/** The reasons for the label chosen, in the sources' judged stances, which are what a reader sees. */
function explain(items: readonly LabelInput[], rules: LabelRules, probability: number): LabelResult {
  const support = origins(items, "support");
  const contradict = origins(items, "contradict");
  const side: Stance = rules.direction === "refutes" ? "contradict" : "support";
  const [agreeing, opposing] =
    rules.direction === "unclear"
      ? [Math.max(support, contradict), Math.min(support, contradict)]
      : side === "support"
        ? [support, contradict]
        : [contradict, support];
  const surety =
    probability < 1
      ? `${Math.round(probability * 100)}% of readings that allow for the judge's measured mistakes`
      : "";
  const reasons: string[] = [];
  switch (rules.confidence) {
    case "contested":
      reasons.push(
        `${support} independent origin(s) support the claim and ${contradict} contradict it${surety ? `; contested in ${surety}` : ""}`,
      );
      break;
    case "low-coverage":
      reasons.push(
        agreeing === 0
          ? "no source takes a clear position on the claim"
          : `no side carries weight once the judge's likely mistakes are allowed for (${surety})`,
      );
      break;
    case "corroborated":
      reasons.push(
        `${agreeing} independent origins${rules.families > 0 ? ` from ${rules.families} index families` : ""} ${side} the claim${surety ? `; corroborated in ${surety}` : ""}`,
      );
      break;
    case "single-source":
      reasons.push(
        singleSource(items, side, agreeing, rules) + (surety ? `; single-source in ${surety}` : ""),
      );
      break;
  }
  if (rules.confidence !== "contested" && opposing > 0) {
    reasons.push(
      `${opposing} origin(s) on the other side carry too little weight to contest it (low quality, hesitant, far outnumbered, or likely misread by the judge)`,
    );
  }
  return {
    confidence: rules.confidence,
    direction: rules.direction,
    agreeing,
    opposing,
    reasons,
    probability,
  };
}

function singleSource(
  items: readonly LabelInput[],
  side: Stance,
  agreeing: number,
  rules: LabelRules,
): string {
  const verb = side === "support" ? "supports" : "contradicts";
  if (rules.oneFamily !== undefined)
    return `${agreeing} origins ${side} the claim, but all were found through one index family (${rules.oneFamily})`;
  if (agreeing >= 2)
    return `${agreeing} origins ${side} the claim, but they are low-quality sources, hesitant calls or likely misreads that together count less than two`;
  return `only one independent origin ${verb} the claim${oneOrigin(items.filter((i) => i.stance === side))}`;
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
