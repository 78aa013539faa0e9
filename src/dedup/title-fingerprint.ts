import { memoize } from "../util/memoize.js";
import { isNormalizationInert, withoutMarkLetters } from "./inert-text.js";
import { newsSources } from "./news-sources.js";
import { stopWords } from "./stop-words.js";
import { polarityMark } from "./title-polarity.js";

/**
 * Story fingerprint: without a corpus there are no word frequencies, so word length stands in for
 * rarity. The title loses a trailing site-name segment ("… | AP News", "… - The Hill"), is folded
 * to lower-case ASCII letters and digits, loses stop words (src/data/stop-words.json) and agency
 * names, and plurals are folded; the six longest distinct words, sorted alphabetically, are the
 * fingerprint, marked when the headline is a fact check or a denial (title-polarity.ts: a denial
 * keeps every long word of what it denies). Reprints that keep the headline (wire and release copies mostly do) match; light
 * edits that keep the long words still match; rewritten headlines do not, and titles with fewer
 * than three content words give no fingerprint at all (too generic to tie anything). Recurring
 * headlines ("Stock market today: …") can still collide — the cost is one origin too few, never a
 * page dropped.
 */

let lists: { stopWords: ReadonlySet<string>; sourceWords: ReadonlySet<string> } | undefined;

/** The stop words and the agency and distributor names, on first use. */
function fingerprintWords(): { stopWords: ReadonlySet<string>; sourceWords: ReadonlySet<string> } {
  lists ??= {
    stopWords: stopWords(),
    sourceWords: newsSources().sourceWords,
  };
  return lists;
}

/** From the start of a run of spaces only: tried at each space of a long run, `\s+` rereads the rest. */
const SEGMENT_SEPARATOR = /(?<!\s)\s+(?:[|–—-]|::|»)\s+/;
const RELEASE_PREFIX = /^(?:press release|news release|pressemitteilung)\s*[:|–—-]\s*/i;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Drops up to two short trailing segments that name the site or section ("… | AP News"). */
function stripSiteSuffix(title: string): string {
  const segments = title.replace(RELEASE_PREFIX, "").split(SEGMENT_SEPARATOR);
  for (let pops = 0; pops < 2 && segments.length > 1; pops += 1) {
    const last = segments[segments.length - 1] ?? "";
    if (wordCount(last) > 4 || wordCount(segments.slice(0, -1).join(" ")) < 3) break;
    segments.pop();
  }
  return segments.join(" ");
}

function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The six longest distinct content words of the headline, sorted; null for generic titles. */
export const titleFingerprint: (title: string) => string | null = memoize(fingerprintOf);

function fingerprintOf(title: string): string | null {
  const distinct = contentWords(stripSiteSuffix(title));
  if (distinct.length < 3) return null;
  distinct.sort((a, b) => b.length - a.length || compareText(a, b));
  return `${distinct.slice(0, 6).sort(compareText).join("-")}${polarityMark(title)}`;
}

/**
 * The distinct content words of a text as fingerprints see them: folded to lower case without
 * accents, stop words and agency names left out, plurals folded.
 */
export function contentWords(text: string): string[] {
  const { stopWords, sourceWords } = fingerprintWords();
  const words = foldedWords(text)
    .filter((word) => word.length >= 2 && !stopWords.has(word) && !sourceWords.has(word))
    .map(foldPlural);
  return [...new Set(words)];
}

/** Lower-case words without accents: letters and digits between anything else. */
function foldedWords(text: string): string[] {
  // Decomposing changes nothing in such a text and it has no accents; its letters are ASCII ones.
  if (isNormalizationInert(text)) return text.toLowerCase().split(/[^a-z0-9]+/);
  return withoutMarkLetters(text)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
