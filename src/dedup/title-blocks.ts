import { appendTo } from "../util/append-to.js";
/**
 * Blocking for syndication clustering on large inputs: which pairs of titles are worth comparing.
 *
 * Titles are blocked on rare words (prefix filtering): each title's words are ordered from rarest
 * to commonest across the whole input, and a title is filed under its first `n - ceil(0.6 n) + 1`
 * words (n = distinct words). Two titles that share at least 60% of the words of each are then
 * certain to share a key — the rarest word they have in common is in both prefixes — and only
 * pairs that share a key are compared. The cost grows with n times the block size, not n².
 *
 * Recall trade-off (large inputs only):
 * - Dice > 0.8 on character bigrams almost always means most words are shared, but not always: a
 *   title rewritten with many small spelling changes ("U.S." / "US", "e-mail" / "email") can pass
 *   the Dice bar while sharing under 60% of its words, and such a pair is not compared. One or two
 *   such changes in a title are absorbed by the 40% slack.
 * - A word chosen by more than {@link MAX_BLOCK_SIZE} titles is replaced by word pairs (it and a
 *   later word of the title's prefix), so that one common word cannot bring back the quadratic
 *   cost. A pair still chosen by more titles is an oversized block: its titles are not compared
 *   pair by pair but each with the block's leaders (at most {@link MAX_LEADERS} titles that matched
 *   none before them). A block of one title copied a thousand times is one leader and its copies:
 *   every copy is grouped. What is lost is a pair of titles whose first two shared words are both
 *   very common, when neither is a leader of that block and they meet nowhere else.
 */

/** Most titles in a block compared pair by pair; a word chosen by more is used in word pairs. */
export const MAX_BLOCK_SIZE = 20;

/** Most leaders of an oversized block: each of its titles is compared with at most this many. */
export const MAX_LEADERS = 4;

/** Share of each title's words that two titles must have in common to be sure to meet in a block. */
const SHARED_WORD_SHARE = 0.6;

export interface Blocking {
  /** Key → the items filed under it, ascending; every block has 2 to {@link MAX_BLOCK_SIZE} items. */
  blocks: Map<string, number[]>;
  /** Blocks of more than {@link MAX_BLOCK_SIZE} items, ascending: compared through leaders. */
  oversized: number[][];
  /** Each item's keys (null: the item takes no part). */
  keysOf: (readonly string[] | null)[];
  /** Words chosen by more than {@link MAX_BLOCK_SIZE} titles, used in word pairs instead. */
  splitWords: number;
}

/** Small inputs: every usable item in one block, so every pair is compared. */
export function oneBlock(titles: readonly (string | null)[]): Blocking {
  const members: number[] = [];
  const keysOf = titles.map((title, index) => {
    if (title === null) return null;
    members.push(index);
    return [""];
  });
  return { blocks: new Map([["", members]]), oversized: [], keysOf, splitWords: 0 };
}

/**
 * Large inputs: each normalized title (null: takes no part) filed under its rarest words. A word
 * chosen by more than {@link MAX_BLOCK_SIZE} titles is split into word pairs: the word with each
 * later word of the title's prefix, one longer. Two titles whose first shared word is that common
 * still meet there, under that word and their second shared word (at most one place further on in
 * each prefix). A word pair still too common makes an oversized block.
 */
export function rareWordBlocks(titles: readonly (string | null)[]): Blocking {
  const documentFrequency = new Map<string, number>();
  const wordsOfItem = titles.map((title) => (title === null ? null : wordsOf(title)));
  for (const words of wordsOfItem) {
    if (words === null) continue;
    for (const word of words) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  const frequency = (word: string) => documentFrequency.get(word) ?? 0;

  // Each title's prefix (rarest words first) and the same one word longer. A word no other title
  // has cannot bring two titles together, so it is left out (after the prefix length is taken).
  const prefixes = wordsOfItem.map((words) => {
    if (words === null) return null;
    // Each word's frequency looked up once, not at every comparison of the sort.
    const ordered = words
      .map((word) => ({ word, count: frequency(word) }))
      .sort((a, b) => a.count - b.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
      .map(({ word }) => word);
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
      appendTo(blocks, key, index);
    }
    return keys;
  });
  const oversized: number[][] = [];
  for (const [key, block] of blocks) {
    if (block.length < 2) blocks.delete(key);
    else if (block.length > MAX_BLOCK_SIZE) {
      blocks.delete(key);
      oversized.push(block);
    }
  }
  return { blocks, oversized, keysOf, splitWords: split.size };
}

/** Scripts written without spaces: their "words" for blocking are overlapping character pairs. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Distinct words of a normalized title, the units of blocking. */
function wordsOf(title: string): string[] {
  const words = new Set<string>();
  for (const word of title.split(" ")) {
    if (word === "") continue;
    // The script first: most words have none of it, and need no array of their characters.
    const characters = UNSPACED_SCRIPT.test(word) ? [...word] : [];
    if (characters.length > 2) {
      for (let i = 0; i + 1 < characters.length; i += 1) words.add(`${characters[i]}${characters[i + 1]}`);
    } else {
      words.add(word);
    }
  }
  return [...words];
}
