import { appendTo } from "../util/append-to.js";
import type { IdentitySets } from "./identity-sets.js";
import type { OriginTraits } from "./origin-traits.js";
import type { LinkKind } from "./origin-why.js";
import type { OriginItem } from "./origins.js";
import { sameAuthorLinks } from "./paper-authors.js";
import { coinedNameReportLinks, paperReportLinks, type ReportedPage } from "./paper-reports.js";
import { type PaperTitle, paperTitle, paperTitleLinks, titleFromAddress } from "./paper-titles.js";
import { retitledPreprintLinks } from "./retitled-preprints.js";
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
  const titleLinks = [
    ...paperTitleLinks(titled, paperTitles),
    ...sameAuthorLinks(pages),
    ...retitledPreprintLinks(preprints),
  ];
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
      wholeTitlesDiffer(titleOf(one), titleOf(two)) &&
      beginsBoth(titleOf(page), titleOf(one), titleOf(two)));
  const undecided = tiedToTwoWorks([...titleLinks, ...reportLinks], sets, twoWorks);
  const decided = ([a, b]: [number, number]) => !undecided.has(a) && !undecided.has(b);
  for (const pair of titleLinks) if (decided(pair)) link(pair[0], pair[1], "paper");
  for (const pair of reportLinks) if (decided(pair)) link(pair[0], pair[1], "report");
}

/**
 * Pages whose titles tie them to two works (a title cut short that begins the titles of a paper
 * and of its republished version, a page without an identifier named like two works): which one
 * they carry is unknown, so their titles tie them to neither. Two works are two identifiers of one
 * kind; for a page whose title is cut short or is the main title of both ("Portable air cleaners …
 * near major roads" of a trial and of its 2-year extension), also two whole titles neither of which
 * begins the other, of pages not already one work by their identifiers (an arXiv paper's versions
 * may be retitled) ("… in Adults With Type 2 Diabetes:
 * A 12-Month Randomized Trial" and "… in Adults With Obesity: A Randomized Clinical Trial", both
 * begun by Europe PMC's "… in Adults ...").
 */

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
function tiedToTwoWorks(
  pairs: readonly [number, number][],
  sets: IdentitySets,
  twoWorks: (page: number, one: number, two: number) => boolean,
): Set<number> {
  const partners = new Map<number, number[]>();
  for (const [a, b] of pairs) {
    for (const [page, other] of [
      [a, b],
      [b, a],
    ] as const) {
      appendTo(partners, page, other);
    }
  }
  const undecided = new Set<number>();
  for (const [page, others] of partners) {
    const candidates = others.filter((other) => !sets.conflict(page, other));
    if (candidates.some((one, i) => candidates.slice(i + 1).some((two) => twoWorks(page, one, two)))) {
      undecided.add(page);
    }
  }
  return undecided;
}
