import { appendTo } from "../util/append-to.js";
import { WEEKDAY } from "./address-date.js";
import { titleMarkersConflict, titlesShareFigure } from "./event-markers.js";
import { contentWords } from "./title-fingerprint.js";
import { titlesDisagree } from "./title-polarity.js";

/**
 * A press release and the pages that rewrite it: trade sites and aggregators retitle a release
 * ("Acme Unveils Solid-State Battery Cell With 500 Wh/kg Energy Density" → "Acme's new solid-state
 * cell hits 500 Wh/kg") and reword its opening, but keep its story: the company, the product, the
 * figures. A page joins a release when their titles share at least {@link TITLE_SHARE} of the
 * longer title's content words (at least {@link MIN_SHARED_TITLE_WORDS}) and their snippets share
 * at least {@link SNIPPET_SHARE} of the shorter snippet's words beyond the two headlines' (a snippet
 * too short to compare leaves the titles to share {@link TITLE_SHARE_ALONE}): a page on the same
 * topic repeats the headline's words, a rewrite the release's other facts too. Their titles' event
 * markers must agree: one company's release about its third quarter never takes in a rewrite of
 * its fourth-quarter release, nor one product's launch another's; nor a fact check or denial of
 * the release, which restates it (title-polarity.ts). (Snippets reworded are not compared word by
 * word.) The company's name alone ties nothing: it is one word of many. A page whose credit names
 * the company ("(Source: Rhizora Biosciences)"), or that names it and says it retells its release
 * ("…, the company said in a press release"), may have a headline of its own: it joins the one
 * release of that company whose snippet it shares, whose markers agree and whose date is within a
 * week of its own, and none if two fit. A page with a voice of its own (`ownVoice`: an agency's
 * story, a selling page such as the brand's store repeating its launch) rewrites no release.
 */

export const TITLE_SHARE = 0.6;
export const MIN_SHARED_TITLE_WORDS = 3;
export const SNIPPET_SHARE = 0.3;
export const TITLE_SHARE_ALONE = 0.75;
/** A snippet with fewer content words than this is too short to compare. */
const MIN_SNIPPET_WORDS = 8;
/** Releases looked at (distinct titles, the first seen): a flood of one release is one title. */
const MAX_RELEASES = 100;
/** A title word on more pages than this says nothing of which story a page tells. */
const MAX_WORD_PAGES = 500;

export interface RewriteInput {
  domain: string;
  title: string;
  snippet: string;
}

/** Pairs (release, page) of a release and a page that rewrites it. */
export function releaseRewriteLinks(
  items: readonly RewriteInput[],
  isRelease: readonly boolean[],
  credited: readonly (string | undefined)[] = [],
  oneOrigin: (a: number, b: number) => boolean = (a, b) => a === b,
  days: readonly (number | null)[] = [],
  ownVoice: readonly boolean[] = [],
): [number, number][] {
  const releases: number[] = [];
  const seenTitles = new Set<string>();
  items.forEach((item, index) => {
    if (!isRelease[index] || releases.length >= MAX_RELEASES) return;
    const key = contentWords(item.title).join(" ");
    if (seenTitles.has(key)) return;
    seenTitles.add(key);
    releases.push(index);
  });
  if (releases.length === 0) return [];
  const titleWords = items.map((item) => contentWords(item.title));
  const pagesWith = new Map<string, number[]>();
  titleWords.forEach((words, index) => {
    for (const word of words) {
      appendTo(pagesWith, word, index);
    }
  });
  const snippetWords = new Map<number, ReadonlySet<string>>();
  const snippetOf = (index: number) => {
    let words = snippetWords.get(index);
    if (words === undefined) {
      words = new Set(contentWords(items[index]?.snippet ?? ""));
      snippetWords.set(index, words);
    }
    return words;
  };
  const links: [number, number][] = [];
  // Pages crediting the company whose release they may rewrite, with the releases they fit.
  const creditedFits = new Map<number, number[]>();
  // Pages keeping most of a release's headline, with the releases they fit and how much of each.
  const headlineFits = new Map<number, { release: number; titleShare: number }[]>();
  for (const release of releases) {
    const own = titleWords[release] as string[];
    const shared = new Map<number, number>();
    for (const word of own) {
      const pages = pagesWith.get(word) ?? [];
      if (pages.length > MAX_WORD_PAGES) continue;
      for (const page of pages) if (page !== release) shared.set(page, (shared.get(page) ?? 0) + 1);
    }
    const item = items[release] as RewriteInput;
    for (const [page, count] of shared) {
      const other = items[page] as RewriteInput;
      if (other.domain === item.domain || count < MIN_SHARED_TITLE_WORDS || ownVoice[page]) continue;
      // Shared both ways: a rewrite keeps most of the headline's words; a report with its own
      // angle ("… Under New Rule" for "CFPB Finalizes Rule …") keeps some and adds its own. A page
      // that credits the company ("(Source: Rhizora Biosciences)") says it rewrites one of its
      // releases: its headline may be its own.
      const titleShare = count / Math.max(own.length, (titleWords[page] as string[]).length);
      // Another release keeps most of the headline when it is a copy: one company's FDA clearance
      // and its CE mark, from one template, share less.
      if (isRelease[page] && titleShare < TITLE_SHARE_ALONE) continue;
      const creditsCompany = creditsReleaser(credited[page], item.title) || citesReleaseOf(other, item.title);
      if (titleShare < TITLE_SHARE && !creditsCompany) continue;
      // The headlines' words are counted above; counted again, they let a page on the same topic
      // ("Mnemora for memory: what adults should know") pass on the words every such page repeats.
      const headlineWords = new Set([...own, ...(titleWords[page] as string[])]);
      const snippetShare = overlap(
        without(snippetOf(release), headlineWords),
        without(snippetOf(page), headlineWords),
      );
      // A rewrite in its own words keeps the headline's figure: most of the headline, its figure
      // and the release's week tell it from a page on the same topic.
      const agrees =
        (snippetShare === null ? titleShare >= TITLE_SHARE_ALONE : snippetShare >= SNIPPET_SHARE) ||
        (titleShare >= TITLE_SHARE &&
          sameWeek(days[release], days[page]) &&
          titlesShareFigure(item.title, other.title));
      if (!agrees || titlesDisagree(item.title, other.title)) continue;
      // A retitled page dated more than a week from the release tells another event of that company
      // ("Cleveland Clinic Study Finds … Erythritol …" and "… Xylitol …" a year later).
      if (daysApart(days[release], days[page])) continue;
      if (titleShare >= TITLE_SHARE) {
        if (!titleMarkersConflict(item.title, other.title))
          appendTo(headlineFits, page, { release, titleShare });
        continue;
      }
      // A headline of its own picks its own figures ("261kWh" for "StratoCell S2"): the dates, when
      // both are known, tell the release's event; else its headline's markers must agree.
      const dated = days[release] != null && days[page] != null;
      if (dated || !titleMarkersConflict(item.title, other.title)) {
        appendTo(creditedFits, page, release);
      }
    }
  }
  // A credited page that fits two of the company's releases could rewrite either: it joins neither
  // (two copies of one release, its distributor's and its newsroom's, are one).
  // A page keeping most of two releases' headlines (one company's FDA clearance and its CE mark,
  // from one template) is the copy of the one whose headline it keeps more of, and of neither when
  // it keeps as much of two that are not one release.
  for (const [page, fits] of headlineFits) {
    const best = Math.max(...fits.map((fit) => fit.titleShare));
    const [first, ...others] = fits.filter((fit) => fit.titleShare === best).map((fit) => fit.release);
    if (others.every((other) => oneOrigin(first as number, other)))
      for (const release of [first as number, ...others]) links.push([release, page]);
  }
  for (const [page, fits] of creditedFits) {
    const [first] = fits as [number];
    if (fits.every((fit) => oneOrigin(first, fit))) links.push([first, page]);
  }
  return links;
}

