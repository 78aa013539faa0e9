import { appendTo } from "../util/append-to.js";
import { contentWords } from "./title-fingerprint.js";
import { titlesDisagree } from "./title-polarity.js";

/**
 * Trade press retelling a release under a headline and in words of its own, crediting no one:
 * "Orvella to buy small-business lender Cashwren for $1.2B" for the release "Orvella to Acquire
 * Cashwren for $1.2 Billion, Expanding Embedded Lending for Small Businesses". What it keeps are
 * the release's facts: the company, the names the release is about (the company it buys, the
 * product it launches) and its figures (an amount, a capacity, a result). A page joins a release
 * when it names
 *
 * - the company and another of the release's names, with one of its figures, or
 * - the company or another of its names, with two of its figures,
 *
 * its headline names the company or one of those names, and it was published within
 * {@link MAX_DAYS} days of the release (when both dates are known). The release's names are the
 * words its headline capitalises that its text capitalises too in mid-sentence ("to acquire
 * Kestrel Vision"): a product's or a company's name or a model's code ("V9"), not a headline's
 * title case ("Expanding", "Heat Pump"). Its figures carry a currency, a scale or a unit ("$214 million" is "$214M", "8
 * billion parameters" is "8B-parameter", "6 watts" is "6W", "12 weeks" is "12-week", "9%" is
 * "9.0%", "23 Minutes" is "23 mins"), or are counts written in thousands ("7,000+ Steps"): a bare
 * small number is as often a model's or a year. A release's other
 * news (its results, its completion of the deal) is a release of its own and never joins here;
 * an analysis days later, a fact check (title-polarity.ts), a page that fits two of the
 * company's releases and a page on a site where a company keeps its own releases (its product
 * page beside its newsroom) stay apart. A public body's release (a regulator's order, an office's
 * figures) is retold by no one: the outlets that give its facts report public news in their own
 * words, each its own voice.
 */

export interface FactPage {
  title: string;
  snippet: string;
  /** The site's name; null when unknown. */
  site: string | null;
  /** A release (its distributor's copy, its newsroom's). */
  release: boolean;
  /** A distributor's copy of a release, on its site or a portal's ("(BUSINESS WIRE)--"). */
  distributed: boolean;
  /**
   * On a public body's site: its release is an announcement outlets report as news of their own, and
   * its other pages (a register's record of a product) retell no company's release.
   */
  publicBody: boolean;
  /**
   * An agency's story, a paper's page, a selling page (the brand's own product page repeats its
   * launch release's figures) or a forum's thread: a voice of its own, not a retelling.
   */
  ownVoice: boolean;
  day: number | null;
}

/** A headline of its own retells a release of these days, not the company's news of last month. */
const MAX_DAYS = 3;
/** Releases looked at (distinct titles, the first seen). */
const MAX_RELEASES = 100;
/** A name must be this long: "Reach", "Tundra"; not "Inc" or "New". A model's code ("V9", "X5") may be shorter. */
const MIN_NAME_LETTERS = 4;
/** A model's code: letters and digits together. */
const MODEL_CODE = /^(?=.*\p{L})(?=.*\d)[\p{L}\d-]{2,}$/u;

const UNIT: Record<string, string> = {
  billion: "e9",
  bn: "e9",
  b: "e9",
  million: "e6",
  mn: "e6",
  m: "e6",
  thousand: "e3",
  k: "e3",
};
/**
 * "$1.2 Billion", "$214M", "8 billion parameters", "8B-parameter", "20 kWh", "-22°F", "9.0%",
 * "6 watts", "40 TOPS", "12-week", "600-Megawatt" and "600MW", "2,400MWh", "16-ounce" and "16 oz".
 */
