import { StampedTable } from "../util/stamped-table.js";

/** A text as Dice sees it: its character bigrams, whitespace left out, as sorted numbers. */
export interface Bigrams {
  sorted: Uint32Array;
  /** The letters of a text too short for a bigram, which compareTwoStrings still scores 1 with itself. */
  short: string | null;
}

const SPACE = 32;

/**
 * Character bigrams of the first `length` characters of a normalized text, whitespace left out,
 * as sorted numbers (two UTF-16 code units in one 32-bit number). With these, {@link diceAbove}
 * gives the figure string-similarity's compareTwoStrings gives, by one merge instead of a fresh
 * map per pair. The only whitespace in a normalized text is the space: whitespace is no letter,
 * mark or digit, and every run of those becomes one space.
 */
export function bigramsOf(text: string, length = text.length): Bigrams {
  let letters = 0;
  for (let i = 0; i < length; i += 1) if (text.charCodeAt(i) !== SPACE) letters += 1;
  const sorted = new Uint32Array(Math.max(0, letters - 1));
  let previous = -1;
  let next = 0;
  for (let i = 0; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === SPACE) continue;
    if (previous >= 0) sorted[next++] = previous * 65_536 + code;
    previous = code;
  }
  return { sorted: sorted.sort(), short: letters < 2 ? text.slice(0, length).replaceAll(" ", "") : null };
}

/** Bigram counts of one opening while it is compared: codes (their bits as int32) and counts. */
const counted = new StampedTable(2, 1024);

/**
 * The table's slot for bigram `code`: with `claim`, a new code gets a slot with a count of 0; without
 * it, -1 (the second opening only takes from the first's counts, so the table stays half empty).
 */
function slotOf(code: number, claim: boolean): number {
  const { stamps, stamp } = counted;
  const codes = counted.columns[0] as Int32Array;
  const mask = stamps.length - 1;
  for (let slot = (Math.imul(code, 0x9e3779b1) >>> 0) & mask; ; slot = (slot + 1) & mask) {
    if (stamps[slot] !== stamp) {
      if (!claim) return -1;
      stamps[slot] = stamp;
      codes[slot] = code;
      (counted.columns[1] as Int32Array)[slot] = 0;
      return slot;
    }
    if (codes[slot] === code) return slot;
  }
}

/**
 * {@link diceAbove} of the first `length` characters of two normalized texts: the same figure as
 * `diceAbove(bigramsOf(a, length), bigramsOf(b, length), floor)`. Two openings are compared once
 * each (a snippet cut to its partner's length), so counting the first one's bigrams in a table and
 * taking the second's from it costs less than sorting both.
 */
export function diceOfOpeningsAbove(a: string, b: string, length: number, floor: number): number {
  counted.start(length);
  const counts = counted.columns[1] as Int32Array;
  let bigramsA = 0;
  let previous = -1;
  for (let i = 0; i < length; i += 1) {
    const code = a.charCodeAt(i);
    if (code === SPACE) continue;
    if (previous >= 0) {
      const slot = slotOf((previous * 65_536 + code) | 0, true);
      counts[slot] = (counts[slot] as number) + 1;
      bigramsA += 1;
    }
    previous = code;
  }
  let bigramsB = 0;
  let shared = 0;
  previous = -1;
  for (let i = 0; i < length; i += 1) {
    const code = b.charCodeAt(i);
    if (code === SPACE) continue;
    if (previous >= 0) {
      const slot = slotOf((previous * 65_536 + code) | 0, false);
      // A bigram twice in one opening and once in the other is shared once.
      if (slot >= 0 && (counts[slot] as number) > 0) {
        counts[slot] = (counts[slot] as number) - 1;
        shared += 1;
      }
      bigramsB += 1;
    }
    previous = code;
  }
  // An opening without a bigram is scored as compareTwoStrings scores it, by its letters.
  if (bigramsA === 0 || bigramsB === 0) return diceAbove(bigramsOf(a, length), bigramsOf(b, length), floor);
  const similarity = (2 * shared) / (bigramsA + bigramsB);
  return similarity > floor ? similarity : 0;
}

/**
 * Dice similarity, exactly as compareTwoStrings computes it, when it is above `floor`; 0 when it is
 * not. compareTwoStrings scores equal texts 1 (even too short for a bigram), a text without a
 * bigram 0, else 2 × shared bigrams ÷ all bigrams, repeats counted (a bigram twice in one text and
 * once in the other is shared once): the merge of the two sorted lists counts exactly that, and
 * gives two equal texts exactly 1.
 *
 * Most pairs are far apart, so the merge stops as soon as too few bigrams are left to share.
 */
export function diceAbove(a: Bigrams, b: Bigrams, floor: number): number {
  const x = a.sorted;
  const y = b.sorted;
  if (x.length === 0 || y.length === 0) {
    const similarity = a.short !== null && a.short === b.short ? 1 : 0;
    return similarity > floor ? similarity : 0;
  }
  const total = x.length + y.length;
  const needed = sharedNeeded(total, floor);
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const left = x[i] as number;
    const right = y[j] as number;
    if (left === right) {
      shared += 1;
      i += 1;
      j += 1;
      continue;
    }
    if (left < right) i += 1;
    else j += 1;
    // A bigram passed over is never shared: at most what is left of the shorter rest can still be.
    if (shared + Math.min(x.length - i, y.length - j) < needed) return 0;
  }
  const similarity = (2 * shared) / total;
  return similarity > floor ? similarity : 0;
}

/**
 * The fewest shared bigrams whose Dice, computed as {@link diceAbove} computes it, is above
 * `floor`: found on the same floating-point figure, so the early stop never turns away a pair the
 * full count would keep.
 */
function sharedNeeded(total: number, floor: number): number {
  let needed = Math.max(0, Math.floor((floor * total) / 2));
  while (needed > 0 && (2 * (needed - 1)) / total > floor) needed -= 1;
  while ((2 * needed) / total <= floor) needed += 1;
  return needed;
}
