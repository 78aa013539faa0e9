import { appendTo } from "../util/append-to.js";
import { yearOfDay } from "./address-date.js";
import type { IdentitySets } from "./identity-sets.js";
import type { OriginTraits } from "./origin-traits.js";
import type { LinkKind } from "./origin-why.js";
import type { OriginItem } from "./origins.js";
import { sameAuthorLinks } from "./paper-authors.js";
import { coinedNameReportLinks, paperReportLinks, type ReportedPage } from "./paper-reports.js";
import {
  otherJournals,
  type PaperTitle,
  paperTitle,
  paperTitleLinks,
  titleFromAddress,
} from "./paper-titles.js";
import {
  type AuthorLine,
  firstAuthorLine,
  retitledPreprintLinks,
  sameFirstAuthor,
} from "./retitled-preprints.js";
import { shortTitleReports } from "./short-paper-titles.js";
import { prepareTitle } from "./syndication.js";

/**
 * Ties of papers' pages that share no identifier, and of the pages that report a paper: one title
 * (paper-titles.ts), one author list (paper-authors.ts), a preprint retitled under its first author
 * (retitled-preprints.ts), an encyclopedia's article or a quotation of a short title
 * (short-paper-titles.ts), a news report naming its journal or a paper's coined name
 * (paper-reports.ts). A page tied to two works that disagree is tied to neither. Without a paper's
 * page there is nothing to tie.
 */
export function linkPapers(
  items: readonly OriginItem[],
  traits: readonly OriginTraits[],
  sets: IdentitySets,
  link: (a: number, b: number, kind: LinkKind) => boolean,
): void {
  if (!traits.some((t) => t.paper)) return;
  const titled = items.map((item, index) => ({
    isPaper: (traits[index] as OriginTraits).paper,
    title: (traits[index] as OriginTraits).paper ? titleFromAddress(item.url, item.title) : item.title,
    normalizedTitle: () => prepareTitle(item.title).title,
    snippet: item.snippet,
    reference: (traits[index] as OriginTraits).reference,
  }));
  // The pages as the author and report readings take them: one copy for both.
  const pages = items.map((item, index): ReportedPage => {
    const own = traits[index] as OriginTraits;
    const { url, title, snippet } = item;
    return {
      url,
      title,
      snippet,
      isPaper: own.paper,
      reference: own.reference,
      day: own.day,
      studyYear: own.study?.year,
    };
  });
  const preprints = items.map((item, index) => ({
    isPaper: (traits[index] as OriginTraits).paper,
    title: item.title,
    snippet: item.snippet,
    keys: (traits[index] as OriginTraits).scholarlyKeys,
  }));
  const paperTitles: (PaperTitle | null)[] = [];
  const titleLinks = [...paperTitleLinks(titled, paperTitles), ...sameAuthorLinks(pages)];
  const retitled = retitledPreprintLinks(preprints);
  const reportLinks = [
    ...shortTitleReports(titled),
    ...paperReportLinks(pages),
    ...coinedNameReportLinks(pages),
  ];
  // For a page whose title is cut short, or is the main title of both, two pages under two whole
  // titles are two works too.
  // (A journal page no paper's site or identifier marks has its title read as a paper's here too.)
  const titleOf = (index: number): PaperTitle | null => {
    if (paperTitles[index] === undefined)
      paperTitles[index] = paperTitle((titled[index] as { title: string }).title);
    return paperTitles[index] ?? null;
  };
  const twoWorks = (page: number, one: number, two: number) =>
    sets.conflict(one, two) ||
    (sets.find(one) !== sets.find(two) &&
      (wholeTitlesDiffer(titleOf(one), titleOf(two)) || otherJournals(titleOf(one), titleOf(two))) &&
      beginsBoth(titleOf(page), titleOf(one), titleOf(two)));
  const lines = new Map<number, AuthorLine | null>();
  const lineOf = (index: number) => {
    if (!lines.has(index)) lines.set(index, firstAuthorLine((items[index] as OriginItem).snippet));
    return lines.get(index) ?? null;
  };
  const only = tiedToTwoWorks([...titleLinks, ...retitled, ...reportLinks], sets, twoWorks, {
    lineOf,
    yearOf: (index) => {
      const day = (traits[index] as OriginTraits).day;
      return day === null ? null : yearOfDay(day);
    },
    citedBy: (index) => citedByCount((items[index] as OriginItem).snippet),
    agree: (one, two) => agreement(titleOf(one), titleOf(two)),
  });
  const allows = (page: number, other: number) => only.get(page)?.has(other) ?? true;
  const decided = ([a, b]: [number, number]) => allows(a, b) && allows(b, a);
  for (const pair of titleLinks) if (decided(pair)) link(pair[0], pair[1], "paper");
  // A preprint fits its paper by its own author, figures and title: a paper's page whose title,
  // cut short, could begin another work's is still the one the preprint fits.
  for (const [preprint, paper] of retitled) if (allows(preprint, paper)) link(preprint, paper, "paper");
  for (const pair of reportLinks) if (decided(pair)) link(pair[0], pair[1], "report");
}

