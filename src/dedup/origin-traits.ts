import { publishedDay, yearOfDay } from "./address-date.js";
import { bylineCredit } from "./byline-credits.js";
import { isCompanyRelease, isPressRelease, isPublicBodyPage } from "./is-press-release.js";
import { siteJournal } from "./journal-names.js";
import { type Marketing, marketingOf } from "./marketing.js";
import { hostOfUrl, normaliseHost, siteName } from "./normalise-host.js";
import { ownerOf } from "./owner-of.js";
import { type PageAddress, pageAddress } from "./page-address.js";
import { republishingCredits } from "./republishing-credits.js";
import { firstAuthorLine } from "./retitled-preprints.js";
import { addressIds, scholarlyIds } from "./scholarly-ids.js";
import { isPaperAddress, scholarlySites } from "./scholarly-urls.js";
import { type StudyMention, studyMention } from "./study-citations.js";
import { wireAgencies, wirePath } from "./wire-agencies.js";

/**
 * What one page says about where its text comes from, read once per page: the agency whose copy
 * it carries, whether it is a release, which paper or study it reports, whether it sells, who
 * owns its site. Origins (origins.ts) tie pages together from these and name the reason.
 */
export interface OriginTraits {
  host: string;
  /** Agencies whose copy the page carries by a credit, its site or its path (ids). */
  agencies: string[];
  /** Carries agency copy, whether or not the agency is named. */
  wire: boolean;
  /** A release by a distributor's site or dateline: the releases keyed by headline. */
  distributedRelease: boolean;
  /** Any sign of a press release, a company's own included. */
  release: boolean;
  /**
   * On a public body's site (is-press-release.ts), but for a company's notice it posts: its release
   * is an announcement outlets report, not retell, and its other pages retell no one's release.
   */
  publicBody: boolean;
  /** Scholarly identifiers (`doi:…`, `arxiv:…`, …) of the work it reports. */
  scholarlyKeys: string[];
  /** A page of a paper: on a paper's site, or carrying an identifier in its address. */
  paper: boolean;
  /** An encyclopedia's article: named after a paper, it is about that paper, not a copy of it. */
  reference: boolean;
  study: StudyMention | null;
  marketing: Marketing | null;
  /** The source a republishing credit names ("The Conversation"), when it names one. */
  upstream: string | undefined;
  /** The partner its byline or provider line names (byline-credits.ts), if any. */
  byline: string | undefined;
  /** The publisher group owning the site (src/data/news-sources.json), or null. */
  owner: string | null;
  /** The site's own name, the same under its other hosts ("cnn" for edition.cnn.com), or null. */
  site: string | null;
  /** The day its address or its snippet's date says it was published (days since 1970), or null. */
  day: number | null;
}

export interface TraitsInput {
  url: string;
  domain: string;
  title: string;
  snippet: string;
}

export function originTraits(item: TraitsInput): OriginTraits {
  const address = pageAddress(item.url);
  const host = normaliseHost(item.domain) || (address?.host ?? hostOfUrl(item.url));
  const credits = republishingCredits(item.snippet);
  // An agency's own site republishing another's story ("This story was originally published by The
  // Conversation") carries that story, not the agency's copy: its host names no agency then.
  const republished = credits.some((credit) => credit.kind !== "wire" && credit.kind !== "press-release");
  const agencies = new Set(wireAgencies(republished ? "" : host, item));
  let wire = agencies.size > 0;
  const path = address ? wirePath(address.pathname) : null;
  if (path) {
    wire = true;
    if (path.agency !== null) agencies.add(path.agency);
  }
  let release = false;
  let upstream: string | undefined;
  for (const credit of credits) {
    if (credit.kind === "wire") {
      wire = true;
      if (credit.agency !== undefined) agencies.add(credit.agency);
    } else if (credit.kind === "press-release") release = true;
    else upstream ??= credit.source;
  }
  const distributedRelease = isPressRelease(host, item);
  const addressKeys = addressIds(address);
  const paper = addressKeys.length > 0 || (address !== null && isPaperAddress(address));
  const day = publishedDay(address, item.snippet);
  const isRelease = release || distributedRelease || isCompanyRelease(address, item);
  return {
    host,
    agencies: [...agencies],
    wire,
    distributedRelease,
    release: isRelease,
    publicBody: isPublicBodyPage(address, host),
    scholarlyKeys: scholarlyIds(item, addressKeys),
    paper,
    reference: scholarlySites().isReferenceHost(host),
    study: studyOf(item, address, paper, day),
    marketing: marketingOf(item, address),
    upstream,
    byline: bylineCredit(item.snippet),
    owner: ownerOf(host),
    site: siteName(host),
    day,
  };
}

/**
 * The study a page reports; a paper's page on its journal's own site, or a record there giving its
 * first author ("by A Ballard · 2025"), is in that journal.
 */
function studyOf(
  item: TraitsInput,
  address: PageAddress | null,
  paper: boolean,
  day: number | null,
): StudyMention | null {
  let mention = studyMention(item);
  if (mention && day !== null) {
    // When the page told of the study is one of its parts: reports of one study come out together.
    // News of a study just out (its lead author quoted, "published Monday in") is of that year's.
    const fresh = mention.fresh && mention.year === undefined ? yearOfDay(day) : undefined;
    const partsYear = mention.parts?.year ?? fresh;
    const parts = mention.parts && {
      ...mention.parts,
      reported: day,
      ...(partsYear !== undefined && { year: partsYear }),
    };
    mention = {
      ...mention,
      reported: day,
      ...(fresh !== undefined && { year: fresh }),
      ...(parts && { parts }),
    };
  }
  // A paper's page, or a record on a journal's site giving its first author ("by A Ballard · 2025").
  if (mention === null || mention.journal || address === null) return mention;
  if (!paper && firstAuthorLine(item.snippet) === null) return mention;
  const journal = siteJournal(address);
  return journal ? { ...mention, journal } : mention;
}
