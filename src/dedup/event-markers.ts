import { memoize } from "../util/memoize.js";
import { monthOf } from "./address-date.js";
import { normalizeSnippet, normalizeTitle, withoutLeadingDate } from "./normalize-title.js";
import { withoutSelfDescription } from "./self-descriptions.js";

/**
 * Event markers: the words that tell one event of a series from the next — numbers (a year, a
 * quarter, a model number, an amount), ordinals and month names. Two announcements of one company
 * written from one template ("Acme reports third quarter 2025 results" / "… fourth quarter 2025
 * results", "Acme launches X200" / "Acme launches X300") read alike everywhere else, so similar
 * wording never ties two texts whose markers disagree: each has a marker the other lacks.
 * Copies of one text keep its numbers, so they never disagree; a copy that leaves a number out
 * (a shorter headline) has no marker of its own and still matches.
 *
 * A conference is a marker too ("at the ASCO Annual Meeting" / "at the ESMO Congress", "CTAD
 * 2023"): in a title by its acronym only (a rewrite names it in its own words), in a snippet by
 * its acronym or its name. And the date of a release's or an agency story's dateline ("BOSTON,
 * Oct. 25, 2023 (GLOBE NEWSWIRE) --"): copies keep it or drop it, so two texts whose datelines
 * carry dates more than a day apart are two events, whatever else they share (a company's
 * releases open with the same description of it: self-descriptions.ts, left out of the snippet's
 * opening). The date a search engine puts before a snippet is the copy's own, not the event's:
 * a reprint days later is still the same release.
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

/** Meetings: a name, or an acronym in brackets, before one of these nouns, or after it ("of the …"). */
const MEETING =
  /((?:(?:[A-Z][\w'’&.-]*|\([A-Z][A-Za-z]{1,9}\)|of|on|for|and|in|the)\s+){0,8}?)(?:[Aa]nnual [Mm]eeting|(?:[Ww]orld )?[Cc]ongress|[Cc]onference|[Ss]ymposium|[Ss]cientific [Ss]essions|[Ss]ummit|[Cc]onvention)\b(?!\s+[Cc]all)(?:\s+of(?:\s+the)?((?:\s+(?:[A-Z][\w'’&.-]*|\([A-Z][A-Za-z]{1,9}\)))+))?/gu;
/** Any meeting's noun or an acronym with a year: a text without one names no meeting. */
const MAY_NAME_MEETING =
  /Meeting|ongress|onference|ymposium|Sessions|Summit|onvention|\b[A-Z]{2,8} (?:19|20)\d\d\b/i;
/** An acronym with a year: "CTAD 2023", "CES 2025". */
const ACRONYM_YEAR = /\b([A-Z]{2,8}) (?:19|20)\d{2}\b/g;
/** Capitals before a year that name no meeting. */
const NOT_MEETINGS = new Set(
  "FY CY YTD LTM TTM EST EDT PST PDT GMT UTC CET AM PM US USA UK EU UN CEO CFO COVID SARS Q H".split(" "),
);
const ACRONYM = /^\(?([A-Z]{2,9})\)?$/;

/**
 * The meetings a text names, as markers ("@asco", "@clinical trials on alzheimers disease"), with
 * the normalized word each ends at; acronyms only when `acronymsOnly`.
 */
function meetingsOf(text: string, acronymsOnly: boolean): { marker: string; last: string }[] {
  if (!MAY_NAME_MEETING.test(text)) return [];
  const found: { marker: string; last: string }[] = [];
  for (const match of text.matchAll(MEETING)) {
    const words = `${match[1] ?? ""} ${match[2] ?? ""}`.trim().split(/\s+/);
    const acronym = words.map((word) => ACRONYM.exec(word)?.[1]).find((a) => a && !NOT_MEETINGS.has(a));
    if (acronym !== undefined)
      found.push({ marker: `@${acronym.toLowerCase()}`, last: acronym.toLowerCase() });
    else if (!acronymsOnly) {
      // The name: its capitalised words from the first one on (not "the", not an ordinal).
      const name = normalizeTitle(words.join(" ")).split(" ");
      const first = name.findIndex((word) => word !== "the" && /^[a-z]/.test(word) && word !== "annual");
      const kept = first < 0 ? [] : name.slice(first).filter((word) => word !== "annual");
      if (kept.length > 0) found.push({ marker: `@${kept.join(" ")}`, last: kept.at(-1) as string });
    }
  }
  for (const match of text.matchAll(ACRONYM_YEAR)) {
    const acronym = match[1] as string;
    if (!NOT_MEETINGS.has(acronym))
      found.push({ marker: `@${acronym.toLowerCase()}`, last: acronym.toLowerCase() });
  }
  return found;
}

function markerOf(word: string): string | null {
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (code >= 48 && code <= 57) return word;
  }
  const number = NUMBER_WORDS[word];
  if (number !== undefined) return number;
  return MONTHS.has(word) ? word : null;
}

/** An amount and its scale, however written: "$85 Million", "$85M", "85m" are one amount. */
const AMOUNT = /(\d+(?:[.,]\d+)?)\s*(million|mln|mn|m|billion|bn|b|thousand|k)\b/gi;
/** Each way of writing a scale, as the amount is written alike. */
const SCALE: Readonly<Record<string, string>> = {
  million: "m",
  mln: "m",
  mn: "m",
  m: "m",
  billion: "bn",
  bn: "bn",
  b: "bn",
  thousand: "k",
  k: "k",
};

