import { agencyRewriteLinks } from "./agency-rewrites.js";
import { creditedSources } from "./byline-credits.js";
import { IdentitySets, workIdentity } from "./identity-sets.js";
import { twoAuthors, twoReleaseEvents, twoTexts } from "./link-guards.js";
import type { FoundBy } from "./merge-hits.js";
import { isDiscussionHost } from "./news-sources.js";
import { newsroomCopyLinks } from "./newsroom-copies.js";
import { normalizeTitle } from "./normalize-title.js";
import { type OriginTraits, originTraits } from "./origin-traits.js";
import { type LinkKind, type OriginReason, originSource, originWhy } from "./origin-why.js";
import { ownReporting } from "./own-reporting.js";
import { linkPapers } from "./paper-links.js";
import { isNotice } from "./paper-titles.js";
import { productLinks } from "./product-links.js";
import { releaseFactLinks } from "./release-facts.js";
import { releaseRewriteLinks } from "./release-rewrites.js";
import { firstAuthorLine } from "./retitled-preprints.js";
import { keyTies, linkSharedKeys, pathOf } from "./shared-keys.js";
import { sharedPassageLinks } from "./shared-passages.js";
import { sameTitleLinks } from "./site-titles.js";
import { keysOfSeveralWorks, studyKeys, studyPartLinks } from "./study-keys.js";
import { findSyndicationClusters } from "./syndication.js";
import { wholeHeadlineLinks } from "./whole-headlines.js";

export type { OriginReason } from "./origin-why.js";

