import { once } from "../util/once.js";
import { publishedDay, yearOfDay } from "./address-date.js";
import { identifierKind } from "./identity-sets.js";
import { goesOnFromEarlierWork, unframedTitle } from "./paper-titles.js";
import { figuresIn } from "./text-figures.js";

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
 * A preprint retitled further ("Effect of magnesium bisglycinate on … sleep in older adults" for
 * "Magnesium Bisglycinate Supplementation and Sleep Quality in Older Adults …") is still the paper
 * when their abstracts give the same figures ("155 … adults aged 60–85", "163 acute
 * gastroenteritis outbreaks") and their titles share a third of their telling words: one figure
 * with the same first author, two where a page names none (a medRxiv snippet often gives no
 * authors). Of the papers it so fits, it is the first (firstPaper).
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
/** The same share for a preprint and a paper whose abstracts give the same figures. */
const MIN_SHARED_WITH_FIGURES = 0.3;
/** A paper appears at most this many years after its preprint. */
const MAX_YEARS_AFTER = 2;
/** Letters of a word compared. */
const STEM_LETTERS = 5;
/** A title compared has at least this many telling words. */
const MIN_TELLING_WORDS = 3;
/** At most this many pages of papers are compared (each preprint with each paper). */
const MAX_PAPERS = 50;

/**
 * "by MO Okafor · 2023", "by M Okafor, P Raman · 2023", "M. O. Okafor, P. Raman · … · 2023", and
 * the same line in French, German or Spanish ("de M Dupont-Lemaire · 2024 · Cité 3 fois").
 */
const FIRST_AUTHOR =
  /^\s*(?:(?:by|de|von|por)\s+)?((?:[A-Z]\.?\s?){1,3})\s*([A-Z][\p{Ll}'’-]+(?:-[A-Z][\p{Ll}'’-]+)?)(?=\s*(?:[,·…]|and\b|&|$))/u;
/** A record's list, after the date a search engine puts first: "Nov 4, 2023 — Okafor RM, Bellamy JT, …". */
const FIRST_AUTHOR_LISTED =
  /^(?:[^—]{0,24}—\s*|\p{Lu}\p{Ll}+(?:\s+\p{Ll}+){0,2}\.\s+)?([A-Z][\p{Ll}'’-]+(?:-[A-Z][\p{Ll}'’-]+)?)\s+([A-Z]{1,3})(?=,|\.|\s+et al)/u;
/** The year a search engine's line gives after the authors: "… · 2023". */
const LINE_YEAR = /^[^—]{0,160}?·\s*((?:19|20)\d\d)\b/;
/** The year a citation after the authors gives before the volume: "JAMA Netw Open. 2023;6(2):e2255871". */
const CITED_YEAR = /^[^—]{0,200}?\.\s*((?:19|20)\d\d)\s*;\s*\d/;
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

interface Side {
  page: number;
  /** The first author, when the page names one. */
  author: AuthorLine | null;
  /** The year its author line gives, or the search engine's date. */
  year: number | null;
  /** The main title, and its part before a subtitle's colon when it has one. */
  wordings: Wording[];
  /** The figures of its abstract (text-figures.ts), read when first asked for. */
  figures: () => ReadonlySet<string>;
}

/** Pairs [preprint page, paper page] that are one work by the reading above. */
export function retitledPreprintLinks(pages: readonly PreprintCandidate[]): [number, number][] {
  const preprintPages: number[] = [];
  const paperPages: number[] = [];
  pages.forEach((page, index) => {
    if (!page.isPaper || preprintPages.length + paperPages.length >= MAX_PAPERS) return;
    (page.keys.some(isPreprintKey) ? preprintPages : paperPages).push(index);
  });
  // Most results hold no preprint: nothing is read then.
  if (preprintPages.length === 0 || paperPages.length === 0) return [];
  const side = (index: number) => readSide(pages[index] as PreprintCandidate, index);
  const [preprints, papers] = [preprintPages.map(side), paperPages.map(side)];
  const links: [number, number][] = [];
  for (const preprint of preprints) {
    // A working paper going on from its authors' earlier work is their follow-up's, not the first
    // version of a paper that does not.
    const followUp = goesOnFromEarlierWork((pages[preprint.page] as PreprintCandidate).snippet);
    const loose: Side[] = [];
    for (const paper of papers) {
      if (followUp && !goesOnFromEarlierWork((pages[paper.page] as PreprintCandidate).snippet)) continue;
      const fit = fits(preprint, paper);
      if (fit === "title") links.push([preprint.page, paper.page]);
      else if (fit === "figures") loose.push(paper);
    }
    for (const paper of firstPaper(loose)) links.push([preprint.page, paper.page]);
  }
  return links;
}

/**
 * Of the papers a preprint's figures fit, the pages of the one it became: the first of them (a
 * team's follow-up of the same sample comes later), when its pages are one title; none when two
 * papers of that year fit.
 */
