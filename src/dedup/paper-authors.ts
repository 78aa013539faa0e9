import { isNotice } from "./paper-titles.js";
import { contentWords } from "./title-fingerprint.js";

/**
 * One paper under two titles: a preprint and its conference or journal version are often retitled
 * ("Training Compute-Optimal Large Language Models" on arXiv, "An empirical analysis of
 * compute-optimal large language model training" at NeurIPS), with no identifier in common. Their
 * records list the same authors in the same order. Two pages of papers whose author lists open with
 * the same three surnames, whose titles share at least two telling words and whose years (when
 * both give one) agree are one work. A team's two papers with one author order (a yearly report)
 * differ in year or in identifier (a DOI each), which keeps them apart. A notice about a paper (its
 * correction, a retraction, a reply) cites its authors and title and is its own page.
 */

/** Authors compared, from the start of a list. */
const AUTHORS_COMPARED = 3;
/** Telling words two titles of one work share at least. */
const MIN_SHARED_TITLE_WORDS = 2;

/** "Jordan Hoffmann", "Robert A. Weinberg", "J. Hoffmann", "Nihart AJ", "El Hayek E". */
const NAME = String.raw`(?:[A-Z][\p{Ll}'’-]+(?: [A-Z]\.?)*(?: [A-Z][\p{Ll}'’-]+)*|(?:[A-Z]\.? ?){1,3}[A-Z][\p{Ll}'’-]+|[A-Z][\p{Ll}'’-]+(?: [A-Z][\p{Ll}'’-]+)? [A-Z]{1,3})`;
/** A list of at least three names, comma-separated. */
const AUTHOR_LIST = new RegExp(String.raw`(?:^|[.:·—]\s+|by\s+)(${NAME}(?:,\s+${NAME}){2,})`, "u");
const YEAR = /(?<!\d)(?:19[89]\d|20[0-4]\d)(?!\d)/g;

export interface AuthoredPage {
  isPaper: boolean;
  title: string;
  snippet: string;
  url: string;
}

/** Pairs of pages of papers that are one work by their authors (see the top). */
export function sameAuthorLinks(pages: readonly AuthoredPage[]): [number, number][] {
  const byAuthors = new Map<string, { page: number; years: Set<string>; words: Set<string> }[]>();
  const links: [number, number][] = [];
  pages.forEach((page, index) => {
    if (!page.isPaper || isNotice(page.title)) return;
    const surnames = firstSurnames(page.snippet);
    if (surnames === null) return;
    const own = {
      page: index,
      years: new Set(`${page.title} ${page.snippet} ${page.url}`.match(YEAR) ?? []),
      words: new Set(contentWords(page.title)),
    };
    const key = surnames.join("|");
    const earlier = byAuthors.get(key) ?? [];
    if (earlier.length === 0) byAuthors.set(key, earlier);
    const match = earlier.find(
      (other) =>
        !yearsDisagree(own.years, other.years) &&
        [...own.words].filter((word) => other.words.has(word)).length >= MIN_SHARED_TITLE_WORDS,
    );
    if (match !== undefined) links.push([match.page, index]);
    earlier.push(own);
  });
  return links;
}

/** The surnames of the first authors of the list a record opens with or gives, or null. */
function firstSurnames(snippet: string): string[] | null {
  const list = AUTHOR_LIST.exec(snippet)?.[1];
  if (list === undefined) return null;
  return list
    .split(/,\s+/)
    .slice(0, AUTHORS_COMPARED)
    .map((name) => surnameOf(name).toLowerCase());
}

/** "Jordan Hoffmann" and "J. Hoffmann": Hoffmann; "Nihart AJ": Nihart. */
function surnameOf(name: string): string {
  const words = name.split(" ");
  const last = words.at(-1) as string;
  return /^[A-Z]{1,3}$/.test(last) && words.length > 1 ? (words.at(-2) as string) : last;
}

function yearsDisagree(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size > 0 && b.size > 0 && ![...a].some((year) => b.has(year));
}
