import fc from "fast-check";
import stringSimilarity from "string-similarity";
import { describe, expect, it } from "vitest";
import { markersConflict } from "../../src/dedup/event-markers.js";
import { isNormalizationInert } from "../../src/dedup/inert-text.js";
import { normalizeSnippet, normalizeTitle } from "../../src/dedup/normalize-title.js";
import {
  ALL_PAIRS_LIMIT,
  findSyndicationClusters,
  MIN_SNIPPET_CHARS,
  MIN_TITLE_CHARS,
  SNIPPET_SIMILARITY,
  type SyndicationInput,
  type SyndicationStats,
  TITLE_SIMILARITY,
  TITLE_SIMILARITY_WITHOUT_SNIPPET,
} from "../../src/dedup/syndication.js";
import { titlesDisagree } from "../../src/dedup/title-polarity.js";

// The clustering compares bigrams by sorted merges and skips Unicode normalization for plain
// text, for speed. These tests hold it to the plain definitions: every pair scored with
// string-similarity's compareTwoStrings, every text through the full normalization, a match
// vetoed when the two texts' event markers disagree or their headlines say opposite things.

/** The normalization without shortcuts: what normalizeTitle and normalizeSnippet must equal. */
function referenceNormalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .replace(/['’ʼ`]/g, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim();
}

const TRAILING_SEGMENT = /^(.*\S)\s+(?:[-–—|·•»]|::)\s+(\S.*)$/su;
const LEADING_DATE =
  /^\s*(?:\d{4}-\d{2}-\d{2}|\d{1,2}\s+\p{L}{3,9}\.?,?\s+\d{4}|\p{L}{3,9}\.?\s+\d{1,2},?\s+\d{4}|\d+\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago)\s*(?:[-–—·|:]|\.{3}|…)\s*/iu;

function referenceNormalizeTitle(title: string): string {
  let text = title.normalize("NFKC").trim();
  for (let round = 0; round < 2; round += 1) {
    const match = TRAILING_SEGMENT.exec(text);
    if (!match) break;
    const [, head = "", tail = ""] = match;
    if (tail.split(/\s+/).filter(Boolean).length > 4 || head.length <= tail.length) break;
    text = head;
  }
  return referenceNormalizeText(text);
}

function referenceNormalizeSnippet(snippet: string): string {
  return referenceNormalizeText(snippet.normalize("NFKC").replace(LEADING_DATE, ""));
}

/** Every pair compared with compareTwoStrings, links joined transitively: the definition. */
function referenceClusters(items: readonly SyndicationInput[]): {
  groups: number[][];
  titleComparisons: number;
  snippetComparisons: number;
} {
  const prepared = items.map((item) => {
    const title = referenceNormalizeTitle(item.title);
    const domain = item.domain
      .trim()
      .toLowerCase()
      .replace(/^www\./, "");
    const chars = title.replaceAll(" ", "").length;
    if (chars < MIN_TITLE_CHARS || domain === "") return null;
    return { title, chars, domain, snippet: referenceNormalizeSnippet(item.snippet) };
  });
  const parent = items.map((_, index) => index);
  const find = (index: number): number => (parent[index] === index ? index : find(parent[index] as number));
  let titleComparisons = 0;
  let snippetComparisons = 0;
  prepared.forEach((a, i) => {
    prepared.forEach((b, j) => {
      if (j <= i || a === null || b === null || a.domain === b.domain) return;
      const [bigramsA, bigramsB] = [a.chars - 1, b.chars - 1];
      if ((2 * Math.min(bigramsA, bigramsB)) / (bigramsA + bigramsB) <= TITLE_SIMILARITY) return;
      titleComparisons += 1;
      const titles = stringSimilarity.compareTwoStrings(a.title, b.title);
      if (titles <= TITLE_SIMILARITY) return;
      let same: boolean;
      if (a.snippet.length < MIN_SNIPPET_CHARS || b.snippet.length < MIN_SNIPPET_CHARS) {
        same = titles >= TITLE_SIMILARITY_WITHOUT_SNIPPET;
      } else {
        snippetComparisons += 1;
        const length = Math.min(a.snippet.length, b.snippet.length);
        const snippets = stringSimilarity.compareTwoStrings(
          a.snippet.slice(0, length),
          b.snippet.slice(0, length),
        );
        same = snippets > SNIPPET_SIMILARITY;
      }
      // Event markers and opposite headlines veto a match (event-markers.ts and title-polarity.ts
      // have tests of their own).
      const [itemA, itemB] = [items[i] as SyndicationInput, items[j] as SyndicationInput];
      if (same && !markersConflict(itemA, itemB) && !titlesDisagree(itemA.title, itemB.title)) {
        const [ra, rb] = [find(i), find(j)];
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    });
  });
  const groups = new Map<number, number[]>();
  for (let index = 0; index < items.length; index += 1) {
    groups.set(find(index), [...(groups.get(find(index)) ?? []), index]);
  }
  return {
    groups: [...groups.values()].filter((group) => group.length >= 2),
    titleComparisons,
    snippetComparisons,
  };
}

/** Characters every shortcut has to get right: plain ASCII, typographic marks, and the rest. */
const TRICKY = [
  ..."aaabbbababcdeeffgg  zz",
  ..."ABCXYZ0123456789",
  ..."'’ʼ`-–—|·•»:.,!?…",
  "\u00a0",
  "\u200b",
  "\t",
  "\n",
  ..."éèüöñçåøæß",
  "e\u0301",
  "a\u0308",
  "ﬁ",
  "Ａ",
  "①",
  "İ",
  "Σ",
  "ς",
  "東",
  "京",
  "ข",
  "😀",
  "\ud800",
];
const trickyText = (maxLength: number) =>
  fc.array(fc.constantFrom(...TRICKY), { maxLength }).map((parts) => parts.join(""));

describe("normalization shortcuts", () => {
  it("normalizeTitle and normalizeSnippet equal the full Unicode normalization", () => {
    fc.assert(
      fc.property(
        fc.oneof(trickyText(40), fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 })),
        (text) => {
          expect(normalizeTitle(text)).toBe(referenceNormalizeTitle(text));
          expect(normalizeSnippet(text)).toBe(referenceNormalizeSnippet(text));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("a text counted inert is one no normalization changes, and its letters are ASCII", () => {
    const inertCharacters = [
      ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
      ..."‘’“”–—•·",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...inertCharacters), { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        expect(isNormalizationInert(text)).toBe(true);
        for (const form of ["NFC", "NFD", "NFKC", "NFKD"]) expect(text.normalize(form)).toBe(text);
        expect(text.replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")).toBe(text.replace(/[^A-Za-z0-9]+/g, " "));
      }),
      { numRuns: 2_000 },
    );
    for (const other of ["é", "e\u0301", "ﬁ", "…", "\u00a0", "東", "😀"]) {
      expect(isNormalizationInert(`plain ${other}`)).toBe(false);
    }
  });
});

describe("findSyndicationClusters equals comparing every pair with compareTwoStrings", () => {
  // Near-copies are the interesting case: titles and snippets drawn from a few pieces, cut,
  // repeated and edited, so that many pairs land on either side of the thresholds.
  const STORY = "Federal Reserve raises key interest rate by a quarter point";
  const LEDE =
    "The Federal Reserve raised its key interest rate by a quarter-point on Wednesday, its 10th increase in a little over a year, as it continues its fight against stubborn inflation.";
  const titleArbitrary = fc.oneof(
    fc.constant(STORY),
    fc.constant(`${STORY} - ABC News`),
    fc.constant(STORY.toUpperCase()),
    fc.constant("Fed Raises Key Interest Rate by a Quarter-Point"),
    fc.constant("Fed raises its key rate by a quarter point again"),
    fc.constant("aaaa aaaa abab abab aaaa"),
    fc.tuple(fc.constantFrom(STORY, "Fed raises rates"), trickyText(12)).map(([a, b]) => `${a}${b}`),
    trickyText(30),
  );
  const snippetArbitrary = fc.oneof(
    fc.constant(LEDE),
    fc.constant(`May 3, 2023 — ${LEDE}`),
    fc.integer({ min: 0, max: LEDE.length }).map((cut) => LEDE.slice(0, cut)),
    fc.integer({ min: 0, max: LEDE.length }).map((cut) => `${LEDE.slice(cut)} ${LEDE.slice(0, cut)}`),
    fc.constant("abab abab abab abab abab abab abab abab abab abab abab abab abab abab abab"),
    fc.constant(""),
    fc.tuple(fc.constantFrom(LEDE, ""), trickyText(60)).map(([a, b]) => `${a}${b}`),
  );
  const itemArbitrary = fc.record({
    domain: fc.constantFrom("apnews.com", "www.abcnews.com", "ABCNEWS.com ", "usnews.com", "yahoo.com", ""),
    title: titleArbitrary,
    snippet: snippetArbitrary,
  });

  it("the same groups and the same comparisons, pair by pair", () => {
    const seen = { groups: 0, snippetComparisons: 0 };
    fc.assert(
      fc.property(fc.array(itemArbitrary, { minLength: 2, maxLength: 12 }), (items) => {
        let stats: SyndicationStats | undefined;
        const groups = findSyndicationClusters(items, { onStats: (s) => (stats = s) });
        const reference = referenceClusters(items);
        expect(groups).toEqual(reference.groups);
        expect(stats?.titleComparisons).toBe(reference.titleComparisons);
        expect(stats?.snippetComparisons).toBe(reference.snippetComparisons);
        seen.groups += groups.length;
        seen.snippetComparisons += reference.snippetComparisons;
      }),
      { numRuns: 1_500 },
    );
    // The draws did reach both sides of the thresholds.
    expect(seen.groups).toBeGreaterThan(500);
    expect(seen.snippetComparisons).toBeGreaterThan(500);
  });

  it("also with as many items as every pair is compared for", () => {
    const random = fc.sample(
      fc.array(itemArbitrary, { minLength: ALL_PAIRS_LIMIT, maxLength: ALL_PAIRS_LIMIT }),
      {
        numRuns: 1,
        seed: 7,
      },
    );
    const items = random[0] ?? [];
    expect(findSyndicationClusters(items)).toEqual(referenceClusters(items).groups);
  });
});