/** What is read of a page to tell which of two works it carries. */
interface PageReadings {
  lineOf: (index: number) => AuthorLine | null;
  yearOf: (index: number) => number | null;
  citedBy: (index: number) => number | null;
  agree: (one: number, two: number) => number;
}

/** A search engine's count of a work's citations: "Cited by 41", "Cité 41 fois", "Zitiert von: 41". */
const CITED_BY = /\b(?:Cited by|Cité|Citado por|Zitiert von:?)\s+(\d{1,6})\b/;

function citedByCount(snippet: string): number | null {
  const count = CITED_BY.exec(snippet)?.[1];
  return count === undefined ? null : Number(count);
}

/** Whether a title is cut short, or is the main title of both whole titles ("X" of "X: a trial", "X: a 2-year extension"). */
function beginsBoth(
  title: PaperTitle | null | undefined,
  a: PaperTitle | null | undefined,
  b: PaperTitle | null | undefined,
): boolean {
  if (!title || !a || !b) return false;
  return title.cut || (a.text.startsWith(`${title.text} `) && b.text.startsWith(`${title.text} `));
}

function wholeTitlesDiffer(a: PaperTitle | null | undefined, b: PaperTitle | null | undefined): boolean {
  if (!a || !b || a.cut || b.cut || a.text === b.text) return false;
  return !a.text.startsWith(`${b.text} `) && !b.text.startsWith(`${a.text} `);
}

/**
 * Pages whose titles tie them to two works (a title cut short that begins the titles of a paper
 * and of its republished version, a page without an identifier named like two works): which one
 * they carry is unknown, so their titles tie them to neither, unless the page's line names a first
 * author and a year ("by M Lindqvist · 2024") that the pages of only one of the works give, and the
 * pages of the others name another first author or another year (a team's follow-up keeps its
 * first author, but comes out later): it is then tied to those pages alone. A page without such a
 * line (ResearchGate's "(PDF) …") is told by its date's year the same way, and any page by the
 * count of citations a search engine gives the pages of only one of the works ("Cited by 41").
 * Two works are two identifiers of one kind; for a page whose title is cut short or is the main title of both ("Portable air cleaners …
 * near major roads" of a trial and of its 2-year extension), also two whole titles neither of which
 * begins the other, of pages not already one work by their identifiers (an arXiv paper's versions
 * may be retitled) ("… in Adults With Type 2 Diabetes:
 * A 12-Month Randomized Trial" and "… in Adults With Obesity: A Randomized Clinical Trial", both
 * begun by Europe PMC's "… in Adults ...").
 */
