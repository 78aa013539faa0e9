import { escapeRegExp } from "../util/escape-reg-exp.js";
import { once } from "../util/once.js";
import { calendarDay, yearOfDay } from "./address-date.js";
import { journalOf, journalsNamed, siteJournal } from "./journal-names.js";
import { pageAddress } from "./page-address.js";
import { unframedTitle } from "./paper-titles.js";
import { figuresIn } from "./text-figures.js";

/**
 * News reports of a paper: "research published Monday in the journal Nature Medicine, said senior
 * author Matthew Campen". A report that names the journal of a paper among the results joins it
 * (as a report: `same-study`) when it also names one of the paper's authors, with a given name or
 * title before the surname ("Matthew Campen", "Prof Campen"), or was published from a day before
 * the paper to three days after it, or says the paper is new ("published today in …") in its year,
 * or gives in its year a figure the paper's page gives ("eight years of data", "12,500 cars",
 * "1.8% a year"; a round-up naming one journal seldom repeats one of its papers' figures).
 * The journal is the paper page's site's (nejm.org), the one its title names ("… | Nature
 * Medicine") or its record's ("Nat Med. 2025 Apr;31(4)"); its authors
 * are those its record lists ("Nihart AJ, Garcia MA, … Campen MJ", "Authors: D Hanahan, R A
 * Weinberg", "P. Friedlingstein, M. O'Sullivan"). A report naming two journals (a round-up) joins
 * none, and one naming another year for its study than the paper's is of another study.
 *
 * A paper titled by a name it coins ("WebMarathon: Benchmarking Language Agents on …", "AlphaFold:
 * …") is reported by a page that names it so and names one of its authors with a given name or a
 * title ("In our paper, WebMarathon, … Authors: Aditi Raman"); a forum thread naming the benchmark
 * and no author discusses it.
 */

export interface ReportedPage {
  url: string;
  title: string;
  snippet: string;
  isPaper: boolean;
  /** An encyclopedia's article: about its own topic when it names a journal. */
  reference: boolean;
  /** The day it was published (days since 1970), or null. */
  day: number | null;
  /** The year the page gives its study, if it gives one. */
  studyYear?: number | undefined;
}

/** At most this many papers are looked for in reports. */
const MAX_PAPERS = 50;
/** A report published this many days before its paper, to this many after, is of its day. */
const DAYS_BEFORE = 1;
const DAYS_AFTER = 3;

