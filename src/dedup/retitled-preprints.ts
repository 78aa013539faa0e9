import { publishedDay, yearOfDay } from "./address-date.js";
import { identifierKind } from "./identity-sets.js";
import { unframedTitle } from "./paper-titles.js";

/**
 * A preprint and the paper it became, retitled on the way ("Wastewater RSV RNA anticipates
 * pediatric hospitalizations in 12 US metropolitan areas" on medRxiv, "Wastewater Concentrations of
 * Respiratory Syncytial Virus RNA Anticipate Pediatric Hospitalizations in 12 U.S. Metropolitan
 * Areas" in the journal), where a search engine shows only the first author ("by MO Okafor · 2023",
 * or a record's "Okafor MO, Raman P, et al.")
 * and neither page names the other's identifier. A preprint's page (a preprint server's DOI or an
 * arXiv id) and a paper's page that is no preprint are one work when the first authors agree
 * (surname, and first initial where both give one), the paper came out in the preprint's year or
 * up to two years after it, the titles' numbers do not differ and their telling words are nearly
 * the same, in the whole titles or before a subtitle's colon ("Long-term melatonin use and timing
 * of puberty in children: a nationwide …" and "Melatonin Use and Pubertal Timing in Danish
 * Children"). Words are compared by their first five letters ("puberty", "pubertal"), and an
 * acronym by the words it abbreviates ("RSV", "Respiratory Syncytial Virus").
 * A team's follow-up keeps another first author, another year or other words; two preprints, or
 * two journal papers, are two works by their identifiers (identity-sets.ts) and never meet here.
 */

export interface PreprintCandidate {
  isPaper: boolean;
  title: string;
  snippet: string;
  /** The page's scholarly keys (`doi:…`, `arxiv:…`). */
  keys: readonly string[];
}

/** Share of the two titles' telling words found in the other (Dice) for one work. */
const MIN_SHARED = 0.7;
/** A paper appears at most this many years after its preprint. */
const MAX_YEARS_AFTER = 2;
/** Letters of a word compared. */
const STEM_LETTERS = 5;
/** A title compared has at least this many telling words. */
const MIN_TELLING_WORDS = 3;
/** At most this many pages of papers are compared (each preprint with each paper). */
const MAX_PAPERS = 50;

/** "by MO Okafor · 2023", "by M Okafor, P Raman · 2023", "M. O. Okafor, P. Raman · … · 2023". */
const FIRST_AUTHOR =
  /^\s*(?:by\s+)?((?:[A-Z]\.?\s?){1,3})\s*([A-Z][\p{Ll}'’-]+(?:-[A-Z][\p{Ll}'’-]+)?)(?=\s*(?:[,·…]|and\b|&|$))/u;
/** A record's list, after the date a search engine puts first: "Nov 4, 2023 — Okafor RM, Bellamy JT, …". */
const FIRST_AUTHOR_LISTED =
  /^(?:[^—]{0,24}—\s*)?([A-Z][\p{Ll}'’-]+(?:-[A-Z][\p{Ll}'’-]+)?)\s+([A-Z]{1,3})(?=,|\.|\s+et al)/u;
/** The year a search engine's line gives after the authors: "… · 2023". */
const LINE_YEAR = /^[^—]{0,160}?·\s*((?:19|20)\d\d)\b/;
const SMALL_WORDS = new Set(
  "a an the of in on for and or to with by from at as is are be its their this that via using among after during".split(
    " ",
  ),
);

interface Wording {
  /** The title's words, in order, lower case and cut to their stems; small words kept. */
  words: string[];
  /** Its telling words (no small words), in order, each once: what is compared and spelled out. */
  telling: string[];
  /** Acronyms written in capitals: "RSV". */
  acronyms: Set<string>;
}

/** A paper's first author and year, as a search engine's line gives them. */
export interface AuthorLine {
  /** Lower case. */
  surname: string;
  initial: string;
  year: number | null;
}

interface Side extends AuthorLine {
  page: number;
  /** The main title, and its part before a subtitle's colon when it has one. */
  wordings: Wording[];
}

/** Pairs [preprint page, paper page] that are one work by the reading above. */
export function retitledPreprintLinks(pages: readonly PreprintCandidate[]): [number, number][] {
  const preprints: Side[] = [];
  const papers: Side[] = [];
  pages.forEach((page, index) => {
    if (!page.isPaper || preprints.length + papers.length >= MAX_PAPERS) return;
    const side = readSide(page, index);
    if (side === null) return;
    (page.keys.some(isPreprintKey) ? preprints : papers).push(side);
  });
  const links: [number, number][] = [];
  for (const preprint of preprints) {
    for (const paper of papers) {
      if (oneWork(preprint, paper)) links.push([preprint.page, paper.page]);
    }
  }
  return links;
}

function isPreprintKey(key: string): boolean {
  const kind = identifierKind(key);
  return kind.startsWith("doi-preprint") || kind === "arxiv";
}

