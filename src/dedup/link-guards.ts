import { datelinesDisagree } from "./event-markers.js";
import type { OriginTraits } from "./origin-traits.js";
import type { OriginItem } from "./origins.js";
import { releaseCompany } from "./release-rewrites.js";
import type { StudyMention } from "./study-citations.js";

/*
 * Ties two pages never make, whatever else they share, because they tell two events, two works or
 * two texts: origins.ts asks before each tie.
 */

/**
 * Whether two pages a shared passage or a like headline would tie as copies are two texts: two
 * studies' method sentence giving two samples ("… among 2,047" and "… among 2,051"), two companies'
 * stock phrasing, one agency's two stories days apart, any two texts months apart, or an agency's
 * story beside the public announcement it reports.
 */
export function twoTexts(
  kind: "passage" | "syndication",
  a: number,
  b: number,
  items: readonly OriginItem[],
  traits: readonly OriginTraits[],
): boolean {
  const [one, other] = [traits[a], traits[b]];
  if (textsMonthsApart(one, other)) return true;
  if (kind === "syndication") return agencyOnPublicNews(one, other);
  return (
    samplesDiffer(one as OriginTraits, other as OriginTraits) ||
    twoCompaniesReleases(a, b, items, traits) ||
    twoAgencyStories(one, other)
  );
}

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

/** Two releases dated apart (by their datelines, or by more than a week): two events. */
export function twoReleaseEvents(
  one: OriginItem,
  other: OriginItem,
  a: OriginTraits | undefined,
  b: OriginTraits | undefined,
): boolean {
  if (!a?.release || !b?.release) return false;
  if (a.day !== null && b.day !== null && Math.abs(a.day - b.day) > RELEASE_EVENT_DAYS) return true;
  return datelinesDisagree(one.snippet, other.snippet);
}

/** Copies of one release come out within this many days of it. */
const RELEASE_EVENT_DAYS = 7;

/** Whether two pages each give their study's sample, and no size of one is the other's. */
function samplesDiffer(a: OriginTraits, b: OriginTraits): boolean {
  const sizes = (t: OriginTraits) => [
    ...(t.study?.sample ? [t.study.sample.size] : []),
    ...(t.study?.parts?.sizes ?? []),
  ];
  const [x, y] = [sizes(a), sizes(b)];
  return x.length > 0 && y.length > 0 && !x.some((size) => y.includes(size));
}

/** Whether two pages' studies name two first authors. */
export function twoAuthors(a: StudyMention | null | undefined, b: StudyMention | null | undefined): boolean {
  return (
    a?.author !== undefined && b?.author !== undefined && a.author.toLowerCase() !== b.author.toLowerCase()
  );
}

/**
 * Two stories of one agency dated days apart: an agency writes each event's story anew, in its
 * stock phrasing ("The Bank of Canada cut its key policy rate by 25 basis points to …"), and its
 * subscribers carry a story the day it moves or the next.
 */
function twoAgencyStories(a: OriginTraits | undefined, b: OriginTraits | undefined): boolean {
  if (!a || !b || a.day === null || b.day === null || Math.abs(a.day - b.day) <= AGENCY_STORY_DAYS)
    return false;
  return a.agencies.some((agency) => b.agencies.includes(agency));
}

/** Subscribers carry an agency's story within this many days of it. */
const AGENCY_STORY_DAYS = 2;

/**
 * Two pages dated more than a month apart share a passage or an opening as two texts, not as copies:
 * an organisation's announcements open alike ("The U.S. Department of Transportation today announced
 * a final rule that requires airlines to …"), and copies of a story or a release come out within
 * weeks of it. A paper's abstract is another matter: its preprint and its records repeat it for years.
 */
function textsMonthsApart(a: OriginTraits | undefined, b: OriginTraits | undefined): boolean {
  if (!a || !b || a.paper || b.paper || a.scholarlyKeys.length > 0 || b.scholarlyKeys.length > 0)
    return false;
  return a.day !== null && b.day !== null && Math.abs(a.day - b.day) > COPY_DAYS;
}

/** Copies of a story or a release come out within this many days of it. */
const COPY_DAYS = 30;

/**
 * An agency's story and a public body's announcement under like headlines ("US FDA finalizes
 * labeling guidance for plant-based milk alternatives", "FDA Issues Final Guidance on Labeling of
 * Plant-Based Milk Alternatives"): the agency reports public news in its own words, not a copy.
 */
function agencyOnPublicNews(a: OriginTraits | undefined, b: OriginTraits | undefined): boolean {
  const story = (t: OriginTraits | undefined) => t?.wire === true && !t.publicBody;
  const announcement = (t: OriginTraits | undefined) => t?.publicBody === true && !t.wire;
  return (story(a) && announcement(b)) || (story(b) && announcement(a));
}
