/** Types of bench/origin-scores.mjs. */
export interface OriginCase {
  name: string;
  kind: string;
  hits: { url: string; title: string; snippet: string; origin: string }[];
  why?: Record<string, string>;
}

export interface OriginScore {
  truePairs: number;
  falsePairs: number;
  missedPairs: number;
  origins: number;
  whyRight: number;
  precision: number;
  recall: number;
  whyAccuracy: number;
}

/** The labelled sets of test/fixtures/origins/ by name ("dev", "heldout-2", "studies-dev"), in order. */
export function originSetNames(): string[];

/** The cases of one labelled set, by its name or its file. */
export function readOriginCases(set: string | URL): OriginCase[];

export function scoreOriginCases(
  cases: readonly OriginCase[],
  library: {
    dedupe: (hits: { url: string; title: string; snippet: string }[]) => {
      evidence: { canonicalUrl: string; originId: string }[];
      origins: { id: string; why: string }[];
    };
    canonicalUrl: (url: string) => string | null;
  },
): { total: OriginScore; byKind: Map<string, OriginScore>; misses: string[] };
