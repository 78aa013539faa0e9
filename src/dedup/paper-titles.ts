import { framedJournals, journalAfterDash } from "./journal-names.js";
import { normalizeSnippet, normalizeTitle } from "./normalize-title.js";
import { scholarlySites } from "./scholarly-urls.js";

/**
 * A paper's title ties its copies together where no identifier does: a journal page, its PubMed
 * record and its Semantic Scholar page each wear the title in their own frame ("… - PubMed",
 * "[2301.00001] …", "(PDF) … | ResearchGate", "Paper page - …"). With the frame removed
 * (src/data/scholarly-sites.json, titleDecorations), the titles are equal, or one is the other cut
 * short (search engines cut long titles with "…", some before the site's name: "Title ... - Lund
 * University"), or one is the other's main title, before a subtitle or a site's or journal's name
 * ("Title: a randomised trial", "Title - Shannon - 1948"); a journal's name after the last dash
 * ("Title - The American Journal of Clinical Nutrition") is the frame of its own site.
 * A title that the other merely begins is another work's ("… of the X Vaccine" and "… of the X
 * Vaccine through 6 Months"), and the two are not tied.
 *
 * Only a page of a paper (a paper site, or one carrying a scholarly identifier) makes a title a
 * paper's: two news pages with one headline are syndication's business, not this. A page that
 * quotes such a title in its own title or snippet (a blog post on the paper, a press release
 * naming it) reports that paper and joins it, when the quotation ends there (a title holding the
 * paper's title and going on, "Are <title> a Mirage?", is another work's). An encyclopedia's
 * article joins only by its own title (it is named after the paper): one that names a paper in
 * its text is about its own topic.
 */

/** A title must have at least this many words (and content words, letters) to be a paper's. */
const MIN_WORDS = 4;
const MIN_CONTENT_WORDS = 3;
const MIN_LETTERS = 20;
/** A title cut short, or quoted inside another text, must be at least this long to tie anything. */
const MIN_WORDS_IN_PART = 5;
const MIN_LETTERS_IN_PART = 30;
/** At most this many paper titles are looked for in other pages' text (the first ones seen). */
const MAX_QUOTED_TITLES = 50;

const SMALL_WORDS = new Set(
  "a an the of in on for and or to with by from at as is are be its their this that via using".split(" "),
);

export interface PaperTitle {
  /** Normalized, without the site's frame. */
  text: string;
  /** The title as written, without the site's frame: for naming the paper. */
  display: string;
  /** Long enough to be matched as a beginning or a quotation. */
  quotable: boolean;
  /** Cut short by the site ("…"): any title it begins may be the whole of it. */
  cut: boolean;
  /**
   * The journals its frame names ("… | Seismological Research Letters | GeoScienceWorld"): a
   * journal's own page, which shows the whole title, not a main title another work's begins with.
   */
  journals: ReadonlySet<string>;
}

/** A notice about a paper, titled with its title: "Correction: …", "Retraction Note: …", "Reply to …". */
const NOTICE =
  /^\s*(?:\[?(?:pdf|html)\]?\s*)?(?:correction|corrigendum|erratum|retraction(?:\s+note)?|retracted(?:\s+article)?|expression\s+of\s+concern|withdrawn|notice\s+of\s+retraction|comment\s+on|response\s+to|reply\s+to|author\s+reply)\b/i;

/** Whether a page's title is a notice about a paper (its correction, retraction, a reply), not the paper. */
export function isNotice(title: string): boolean {
  return NOTICE.test(title);
}

