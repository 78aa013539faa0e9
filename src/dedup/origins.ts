import { appendTo } from "../util/append-to.js";
import { creditedCopyLinks, creditedSources } from "./byline-credits.js";
import { canonicalUrl } from "./canonical-url.js";
import { IdentitySets, workIdentity } from "./identity-sets.js";
import type { FoundBy } from "./merge-hits.js";
import { newsroomCopyLinks } from "./newsroom-copies.js";
import { normalizeTitle } from "./normalize-title.js";
import { originKeys } from "./origin-keys.js";
import { type OriginTraits, originTraits } from "./origin-traits.js";
import { type LinkKind, type OriginReason, originSource, originWhy } from "./origin-why.js";
import { sameAuthorLinks } from "./paper-authors.js";
import { coinedNameReportLinks, paperReportLinks, type ReportedPage } from "./paper-reports.js";
import { type PaperTitle, paperTitle, paperTitleLinks, titleFromAddress } from "./paper-titles.js";
import { productLinks } from "./product-links.js";
import { releaseFactLinks } from "./release-facts.js";
import { releaseCompany, releaseRewriteLinks } from "./release-rewrites.js";
import { retitledPreprintLinks } from "./retitled-preprints.js";
import { sharedPassageLinks } from "./shared-passages.js";
import { shortTitleReports } from "./short-paper-titles.js";
import { sameTitleLinks } from "./site-titles.js";
import { storyIds } from "./story-ids.js";
import { studyKeys, studyPartLinks } from "./study-keys.js";
import { findSyndicationClusters, prepareTitle } from "./syndication.js";
import { contentWords, titleFingerprint } from "./title-fingerprint.js";
import { unnamedAgencyKeys } from "./unnamed-agency.js";
import { wholeHeadlineLinks } from "./whole-headlines.js";

export type { OriginReason } from "./origin-why.js";

/**
 * Bounds on what a refused link costs: the groups one key may start (a page that none of them takes
 * stays apart), and the pages of a group that name a study by its parts compared with another's.
 */
const MAX_GROUPS_PER_KEY = 8;
const MAX_STUDY_PAGES_COMPARED = 64;
/** Days between two stories of one owner's sites past which they are two stories. */
const OWNER_DAYS = 2;
/** A path shorter than this ("/news/1") names a section or a home page as often as a page. */
const MIN_PAGE_PATH = 10;

export interface OriginItem {
  url: string;
  /** The address as pages are compared (canonical-url.ts), when the merge has it already. */
  canonicalUrl?: string;
  domain: string;
  title: string;
  snippet: string;
  foundBy: readonly FoundBy[];
}

export interface OriginGroup {
  /** Indexes into the item list, ascending. */
  members: number[];
  why: OriginReason;
  /** The study, paper, agency, release or product the pages repeat, when they say (untrusted text). */
  source?: string;
}

/**
 * Groups unique pages into independent origins: one story syndicated onto five domains, one wire
 * story or press release reprinted or reworded, one paper on its journal's site and its mirrors,
 * one study however many pages report it, one product's selling pages, the sites of one publisher.
 * Links are transitive (union-find), but never put two works in one origin: a link that would join
 * pages carrying different identifiers of one kind (two DOIs, two PMIDs, two arXiv ids, two ISBNs)
 * is refused (identity-sets.ts), and identifiers are linked first; nor two stories by their
 * sites' owner: a publisher's sites never join pages whose parts name two studies (one brand's
 * poll and another's on one newspaper's site), nor a study's report with a page reporting none,
 * nor stories their addresses date days apart. Each origin says why its pages are together
 * (origin-why.ts).
 * A page alone is `single`, or `same-url` when several calls or indexes found that very page.
 * `traits` are the pages' origin traits when already read (dedupe.ts reads them once for both
 * origins and quality).
 */