function tiedToTwoWorks(
  pairs: readonly [number, number][],
  sets: IdentitySets,
  twoWorks: (page: number, one: number, two: number) => boolean,
  readings: PageReadings,
): Map<number, ReadonlySet<number>> {
  const { lineOf, yearOf, citedBy, agree } = readings;
  const partners = new Map<number, number[]>();
  for (const [a, b] of pairs) {
    for (const [page, other] of [
      [a, b],
      [b, a],
    ] as const) {
      appendTo(partners, page, other);
    }
  }
  // A page tied to two works, with the partners it may still meet: none, or those of its own line.
  const only = new Map<number, ReadonlySet<number>>();
  const tiedToTwo = (page: number, candidates: readonly number[]) =>
    candidates.some((one, i) => candidates.slice(i + 1).some((two) => twoWorks(page, one, two)));
  for (const [page, others] of partners) {
    const candidates = others.filter((other) => !sets.conflict(page, other));
    if (!tiedToTwo(page, candidates)) continue;
    // Two works' titles agree up to where they part ("X" of "X: a 12-week trial" and "X: 24-week
    // extension"); a page whose title agrees with others' past that point is theirs (a follow-up's
    // "X: 24-week extension" on its journal page and, cut short, on PubMed, beside the first
    // paper's pages and a record titled "X").
    const depths = candidates.map((other) => agree(page, other));
    const deepest = Math.max(0, ...depths);
    const same = candidates.filter((_, i) => depths[i] === deepest);
    if (deepest > 0 && same.length < candidates.length && !tiedToTwo(page, same)) {
      only.set(page, new Set(same));
      continue;
    }
    // A search engine counts one work's citations on each of its pages ("Cited by 41"): a page
    // giving the count of only one work's pages is that work's.
    const count = citedBy(page);
    const counted = count === null ? [] : candidates.filter((other) => citedBy(other) === count);
    if (
      counted.length > 0 &&
      candidates.every((other) => counted.includes(other) || (citedBy(other) ?? count) !== count) &&
      counted.length < candidates.length &&
      !tiedToTwo(page, counted)
    ) {
      only.set(page, new Set(counted));
      continue;
    }
    const line = lineOf(page);
    // The year its line gives, or else its date's: a record's date is its paper's.
    const yearOfPage = (index: number) => lineOf(index)?.year ?? yearOf(index);
    const year = yearOfPage(page);
    const own =
      line !== null
        ? candidates.filter((other) => sameLine(line, lineOf(other)))
        : candidates.filter((other) => year !== null && yearOfPage(other) === year);
    const ownWorks = new Set(own.map((other) => sets.find(other)));
    // A team's follow-up keeps its first author: another first author, or another year, tells the
    // works apart.
    const otherAuthor = candidates.every((other) => {
      const theirs = yearOfPage(other);
      if (ownWorks.has(sets.find(other))) return true;
      if (theirs !== null && year !== null && theirs !== year) return true;
      return line !== null && lineOf(other)?.surname !== line.surname;
    });
    only.set(page, new Set(own.length > 0 && otherAuthor && !tiedToTwo(page, own) ? own : []));
  }
  return only;
}

/**
 * How many words two papers' titles agree on when one is the other or begins it (a title cut
 * short, a main title), 0 when neither begins the other; one whole title on both agrees more than
 * a title and a longer one it begins ("X" with "X" more than with "X: a three-year update").
 */
function agreement(a: PaperTitle | null, b: PaperTitle | null): number {
  if (a === null || b === null) return 0;
  const [shorter, longer] = a.text.length <= b.text.length ? [a.text, b.text] : [b.text, a.text];
  if (shorter !== longer && !longer.startsWith(`${shorter} `)) return 0;
  const wholeTwins = shorter === longer && !a.cut && !b.cut;
  return shorter.split(" ").length + (wholeTwins ? 0.5 : 0);
}

/** One first author and one year, both given. */
function sameLine(a: AuthorLine, b: AuthorLine | null): boolean {
  return b !== null && a.year !== null && a.year === b.year && sameFirstAuthor(a, b);
}