/** The text with each amount written one way ("85m", "1.2bn"), so its markers match its copies'. */
function withAmountsAlike(text: string): string {
  return text.replace(AMOUNT, (_, number: string, scale: string) => `${number}${SCALE[scale.toLowerCase()]}`);
}

function markersOf(words: readonly string[]): ReadonlySet<string> {
  const markers = new Set<string>();
  for (const word of words) {
    const marker = markerOf(word);
    if (marker !== null) markers.add(marker);
  }
  return markers;
}

const titleMarkers = memoize((title: string) => {
  const markers = markersOf(normalizeTitle(withAmountsAlike(title)).split(" "));
  const meetings = meetingsOf(title, true);
  return meetings.length === 0 ? markers : new Set([...markers, ...meetings.map((m) => m.marker)]);
});

/** The text without a dateline in front. */
export function stripDateline(text: string): string {
  return text.replace(DATELINE, "");
}

/** A distributor's credit left in front once a dated dateline is gone ("(BUSINESS WIRE)--"). */
const LEFT_CREDIT = /^\s*\([^)]{1,40}\)\s*(?:--?|[–—:])\s*/;

/**
 * What a snippet itself says: without a search engine's date, a dateline or a distributor's credit
 * in front, or a company's description of itself after its name (self-descriptions.ts).
 */
export function storyText(snippet: string): string {
  return withoutSelfDescription(
    stripDateline(withoutLeadingDate(snippet)).replace(LEFT_CREDIT, "").replace(LIST_NUMBER, ""),
  );
}

/** A list's number opening a snippet ("1. Tessera Vault Pro – Best Overall"): no event's figure. */
const LIST_NUMBER = /^\s*#?\d{1,2}[.)]\s+(?=\p{Lu})/u;

const DATELINE_DATE = /\b([A-Z][a-z]{2,8})\.? (\d{1,2})(?:, ?((?:19|20)\d{2}))?\b/;

/** The date a dateline carries, as a day number and whether its year was given; null without one. */
const datelineDate = memoize((snippet: string): { day: number; year: boolean } | null => {
  const dateline = DATELINE.exec(withoutLeadingDate(snippet))?.[0];
  const date = dateline === undefined ? null : DATELINE_DATE.exec(dateline);
  if (!date) return null;
  const month = monthOf(date[1] as string);
  if (month === 0) return null;
  const year = date[3] === undefined ? 2000 : Number(date[3]);
  return { day: Date.UTC(year, month - 1, Number(date[2])) / 86_400_000, year: date[3] !== undefined };
});

/** Whether both snippets' datelines carry a date and the dates are more than a day apart. */
export function datelinesDisagree(a: string, b: string): boolean {
  const first = datelineDate(a);
  const second = datelineDate(b);
  if (first === null || second === null) return false;
  let apart = Math.abs(first.day - second.day);
  // Without both years, the month and day alone are compared (within a year, either way round).
  if (!first.year || !second.year) apart = Math.min(apart % 365, 365 - (apart % 365));
  return apart > 1;
}

/**
 * The markers of a snippet's opening words with their places, and how many words it shows: worked
 * out once a snippet, as one snippet is compared with many.
 */
const openingMarkers = memoize((snippet: string) => {
  // The snippet's opening words, without what comes before its story (storyText), normalized.
  const story = storyText(snippet);
  const words =
    MAY_HOLD_MARKER.test(story) || MAY_NAME_MEETING.test(story)
      ? normalizeSnippet(story).split(" ").filter(Boolean).slice(0, SNIPPET_WORDS)
      : [];
  const found: { at: number; marker: string }[] = [];
  words.forEach((word, at) => {
    const marker = markerOf(word);
    if (marker !== null) found.push({ at, marker });
  });
  // A meeting counts from the word its name ends at, when the opening shows it.
  for (const { marker, last } of meetingsOf(story, false)) {
    const at = words.indexOf(last);
    if (at >= 0) found.push({ at, marker });
  }
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
 * of the shorter one left out: a cut snippet may end in half a number), or their datelines' dates
 * do. For texts matched by their snippets: a copy's snippet keeps the original's words in their
 * order, a rewritten headline tells nothing.
 */
export function snippetMarkersConflict(a: string, b: string): boolean {
  if (datelinesDisagree(a, b)) return true;
  // Each side needs a marker of its own: a text with none at all cannot disagree.
  const first = openingMarkers(a);
  const second = openingMarkers(b);
  if (first.found.length === 0 || second.found.length === 0) return false;
  const shown = Math.min(first.shown, second.shown) - 1;
  if (shown < 1) return false;
  return disagree(markersBefore(first.found, shown), markersBefore(second.found, shown));
}

/**
 * Whether two titles share a figure: a number of two digits or more that is no year ("35.2%" in
 * "Solvanta Sets World Record of 35.2% …" and "Solvanta achieves 35.2% efficiency …").
 */
export function titlesShareFigure(a: string, b: string): boolean {
  const other = titleMarkers(b);
  for (const marker of titleMarkers(a)) {
    if (other.has(marker) && /^\d{2,}$/.test(marker) && !/^(?:19|20)\d\d$/.test(marker)) return true;
  }
  return false;
}

/** The title's markers, sorted and joined: part of a key that must not tie two events of a series. */
export function titleMarkerKey(title: string): string {
  return [...titleMarkers(title)].sort().join(",");
}
