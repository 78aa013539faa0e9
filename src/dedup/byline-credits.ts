import type { OriginTraits } from "./origin-traits.js";
import { contentWords } from "./title-fingerprint.js";

/**
 * The partner a page's byline or provider line credits: "By Delia Horvath and KFF Health News",
 * "By Delia Horvath, KFF Health News", and the provider an aggregator's snippet opens with ("KFF
 * Health News · Tue, March 11, 2025") or the names it opens with ("Renée Ortega, KFF Health News."). A byline alone cannot tell a partner from a second author
 * ("By Jane Doe and John Smith") nor a role ("By Jane Doe, Staff Writer"): origins.ts takes the name
 * only where it is the site of another result.
 */
const NAME = "[A-Z][\\w&'\u2019-]*(?: (?:of |for |the |de )?[A-Z][\\w&'\u2019-]*){0,4}";
const PERSON = "[A-Z][\\p{L}'\u2019.-]+(?: [A-Z][\\p{L}'\u2019.-]+){0,3}";
// "By Dana K. Whitfield, Kansas State University, The Conversation": the last name is the source.
const BYLINE = new RegExp(`\\bBy ${PERSON}((?:(?:,| and) ${NAME})+)`, "u");
const PROVIDER = new RegExp(`^(?!By )(?:The )?(${NAME}) [·•] `, "u");
// A partner's byline without "By", opening the snippet after its date, as NPR prints one: "Jun 17,
// 2025 — Renée Ortega and Sam Whitfield, KFF Health News. In the same city, …". Names of two words
// or more in title case, and a sentence after the source: a dateline ("BATON ROUGE, La. — The …")
// is none.
const FULL_NAME = "\\p{Lu}\\p{Ll}[\\p{L}'\u2019.-]*(?: \\p{Lu}[\\p{L}'\u2019.-]*){1,3}";
const OPENING_BYLINE = new RegExp(
  `^(?:[A-Z][a-z]{2,8}\\.? \\d{1,2}, \\d{4} [—–-] )?${FULL_NAME}(?: and ${FULL_NAME})?, (${NAME})\\.\\s+(?=["\u201c]?\\p{Lu})`,
  "u",
);

/** The name a byline or a leading provider line credits, as written, or undefined. */
export function bylineCredit(snippet: string): string | undefined {
  const names = BYLINE.exec(snippet)?.[1];
  if (names !== undefined) return names.split(/, | and /).at(-1);
  return PROVIDER.exec(snippet)?.[1] ?? OPENING_BYLINE.exec(snippet)?.[1];
}

/**
 * A source's name as a site name reads: "KFF Health News" and kffhealthnews.org are
 * "kffhealthnews", "The Conversation" and theconversation.com "theconversation" (a credit may drop
 * the article: "republished from Conversation" is read as the same).
 */
export function squashedName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The site names a source's squashed name may be: itself, with the article before it, or without. */
function namesOfSite(name: string): string[] {
  return [name, `the${name}`, ...(name.startsWith("the") ? [name.slice(3)] : [])];
}

/** Whether a site's name is a source's squashed name, with or without the article before it. */
export function isSiteOf(site: string | null, name: string): boolean {
  return site !== null && namesOfSite(name).includes(site);
}

/**
 * The source each page carries, as a site name reads it: the one a republishing credit names; the
 * one its byline or provider line names where that is another result's site (a byline cannot tell
 * a partner from a co-author); and, for a page on a site some other page credits, that site, whose
 * own page it is.
 */
export function creditedSources(traits: readonly OriginTraits[]): (string | undefined)[] {
  const sites = new Set(traits.map((t) => t.site));
  // A name as the results' site that carries it, if one does ("The Conversation", theconversation.com).
  const siteNamed = (name: string) => namesOfSite(name).find((site) => sites.has(site));
  const credited = traits.map((t) => {
    if (t.upstream !== undefined) {
      const name = squashedName(t.upstream);
      return siteNamed(name) ?? name;
    }
    const partner = t.byline === undefined ? undefined : siteNamed(squashedName(t.byline));
    return partner !== undefined && partner !== t.site ? partner : undefined;
  });
  const names = new Set(credited);
  return traits.map(
    (t, index) => credited[index] ?? (t.site !== null && names.has(t.site) ? t.site : undefined),
  );
}

/** Telling words a credited copy under a headline of its own shares with the source's page it carries. */
const MIN_SHARED_WORDS = 4;
/** A source's own pages a copy is compared with, the first ones seen. */
const MAX_SOURCE_PAGES = 50;
/** A copy republished this many days after its source's page, or fewer. */
const MAX_DAYS = 7;

export interface CreditedPage {
  title: string;
  snippet: string;
  site: string | null;
  day: number | null;
}

/**
 * A copy that credits its source ("This story was produced by KFF Health News and is republished
 * here", "Originally published by KFF Health News") under a headline of its own ("Labor and
 * delivery closures leave Montana mothers on the road") carries the one page of that source's site
 * it shares the most telling words with (its people, places, figures: "Kayla Brenner", "145
 * miles"): at least {@link MIN_SHARED_WORDS}, more than with any other page of the source, and
 * published within {@link MAX_DAYS} days of it. Pairs (the source's page, the copy).
 */
export function creditedCopyLinks(
  pages: readonly CreditedPage[],
  sourceOf: readonly (string | undefined)[],
): [number, number][] {
  // Telling words, read only for the pages compared.
  const words = new Map<number, ReadonlySet<string>>();
  const wordsOf = (index: number): ReadonlySet<string> => {
    let found = words.get(index);
    if (found === undefined) {
      const page = pages[index] as CreditedPage;
      found = new Set(contentWords(`${page.title} ${page.snippet}`));
      words.set(index, found);
    }
    return found;
  };
  const own = new Map<string, number[]>();
  pages.forEach((page, index) => {
    if (page.site !== null && sourceOf[index] === page.site) {
      const list = own.get(page.site) ?? [];
      if (list.length < MAX_SOURCE_PAGES) list.push(index);
      own.set(page.site, list);
    }
  });
  if (own.size === 0) return [];
  const links: [number, number][] = [];
  pages.forEach((page, index) => {
    const source = sourceOf[index];
    if (source === undefined || source === page.site) return;
    const words = wordsOf(index);
    const scored = (own.get(source) ?? [])
      .filter((other) => !apart(pages[other] as CreditedPage, page))
      .map((other) => ({ other, shared: [...wordsOf(other)].filter((word) => words.has(word)).length }))
      .sort((a, b) => b.shared - a.shared);
    const [best, second] = scored;
    if (
      best !== undefined &&
      best.shared >= MIN_SHARED_WORDS &&
      (second === undefined || second.shared < best.shared)
    )
      links.push([best.other, index]);
  });
  return links;
}

function apart(a: CreditedPage, b: CreditedPage): boolean {
  return a.day !== null && b.day !== null && Math.abs(a.day - b.day) > MAX_DAYS;
}
