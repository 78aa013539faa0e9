import { appendTo } from "../util/append-to.js";
import { normalizeTitle } from "./normalize-title.js";
import { contentWords, paperTitle, type TitledPage, unframedTitle } from "./paper-titles.js";

/**
 * A paper whose title is too short to tie pages by itself ("The Hallmarks of Cancer": three
 * words, two of them telling) is still reported by pages that name it as a title: an
 * encyclopedia's article named after it, or a page quoting it in quotation marks ("Hanahan and
 * Weinberg published “The Hallmarks of Cancer” in Cell in January 2000"). So short a title may
 * also be a topic's name, so the page must also name a year a page of the paper names (its
 * record's "Cell. 2000 Jan 7"). Such a page reports the paper; it is not one of its copies.
 */

/** A short title: at least this many words, this many of them telling (longer ones are paperTitle's). */
const MIN_WORDS = 3;
const MIN_CONTENT_WORDS = 2;
/** At most this many short titles are looked for (the first ones seen). */
const MAX_TITLES = 50;
/** A quotation longer than this is not a title. */
const MAX_QUOTED_CHARS = 160;

/** Text between matching quotation marks: curly double, curly single, straight double or single. */
const QUOTED = /“([^”]{1,160})”|‘([^’]{1,160})’|"([^"]{1,160})"|(?<![\p{L}\d])'([^']{1,160})'(?![\p{L}\d])/gu;
const YEAR = /(?<!\d)(?:19|20)\d{2}(?!\d)/g;

/** The title as matched: normalized, without a leading article ("the 'Hallmarks of Cancer' paper"). */
function key(words: readonly string[]): string {
  return (/^(?:the|a|an)$/.test(words[0] ?? "") ? words.slice(1) : words).join(" ");
}

function years(text: string): Set<string> {
  return new Set(text.match(YEAR) ?? []);
}

/** Pairs [page of the paper, page reporting it] for papers with short titles. */
export function shortTitleReports(pages: readonly TitledPage[]): [number, number][] {
  const papers = new Map<string, { page: number; years: Set<string> }[]>();
  pages.forEach((page, index) => {
    if (!page.isPaper || papers.size >= MAX_TITLES || paperTitle(page.title) !== null) return;
    const { words, cut } = unframedTitle(page.title);
    if (cut || words.length < MIN_WORDS || contentWords(words) < MIN_CONTENT_WORDS) return;
    const named = years(`${page.title} ${page.snippet}`);
    if (named.size === 0) return;
    const text = key(words);
    appendTo(papers, text, { page: index, years: named });
  });
  if (papers.size === 0) return [];
  const links: [number, number][] = [];
  pages.forEach((page, index) => {
    if (page.isPaper) return;
    const names = page.reference ? [key(page.normalizedTitle().split(" "))] : quotations(page);
    const named = years(`${page.title} ${page.snippet}`);
    for (const name of new Set(names)) {
      const paper = papers.get(name)?.find((p) => [...p.years].some((year) => named.has(year)));
      if (paper !== undefined) links.push([paper.page, index]);
    }
  });
  return links;
}

/** What the page's title and snippet quote, each normalized like a title. */
function quotations(page: TitledPage): string[] {
  const found: string[] = [];
  for (const text of [page.title, page.snippet]) {
    for (const match of text.matchAll(QUOTED)) {
      const quoted = match.slice(1).find((group) => group !== undefined) ?? "";
      if (quoted.length <= MAX_QUOTED_CHARS) found.push(key(normalizeTitle(quoted).split(" ")));
    }
  }
  return found;
}