/** A record's citation: "Nat Med. 2025 Apr;31(4)", the journal's abbreviation before its year. */
const RECORD_JOURNAL = /(?:^|[.;]\s+)([A-Z][\p{L}&]*(?: [A-Z&][\p{L}&]*){0,5})\.\s+((?:19|20)\d\d)\b/u;
/** A search engine's byline of a paper: "by M Witkowski · 2023". */
const BYLINE_SURNAME = /^\s*by (?:[A-Z]{1,3} )?([A-Z][\p{Ll}'’-]+)[^·]{0,60}·\s*(?:19|20)\d\d\b/u;
/** A search engine's byline of a paper: "by M Witkowski · 2023". */
const BYLINE_YEAR = /^\s*by [^·]{1,60}·\s*((?:19|20)\d\d)\b/;
/** "published today in", "appears this week in", "published Monday in": the paper is new. */
const PUBLISHED_NOW =
  /\b(?:published|appears?|appeared)\s+(?:online\s+)?(?:today|yesterday|this\s+week|(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\s+in\b/i;
/** A record's date of first publication: "Epub 2025 Feb 3". */
const EPUB = /\bEpub ((?:19|20)\d\d) (\p{L}{3}) (\d{1,2})\b/u;
/** "Nihart AJ", "El Hayek E", "van der Berg JH": a surname and initials, as records list them. */
const SURNAME_INITIALS =
  /(?:^|[,:]\s*|\s)((?:(?:van|von|de|der|den|du|da|di|la|le)\s+){0,2}[A-Z][\p{Ll}'’-]+(?:[ -][A-Z][\p{Ll}'’-]+)?)\s+[A-Z]{1,3}(?=[,.]|\s*$)/gu;
/** "D Hanahan", "R A Weinberg", "P. Friedlingstein", "M. O'Sullivan": initials, then a surname. */
const INITIALS_SURNAME =
  /(?:^|[,:·]\s*|Authors?:\s*)((?:[A-Z]\.?\s+){1,3})([A-Z][\p{Ll}'’-]+(?:-[A-Z][\p{Ll}'’-]+)?)(?=[,.;]|\s+(?:and|&|\+|·)|\s*$)/gu;

interface Paper {
  page: number;
  journal: string;
  authors: string[];
  day: number | null;
  year: number | null;
  /** The figures its page gives (figuresIn), read when first asked for. */
  figures: () => ReadonlySet<string>;
}

/** Pairs [page of a paper, page reporting it]. */
export function paperReportLinks(pages: readonly ReportedPage[]): [number, number][] {
  const papers: Paper[] = [];
  pages.forEach((page, index) => {
    if (!page.isPaper || papers.length >= MAX_PAPERS) return;
    const paper = readPaper(page, index);
    if (paper !== null) papers.push(paper);
  });
  if (papers.length === 0) return [];
  const links: [number, number][] = [];
  pages.forEach((page, index) => {
    if (page.isPaper || page.reference) return;
    const text = `${page.title}. ${page.snippet}`;
    const journals = journalsNamed(text);
    if (journals.size !== 1) return;
    const [journal] = journals.keys();
    const figures = once(() => figuresIn(text));
    for (const paper of papers) {
      if (paper.journal !== journal) continue;
      if (page.studyYear !== undefined && paper.year !== null && page.studyYear !== paper.year) continue;
      if (
        namesAnAuthor(text, paper.authors) ||
        ofItsDay(page.day, paper.day) ||
        newIn(text, page.day, paper.year) ||
        (inYear(page.day, paper.year) && [...figures()].some((figure) => paper.figures().has(figure)))
      )
        links.push([paper.page, index]);
    }
  });
  return links;
}

function readPaper(page: ReportedPage, index: number): Paper | null {
  const address = pageAddress(page.url);
  const record = RECORD_JOURNAL.exec(page.snippet);
  const journal =
    (address && siteJournal(address)) ??
    titleJournal(page.title) ??
    (record ? journalOf(record[1] ?? "") : null);
  if (journal === null) return null;
  const epub = EPUB.exec(page.snippet);
  const day = page.day ?? (epub ? calendarDay(Number(epub[1]), epub[2] ?? "", Number(epub[3])) : null);
  const byline = BYLINE_YEAR.exec(page.snippet)?.[1];
  const year = record
    ? Number(record[2])
    : day !== null
      ? yearOfDay(day)
      : byline !== undefined
        ? Number(byline)
        : null;
  return {
    page: index,
    journal: journal.key,
    authors: authors(page.snippet),
    day,
    year,
    figures: once(() => figuresIn(`${page.title}. ${page.snippet}`)),
  };
}

/** The journal a paper page's title names after its own title: "… | Nature Medicine". */
function titleJournal(title: string) {
  for (const part of title.split(/\s+[|–—-]\s+/).slice(1)) {
    const journal = journalOf(part.trim());
    if (journal !== null) return journal;
  }
  return null;
}

/** The surnames a record lists. */
function authors(snippet: string): string[] {
  const found = new Set<string>();
  for (const match of snippet.matchAll(SURNAME_INITIALS)) found.add(match[1] as string);
  for (const match of snippet.matchAll(INITIALS_SURNAME)) found.add(match[2] as string);
  return [...found];
}

/** Whether the text names one of the surnames after a given name or a title: "Matthew Campen". */
function namesAnAuthor(text: string, surnames: readonly string[]): boolean {
  return surnames.some((surname) => {
    const at = text.indexOf(surname);
    if (at < 0) return false;
    const before = text.slice(Math.max(0, at - 30), at);
    const after = text.slice(at + surname.length, at + surname.length + 1);
    return /(?:^|\s)(?:[A-Z][\p{Ll}]+|Dr\.?|Prof\.?|[A-Z]\.)\s+$/u.test(before) && !/[\p{L}]/u.test(after);
  });
}

/**
 * A release or story saying its paper came out as it did ("published today in Nature Medicine"),
 * dated in the paper's year.
 */
function newIn(text: string, day: number | null, year: number | null): boolean {
  return inYear(day, year) && PUBLISHED_NOW.test(text);
}

function inYear(day: number | null, year: number | null): boolean {
  return day !== null && year !== null && yearOfDay(day) === year;
}

function ofItsDay(report: number | null, paper: number | null): boolean {
  return report !== null && paper !== null && report - paper >= -DAYS_BEFORE && report - paper <= DAYS_AFTER;
}

/**
 * A name a title coins before its colon: one word whose capitals run inside it ("WebMarathon",
 * "AlphaFold", "ImageNet"), not an acronym many papers name ("COVID-19: …", "HIV: …").
 */
const COINED_NAME = /^([A-Z][\p{L}\d-]*\p{Ll}\p{Lu}[\p{L}\d-]*):\s/u;

/** Pairs [page of a paper, page naming it by its coined name and one of its authors]. */
export function coinedNameReportLinks(pages: readonly ReportedPage[]): [number, number][] {
  const papers = new Map<string, { page: number; named: RegExp; surnames: Set<string> }>();
  pages.forEach((page, index) => {
    if (!page.isPaper || papers.size >= MAX_PAPERS) return;
    const name = COINED_NAME.exec(unframedTitle(page.title).display)?.[1];
    if (name === undefined) return;
    const named = new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(name)}(?![\\p{L}\\d])`, "u");
    const paper = papers.get(name) ?? { page: index, named, surnames: new Set<string>() };
    for (const surname of authors(page.snippet)) paper.surnames.add(surname);
    const byline = BYLINE_SURNAME.exec(page.snippet)?.[1];
    if (byline !== undefined) paper.surnames.add(byline);
    papers.set(name, paper);
  });
  if (papers.size === 0) return [];
  const links: [number, number][] = [];
  pages.forEach((page, index) => {
    if (page.isPaper || page.reference) return;
    const text = `${page.title}. ${page.snippet}`;
    for (const paper of papers.values()) {
      if (paper.named.test(text) && namesAnAuthor(text, [...paper.surnames])) links.push([paper.page, index]);
    }
  });
  return links;
}
