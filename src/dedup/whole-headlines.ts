import { appendTo } from "../util/append-to.js";
import { titleOpening } from "./normalize-title.js";
import { contentWords } from "./title-fingerprint.js";

/**
 * One story's copies under its headline word for word, whatever their snippets show: a search
 * engine shows each copy's own passage ("LOS ANGELES (AP) — The average rate …" on one site, "The
 * rate rose to 7.04% from 6.93% …" on another), so syndication's snippet test (syndication.ts)
 * misses them. A headline of at least {@link MIN_WORDS} content words, the same on two sites once
 * their names after it are left off, ties the pages, unless they credit two different agencies or
 * sources (AP's and Reuters' stories under one headline: then a page crediting neither could be
 * either's copy and joins neither; numbers in different passages say nothing). A page's sources
 * are its agencies and the source it carries (creditedSources, byline-credits.ts: "The Conversation"
 * and a byline's "Conversation" are one, and the source's own page carries it). A paper's records (tied as its own,
 * `doi`) and selling pages (one product's, `marketing`) are left to those ties, and more than
 * {@link MAX_PAGES} results under one headline (a template's) tie nothing.
 */

/** Content words a headline needs to name one story by itself. */
export const MIN_WORDS = 7;
/** A title of at least {@link MIN_WORDS} words. */
const LONG = new RegExp(`^\\s*(?:\\S+\\s+){${MIN_WORDS - 1}}\\S`);
/** More pages than this under one headline are a template's, not one story's copies. */
const MAX_PAGES = 30;

export interface HeadlinePage {
  /** The title as written. */
  title: string;
  /** The headline as syndication compares it (normalized, the site's name after it left off), asked only of long titles. */
  headline: () => string;
  site: string | null;
  /** A paper's page or a selling page: tied by other readings. */
  elsewhere: boolean;
  /** Its agencies and the source it carries, as creditedSources names it. */
  sources: readonly string[];
}

/** Pairs (first page, another) of pages under one long headline on two sites. */
export function wholeHeadlineLinks(pages: readonly HeadlinePage[]): [number, number][] {
  // First by the title's opening segment, which costs little; only titles that open like another
  // are normalized and compared whole. Fewer words than a long headline has content words: none.
  const byOpening = new Map<string, number[]>();
  pages.forEach((page, index) => {
    if (page.elsewhere || page.site === null || !LONG.test(page.title)) return;
    appendTo(byOpening, titleOpening(page.title), index);
  });
  const byHeadline = new Map<string, number[]>();
  for (const members of byOpening.values()) {
    if (members.length < 2) continue;
    for (const index of members) appendTo(byHeadline, (pages[index] as HeadlinePage).headline(), index);
  }
  const links: [number, number][] = [];
  for (const [headline, group] of byHeadline) {
    if (group.length < 2 || group.length > MAX_PAGES || contentWords(headline).length < MIN_WORDS) continue;
    const credited = group.filter((index) => (pages[index] as HeadlinePage).sources.length > 0);
    // Two sources' stories under one headline: a page crediting neither could be either's copy.
    const contested = credited.some((a, i) => credited.slice(i + 1).some((b) => !shareSource(pages, a, b)));
    group.forEach((index, at) => {
      const page = pages[index] as HeadlinePage;
      if (contested && page.sources.length === 0) return;
      const partner = group.slice(0, at).find((other) => {
        const earlier = pages[other] as HeadlinePage;
        if (earlier.site === page.site) return false;
        return contested ? shareSource(pages, other, index) : true;
      });
      if (partner !== undefined) links.push([partner, index]);
    });
  }
  return links;
}

function shareSource(pages: readonly HeadlinePage[], a: number, b: number): boolean {
  const [x, y] = [(pages[a] as HeadlinePage).sources, (pages[b] as HeadlinePage).sources];
  return x.some((source) => y.includes(source));
}
