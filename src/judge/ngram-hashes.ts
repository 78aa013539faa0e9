import { HI_TWIN, MASK, type Ngrams } from "./stance-features.js";
import { FNV_BASIS, FNV_PRIME, fnv } from "./stance-model.js";

/**
 * The hashes of a text's n-gram names, without spelling a name out. Every name is hashed four ways
 * at once: from the plain start, from its shape's prefix, and the same two under the `hi*` twin's
 * prefix. The part of a name that is one word (`u:word`, `first:word`, and `b:word_` before the next
 * word) is hashed once per word and kept with it: most of a text's words have been seen before, and
 * hashing whole names character by character was a large part of the cost of scoring a text.
 */

/** A word that keeps its hashes with it (a word of the word cache, word-info.ts, shares its bound). */
export interface HashedWord {
  readonly word: string;
  hashes: Int32Array | undefined;
}

/** The mask, as a word of its own. */
const maskWord: HashedWord = { word: MASK, hashes: undefined };
const UNDERSCORE = "_".charCodeAt(0);

/** The kinds of an n-gram's one-word parts: whole names, then those a second word carries on. */
const PARTS = ["u:", "first:", "last:", "b:", "m:"] as const;
const U = 0;
const FIRST = 1;
const LAST = 2;
const B = 3;
const M = 4;
/** Hashes per name: plain, shaped, twin, shaped twin. */
export const LANES = 4;
const BLOCK = PARTS.length * LANES;

/**
 * The shape prefixes a word's hashes are kept for, one block of its array each. A text has one of
 * three shapes (or none); a caller's own shape beyond these is hashed afresh for every word.
 */
const SLOTS = 4;
/**
 * First in a word's array, a bit per slot: whether its block is filled (any hash can be 0). It
 * shares a cache line with the first block, where the shape seen first keeps its hashes.
 */
const FILLED = 0;
/** Where a slot's block starts in a word's array. */
const blockStart = (slot: number): number => 1 + slot * BLOCK;
const slotPrefixes: number[] = [];
/** Per slot, each part's name hashed from each lane's start, the word still to come. */
const slotStarts: Int32Array[] = [];

function startsOf(shapePrefix: number): Int32Array {
  const starts = new Int32Array(BLOCK);
  const lanes = [FNV_BASIS, shapePrefix, fnv(FNV_BASIS, HI_TWIN), fnv(shapePrefix, HI_TWIN)];
  for (let p = 0; p < PARTS.length; p++)
    for (let lane = 0; lane < LANES; lane++)
      starts[p * LANES + lane] = fnv(lanes[lane] as number, PARTS[p] as string);
  return starts;
}

/** The slot kept for a shape prefix, taken on first use; -1 when every slot holds another. */
function slotOf(shapePrefix: number): number {
  const slot = slotPrefixes.indexOf(shapePrefix);
  if (slot >= 0 || slotPrefixes.length === SLOTS) return slot;
  slotStarts.push(startsOf(shapePrefix));
  return slotPrefixes.push(shapePrefix) - 1;
}

/** A word's parts under a shape no slot keeps, written over for each word. */
const scratch = new Int32Array(BLOCK);

/** Writes the word's part hashes from `starts` into `block` at `at`; `b:` and `m:` go on to the `_`. */
function hashParts(word: string, starts: Int32Array, block: Int32Array, at: number): void {
  for (let p = 0; p < PARTS.length; p++) {
    for (let lane = 0; lane < LANES; lane++) {
      const h = fnv(starts[p * LANES + lane] as number, word);
      block[at + p * LANES + lane] = p >= B ? Math.imul(h ^ UNDERSCORE, FNV_PRIME) : h;
    }
  }
}

/** The array holding the word's parts under the slot (at `blockStart(slot)`, or at 0 without a slot). */
function blockOf(word: HashedWord, slot: number, starts: Int32Array): Int32Array {
  if (slot < 0) {
    hashParts(word.word, starts, scratch, 0);
    return scratch;
  }
  let block = word.hashes;
  // Sized to the slots the word has needed: most words turn up in texts of one or two shapes.
  if (block === undefined || block.length < blockStart(slot + 1)) {
    const grown = new Int32Array(blockStart(slot + 1));
    if (block !== undefined) grown.set(block);
    block = grown;
    word.hashes = block;
  }
  if (((block[FILLED] as number) & (1 << slot)) === 0) {
    hashParts(word.word, starts, block, blockStart(slot));
    block[FILLED] = (block[FILLED] as number) | (1 << slot);
  }
  return block;
}

/** Copies a part's four hashes to `out` at `n`, carried on over `tail` (the next word of a bigram). */
function carryOn(out: Int32Array, n: number, block: Int32Array, at: number, tail: string): void {
  let h0 = block[at] as number;
  let h1 = block[at + 1] as number;
  let h2 = block[at + 2] as number;
  let h3 = block[at + 3] as number;
  for (let i = 0; i < tail.length; i++) {
    const code = tail.charCodeAt(i);
    h0 = Math.imul(h0 ^ code, FNV_PRIME);
    h1 = Math.imul(h1 ^ code, FNV_PRIME);
    h2 = Math.imul(h2 ^ code, FNV_PRIME);
    h3 = Math.imul(h3 ^ code, FNV_PRIME);
  }
  out[n] = h0;
  out[n + 1] = h1;
  out[n + 2] = h2;
  out[n + 3] = h3;
}

/** The most n-grams a text of `words` words has: a unigram and two bigrams per word, and both ends. */
export const mostNgrams = (words: number): number => 3 * words + 2;

/**
 * The hashes of the text's n-gram names, in the order of `eachNgram` (stance-features.ts), repeats
 * included: four per name (plain, under the shape, twin, twin under the shape) into `out`, which
 * holds at least 4 × {@link mostNgrams}. Returns how many names.
 */
export function ngramHashes(ngrams: Ngrams, shapePrefix: number, out: Int32Array): number {
  const slot = slotOf(shapePrefix);
  const starts = slot < 0 ? startsOf(shapePrefix) : (slotStarts[slot] as Int32Array);
  const at = slot < 0 ? 0 : blockStart(slot);
  const { words, masked } = ngrams;
  const wordOrMask = (i: number): HashedWord => (masked[i] === MASK ? maskWord : (words[i] as HashedWord));
  let n = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as HashedWord;
    const block = blockOf(word, slot, starts);
    carryOn(out, n, block, at + U * LANES, "");
    n += LANES;
    if (i + 1 >= words.length) continue;
    carryOn(out, n, block, at + B * LANES, (words[i + 1] as HashedWord).word);
    n += LANES;
    const first = wordOrMask(i);
    carryOn(
      out,
      n,
      first === word ? block : blockOf(first, slot, starts),
      at + M * LANES,
      masked[i + 1] ?? "",
    );
    n += LANES;
  }
  if (words.length > 0) {
    carryOn(out, n, blockOf(wordOrMask(0), slot, starts), at + FIRST * LANES, "");
    n += LANES;
    carryOn(out, n, blockOf(wordOrMask(words.length - 1), slot, starts), at + LAST * LANES, "");
    n += LANES;
  }
  return n / LANES;
}
