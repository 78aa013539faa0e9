/**
 * A sample given as a bound or a rounding ("more than 1,400 teens", "about 1,500 parents"): not a
 * size, but the sizes it may be, as shares of the count. "More than 1,400" is said of 1,453, not of
 * 5,123; "about 1,500" of 1,502 or 1,460 (study-part-groups.ts ties and parts pages by them).
 */

/** The sizes a sample given as "more than 1,400" or "about 1,500" may have, both ends in. */
export interface SizeBound {
  low: number;
  high: number;
}

/** Each bounding word and the shares of the count it is said of; the last, any rounding word. */
const RANGES: readonly [RegExp, number, number][] = [
  [/^(?:more than|over)$/i, 1, 1.25],
  [/^(?:nearly|almost|close to|fewer than|less than|under)$/i, 0.8, 1],
  [/^up to$/i, 0.5, 1],
  [/./, 0.85, 1.15],
];

/** Words that make a count a bound or a rounding, not a sample's size (a regular expression's alternation). */
export const BOUND_WORDS =
  "(?:more than|over|nearly|almost|close to|about|around|roughly|approximately|some|fewer than|less than|under|up to)";

/** The sizes `count` may be when a text gives it after `words` (one of {@link BOUND_WORDS}). */
export function sizeBound(words: string, count: number): SizeBound {
  const [, low, high] = RANGES.find(([pattern]) => pattern.test(words)) as [RegExp, number, number];
  return { low: Math.floor(count * low), high: Math.ceil(count * high) };
}

/** Whether a size is one a bound may be. */
export function within(size: number, bound: SizeBound): boolean {
  return size >= bound.low && size <= bound.high;
}
