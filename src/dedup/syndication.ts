import { appendTo } from "../util/append-to.js";
import { memoize } from "../util/memoize.js";
import { type Bigrams, bigramsOf, diceAbove, diceOfOpeningsAbove } from "./dice-above.js";
import { DisjointSets } from "./disjoint-sets.js";
import { markersConflict } from "./event-markers.js";
import { normalizeSnippet, normalizeTitle } from "./normalize-title.js";
import { MAX_LEADERS, oneBlock, rareWordBlocks } from "./title-blocks.js";
import { titlesDisagree } from "./title-polarity.js";

/**
 * Syndication: the same story published on several domains (a wire copy on twenty news sites, an
 * article mirrored by an aggregator) is one source, however many domains show it.
 *
 * Two items from different domains are one story when their normalized titles have a Dice
 * similarity (character bigrams, scored as `string-similarity` scores them) above
 * {@link TITLE_SIMILARITY} and their normalized snippets one above {@link SNIPPET_SIMILARITY}.
 * When either snippet is missing or too short to say anything ({@link MIN_SNIPPET_CHARS}), the
 * titles alone must reach {@link TITLE_SIMILARITY_WITHOUT_SNIPPET}. Links are transitive: A~B and
 * B~C make one story.
 *
 * Event markers (event-markers.ts) veto a match: two titles or snippets that agree except for a
 * number, an ordinal or a month ("third quarter" / "fourth quarter", "X200" / "X300") tell two
 * events of a series, however alike they read.
 *
 * Scale. Comparing every pair is quadratic (10,000 items would be 50 million comparisons). Up to
 * {@link ALL_PAIRS_LIMIT} usable items every pair is compared; above that, exact copies (the same
 * normalized title and the same snippet) are grouped at once and stand in the comparisons as one
 * item, and the rest is blocked on rare title words (title-blocks.ts, with its recall trade-off).
 * A flood of one text on a thousand domains is one story at any size.
 *
 * On 1,804 real news headlines (many outlets reporting the same claims), blocking kept 192 of the
 * 193 title pairs with Dice > 0.8 while comparing 0.8% of all pairs; the one lost was a rewrite
 * ("British jihadi killed in US airstrike" / "Jihadist Brit teen killed in US air strikes").
 */

/** Titles of one story: Dice on normalized titles must be strictly above this. */
export const TITLE_SIMILARITY = 0.8;

/**
 * Snippets of one story: Dice on normalized snippets, both cut to the shorter one's length, must
 * be strictly above this. Copies of one text shown with a different cut, a dateline or a date in
 * front, or light edits score about 0.8 to 0.95; different stories on the same topic written in
 * the same news register (this month's rate decision and last month's, a wildfire on Sunday and
 * its update on Tuesday) score about 0.5 to 0.72. 0.75 sits between the two. Cutting to the
 * shorter snippet keeps a 150-character snippet of an article comparable with a 300-character one
 * of the same article.
 */
export const SNIPPET_SIMILARITY = 0.75;

/**
 * Without a usable snippet on either side, the titles alone must be at least this similar: a
 * near-identical headline, not merely a similar one, since nothing else confirms the story.
 */
export const TITLE_SIMILARITY_WITHOUT_SNIPPET = 0.9;

/** A normalized snippet shorter than this (characters) counts as missing: too short to compare. */
export const MIN_SNIPPET_CHARS = 50;

/** A title with fewer letters and digits than this ("Home", "News") never makes a story. */
export const MIN_TITLE_CHARS = 10;

/**
 * Up to this many usable items every pair is compared (at most 19,900 pairs): exact, and what
 * every real search (a few dozen hits) gets. Larger inputs are blocked.
 */
export const ALL_PAIRS_LIMIT = 200;

export { MAX_BLOCK_SIZE } from "./title-blocks.js";

export interface SyndicationInput {
  title: string;
  snippet: string;
  domain: string;
}

export interface SyndicationStats {
  items: number;
  /** Items with a usable title and a domain: the ones that can be part of a story. */
  indexed: number;
  /** Items grouped as exact copies of an earlier one before any comparison (large inputs only). */
  copies: number;
  /** Blocks in use (words or word pairs chosen by at least two titles), or one block of all items. */
  blocks: number;
  /** Words chosen by more than {@link MAX_BLOCK_SIZE} titles, used in word pairs instead. */
  splitBlocks: number;
  /** Word pairs still chosen by more than {@link MAX_BLOCK_SIZE} titles: compared through leaders. */
  oversizedBlocks: number;
  /** Distinct pairs that shared a block: the pairs looked at, against n(n-1)/2 without blocking. */
  candidatePairs: number;
  /** Pairs whose titles went through Dice (the rest: same domain, or lengths too far apart). */
  titleComparisons: number;
  /** Pairs whose snippets went through Dice. */
  snippetComparisons: number;
}