export function assignOrigins(
  items: readonly OriginItem[],
  traits: readonly OriginTraits[] = items.map(originTraits),
): OriginGroup[] {
  const sets = new IdentitySets(traits.map((t) => workIdentity(t.scholarlyKeys)));
  const links: { a: number; kind: LinkKind }[] = [];
  // Which pages name one study by its parts; by root, the pages of its group that name one.
  const studyLinks = studyPartLinks(traits.map((t) => t.study));
  const studyOf = new Map<number, number>(studyLinks.map(([first, other]) => [other, first]));
  const reporting = new Map<number, number[]>();
  traits.forEach((t, index) => {
    if (t.study?.parts) reporting.set(index, [index]);
  });
  const link = (a: number, b: number, kind: LinkKind): boolean => {
    const [rootA, rootB] = [sets.find(a), sets.find(b)];
    if (rootA === rootB) return true;
    const [studiesA, studiesB] = [reporting.get(rootA), reporting.get(rootB)];
    if (
      kind === "owner" &&
      !oneStory(traits[a] as OriginTraits, traits[b] as OriginTraits, studiesA, studiesB, studyOf)
    )
      return false;
    // Two texts sharing a pollster's or a lab's method sentence but giving two samples are two
    // studies' ("a survey conducted online by The Harris Poll … among 2,047" and "… among 2,051").
    if (
      kind === "passage" &&
      (samplesDiffer(traits[a] as OriginTraits, traits[b] as OriginTraits) ||
        twoCompaniesReleases(a, b, items, traits))
    )
      return false;
    if (!sets.join(a, b)) return false;
    if (studiesA || studiesB) {
      const studies = [...(studiesA ?? []), ...(studiesB ?? [])];
      reporting.set(sets.find(a), studies.slice(0, MAX_STUDY_PAGES_COMPARED));
    }
    // An encyclopedia's article tied to a paper reports it; it is not one of its copies.
    const reports = kind === "paper" && traits[a]?.reference !== traits[b]?.reference;
    links.push({ a, kind: reports ? "report" : kind });
    return true;
  };

  linkSharedKeys(items, traits, link);
  for (const cluster of findSyndicationClusters(items)) {
    for (const member of cluster.slice(1)) link(cluster[0] as number, member, "syndication");
  }
  for (const [a, b] of wholeHeadlineLinks(
    items.map((item, index) => {
      const own = traits[index] as OriginTraits;
      const sources = [...own.agencies, own.upstream, own.byline].filter((s): s is string => s !== undefined);
      const elsewhere = own.paper || own.marketing !== null;
      return {
        title: item.title,
        headline: () => normalizeTitle(item.title),
        site: own.site,
        elsewhere,
        sources,
      };
    }),
  ))
    link(a, b, "syndication");
  for (const [a, b] of sharedPassageLinks(items)) link(a, b, "passage");
  // A paper's records on one site (PubMed and PMC) are its mirrors, tied as a paper's (`doi`).
  for (const [a, b] of sameTitleLinks(
    items.map((item, index) => {
      const { site, day, paper } = traits[index] as OriginTraits;
      return { title: item.title, site: paper ? null : site, day, path: () => pathOf(item) };
    }),
  ))
    link(a, b, "address");
  linkPapers(items, traits, sets, link);
  for (const [a, b] of releaseRewriteLinks(
    items,
    traits.map((t) => t.release),
    traits.map((t) => t.upstream),
    (a, b) => sets.find(a) === sets.find(b),
    traits.map((t) => t.day),
  ))
    link(a, b, "press-release");
  for (const [a, b] of newsroomCopyLinks(
    items.map((item, index) => {
      const { distributedRelease: distributed, release, site, day } = traits[index] as OriginTraits;
      return { title: item.title, distributed, release, site, day, path: () => pathOf(item) };
    }),
  ))
    link(a, b, "press-release");
  for (const [a, b] of releaseFactLinks(
    items.map((item, index) => {
      const {
        release,
        distributedRelease: distributed,
        site,
        day,
        wire,
        paper,
        marketing,
      } = traits[index] as OriginTraits;
      const ownVoice = wire || paper || marketing !== null;
      return { title: item.title, snippet: item.snippet, site, release, distributed, ownVoice, day };
    }),
    (a, b) => sets.find(a) === sets.find(b),
  ))
    link(a, b, "press-release");
  for (const [a, b] of productLinks(
    traits.map((t) => t.marketing),
    traits.map((t) => t.site),
    items.map((item) => item.title),
  ))
    link(a, b, "marketing");
  // A study cited by its author, journal, name or an uncommon sample (study-keys.ts) ties pages
  // after the copies of one text are together: a release and its copies naming the study they
  // announce stay the release's.
  // Two papers' own pages are one work by their identifiers, titles or author lists (linkPapers),
  // never by a first author's name and a year, which two namesakes' papers share.
  const tieStudy = keyTies((a, b, kind) => !(traits[a]?.paper && traits[b]?.paper) && link(a, b, kind));
  studyKeys(traits.map((t) => t.study)).forEach((keys, index) => {
    for (const key of keys) tieStudy(`study:${key}`, index, "study");
  });
  // A study named by its parts ties pages last, and names the reason only where it ties pages
  // nothing else did (a release, its copies and rewrites stay a press-release origin), or where
  // only their sites' owner did: one owner's two reports of a study are the study's.
  const studyTied: number[] = [];
  for (const [a, b] of studyLinks) {
    if (sets.find(a) !== sets.find(b)) link(a, b, "study");
    else studyTied.push(a);
  }

  const kindsOf = new Map<number, Set<LinkKind>>();
  for (const { a, kind } of links) {
    const root = sets.find(a);
    const kinds = kindsOf.get(root);
    if (kinds) kinds.add(kind);
    else kindsOf.set(root, new Set([kind]));
  }
  for (const page of studyTied) {
    const kinds = kindsOf.get(sets.find(page));
    if (kinds !== undefined && [...kinds].every((kind) => kind === "owner")) kinds.add("study");
  }
  return sets.groups().map((members): OriginGroup => {
    const described = members.map((m) => ({
      title: items[m]?.title ?? "",
      traits: traits[m] as OriginTraits,
    }));
    let why: OriginReason;
    if (members.length > 1) {
      why = originWhy(
        kindsOf.get(members[0] as number) ?? new Set(),
        described.map((d) => d.traits),
      );
    } else {
      why = (items[members[0] as number]?.foundBy.length ?? 0) > 1 ? "same-url" : "single";
    }
    const source = originSource(why, described);
    return source === undefined ? { members, why } : { members, why, source };
  });
}

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
function pathOf(item: OriginItem): string {
  const canonical = item.canonicalUrl ?? canonicalUrl(item.url) ?? "";
  return canonical.slice(canonical.indexOf("/")).toLowerCase();
}