/** The pages of a group that name a study by its parts compared with another's, at most. */
const MAX_STUDY_PAGES_COMPARED = 64;
/** Days between two stories of one owner's sites past which they are two stories. */
const OWNER_DAYS = 2;

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
  // A news report may be tied by its day alone; a paper's page or an agency's story is not.
  const studyLinks = studyPartLinks(
    traits.map((t) => t.study),
    (index) => {
      const own = traits[index] as OriginTraits;
      return own.paper || own.wire || own.agencies.length > 0 ? null : (items[index] as OriginItem);
    },
  );
  const studyOf = new Map<number, number>(studyLinks.map(([first, other]) => [other, first]));
  const reporting = membersWhere(traits, (t) => Boolean(t.study?.parts));
  // By root, the releases in its group: one trial's enrolment and its results stay two
  // announcements, however many reports of the trial would join them.
  const releases = membersWhere(traits, (t) => t.release);
  // By root, the agency stories in its group: an agency's story of a company's results is its own.
  const stories = membersWhere(traits, (t) => t.wire);
  const notice = (index: number) => isNotice((items[index] as OriginItem).title);
  const link = (a: number, b: number, kind: LinkKind): boolean => {
    const [rootA, rootB] = [sets.find(a), sets.find(b)];
    if (rootA === rootB) return true;
    const [studiesA, studiesB] = [reporting.get(rootA), reporting.get(rootB)];
    if (
      kind === "owner" &&
      !oneStory(traits[a] as OriginTraits, traits[b] as OriginTraits, studiesA, studiesB, studyOf)
    )
      return false;
    if ((kind === "passage" || kind === "syndication") && twoTexts(kind, a, b, items, traits)) return false;
    // One trial's results and its enrolment are one company's two announcements, not one study's reports.
    const [releasesA, releasesB] = [releases.get(rootA), releases.get(rootB)];
    if (
      kind === "study" &&
      releasesA?.some((x) =>
        releasesB?.some((y) =>
          twoReleaseEvents(items[x] as OriginItem, items[y] as OriginItem, traits[x], traits[y]),
        ),
      )
    )
      return false;
    const [storiesA, storiesB] = [stories.get(rootA), stories.get(rootB)];
    if (kind === "study" && ((storiesA && releasesB) || (storiesB && releasesA))) return false;
    // A notice about a paper ("Correction to: …") cites it: it is neither a copy nor a report of it.
    if (NOTICE_KINDS.has(kind) && notice(a) !== notice(b)) return false;
    if (!sets.join(a, b)) return false;
    mergeMembers(releases, releasesA, releasesB, sets.find(a));
    mergeMembers(stories, storiesA, storiesB, sets.find(a));
    mergeMembers(reporting, studiesA, studiesB, sets.find(a));
    // An encyclopedia's article tied to a paper reports it; it is not one of its copies.
    const reports = kind === "paper" && traits[a]?.reference !== traits[b]?.reference;
    links.push({ a, kind: reports ? "report" : kind });
    return true;
  };

  // The source each page carries (a credit's, a partner's, or its own site's when others credit it).
  const sourceOf = creditedSources(traits);
  linkSharedKeys(items, traits, sourceOf, link);
  for (const cluster of findSyndicationClusters(items)) {
    for (const member of cluster.slice(1)) link(cluster[0] as number, member, "syndication");
  }
  for (const [a, b] of wholeHeadlineLinks(
    items.map((item, index) => {
      const own = traits[index] as OriginTraits;
      const source = sourceOf[index];
      const sources = source === undefined ? own.agencies : [...own.agencies, source];
      // A paper's records, selling pages and a story its own outlet says it reported are tied by other readings.
      const elsewhere =
        own.paper || own.marketing !== null || ownReporting(item.title, item.snippet, own.site);
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
  for (const [a, b] of agencyRewriteLinks(
    items.map((item, index) => {
      const { agencies, day } = traits[index] as OriginTraits;
      return { title: item.title, snippet: item.snippet, agencies, day };
    }),
  ))
    link(a, b, "wire");
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
    // An agency's own story, a selling page (the brand's store repeats its launch) and a forum
    // thread (its readers' talk of the release's figures) rewrite no release.
    traits.map((t) => (t.wire && !t.release) || t.marketing !== null || isDiscussionHost(t.host)),
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
        publicBody,
        site,
        day,
        wire,
        paper,
        marketing,
        host,
      } = traits[index] as OriginTraits;
      // A forum thread giving a release's figures is its readers' talk about it, and a story whose
      // outlet says it did the reporting ("Speaking to Energy-Storage.news, Voltaris CFO …") is its own.
      const ownVoice =
        wire ||
        paper ||
        marketing !== null ||
        isDiscussionHost(host) ||
        ownReporting(item.title, item.snippet, site);
      return {
        title: item.title,
        snippet: item.snippet,
        site,
        release,
        distributed,
        publicBody,
        ownVoice,
        day,
      };
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
  // Nor do two pages naming two first authors, whatever else of a study they share ("by MJ
  // Castellanos · 2024" of 412 dogs and "a team led by Dr. Lena Haverkamp" of 412 dogs).
  const tieStudy = keyTies(
    (a, b, kind) =>
      !(traits[a]?.paper && traits[b]?.paper) &&
      !twoAuthors(traits[a]?.study, traits[b]?.study) &&
      link(a, b, kind),
    (a, b) => {
      const [one, other] = [traits[a]?.day, traits[b]?.day];
      return one == null || other == null ? null : Math.abs(one - other);
    },
  );
  const keysOf = studyKeys(traits.map((t) => t.study));
  const ambiguous = keysOfSeveralWorks(
    keysOf,
    (index) => traits[index]?.paper === true || firstAuthorLine(items[index]?.snippet ?? "") !== null,
    (a, b) => sets.find(a) === sets.find(b),
  );
  keysOf.forEach((keys, index) => {
    for (const key of keys) if (!ambiguous.has(key)) tieStudy(`study:${key}`, index, "study");
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

/** By root, the pages of each group that have a trait: one page a group before any joins. */
function membersWhere(
  traits: readonly OriginTraits[],
  has: (traits: OriginTraits) => boolean,
): Map<number, number[]> {
  const members = new Map<number, number[]>();
  traits.forEach((t, index) => {
    if (has(t)) members.set(index, [index]);
  });
  return members;
}

/** Two groups' members with a trait, kept under the root they now share (a bounded number). */
function mergeMembers(
  byRoot: Map<number, number[]>,
  one: readonly number[] | undefined,
  other: readonly number[] | undefined,
  root: number,
): void {
  if (one || other) byRoot.set(root, [...(one ?? []), ...(other ?? [])].slice(0, MAX_STUDY_PAGES_COMPARED));
}

/** Ties a notice about a paper never makes: as the paper's page, its report, or its study's report. */
const NOTICE_KINDS: ReadonlySet<LinkKind> = new Set<LinkKind>(["paper", "report", "study"]);

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
