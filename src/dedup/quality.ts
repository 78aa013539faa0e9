import { isNormalizationInert } from "./inert-text.js";
import { type Marketing, marketingOf } from "./marketing.js";
import { newsSources } from "./news-sources.js";
import { pageAddress } from "./page-address.js";

/**
 * Source quality floor. "low" de-weights an item when agreement is counted; it never removes it,
 * so the signals aim at few false positives: an ordinary headline, with or without numbers, stays
 * "normal".
 *
 * Signals, first match wins:
 * 1. the domain is a content farm, an article directory (src/data/news-sources.json) or not an
 *    article source;
 * 2. a clickbait title ("you won't believe", "will shock you", "one weird trick");
 * 3. affiliate-review boilerplate ("reviewed & rated", "Best … 2026 … tested");
 * 4. keyword stuffing: one content word three or more times in the title, not counting a word
 *    repeated back to back for rhetoric ("Tariffs, tariffs, tariffs");
 * 5. a selling page: a shop's or vendor's product page, an affiliate's page (marketing.ts); its
 *    claims are the vendor's;
 * 6. on counter-query results only, a listicle title ("10 disadvantages of …", "Top 7 reasons …",
 *    "7 things you need to know"). Criticism queries ("X problems drawbacks") are where SEO
 *    listicles crowd out reporting; on the other calls a numbered explainer is ordinary.
 *
 * Only the title is read for the other text signals: snippets quote other people's words. Selling
 * words in a snippet ("add to cart") are the page's own.
 */

export interface QualityInput {
  url: string;
  domain: string;
  title: string;
  snippet: string;
  fromCounterQuery: boolean;
  /** The page's selling signs when already read (origin-traits.ts); read here when left out. */
  marketing?: Marketing | null;
}

export interface QualityResult {
  quality: "normal" | "low";
  reason: string | null;
}

/** Pinterest under any country domain (pinterest.com, pinterest.co.uk, pinterest.de …). */
const PINTEREST = /(?:^|\.)pinterest\.(?:[a-z]{2,3})(?:\.[a-z]{2})?$/;

const CLICKBAIT: readonly RegExp[] = [
  /\byou won['’]?t believe\b/i,
  /\bwill (?:shock|amaze|stun|blow) you\b/i,
  /\bblow your mind\b/i,
  /\bwhat happen(?:s|ed) next\b/i,
  /\bdoctors hate\b/i,
  /\b(?:one|this) weird trick\b/i,
  /\bnumber \d+ will\b/i,
];

const REVIEW_PAIR = /\b(?:reviewed|tested)\s*(?:&|and)\s*(?:rated|reviewed|tested|ranked)\b/i;
const BEST_OF = /\b(?:best|top)\b/i;
const YEAR = /\b20\d{2}\b/;
const REVIEW_WORDS =
  /\b(?:reviewed|rated|tested|ranked|compared|buying guide|buyer['’]?s guide|top picks)\b/i;

const NUMBER = String.raw`(?:\d{1,3}|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)`;
const LIST_NOUN = `(?:${[
  "best",
  "worst",
  "biggest",
  "reasons?",
  "things?",
  "ways?",
  "signs?",
  "tips?",
  "facts?",
  "myths?",
  "mistakes?",
  "problems?",
  "disadvantages?",
  "drawbacks?",
  "downsides?",
  "cons",
  "secrets?",
  "hacks?",
  "tricks?",
  "dangers?",
  "side effects?",
  "lies",
  "red flags?",
  "alternatives?",
].join("|")})`;
const LISTICLE: readonly RegExp[] = [
  // "10 Disadvantages of …", "The 7 Biggest …", "Top 5 Reasons …", "7 hidden dangers of …"
  new RegExp(String.raw`^\s*(?:the\s+)?(?:top\s+)?${NUMBER}\s+(?:[a-z]+\s+)?${LIST_NOUN}\b`, "i"),
  new RegExp(String.raw`^\s*top\s+${NUMBER}\b`, "i"),
  // "Solar panels: 7 things you need to know", "… 5 reasons why …"
  new RegExp(
    String.raw`\b${NUMBER}\s+(?:[a-z]+\s+)?(?:things|reasons|ways|signs|facts|myths|mistakes|secrets)\s+(?:you|your|why|to|that|about|everyone|nobody|we)\b`,
    "i",
  ),
];

/**
 * Words a title may repeat without stuffing it. Not the stop-word list (src/data/stop-words.json):
 * that one is for fingerprints, and ignoring all of it here would let more stuffed titles pass.
 */
const STUFFING_IGNORED = new Set(
  "the and for with from that this what your you are how why best top new not".split(" "),
);

export function qualityOf(item: QualityInput): QualityResult {
  const host = hostOf(item);
  const listed = newsSources().lowQualityDomains.find(
    ({ domain }) => host === domain || host.endsWith(`.${domain}`),
  );
  if (listed) return low(`${listed.why}: ${listed.domain}`);
  if (PINTEREST.test(host)) return low("not an article source: pinterest");

  const title = item.title;
  if (CLICKBAIT.some((pattern) => pattern.test(title))) return low("clickbait title");
  if (REVIEW_PAIR.test(title) || (BEST_OF.test(title) && YEAR.test(title) && REVIEW_WORDS.test(title))) {
    return low("affiliate review boilerplate");
  }
  const stuffed = repeatedWord(title);
  if (stuffed !== null) return low(`keyword-stuffed title ("${stuffed}" repeated)`);
  const marketing = item.marketing === undefined ? marketingOf(item, pageAddress(item.url)) : item.marketing;
  if (marketing !== null) return low(`selling page: ${marketing.reason}`);
  if (item.fromCounterQuery && LISTICLE.some((pattern) => pattern.test(title))) {
    return low("listicle on a counter-query result");
  }
  return { quality: "normal", reason: null };
}

function low(reason: string): QualityResult {
  return { quality: "low", reason };
}

/** A content word used three or more times, not counting back-to-back repeats. */
function repeatedWord(title: string): string | null {
  // A title whose letters and digits are all ASCII (most) splits the same without Unicode classes.
  const lower = title.toLowerCase();
  const words = (
    isNormalizationInert(title) ? lower.split(/[^a-z0-9]+/) : lower.split(/[^\p{L}\p{N}]+/u)
  ).filter(Boolean);
  const counts = new Map<string, number>();
  let previous = "";
  for (const word of words) {
    if (word === previous) continue;
    previous = word;
    if (word.length < 3 || isNumber(word) || STUFFING_IGNORED.has(word)) continue;
    const seen = (counts.get(word) ?? 0) + 1;
    if (seen >= 3) return word;
    counts.set(word, seen);
  }
  return null;
}

/** Whether the word is ASCII digits only (as `/^\d+$/` reads it), without a regex per word. */
function isNumber(word: string): boolean {
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return word.length > 0;
}

function hostOf(item: QualityInput): string {
  const domain = item.domain.trim().toLowerCase();
  if (domain) return domain.replace(/^www\./, "").replace(/\.$/, "");
  try {
    return new URL(item.url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}