/** Whether two pages each give their study's sample, and no size of one is the other's. */
/**
 * Two companies' releases share their stock phrasing ("today announced that the U.S. Food and Drug
 * Administration …"), never their text: two releases whose headlines each open with a name the
 * other page never gives are two texts.
 */
function twoCompaniesReleases(
  a: number,
  b: number,
  items: readonly OriginItem[],
  traits: readonly OriginTraits[],
): boolean {
  if (!traits[a]?.release || !traits[b]?.release) return false;
  const [one, other] = [items[a] as OriginItem, items[b] as OriginItem];
  const names = (company: string | null, item: OriginItem) =>
    company === null || `${item.title} ${item.snippet}`.toLowerCase().includes(company);
  return !names(releaseCompany(one.title), other) && !names(releaseCompany(other.title), one);
}

function samplesDiffer(a: OriginTraits, b: OriginTraits): boolean {
  const sizes = (t: OriginTraits) => [
    ...(t.study?.sample ? [t.study.sample.size] : []),
    ...(t.study?.parts?.sizes ?? []),
  ];
  const [x, y] = [sizes(a), sizes(b)];
  return x.length > 0 && y.length > 0 && !x.some((size) => y.includes(size));
}

/**
 * Whether two groups hold pages that name studies by their parts which the parts do not make one
 * (`studyOf`: a page's study, by the first page of its group; a page alone is its own).
 */
function studiesApart(
  a: readonly number[],
  b: readonly number[],
  studyOf: ReadonlyMap<number, number>,
): boolean {
  const study = (page: number) => studyOf.get(page) ?? page;
  return a.some((x) => b.some((y) => study(x) !== study(y)));
}

/**
 * Whether two groups one owner's sites would join may tell one story. One owner's sites say nothing
 * of studies: they never join pages whose parts name two, nor a page reporting a study with one that
 * reports none (a recipe on a sister site of a health site's study story). Nor two stories their
 * addresses date days apart: a sister site carries a story within a day or two.
 */
function oneStory(
  a: OriginTraits,
  b: OriginTraits,
  studiesA: readonly number[] | undefined,
  studiesB: readonly number[] | undefined,
  studyOf: ReadonlyMap<number, number>,
): boolean {
  if ((studiesA || studiesB) && (!studiesA || !studiesB || studiesApart(studiesA, studiesB, studyOf)))
    return false;
  // Two pages of one site are one story by their addresses or titles, never by their owner: a
  // paper's ruling story and its reaction story of that day are two. (A vendor's selling pages of
  // one product are one voice on its own site too.)
  if (a.site !== null && a.site === b.site && !a.marketing && !b.marketing) return false;
  return a.day === null || b.day === null || Math.abs(a.day - b.day) <= OWNER_DAYS;
}

/**
 * Ties of papers' pages that share no identifier, and of the pages that report a paper: one title
 * (paper-titles.ts), one author list (paper-authors.ts), a preprint retitled under its first author
 * (retitled-preprints.ts), an encyclopedia's article or a quotation of a short title (short-paper-titles.ts), a news report naming its journal (paper-reports.ts). A page
 * tied to two works that disagree is tied to neither. Without a paper's page there is nothing to tie.
 */
function linkPapers(
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

/**
 * Ties pages by a key: each page to the first of the pages sharing it, or, where that link is
 * refused, to the first of another group the key started (at most {@link MAX_GROUPS_PER_KEY}).
 */
function keyTies(
  link: (a: number, b: number, kind: LinkKind) => boolean,
): (key: string, index: number, kind: LinkKind) => void {
  const withKey = new Map<string, number[]>();
  return (key, index, kind) => {
    const firsts = withKey.get(key);
    if (firsts === undefined) withKey.set(key, [index]);
    else if (!firsts.some((first) => link(first, index, kind)) && firsts.length < MAX_GROUPS_PER_KEY) {
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
function linkSharedKeys(
  items: readonly OriginItem[],
  traits: readonly OriginTraits[],
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
  const sourceOf = creditedSources(traits);
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
  const words = new Map<number, ReadonlySet<string>>();
  const wordsOf = (index: number): ReadonlySet<string> => {
    let found = words.get(index);
    if (found === undefined) {
      const item = items[index] as OriginItem;
      found = new Set(contentWords(`${item.title} ${item.snippet}`));
      words.set(index, found);
    }
    return found;
  };
  for (const [a, b] of creditedCopyLinks(
    items.map((item, index) => {
      const { site, day } = traits[index] as OriginTraits;
      return { title: item.title, snippet: item.snippet, site, day };
    }),
    sourceOf,
    wordsOf,
  ))
    link(a, b, "syndication");
}