export interface SyndicationOptions {
  /** Called once, after clustering, with counts of the work done. */
  onStats?: (stats: SyndicationStats) => void;
}

interface PreparedItem {
  title: string;
  /** The title's character bigrams, sorted: Dice over many pairs without rebuilding them each time. */
  titleBigrams: Bigrams;
  /** Letters and digits of the title: what Dice compares. */
  titleChars: number;
  /** Normalized, with its bigrams, on first use: most pairs are decided by their titles alone. */
  snippet: () => PreparedSnippet;
  domain: string;
  /** The title and snippet as given, for their event markers. */
  raw: SyndicationInput;
}

interface PreparedSnippet {
  text: string;
}

/**
 * Groups of item indexes that are one syndicated story (each group has ≥ 2 members from ≥ 2
 * different domains); items in no group are not listed. Deterministic: groups sorted by their
 * smallest index, members ascending.
 */
export function findSyndicationClusters(
  items: readonly SyndicationInput[],
  options: SyndicationOptions = {},
): number[][] {
  const prepared = items.map(prepare);
  const stats: SyndicationStats = {
    items: items.length,
    indexed: 0,
    copies: 0,
    blocks: 0,
    splitBlocks: 0,
    oversizedBlocks: 0,
    candidatePairs: 0,
    titleComparisons: 0,
    snippetComparisons: 0,
  };
  for (const item of prepared) if (item !== null) stats.indexed += 1;
  const sets = new DisjointSets(items.length);
  const large = stats.indexed > ALL_PAIRS_LIMIT;
  const copies = large ? groupCopies(prepared, sets, stats) : { left: new Set<number>(), ofOneDomain: [] };
  const titles = prepared.map((item, index) => (item === null || copies.left.has(index) ? null : item.title));
  const blocking = large ? rareWordBlocks(titles) : oneBlock(titles);
  stats.blocks = blocking.blocks.size;
  stats.splitBlocks = blocking.splitWords;
  stats.oversizedBlocks = blocking.oversized.length;
  // Domains as numbers: most pairs are compared, and numbers compare at once.
  const domainOf = domainIds(prepared);
  const compare = (i: number, j: number): boolean => {
    stats.candidatePairs += 1;
    const a = prepared[i];
    const b = prepared[j];
    if (!a || !b || domainOf[i] === domainOf[j] || !sameStory(a, b, stats)) return false;
    sets.union(i, j);
    return true;
  };

  // lastSeenBy[j] === i once the pair (i, j) has been looked at, so a pair sharing several
  // blocks is compared once. Blocks list their members ascending: each item starts past itself.
  const lastSeenBy = new Int32Array(items.length).fill(-1);
  for (let i = 0; i < prepared.length; i += 1) {
    for (const key of blocking.keysOf[i] ?? []) {
      const block = blocking.blocks.get(key) ?? [];
      for (let k = firstAfter(block, i); k < block.length; k += 1) {
        const j = block[k] as number;
        if (lastSeenBy[j] === i) continue;
        lastSeenBy[j] = i;
        compare(i, j);
      }
    }
  }
  const spent = new Int32Array(items.length);
  for (const block of blocking.oversized) compareWithLeaders(block, sets, spent, compare);

  // An exact copy on its original's own domain joins it once the original is part of a story: it
  // matches whatever the original matched on other domains.
  const groups = sets.groups();
  const sizeOf = new Map(groups.map((group) => [group[0] as number, group.length]));
  for (const [original, ...others] of copies.ofOneDomain) {
    if ((sizeOf.get(sets.find(original)) ?? 1) > 1) for (const copy of others) sets.union(original, copy);
  }
  options.onStats?.(stats);
  return sets.groups().filter((group) => group.length >= 2);
}

/** Each item's domain as a number, the same for the same domain (-1: no item). */
function domainIds(prepared: readonly (PreparedItem | null)[]): Int32Array {
  const ids = new Int32Array(prepared.length).fill(-1);
  const idOf = new Map<string, number>();
  prepared.forEach((item, index) => {
    if (item === null) return;
    let id = idOf.get(item.domain);
    if (id === undefined) {
      id = idOf.size;
      idOf.set(item.domain, id);
    }
    ids[index] = id;
  });
  return ids;
}