const FIGURE =
  /(?<![\p{L}\d.])([$€£])?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[\s-]?(?:(billion|bn|million|mn|thousand|[bmk])(?![\p{L}])|(%|percent\b|kwh\b|kw\b|wh\b|mah\b|[mg]wh\b|[mg]w\b|(?:mega|giga)watt(?:[- ]hours?)?s?\b|mg\b|oz\b|ounces?\b|pounds?\b|°\s?[fc]\b|mph\b|mpg\b|gb\b|tb\b|ghz\b|mhz\b|gbps\b|mbps\b|fps\b|tops\b|w\b|watts?\b|mp\b|nm\b|kg\b|lbs?\b|inch(?:es)?\b|x\b|(?:minute|hour|day|week|month|year)s?\b|mins?\b))?/giu;
/** Units written two ways: "6 watts" is "6W". */
const UNIT_SPELLINGS: Record<string, string> = {
  percent: "%",
  watt: "w",
  watts: "w",
  min: "minute",
  mins: "minute",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  ounce: "oz",
  ounces: "oz",
  megawatt: "mw",
  megawatts: "mw",
  gigawatt: "gw",
  gigawatts: "gw",
  "megawatt-hour": "mwh",
  "megawatt-hours": "mwh",
  megawatthour: "mwh",
  megawatthours: "mwh",
  "gigawatt-hour": "gwh",
  "gigawatt-hours": "gwh",
  gigawatthour: "gwh",
  gigawatthours: "gwh",
};
/** A sentence's start: a word after it is capitalised whatever it is. */
const SENTENCE_START = /(?:^|[.!?:;—–]|--|\))\s*["“'‘(]?$/;

interface Release {
  page: number;
  site: string | null;
  day: number | null;
  title: string;
  /** The company's first word, as written ("Orvella"). */
  company: string;
  /** The release's other names, as written ("Cashwren", "Kestrel", "Vision"). */
  names: string[];
  figures: ReadonlySet<string>;
}

/** Pairs (release, page) of a release and a page retelling its facts (see the top). */
export function releaseFactLinks(
  pages: readonly FactPage[],
  oneOrigin: (a: number, b: number) => boolean,
): [number, number][] {
  const releases = readReleases(pages);
  if (releases.length === 0) return [];
  const byWord = new Map<string, Release[]>();
  for (const release of releases) {
    for (const word of [release.company, ...release.names]) appendTo(byWord, word, release);
  }
  const ownSites = new Set(
    pages.filter((page) => page.release && !page.distributed).map((page) => page.site),
  );
  const fits = new Map<number, number[]>();
  pages.forEach((page, index) => {
    // A page on a site where a company keeps its own releases (its newsroom) is the company's own
    // page, its product page say, not a retelling.
    if (page.release || page.ownVoice || page.publicBody || (page.site !== null && ownSites.has(page.site)))
      return;
    const headline = new Set(capitalisedWords(page.title));
    const candidates = new Set<Release>();
    for (const word of headline) for (const release of byWord.get(word) ?? []) candidates.add(release);
    if (candidates.size === 0) return;
    const text = `${page.title} ${page.snippet}`;
    const words = new Set(capitalisedWords(text));
    const figures = figuresOf(text);
    for (const release of candidates) {
      if ((release.site !== null && release.site === page.site) || daysApart(release.day, page.day)) continue;
      const company = words.has(release.company);
      const names = release.names.filter((name) => words.has(name)).length;
      let shared = 0;
      for (const figure of figures) if (release.figures.has(figure)) shared++;
      const retold = shared >= 1 && ((company && (names >= 1 || shared >= 2)) || (names >= 1 && shared >= 2));
      if (retold && !titlesDisagree(release.title, page.title)) appendTo(fits, index, release.page);
    }
  });
  const links: [number, number][] = [];
  for (const [page, releasesFit] of fits) {
    const [first] = releasesFit as [number];
    if (releasesFit.every((fit) => oneOrigin(first, fit))) links.push([first, page]);
  }
  return links;
}

/** The releases, one per headline (its copies' texts read together), with their facts. */
function readReleases(pages: readonly FactPage[]): Release[] {
  const byTitle = new Map<string, number[]>();
  pages.forEach((page, index) => {
    if (!page.release) return;
    const key = contentWords(page.title).join(" ");
    if (byTitle.has(key) || byTitle.size < MAX_RELEASES) appendTo(byTitle, key, index);
  });
  const releases: Release[] = [];
  for (const copies of byTitle.values()) {
    if (copies.some((copy) => (pages[copy] as FactPage).publicBody)) continue;
    const first = pages[copies[0] as number] as FactPage;
    const titleWords = words(first.title);
    const company = titleWords[0];
    if (company === undefined || !/^\p{Lu}[\p{Ll}\p{Lu}\d'’&-]{2,}$/u.test(company)) continue;
    const snippets = copies.map((copy) => (pages[copy] as FactPage).snippet);
    const companyWords = companyName(titleWords, snippets);
    const names = titleWords.filter(
      (word, i) =>
        i >= companyWords &&
        /^\p{Lu}/u.test(word) &&
        (MODEL_CODE.test(word) || (word.length >= MIN_NAME_LETTERS && word !== word.toUpperCase())) &&
        snippets.some((snippet) => capitalisedMidSentence(snippet, word)),
    );
    const figures = new Set<string>();
    for (const copy of copies) {
      const page = pages[copy] as FactPage;
      for (const figure of figuresOf(`${page.title} ${page.snippet}`)) figures.add(figure);
    }
    releases.push({
      page: copies[0] as number,
      site: first.site,
      day: first.day,
      title: first.title,
      company,
      names: [...new Set(names)],
      figures,
    });
  }
  return releases;
}

/** How many of the headline's first words the texts give together as the company's name. */
function companyName(titleWords: readonly string[], snippets: readonly string[]): number {
  let length = 1;
  while (length < titleWords.length) {
    const name = titleWords.slice(0, length + 1).join(" ");
    if (!snippets.some((snippet) => snippet.includes(name))) break;
    length++;
  }
  return length;
}

function capitalisedMidSentence(text: string, word: string): boolean {
  let at = text.indexOf(word);
  while (at >= 0) {
    const after = text.charAt(at + word.length);
    const whole = !/[\p{L}\d]/u.test(text.charAt(at - 1)) && !/[\p{L}\d]/u.test(after);
    if (whole && !SENTENCE_START.test(text.slice(Math.max(0, at - 4), at))) return true;
    at = text.indexOf(word, at + word.length);
  }
  return false;
}

function capitalisedWords(text: string): string[] {
  return words(text).filter((word) => /^\p{Lu}/u.test(word));
}

/** A text's words, a possessive's "'s" left off ("Aurevia's" is "Aurevia"). */
function words(text: string): string[] {
  return text
    .split(/[^\p{L}\d'’&-]+/u)
    .map((word) => word.replace(/['’]s?$/u, ""))
    .filter(Boolean);
}

/** The figures a text gives with a currency or a unit, normalised ("$1.2 Billion" → "$1.2e9"). */
export function figuresOf(text: string): Set<string> {
  const figures = new Set<string>();
  for (const match of text.matchAll(FIGURE)) {
    const [, currency, digits, scale, unit] = match;
    // A bare number is as often a model's or a year, unless it is written in thousands ("7,000").
    if (!currency && !unit && !scale && !(digits as string).includes(",")) continue;
    const value = Number((digits as string).replaceAll(",", ""));
    const scaled = scale ? Number(`${value}${UNIT[scale.toLowerCase()]}`) : value;
    const written = unit ? unit.toLowerCase().replace(/\s/g, "") : "";
    const unitKey = UNIT_SPELLINGS[written] ?? written.replace(/(?<=[a-z]{3})s$/, "");
    figures.add(`${currency ?? ""}${scaled}${unitKey}`);
  }
  return figures;
}

function daysApart(release: number | null, page: number | null): boolean {
  return release !== null && page !== null && Math.abs(page - release) > MAX_DAYS;
}