/** A company's name opening a release's headline: a capitalised word of three letters or more. */
const COMPANY = /^[A-Z][\p{L}\d&'’-]{2,}/u;

/** The company a release's headline opens with ("Nuvexa Medical Receives …": nuvexa), or null. */
export function releaseCompany(title: string): string | null {
  const first = COMPANY.exec(title.trim())?.[0];
  return first === undefined ? null : first.toLowerCase();
}

/** Whether a credit names the company whose release this is: its headline opens with the name. */
function creditsReleaser(source: string | undefined, releaseTitle: string): boolean {
  if (source === undefined) return false;
  const first = source.split(/\s+/)[0]?.toLowerCase() ?? "";
  return first.length >= 3 && releaseTitle.toLowerCase().startsWith(first);
}

/** A headline of its own retells a release of the last week, not one of months before. */
const REWRITE_DAYS = 7;

function daysApart(release: number | null | undefined, page: number | null | undefined): boolean {
  return release != null && page != null && Math.abs(page - release) > REWRITE_DAYS;
}

function sameWeek(release: number | null | undefined, page: number | null | undefined): boolean {
  return release != null && page != null && !daysApart(release, page);
}

/**
 * A text saying its facts come from a release: "the company said in a press release yesterday",
 * "According to the company, the unit …", "Fieldnote said Tuesday it will …", "…, the company
 * announced today" (the company's news of the day, which its release is).
 */
const RELEASE_CITED =
  /\b(?:said|says|announced|stated|wrote)\s+in\s+(?:a|an|the|its)\s+(?:press\s+release|release|statement|announcement)\b|\baccording\s+to\s+(?:a|an|the|its)\s+(?:press\s+release|release|announcement|company)\b/i;
/** The company's news of the day, told by it: "Fieldnote said Tuesday", "the company announced today". */
const COMPANY_SAID = new RegExp(
  String.raw`\b(?:[Tt]he\s+(?:company|firm|startup|maker)|[A-Z][\w&'’-]+)\s+(?:said|says|announced|announces)\s+(?:on\s+)?(?:today|yesterday|this\s+week|${WEEKDAY})\b`,
);

/**
 * Whether a page says it retells a release and names the company whose release this is (its
 * headline's first word: "Corvane Power Systems Launches …" and "Texas-based Corvane Power Systems
 * has unveiled …, the company said in a press release").
 */
function citesReleaseOf(page: RewriteInput, releaseTitle: string): boolean {
  if (!RELEASE_CITED.test(page.snippet) && !COMPANY_SAID.test(page.snippet)) return false;
  const company = COMPANY.exec(releaseTitle)?.[0];
  return company !== undefined && new RegExp(`\\b${company}\\b`).test(`${page.title} ${page.snippet}`);
}

/** `words` without those of `leftOut`. */
function without(words: ReadonlySet<string>, leftOut: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...words].filter((word) => !leftOut.has(word)));
}

/** Shared share of the smaller set, or null when either is too small to compare. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number | null {
  if (a.size < MIN_SNIPPET_WORDS || b.size < MIN_SNIPPET_WORDS) return null;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / small.size;
}
