/**
 * Numbers written in words, up to the thousands: "forty", "ninety-six", "two hundred and twelve",
 * "a hundred and twenty-four", "two thousand two hundred seventy-nine". Reports write a sample's size or a study's length so as
 * often as in figures, at the start of a sentence above all ("Ninety-six adults slept …").
 */

const UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS = [
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

const VALUES: ReadonlyMap<string, number> = new Map([
  ...UNITS.map((word, index): [string, number] => [word, index + 1]),
  ...TEENS.map((word, index): [string, number] => [word, index + 10]),
  ...TENS.map((word, index): [string, number] => [word, (index + 2) * 10]),
]);

/** Below a hundred: "seven", "fifteen", "ninety-six", "ninety six". */
const SMALL = `(?:(?:${TENS.join("|")})(?:[- ](?:${UNITS.join("|")}))?|${TEENS.join("|")}|${UNITS.join("|")})`;
/** Below a thousand: "two hundred and twelve", "a hundred and twenty-four", "three hundred", "sixty". */
const HUNDREDS = String.raw`(?:(?:a|${SMALL})\s+hundred(?:(?:\s+and)?\s+${SMALL})?|${SMALL})`;

/**
 * A number in words, for a pattern (no group of its own; read it with `numberFromWords`). Whole
 * words only where the pattern puts `\b` around it; give the pattern the `i` flag for "Forty".
 */
export const NUMBER_IN_WORDS = String.raw`(?:(?:a|${HUNDREDS})\s+thousand(?:,?(?:\s+and)?\s+${HUNDREDS}(?!\p{L}))?|${HUNDREDS})(?!\p{L})`;

/** The value of a number in words ("Two hundred and twelve" is 212), or NaN when it is none. */
export function numberFromWords(written: string): number {
  let total = 0;
  let current = 0;
  let any = false;
  for (const word of written.toLowerCase().split(/[\s,-]+/)) {
    if (word === "" || word === "and") continue;
    // "a" is matched only before "hundred" or "thousand": one of them.
    const value = word === "a" ? 1 : VALUES.get(word);
    if (value !== undefined) current += value;
    else if (word === "hundred") current *= 100;
    else if (word === "thousand") {
      total += current * 1000;
      current = 0;
    } else return Number.NaN;
    any = true;
  }
  return any ? total + current : Number.NaN;
}
