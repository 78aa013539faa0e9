import { creditedCopyLinks } from "./byline-credits.js";
import { canonicalUrl } from "./canonical-url.js";
import { originKeys } from "./origin-keys.js";
import type { OriginTraits } from "./origin-traits.js";
import type { LinkKind } from "./origin-why.js";
import type { OriginItem } from "./origins.js";
import { storyIds } from "./story-ids.js";
import { prepareTitle } from "./syndication.js";
import { contentWords, titleFingerprint } from "./title-fingerprint.js";
import { unnamedAgencyKeys } from "./unnamed-agency.js";

/**
 * The ties pages share by a key or a credit rather than by their wording: an identifier, an agency
 * story's headline, a republishing credit, one page's addresses and story number, a publisher's or
 * a vendor's sites, a credited copy under a headline of its own. origins.ts joins what they tie.
 */

/**
 * Bounds on what a refused link costs: the groups one key may start (a page that none of them takes
 * stays apart).
 */
const MAX_GROUPS_PER_KEY = 8;
/** A path shorter than this ("/news/1") names a section or a home page as often as a page. */
const MIN_PAGE_PATH = 10;

/**
 * Whether two titles are one headline, framed or cut differently: they share at least half the
 * content words of the shorter (a title with fewer than two says nothing against it).
 */
function sameHeadline(a: string, b: string): boolean {
  const [x, y] = [contentWords(prepareTitle(a).title), contentWords(prepareTitle(b).title)];
  if (x.length < 2 || y.length < 2) return true;
  const [shorter, longer] = x.length <= y.length ? [x, new Set(y)] : [y, new Set(x)];
  return shorter.filter((word) => longer.has(word)).length * 2 >= shorter.length;
}

/** A page's path as pages are compared (canonical-url.ts), lower-cased. */
export function pathOf(item: OriginItem): string {
  const canonical = item.canonicalUrl ?? canonicalUrl(item.url) ?? "";
  return canonical.slice(canonical.indexOf("/")).toLowerCase();
}

/**
 * One page of a site under its other domains: the site's name and the page's path
 * ("bbc.com/news/articles/c4gz1r9kxl3o" and "bbc.co.uk/news/articles/c4gz1r9kxl3o.amp"), for a
 * path that names a page (a number or a hyphen in it: "/news" is a section of many sites).
 */
function sitePageKey(canonical: string | null, site: string): string | null {
  if (canonical === null) return null;
  const path = canonical.slice(canonical.indexOf("/")).replace(/\.amp$|\/amp$/, "");
  return path.length >= MIN_PAGE_PATH && /[\d-]/.test(path) ? `${site}${path}` : null;
}

/**
 * Ties pages by a key: each page to the first of the pages sharing it, or, where that link is
 * refused, to the first of another group the key started (at most {@link MAX_GROUPS_PER_KEY}).
 * With `apart` (days between two pages, or null when unknown), a page tries the groups whose
 * first page is nearest its own day first: a report of a trial's results joins the results'
 * release, not the enrolment's of a year before.
 */
export function keyTies(
  link: (a: number, b: number, kind: LinkKind) => boolean,
  apart?: (a: number, b: number) => number | null,
): (key: string, index: number, kind: LinkKind) => void {
  const withKey = new Map<string, number[]>();
  return (key, index, kind) => {
    const firsts = withKey.get(key);
    if (firsts === undefined) {
      withKey.set(key, [index]);
      return;
    }
    const distance = (first: number) => apart?.(first, index) ?? Number.POSITIVE_INFINITY;
    const tried = apart && firsts.length > 1 ? [...firsts].sort((x, y) => distance(x) - distance(y)) : firsts;
    if (!tried.some((first) => link(first, index, kind)) && firsts.length < MAX_GROUPS_PER_KEY) {
      firsts.push(index);
    }
  };
}

/**
 * Pages sharing a key are one origin: an agency story's or a release's headline (origin-keys.ts;
 * agency copy naming no agency, unnamed-agency.ts),
 * a paper's identifier, a credited upstream source's story, a publisher
 * group, one site's story number (story-ids.ts), or (for a vendor's own selling pages, not a shop's)
 * the vendor's name across its domains with the product the page sells.
 */
export function linkSharedKeys(
  items: readonly OriginItem[],
  traits: readonly OriginTraits[],
  sourceOf: readonly (string | undefined)[],
  link: (a: number, b: number, kind: LinkKind) => boolean,
): void {
  const tie = keyTies(link);
  // One story's addresses carry one headline: a number two pages share under two headlines is an
  // author's or a section's ("/author/10482733/…"), not the story's.
  const tieStory = keyTies(
    (a, b, kind) => sameHeadline(items[a]?.title ?? "", items[b]?.title ?? "") && link(a, b, kind),
  );
  // One page under a site's two domains: only sites found under more than one host can have one.
  const hostsOfSite = new Map<string, string>();
  const sitesOnSeveralHosts = new Set<string>();
  for (const { site, host } of traits) {
    if (site === null) continue;
    const first = hostsOfSite.get(site);
    if (first === undefined) hostsOfSite.set(site, host);
    else if (first !== host) sitesOnSeveralHosts.add(site);
  }
  const agencyStoryOf = unnamedAgencyKeys(
    items.map((item) => item.title),
    traits,
  );
  items.forEach((item, index) => {
    const own = traits[index] as OriginTraits;
    for (const { kind, key } of originKeys(item, own)) tie(key, index, kind === "doi" ? "paper" : kind);
    const agencyStory = agencyStoryOf[index];
    if (agencyStory !== undefined) tie(agencyStory, index, "wire");
    const source = sourceOf[index];
    const story = source === undefined ? null : titleFingerprint(item.title);
    if (story !== null) tie(`upstream:${source}:${story}`, index, "syndication");
    if (own.site !== null) {
      if (sitesOnSeveralHosts.has(own.site)) {
        const page = sitePageKey(item.canonicalUrl ?? canonicalUrl(item.url), own.site);
        if (page !== null) tie(`page:${page}`, index, "address");
      }
      for (const id of storyIds(pathOf(item))) tieStory(`story:${own.site}:${id}`, index, "address");
    }
    if (own.owner !== null) tie(`owner:${own.owner}`, index, "owner");
    // One vendor's pages of one product (or naming none) across its domains; its two products are two.
    const vendor = own.marketing && !own.marketing.onShop ? own.site : null;
    if (vendor !== null && vendor.length >= 4)
      tie(`vendor:${vendor}:${own.marketing?.product?.key ?? ""}`, index, "owner");
  });
  // A credited copy under a headline of its own, with the source's page it carries.
  for (const [a, b] of creditedCopyLinks(
    items.map((item, index) => {
      const { site, day } = traits[index] as OriginTraits;
      return { title: item.title, snippet: item.snippet, site, day };
    }),
    sourceOf,
  ))
    link(a, b, "syndication");
}