/** A title cut short by its site: an ellipsis at its end. */
const CUT_SHORT = /(?:\.\.\.|…)\s*$/;
/** An ellipsis, then the site's name of a few words after a dash or a bar. */
const CUT_BEFORE_SITE = /\s*(?:\.\.\.|…)\s+[-–—|]\s+(?:[\p{L}\d&.'’]+\s?){1,6}$/u;
/**
 * A paper saying it goes on from its authors' earlier work: "We revisit our earlier findings",
 * "Extending our earlier analysis", "We previously reported".
 */
const FOLLOW_UP =
  /\b(?:revisit|extend|extends|extending|update|updates|updating)\s+(?:our|the|their)\s+(?:earlier|previous|prior|original)\b|\bwe\s+previously\s+(?:reported|showed|found)\b/i;

/** Whether a paper's snippet says it goes on from its authors' earlier work. */
export function goesOnFromEarlierWork(snippet: string): boolean {
  return FOLLOW_UP.test(snippet);
}

/** A search engine's mark of a document: "[PDF] …", "(PDF) …". */
const PDF_MARK = /^\s*[[(]\s*pdf\s*[\])]/i;
/** A title's last part after a dash. */
const LAST_DASH_PART = /\s[-–—]\s[^|–—-]{4,100}$/u;

/** The paper's title a page title holds, or null when it is too short or generic to be one. */
export function paperTitle(rawTitle: string): PaperTitle | null {
  const { display, words, cut } = unframedTitle(rawTitle);
  const text = words.join(" ");
  if (words.length < MIN_WORDS || text.replaceAll(" ", "").length < MIN_LETTERS) return null;
  if (contentWords(words) < MIN_CONTENT_WORDS) return null;
  return { text, display, quotable: isQuotable(text), cut, journals: framedJournals(rawTitle) };
}

/**
 * A page title without its site's frame: as written (`display`), its normalized words, and
 * whether the site cut it short.
 */
export function unframedTitle(rawTitle: string): { display: string; words: string[]; cut: boolean } {
  // On one line: the frames are matched around single spaces (a `\s*` tried at each space of a
  // long run rereads the rest of it), and a paper is named on one line anyway.
  let display = rawTitle.replace(/\s+/g, " ").trim();
  for (const decoration of scholarlySites().titleDecorations) display = display.replace(decoration, "");
  // A journal's site names its journal after a dash; a site cuts a title short before its own
  // name ("Allulose intake and … - Lund University").
  if (journalAfterDash(display) !== null) display = display.replace(LAST_DASH_PART, "");
  display = display.replace(CUT_BEFORE_SITE, "…");
  const cut = CUT_SHORT.test(display);
  display = display.replace(/\s*(?:\.\.\.|…)\s*$/, "").trim();
  // A cut title may end in half a word: only its whole words are known.
  const words = normalizeTitle(display)
    .split(" ")
    .filter(Boolean)
    .slice(0, cut ? -1 : undefined);
  return { display, words, cut };
}

/** How many of the words are more than articles, prepositions and the like. */
export function contentWords(words: readonly string[]): number {
  return words.filter((word) => !SMALL_WORDS.has(word)).length;
}

/** An address's last part naming the page: "354569470_Safety_and_Efficacy_of_…_through_6_Months". */
const SLUG = /\/(?:\d+[_-])?([\p{L}\d]+(?:[_-]+[\p{L}\d]+){3,})\/?$/u;

/**
 * A page title cut short, whole again from the page's address when the address spells the title
 * out (ResearchGate's, Semantic Scholar's): "(PDF) Safety and Efficacy of the BNT162b2 mRNA
 * Covid-19 Vaccine ..." under ".../354569470_Safety_and_Efficacy_of_the_BNT162b2_mRNA_Covid-19_Vaccine_through_6_Months"
 * is the follow-up's title, not the first paper's. Otherwise the title as it is.
 */
export function titleFromAddress(url: string, title: string): string {
  if (!CUT_SHORT.test(title)) return title;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return title;
  }
  // Words joined by underscores keep their own hyphens ("Covid-19"); else hyphens join them.
  const joined = SLUG.exec(path)?.[1];
  const slug = joined?.replace(joined.includes("_") ? /_+/g : /-+/g, " ");
  const cut = paperTitle(title);
  if (slug === undefined || cut === null) return title;
  const whole = normalizeTitle(slug);
  return whole.length > cut.text.length && whole.startsWith(`${cut.text} `) ? slug : title;
}

/** Separators between a title and its subtitle, its short name in brackets, or a site's or journal's name after it. */
const SUBTITLE = /\s[-–—|]\s|\s::\s|[:.?!]\s|\s\(/u;

/**
 * The title before its first subtitle separator, normalized, when that part alone is long enough
 * to name a paper: "Dexamethasone in Hospitalized Patients with Covid-19 — Preliminary Report" is
 * the paper "Dexamethasone in Hospitalized Patients with Covid-19"; null when there is none.
 */
export function mainTitle(title: string): string | null {
  const at = SUBTITLE.exec(title)?.index;
  if (at === undefined) return null;
  const main = normalizeTitle(title.slice(0, at));
  return isQuotable(main) ? main : null;
}

export interface TitledPage {
  /** A page of a paper (see the top). */
  isPaper: boolean;
  /** The page's title as written. */
  title: string;
  /** The title as syndication compares it (normalizeTitle), asked for only when a page is a paper's. */
  normalizedTitle: () => string;
  snippet: string;
  /** An encyclopedia's article: it joins a paper by its own title only, never by naming one. */
  reference?: boolean;
}

/**
 * Pairs of pages that carry one paper: equal titles, or one title the beginning of the other when
 * that one is cut short or is the other's main title, where one of the two is a page of a paper;
 * and pages quoting a paper page's title in their own title or snippet. Pairs may repeat; the
 * caller joins them. `titles` gets each paper page's title.
 */
export function paperTitleLinks(
  pages: readonly TitledPage[],
  titles: (PaperTitle | null)[] = [],
): [number, number][] {
  if (!pages.some((page) => page.isPaper)) return [];
  const byText = new Map<string, number[]>();
  const quotable = new Set<string>();
  // Texts of titles cut short, and each text's main title (its first page's).
  const cutTexts = new Set<string>();
  const mainOf = new Map<string, string | null>();
  pages.forEach((page, index) => {
    let text: string | null = null;
    let cut = false;
    if (page.isPaper) {
      const title = paperTitle(page.title);
      titles[index] = title;
      if (title?.quotable) quotable.add(title.text);
      text = title?.text ?? null;
      cut = title?.cut ?? false;
    } else if (PDF_MARK.test(page.title)) {
      // A document a search engine marks "[PDF]" is titled as a paper is, wherever it is kept.
      const title = paperTitle(page.title);
      text = title?.text ?? null;
      cut = title?.cut ?? false;
    } else {
      const normalized = page.normalizedTitle();
      if (normalized.split(" ").length >= MIN_WORDS) text = normalized;
      cut = CUT_SHORT.test(page.title) || CUT_BEFORE_SITE.test(page.title);
    }
    if (text === null) return;
    if (cut) cutTexts.add(text);
    const same = byText.get(text);
    if (same) same.push(index);
    else {
      byText.set(text, [index]);
      mainOf.set(text, mainTitle(titles[index]?.display ?? page.title));
    }
  });
  const links: [number, number][] = [];
  const hasPaper = (members: readonly number[]) => members.some((m) => pages[m]?.isPaper);
  for (const members of byText.values()) {
    if (members.length > 1 && hasPaper(members)) {
      for (const member of members.slice(1)) links.push([members[0] as number, member]);
    }
  }
  // A title that begins another is its main title on another site, not on another journal's (a
  // team's follow-up in another journal under the first title and a few words).
  // A journal's page that no paper's site or identifier marks names its journal all the same.
  const journals = new Map<number, ReadonlySet<string>>();
  const journalsOf = (index: number): ReadonlySet<string> => {
    const known = titles[index]?.journals ?? journals.get(index);
    if (known !== undefined) return known;
    const named = framedJournals(pages[index]?.title ?? "");
    journals.set(index, named);
    return named;
  };
  const inOtherJournals = (a: number, b: number) => differ(journalsOf(a), journalsOf(b));
  // Pages of a group with a paper's page are tied already: one of them stands for the group.
  const standing = (members: number[]) => (hasPaper(members) ? members.slice(0, 1) : members);
  // A title and the titles it begins are neighbours once sorted.
  const texts = [...byText.keys()].sort();
  texts.forEach((text, position) => {
    const members = byText.get(text) ?? [];
    if (!isQuotable(text)) return;
    for (let next = position + 1; next < texts.length; next += 1) {
      const other = texts[next] as string;
      if (!other.startsWith(`${text} `)) break;
      if (!cutTexts.has(text) && mainOf.get(other) !== text) continue;
      const others = byText.get(other) ?? [];
      if (!hasPaper(members) && !hasPaper(others)) continue;
      if (members.some((member) => others.some((page) => inOtherJournals(member, page)))) continue;
      // A longer title whose page says it goes on from earlier work is that work's follow-up.
      const goesOn = (page: number) => goesOnFromEarlierWork(pages[page]?.snippet ?? "");
      if (!cutTexts.has(text) && others.some(goesOn) && !members.some(goesOn)) continue;
      for (const member of standing(members)) for (const page of standing(others)) links.push([member, page]);
    }
  });
  links.push(...quotations(pages, [...quotable].slice(0, MAX_QUOTED_TITLES), byText));
  return links;
}

/** Whether two papers' pages are in two journals, as their frames name them: two works. */
export function otherJournals(a: PaperTitle | null | undefined, b: PaperTitle | null | undefined): boolean {
  return !!a && !!b && differ(a.journals, b.journals);
}

function differ(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size > 0 && b.size > 0 && ![...a].some((key) => b.has(key));
}

function isQuotable(text: string): boolean {
  return (
    text.split(" ").length >= MIN_WORDS_IN_PART && text.replaceAll(" ", "").length >= MIN_LETTERS_IN_PART
  );
}

/**
 * Pages (not themselves pages of a paper, nor encyclopedia articles) whose title or snippet quotes
 * a paper page's title, the quotation ending there: before punctuation or at the end.
 */
function quotations(
  pages: readonly TitledPage[],
  quotable: readonly string[],
  byText: ReadonlyMap<string, number[]>,
): [number, number][] {
  const links: [number, number][] = [];
  const quoted = quotable.flatMap((text) => {
    const paper = byText.get(text)?.find((m) => pages[m]?.isPaper);
    return paper === undefined ? [] : [{ text: ` ${text} `, paper }];
  });
  if (quoted.length === 0) return links;
  pages.forEach((page, index) => {
    if (page.isPaper || page.reference) return;
    const own = ` ${page.normalizedTitle()} ${normalizeSnippet(page.snippet)} `;
    for (const { text, paper } of quoted) {
      if (own.includes(text) && quotesWhole(page, text.trim())) links.push([paper, index]);
    }
  });
  return links;
}

/**
 * Whether the page's title holds the paper's title as all of one of its parts (between
 * punctuation, or its ends), or its snippet holds it ending before punctuation or at its end.
 * Compared part by part: the text cut at punctuation, each part normalized like a title.
 */
function quotesWhole(page: TitledPage, text: string): boolean {
  // The title's own punctuation may stand between its words.
  const words = text.split(" ").join(String.raw`(?: \|)? `);
  const inTitle = new RegExp(String.raw`(?:^|\| )${words}(?: \||$)`);
  const inSnippet = new RegExp(String.raw`(?:^| )${words}(?: \||$)`);
  return inTitle.test(parts(page.title)) || inSnippet.test(parts(page.snippet));
}

/** Punctuation that ends a quotation (a dot or an apostrophe only when a space or the end follows). */
const PUNCTUATION = /\s*(?:[,;:!?"“”«»()[\]{}|–—]|\.(?=\s|$)|\s-\s|(?<=^|\s)['‘]|['’](?=\s|$))\s*/gu;

/**
 * The text's parts between punctuation, each normalized like a title, joined by " | ". White space
 * is made single first: PUNCTUATION's `\s*` on each side retries a long run of spaces from each of
 * its positions (20,000 spaces: 3 s).
 */
function parts(raw: string): string {
  return raw
    .replace(/\s+/gu, " ")
    .split(PUNCTUATION)
    .map((part) => normalizeTitle(part))
    .filter(Boolean)
    .join(" | ");
}
