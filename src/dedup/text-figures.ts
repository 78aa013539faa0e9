import { NUMBER_IN_WORDS, numberFromWords } from "../util/number-words.js";
import { figuresOf } from "./release-facts.js";

/**
 * The figures a text gives that another text about the same work would repeat: with a unit ("8
 * years", "1.8%", "6 months"), or of three digits or more without one ("12,500 cars", "389 421 adults",
 * "163 outbreaks"), never a year. Two pages about one paper (its report, its preprint) give the
 * same ones.
 */

/** A count in words before a unit: "eight years" is "8 years". */
const WORDS_BEFORE_UNIT = new RegExp(
  String.raw`\b(${NUMBER_IN_WORDS})(?=[\s-]+(?:hours?|days?|weeks?|months?|years?|percent)\b)`,
  "giu",
);
/** A figure of three digits or more with no unit: "12,500", "389 421" (as journals print it), "412". */
const BARE_FIGURE =
  /(?<![\p{L}\d.,])(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?!\d)|\d{3,})(?![\d.,]\d)/gu;

/**
 * The figures a text gives with a unit ("8years", "1.8%"), and those of three digits or more
 * without one that are no year.
 */
export function figuresIn(text: string): Set<string> {
  const spelled = text.replace(WORDS_BEFORE_UNIT, (words) => String(numberFromWords(words)));
  const figures = figuresOf(spelled);
  for (const match of spelled.matchAll(BARE_FIGURE)) {
    const digits = (match[1] as string).replace(/[,\s]/g, "");
    if (!/^(?:19|20)\d\d$/.test(digits)) figures.add(digits);
  }
  return figures;
}