function readSide(page: PreprintCandidate, index: number): Side | null {
  const author = firstAuthorLine(page.snippet) ?? titledAuthors(page.title, page.snippet);
  if (author === null) return null;
  // The main title: before a subtitle's dash or a site's or journal's name after a bar.
  const main = (unframedTitle(page.title).display.split(/\s+[|–—-]\s+/)[0] ?? "").replace(
    /\b((?:[A-Z]\.){2,})/g,
    (dotted) => dotted.replaceAll(".", ""),
  );
  const colon = main.indexOf(": ");
  return {
    page: index,
    ...author,
    wordings: (colon > 0 ? [main, main.slice(0, colon)] : [main]).map(wording),
  };
}

/** A paper's first author and year as a search engine's line gives them ("by MO Okafor · 2023"), or null. */
export function firstAuthorLine(snippet: string): AuthorLine | null {
  const byline = FIRST_AUTHOR.exec(snippet);
  const listed = byline === null ? FIRST_AUTHOR_LISTED.exec(snippet) : null;
  const author = byline ?? (listed === null ? null : [listed[0], listed[2], listed[1]]);
  if (author === null) return null;
  const year = LINE_YEAR.exec(snippet)?.[1];
  return {
    surname: (author[2] as string).toLowerCase(),
    initial: (author[1] as string).trim().charAt(0),
    year: year === undefined ? null : Number(year),
  };
}

/** SSRN's title names its authors: "Do Fans Matter? … by Maja Lindqvist, Chidi N. Okafor :: SSRN". */
const TITLED_AUTHORS =
  /\sby\s+([A-Z])[\p{L}'’-]*(?:\s+[A-Z]\.?)*\s+([A-Z][\p{Ll}'’-]+(?:-[A-Z][\p{Ll}'’-]+)?)\s*(?:,|::|$)/u;
/** The first author a title names after "by", with the year the search engine's date gives, or null. */
function titledAuthors(title: string, snippet: string): AuthorLine | null {
  const named = TITLED_AUTHORS.exec(title);
  if (named === null) return null;
  const day = publishedDay(null, snippet);
  return {
    surname: (named[2] as string).toLowerCase(),
    initial: named[1] as string,
    year: day === null ? null : yearOfDay(day),
  };
}

function wording(title: string): Wording {
  const raw = title.split(/[^\p{L}\d]+/u).filter(Boolean);
  const words = raw.map((word) =>
    SMALL_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : stem(word.toLowerCase()),
  );
  return {
    words,
    telling: [...new Set(words.filter((word) => !SMALL_WORDS.has(word)))],
    acronyms: new Set(raw.filter((word) => /^[A-Z]{2,5}$/.test(word)).map((word) => word.toLowerCase())),
  };
}

/** One first author: the same surname and first initial. */
export function sameFirstAuthor(a: AuthorLine, b: AuthorLine): boolean {
  return a.surname === b.surname && a.initial === b.initial;
}

function oneWork(preprint: Side, paper: Side): boolean {
  if (!sameFirstAuthor(preprint, paper)) return false;
  if (preprint.year !== null && paper.year !== null) {
    const after = paper.year - preprint.year;
    if (after < 0 || after > MAX_YEARS_AFTER) return false;
  }
  return preprint.wordings.some((a) => paper.wordings.some((b) => oneTitle(a, b)));
}

function oneTitle(a: Wording, b: Wording): boolean {
  if (!numbersAgree(a.words, b.words)) return false;
  if (a.telling.length < MIN_TELLING_WORDS || b.telling.length < MIN_TELLING_WORDS) return false;
  return (matched(a, b) + matched(b, a)) / (a.telling.length + b.telling.length) >= MIN_SHARED;
}

/**
 * How many of `side`'s telling words the other title holds: as written, as an acronym the other
 * spells out ("RSV" against "Respiratory Syncytial Virus"), or spelled out where the other
 * abbreviates them.
 */
function matched(side: Wording, other: Wording): number {
  const covered = new Set(other.words);
  for (const acronym of other.acronyms)
    for (const word of spelledOut(acronym, side.telling)) covered.add(word);
  return side.telling.filter(
    (word) => covered.has(word) || (side.acronyms.has(word) && spelledOut(word, other.telling).length > 0),
  ).length;
}

/** The consecutive telling words whose initials spell `acronym`, or none. */
function spelledOut(acronym: string, content: readonly string[]): string[] {
  for (let start = 0; start + acronym.length <= content.length; start++) {
    const run = content.slice(start, start + acronym.length);
    if (run.every((word, i) => word.charAt(0) === acronym.charAt(i))) return run;
  }
  return [];
}

/** The titles' numbers: where both give some, the shorter list is within the longer. */
function numbersAgree(a: readonly string[], b: readonly string[]): boolean {
  const [x, y] = [a.filter((w) => /^\d+$/.test(w)), b.filter((w) => /^\d+$/.test(w))];
  if (x.length === 0 || y.length === 0) return true;
  const [small, large] = x.length <= y.length ? [x, new Set(y)] : [y, new Set(x)];
  return small.every((n) => large.has(n));
}

/** A word's first letters: "puberty" and "pubertal", "hospitalization" and "hospitalizations" meet. */
function stem(word: string): string {
  return word.slice(0, STEM_LETTERS);
}