function firstPaper(papers: readonly Side[]): readonly Side[] {
  const years = papers.flatMap((paper) => (paper.year === null ? [] : [paper.year]));
  const first = years.length === 0 ? null : Math.min(...years);
  const earliest = papers.filter((paper) => paper.year === null || paper.year === first);
  const [one] = earliest;
  if (one === undefined) return [];
  const sameTitle = (paper: Side) =>
    paper.wordings.some((a) => (one.wordings[0] ? titleShare(a, one.wordings[0]) >= MIN_SHARED : false));
  return earliest.every(sameTitle) ? earliest : [];
}

function isPreprintKey(key: string): boolean {
  const kind = identifierKind(key);
  return kind.startsWith("doi-preprint") || kind === "arxiv";
}

function readSide(page: PreprintCandidate, index: number): Side {
  const author =
    firstAuthorLine(page.snippet) ?? titledAuthors(page.title, page.snippet) ?? namedAuthors(page.snippet);
  // The main title: before a subtitle's dash or a site's or journal's name after a bar.
  const main = (unframedTitle(page.title).display.split(/\s+[|–—-]\s+/)[0] ?? "").replace(
    /\b((?:[A-Z]\.){2,})/g,
    (dotted) => dotted.replaceAll(".", ""),
  );
  const colon = main.indexOf(": ");
  const day = publishedDay(null, page.snippet);
  return {
    page: index,
    author,
    year: author?.year ?? (day === null ? null : yearOfDay(day)),
    wordings: (colon > 0 ? [main, main.slice(0, colon)] : [main]).map(wording),
    // A title's numbers name its topic ("a four-day week", "24-hour blood pressure"); an
    // abstract's, its study.
    figures: once(() => figuresIn(page.snippet)),
  };
}

/** A paper's first author and year as a search engine's line gives them ("by MO Okafor · 2023"), or null. */
export function firstAuthorLine(snippet: string): AuthorLine | null {
  const byline = FIRST_AUTHOR.exec(snippet);
  const listed = byline === null ? FIRST_AUTHOR_LISTED.exec(snippet) : null;
  const author = byline ?? (listed === null ? null : [listed[0], listed[2], listed[1]]);
  if (author === null) return null;
  const year = LINE_YEAR.exec(snippet)?.[1] ?? (listed === null ? undefined : CITED_YEAR.exec(snippet)?.[1]);
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

/**
 * Authors a snippet lists by their full names ("Oct 2, 2025 — Alejandra Ruiz-Castellanos, Dmitri K.
 * Voss, …"), or as a record lists them after a sentence ("… not been peer-reviewed. Hartwell JM,
 * Osei-Bonsu K, …"): the first of them, without a year.
 */
const NAME = String.raw`[A-Z][\p{Ll}'’]+(?:-[A-Z][\p{Ll}'’]+)?`;
const GIVEN_SURNAME = String.raw`(${NAME})(?:\s+[A-Z]\.)*\s+(${NAME})`;
const SURNAME_INITIALS = String.raw`(${NAME})\s+([A-Z]{1,3})`;
const NAMED_AUTHORS = new RegExp(
  String.raw`(?:^|—\s*|[.!?]\s+)(?:${GIVEN_SURNAME}|${SURNAME_INITIALS}),\s+(?:${NAME}(?:\s+[A-Z]\.)*\s+${NAME}|${NAME}\s+[A-Z]{1,3}\b)`,
  "u",
);

function namedAuthors(snippet: string): AuthorLine | null {
  const named = NAMED_AUTHORS.exec(snippet);
  if (named === null) return null;
  const [surname, initial] = named[2] !== undefined ? [named[2], named[1]] : [named[3], named[4]];
  return { surname: (surname as string).toLowerCase(), initial: (initial as string).charAt(0), year: null };
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

/**
 * How a preprint fits a paper: by its first author and title ("title"), by its figures and a title
 * nearer the paper's than chance ("figures"), or not at all.
 */
function fits(preprint: Side, paper: Side): "title" | "figures" | null {
  const [one, other] = [preprint.author, paper.author];
  if (one !== null && other !== null && !sameFirstAuthor(one, other)) return null;
  if (preprint.year !== null && paper.year !== null) {
    const after = paper.year - preprint.year;
    if (after < 0 || after > MAX_YEARS_AFTER) return null;
  }
  const shared = preprint.wordings.reduce(
    (best, a) => Math.max(best, ...paper.wordings.map((b) => titleShare(a, b))),
    0,
  );
  const named = one !== null && other !== null;
  if (named && shared >= MIN_SHARED) return "title";
  if (shared < MIN_SHARED_WITH_FIGURES) return null;
  const theirs = paper.figures();
  let figures = 0;
  for (const figure of preprint.figures()) if (theirs.has(figure)) figures += 1;
  return figures >= (named ? 1 : 2) ? "figures" : null;
}

/** The share of two titles' telling words found in the other (0 when their numbers differ). */
function titleShare(a: Wording, b: Wording): number {
  if (!numbersAgree(a.words, b.words)) return 0;
  if (a.telling.length < MIN_TELLING_WORDS || b.telling.length < MIN_TELLING_WORDS) return 0;
  return (matched(a, b) + matched(b, a)) / (a.telling.length + b.telling.length);
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
