import { memoize } from "../util/memoize.js";
import { normalizeSnippet, normalizeTitle } from "./normalize-title.js";

/**
 * Event markers: the words that tell one event of a series from the next — numbers (a year, a
 * quarter, a model number, an amount), ordinals and month names. Two announcements of one company
 * written from one template ("Acme reports third quarter 2025 results" / "… fourth quarter 2025
 * results", "Acme launches X200" / "Acme launches X300") read alike everywhere else, so similar
 * wording never ties two texts whose markers disagree: each has a marker the other lacks.
 * Copies of one text keep its numbers, so they never disagree; a copy that leaves a number out
 * (a shorter headline) has no marker of its own and still matches.
 */

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  first: "1st",
  second: "2nd",
  third: "3rd",
  fourth: "4th",
  fifth: "5th",
  sixth: "6th",
  seventh: "7th",
  eighth: "8th",
  ninth: "9th",
  tenth: "10th",
  eleventh: "11th",
  twelfth: "12th",
};
/** Month names; "may" and "march" are left out, being ordinary words as often as months. */
const MONTHS = new Set(
  "january february april june july august september october november december jan feb apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);

/** Any digit, number word or month name: a text without one has no marker. */
const MAY_HOLD_MARKER = new RegExp(
  `\\d|\\b(?:${[...Object.keys(NUMBER_WORDS), ...MONTHS].join("|")})\\b`,
  "i",
);

/** Words of a snippet looked at: its opening, where copies of one text line up. */
const SNIPPET_WORDS = 40;

/**
 * A dateline in front of a text ("WASHINGTON (AP) —", "LONDON, March 3 (Reuters) -",
 * "SAN JOSE, Calif., Nov. 2, 2026 /PRNewswire/ --", "New Delhi [India], May 15 (ANI):"): copies
 * keep or drop it, so it is no marker. A place not in capitals counts only before a credit.
 */
const DATE = String.raw`(?:,?\s+[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:,\s*\d{4})?)?`;
const REGION = String.raw`(?:\s*\[[^\]]{1,30}\])?(?:,\s*[A-Z][\w.]*(?:\s[A-Z][\w.]*)?)?`;
const DATELINE = new RegExp(
  String.raw`^\s*(?:[A-Z][A-Z.'’ -]{2,60}${REGION}${DATE}\s*(?:\([^)]{1,40}\)|\/[^/]{1,40}\/)?|[A-Z][\p{L}.'’ -]{1,40}?${REGION}${DATE}\s*(?:\([^)]{1,40}\)|\/[^/]{1,40}\/))\s*(?:--?|[–—:]|\.\s*-)\s*`,
  "u",
);

function markerOf(word: string): string | null {
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (code >= 48 && code <= 57) return word;
  }
  const number = NUMBER_WORDS[word];
  if (number !== undefined) return number;
  return MONTHS.has(word) ? word : null;
}

function markersOf(words: readonly string[]): ReadonlySet<string> {
  const markers = new Set<string>();
  for (const word of words) {
    const marker = markerOf(word);
    if (marker !== null) markers.add(marker);
  }
  return markers;
}

const titleMarkers = memoize((title: string) => markersOf(normalizeTitle(title).split(" ")));

/** The text without a dateline in front. */
export function stripDateline(text: string): string {
  return text.replace(DATELINE, "");
}

/**
 * The markers of a snippet's opening words with their places, and how many words it shows: worked
 * out once a snippet, as one snippet is compared with many.
 */
const openingMarkers = memoize((snippet: string) => {
  // The snippet's opening words, dateline left out, normalized.
  const words = MAY_HOLD_MARKER.test(snippet)
    ? normalizeSnippet(stripDateline(snippet)).split(" ").filter(Boolean).slice(0, SNIPPET_WORDS)
    : [];
  const found: { at: number; marker: string }[] = [];
  words.forEach((word, at) => {
    const marker = markerOf(word);
    if (marker !== null) found.push({ at, marker });
  });
  return { shown: words.length, found };
});

/** The markers among the first `count` words. */
function markersBefore(found: readonly { at: number; marker: string }[], count: number): ReadonlySet<string> {
  const markers = new Set<string>();
  for (const { at, marker } of found) if (at < count) markers.add(marker);
  return markers;
}

function disagree(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  let onlyA = false;
  for (const marker of a) if (!b.has(marker)) onlyA = true;
  if (!onlyA) return false;
  for (const marker of b) if (!a.has(marker)) return true;
  return false;
}

/**
 * Whether two texts tell different events of a series: their titles' markers disagree, or their
 * snippets' do (see {@link snippetMarkersConflict}). For texts matched by both title and snippet.
 */
export function markersConflict(
  a: { title: string; snippet: string },
  b: { title: string; snippet: string },
): boolean {
  return titleMarkersConflict(a.title, b.title) || snippetMarkersConflict(a.snippet, b.snippet);
}

/** Whether two titles' markers disagree: for texts matched by their titles, rewritten or not. */
export function titleMarkersConflict(a: string, b: string): boolean {
  return disagree(titleMarkers(a), titleMarkers(b));
}

/**
 * Whether two snippets' markers disagree over the words both show, from the start (the last word
 * of the shorter one left out: a cut snippet may end in half a number). For texts matched by their
 * snippets: a copy's snippet keeps the original's words in their order, a rewritten headline
 * tells nothing.
 */
export function snippetMarkersConflict(a: string, b: string): boolean {
  // Each side needs a marker of its own: a text with none at all cannot disagree.
  const first = openingMarkers(a);
  const second = openingMarkers(b);
  if (first.found.length === 0 || second.found.length === 0) return false;
  const shown = Math.min(first.shown, second.shown) - 1;
  if (shown < 1) return false;
  return disagree(markersBefore(first.found, shown), markersBefore(second.found, shown));
}

/** The title's markers, sorted and joined: part of a key that must not tie two events of a series. */
export function titleMarkerKey(title: string): string {
  return [...titleMarkers(title)].sort().join(",");
}
