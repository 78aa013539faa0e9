import { memoize } from "../util/memoize.js";
import { type Bigrams, bigramsOf, diceAbove } from "./dice-above.js";
import { normalizeSnippet, normalizeTitle } from "./normalize-title.js";

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
 * Scale. Comparing every pair is quadratic (10,000 items would be 50 million comparisons). Up to
 * {@link ALL_PAIRS_LIMIT} usable items every pair is compared; above that, pairs are first blocked
 * on rare title words (prefix filtering): each title's words are ordered from rarest to commonest
 * across the whole input, and a title is filed under its first `n - ceil(0.6 n) + 1` words
 * (n = distinct words). Two titles that share at least 60% of the words of each are then certain
 * to share a key — the rarest word they have in common is in both prefixes — and only pairs that
 * share a key are compared. The cost grows with n times the block cap, not n².
 *
 * Recall trade-off of blocking (large inputs only), in two places:
 * - Dice > 0.8 on character bigrams almost always means most words are shared, but not always: a
 *   title rewritten with many small spelling changes ("U.S." / "US", "e-mail" / "email",
 *   "colour" / "color" in most of its words) can pass the Dice bar while sharing under 60% of its
 *   words, and such a pair is not compared. One or two such changes in a title are absorbed by
 *   the 40% slack.
 * - Blocks are capped at {@link MAX_BLOCK_SIZE} titles, so that one common word cannot bring back
 *   the quadratic cost. A word chosen by more titles is replaced by word pairs (it and a later
 *   word of the title's prefix); a pair still chosen by more titles is dropped. Because keys are
 *   the rarest words of each title, only a pair of titles whose first two shared words are both
 *   that common together is lost: short generic titles ("Trump says he will win") in a very large
 *   input.
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

/**
 * Most titles in one block: a word chosen by more is used in word pairs, a word pair chosen by
 * more is dropped (see the trade-off above). Small blocks keep the comparisons per title few; the
 * word pairs keep what a small cap would otherwise lose.
 */
export const MAX_BLOCK_SIZE = 20;

/** Share of each title's words that two titles must have in common to be sure to meet in a block. */
const SHARED_WORD_SHARE = 0.6;

export interface SyndicationInput {
  title: string;
  snippet: string;
  domain: string;
}

export interface SyndicationStats {
  items: number;
  /** Items with a usable title and a domain: the ones that can be part of a story. */
  indexed: number;
  /** Blocks in use (words or word pairs chosen by at least two titles), or one block of all items. */
  blocks: number;
  /** Words chosen by more than {@link MAX_BLOCK_SIZE} titles, used in word pairs instead. */
  splitBlocks: number;
  /** Word pairs still chosen by more than {@link MAX_BLOCK_SIZE} titles: not used. */
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
}

interface PreparedSnippet {
  text: string;
  /** Bigrams of the whole snippet, on first use: only the shorter snippet of a pair is compared whole. */
  whole: () => Bigrams;
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
    blocks: 0,
    splitBlocks: 0,
    oversizedBlocks: 0,
    candidatePairs: 0,
    titleComparisons: 0,
    snippetComparisons: 0,
  };

  for (const item of prepared) if (item !== null) stats.indexed += 1;
  const { blocks, keysOf } =
    stats.indexed <= ALL_PAIRS_LIMIT ? oneBlock(prepared) : rareWordBlocks(prepared, stats);
  stats.blocks = blocks.size;

  const parent = items.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    let current = index;
    while (parent[current] !== root) {
      const next = parent[current] as number;
      parent[current] = root;
      current = next;
    }
    return root;
  };

  // lastSeenBy[j] === i once the pair (i, j) has been looked at, so a pair sharing several
  // blocks is compared once.
  const lastSeenBy = new Int32Array(items.length).fill(-1);
  for (let i = 0; i < prepared.length; i += 1) {
    const item = prepared[i];
    const keys = keysOf[i];
    if (!item || !keys) continue;
    for (const key of keys) {
      const block = blocks.get(key);
      if (!block) continue;
      for (const j of block) {
        if (j <= i || lastSeenBy[j] === i) continue;
        lastSeenBy[j] = i;
        stats.candidatePairs += 1;
        const other = prepared[j];
        if (!other || other.domain === item.domain) continue;
        if (sameStory(item, other, stats)) {
          const [a, b] = [find(i), find(j)];
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
  }

  const groups = new Map<number, number[]>();
  for (let index = 0; index < items.length; index += 1) {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(index);
    else groups.set(root, [index]);
  }
  options.onStats?.(stats);
  // Roots are the smallest member, and the map keeps first-insertion order: already sorted.
  return [...groups.values()].filter((group) => group.length >= 2);
}

interface Blocking {
  /** Key → the items filed under it, ascending. */
  blocks: Map<string, number[]>;
  /** Each item's keys (null: the item takes no part). */
  keysOf: (readonly string[] | null)[];
}

/** Small inputs: every usable item in one block, so every pair is compared. */
function oneBlock(prepared: readonly (PreparedItem | null)[]): Blocking {
  const members: number[] = [];
  const keysOf = prepared.map((item, index) => {
    if (item === null) return null;
    members.push(index);
    return [""];
  });
  return { blocks: new Map([["", members]]), keysOf };
}

/**
 * Large inputs: each title filed under its rarest words (prefix filtering, see the top). A word
 * chosen by more than {@link MAX_BLOCK_SIZE} titles is split into word pairs: the word with each
 * later word of the title's prefix, one longer. Two titles whose first shared word is that common
 * still meet there, under that word and their second shared word (at most one place further on in
 * each prefix). A word pair still too common is dropped.
 */
function rareWordBlocks(prepared: readonly (PreparedItem | null)[], stats: SyndicationStats): Blocking {
  const documentFrequency = new Map<string, number>();
  // Words are only needed here: small inputs compare every pair without them.
  const wordsOfItem = prepared.map((item) => (item === null ? null : wordsOf(item.title)));
  for (const words of wordsOfItem) {
    if (words === null) continue;
    for (const word of words) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  const frequency = (word: string) => documentFrequency.get(word) ?? 0;

  // Each title's prefix (rarest words first) and the same one word longer. A word no other title
  // has cannot bring two titles together, so it is left out (after the prefix length is taken).
  const prefixes = wordsOfItem.map((words) => {
    if (words === null) return null;
    const ordered = words.sort((a, b) => frequency(a) - frequency(b) || (a < b ? -1 : a > b ? 1 : 0));
    const length = ordered.length - Math.ceil(SHARED_WORD_SHARE * ordered.length) + 1;
    return ordered.slice(0, length + 1).map((word, position) => ({ word, inPrefix: position < length }));
  });
  const chosenBy = new Map<string, number>();
  for (const prefix of prefixes) {
    for (const { word, inPrefix } of prefix ?? []) {
      if (inPrefix && frequency(word) >= 2) chosenBy.set(word, (chosenBy.get(word) ?? 0) + 1);
    }
  }

  const blocks = new Map<string, number[]>();
  const split = new Set<string>();
  const keysOf = prefixes.map((prefix, index) => {
    if (prefix === null) return null;
    const keys: string[] = [];
    const linkable = prefix.filter(({ word }) => frequency(word) >= 2);
    linkable.forEach(({ word, inPrefix }, position) => {
      if (!inPrefix) return;
      if ((chosenBy.get(word) ?? 0) <= MAX_BLOCK_SIZE) keys.push(word);
      else {
        split.add(word);
        // Words never contain a space, so "word other" cannot clash with a single word.
        for (const later of linkable.slice(position + 1)) keys.push(`${word} ${later.word}`);
      }
    });
    for (const key of keys) {
      const block = blocks.get(key);
      if (block) block.push(index);
      else blocks.set(key, [index]);
    }
    return keys;
  });
  stats.splitBlocks = split.size;
  for (const [key, block] of blocks) {
    if (block.length < 2) blocks.delete(key);
    else if (block.length > MAX_BLOCK_SIZE) {
      blocks.delete(key);
      stats.oversizedBlocks += 1;
    }
  }
  return { blocks, keysOf };
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
    return titleSimilarity >= TITLE_SIMILARITY_WITHOUT_SNIPPET;
  }
  stats.snippetComparisons += 1;
  const length = Math.min(snippetA.text.length, snippetB.text.length);
  const snippetSimilarity = diceAbove(
    snippetBigrams(snippetA, length),
    snippetBigrams(snippetB, length),
    SNIPPET_SIMILARITY,
  );
  return snippetSimilarity > SNIPPET_SIMILARITY;
}

function prepareSnippet(snippet: string): PreparedSnippet {
  const text = normalizeSnippet(snippet);
  return { text, whole: once(() => bigramsOf(text)) };
}

/** Bigrams of the snippet's first `length` characters: built for the pair unless that is all of it. */
function snippetBigrams(snippet: PreparedSnippet, length: number): Bigrams {
  return length === snippet.text.length ? snippet.whole() : bigramsOf(snippet.text, length);
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
  };
}

/** Scripts written without spaces: their "words" for blocking are overlapping character pairs. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Distinct words of a normalized title, the units of blocking. */
function wordsOf(title: string): string[] {
  const words = new Set<string>();
  for (const word of title.split(" ")) {
    if (word === "") continue;
    const characters = [...word];
    if (characters.length > 2 && UNSPACED_SCRIPT.test(word)) {
      for (let i = 0; i + 1 < characters.length; i += 1) words.add(`${characters[i]}${characters[i + 1]}`);
    } else {
      words.add(word);
    }
  }
  return [...words];
}