/** The position of the first member above `item` in an ascending list (its length if none). */
function firstAfter(members: readonly number[], item: number): number {
  let low = 0;
  let high = members.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((members[middle] as number) <= item) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Large inputs: items with the same normalized title and the same snippet are one text. Copies on
 * two or more domains are grouped at once; only the first of each text takes part in the
 * comparisons (`left` holds the others). `ofOneDomain` lists the texts whose copies are all on one
 * domain, first item first: they join the first if it joins a story.
 */
function groupCopies(
  prepared: readonly (PreparedItem | null)[],
  sets: DisjointSets,
  stats: SyndicationStats,
): { left: Set<number>; ofOneDomain: [number, ...number[]][] } {
  // Only a title seen twice can be a copy's: the snippets of the others are not keyed at all.
  const titleCount = new Map<string, number>();
  for (const item of prepared)
    if (item !== null) titleCount.set(item.title, (titleCount.get(item.title) ?? 0) + 1);
  const byText = new Map<string, [number, ...number[]]>();
  prepared.forEach((item, index) => {
    if (item === null || (titleCount.get(item.title) ?? 0) < 2) return;
    const key = `${item.title}\u0000${item.raw.snippet.trim()}`;
    appendTo(byText, key, index);
  });
  const left = new Set<number>();
  const ofOneDomain: [number, ...number[]][] = [];
  for (const members of byText.values()) {
    const [first, ...copies] = members;
    if (copies.length === 0) continue;
    stats.copies += copies.length;
    for (const copy of copies) left.add(copy);
    const domains = new Set(members.map((member) => prepared[member]?.domain));
    if (domains.size > 1) for (const copy of copies) sets.union(first, copy);
    else ofOneDomain.push(members);
  }
  return { left, ofOneDomain };
}

/**
 * An oversized block: each item is compared with the block's leaders in turn, until one matches;
 * an item that matches none (and is not already grouped with one) becomes a leader while there are
 * fewer than {@link MAX_LEADERS}. `spent` counts each item's comparisons with leaders over every
 * oversized block: at most {@link MAX_LEADERS} in all, so titles made of common words alone, in
 * many oversized blocks at once, cannot bring back the quadratic cost.
 */
function compareWithLeaders(
  block: readonly number[],
  sets: DisjointSets,
  spent: Int32Array,
  compare: (leader: number, item: number) => boolean,
): void {
  const leaders: number[] = [];
  for (const item of block) {
    const matched = leaders.some((leader) => {
      if (sets.find(leader) === sets.find(item)) return true;
      if ((spent[item] as number) >= MAX_LEADERS) return false;
      spent[item] = (spent[item] as number) + 1;
      return compare(leader, item);
    });
    if (!matched && leaders.length < MAX_LEADERS) leaders.push(item);
  }
}

function sameStory(a: PreparedItem, b: PreparedItem, stats: SyndicationStats): boolean {
  // Dice counts shared bigrams over all bigrams, so it cannot exceed 2·min / (sum) of the counts.
  const bigramsA = a.titleChars - 1;
  const bigramsB = b.titleChars - 1;
  if ((2 * Math.min(bigramsA, bigramsB)) / (bigramsA + bigramsB) <= TITLE_SIMILARITY) return false;
  stats.titleComparisons += 1;
  const titleSimilarity = diceAbove(a.titleBigrams, b.titleBigrams, TITLE_SIMILARITY);
  if (titleSimilarity <= TITLE_SIMILARITY) return false;
  const snippetA = a.snippet();
  const snippetB = b.snippet();
  if (snippetA.text.length < MIN_SNIPPET_CHARS || snippetB.text.length < MIN_SNIPPET_CHARS) {
    return titleSimilarity >= TITLE_SIMILARITY_WITHOUT_SNIPPET && !differ(a.raw, b.raw);
  }
  stats.snippetComparisons += 1;
  const length = Math.min(snippetA.text.length, snippetB.text.length);
  const snippetSimilarity = diceOfOpeningsAbove(snippetA.text, snippetB.text, length, SNIPPET_SIMILARITY);
  return snippetSimilarity > SNIPPET_SIMILARITY && !differ(a.raw, b.raw);
}

/** Texts alike in wording that tell different events, or say opposite things. */
function differ(a: SyndicationInput, b: SyndicationInput): boolean {
  return markersConflict(a, b) || titlesDisagree(a.title, b.title);
}

function prepareSnippet(snippet: string): PreparedSnippet {
  return { text: normalizeSnippet(snippet) };
}

function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= compute();
    return value;
  };
}

/** A title as compared: normalized, its bigrams, its letters. Worked out ahead by `prepareHits`. */
export const prepareTitle = memoize((raw: string) => {
  const title = normalizeTitle(raw);
  return { title, titleBigrams: bigramsOf(title), titleChars: title.replaceAll(" ", "").length };
});

function prepare(item: SyndicationInput): PreparedItem | null {
  const { title, titleBigrams, titleChars } = prepareTitle(item.title);
  const domain = item.domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, "");
  if (titleChars < MIN_TITLE_CHARS || domain === "") return null;
  return {
    title,
    titleBigrams,
    titleChars,
    snippet: once(() => prepareSnippet(item.snippet)),
    domain,
    raw: item,
  };
}
