import { appendTo } from "../util/append-to.js";
import { DisjointSets } from "./disjoint-sets.js";
import { type SizeBound, sizeBound, within } from "./sample-bounds.js";
import { fullNameOf, sameByShortName } from "./short-names.js";
import { namesAnyOf, namesOf, type StudyParts, type StudyParty } from "./study-parts.js";
import { titlesDisagree } from "./title-polarity.js";

/**
 * Which pages name one study by its parts (study-parts.ts), decided over all the pages at once.
 *
 * Two pages name one study when several parts agree and none disagrees: at least one party (an
 * institution, a sponsor or a product one page names and the other names too) and at least two
 * points of how it was done, where a sample of the same size or the same venue counts two, and a
 * duration, a design feature, a year or being published within two days of each other (a study's
 * news comes out together) one, and a sample given as a bound ("more than 1,400") that the other's
 * figure is within one; two parties both named need one point, or both pages saying
 * what the study found (a partnership of the two says nothing found). A party is named by the
 * other page in its words or by a short name (short-names.ts: "LSU", "Louisiana State
 * University"). Without a party, only the same conference, the same sample size and one point
 * more, or the same sample size, duration and two design features. One party with one point ties
 * when that point tells a study from another (a duration, a year, a bound on its sample, the same
 * days: "Researchers from the University of North Carolina … for 12 weeks"), not when it is a design feature that many
 * studies share ("a randomized trial at UNC"); a page whose party's two studies both fit it joins
 * neither (below). A party alone (the same product on a review and in a trial, the same university
 * in two of its studies) never ties. Weakest of all, a news report naming no party is tied by its
 * day to reports out within days of it (dayEdges), never into a group of two parties.
 *
 * A part given differently keeps two pages apart whatever else they share: a different sample
 * size (or a bound none of the other's figures is within), year, conference (or conference year),
 * journal or duration; pages published more than a year apart; designs that exclude each other (a survey, a meta-analysis, a trial;
 * open-label and blinded); products or sponsors of which neither page names the other's; different
 * first authors or named trials; and a title that disputes or denies what the other states (a fact
 * check of a study is its own voice, title-polarity.ts). Groups grow strongest tie first — more
 * parties shared before more points, so a report naming a brand and a meeting joins that brand's
 * trial before a rival's trial of the same size at that meeting — and a page joins a group only
 * when it disagrees with none of its pages; a page whose best ties are equally strong to two pages
 * that disagree could report either study, and joins neither.
 */

/** Pages looked at: a question's results name a few studies; past this many, no more are tied. */
export const MAX_PART_PAGES = 400;
/** A word more pages than this name tells no study from another. */
const MAX_PAGES_PER_WORD = 60;
/** A sample given as a multiple of this may be a report's rounding. */
const ROUND_SAMPLE = 1000;
/**
 * Reports of one study named only by its parts come out within weeks of each other; pages published
 * more than this many days apart tell two studies of one party, or one study and a later mention
 * that names too little of it to be sure.
 */
const REPORTED_APART = 365;
/** Reports published this many days apart or fewer came out with one study's news. */
const REPORTED_TOGETHER = 2;
/** Durations within this share of each other are one duration (12 weeks and three months). */
const DURATION_TOLERANCE = 0.1;

/** Designs that no one study has both of. */
const EXCLUSIVE_DESIGNS: readonly [string, readonly string[]][] = [
  [
    "review",
    ["randomized", "blinded", "placebo", "crossover", "open-label", "pilot", "survey", "validation"],
  ],
  ["survey", ["randomized", "blinded", "placebo", "crossover", "open-label"]],
  ["observational", ["randomized", "blinded", "placebo", "crossover"]],
  ["open-label", ["blinded"]],
];

interface Page {
  index: number;
  parts: StudyParts;
  /** Every word the page names, its parties' included. */
  names: ReadonlySet<string>;
  parties: StudyParty[];
  /** A report that may be tied by its day alone. */
  byDay: boolean;
}

/**
 * Groups of indexes (two pages or more) of the pages that name one study by its parts. `byDay`
 * says which pages are reports that may be tied by their day alone (a news report, not a paper's
 * page nor an agency's story).
 */
export function studyPartGroups(
  all: readonly (StudyParts | null)[],
  byDay: readonly boolean[] = [],
): number[][] {
  const pages: Page[] = [];
  all.forEach((parts, index) => {
    if (parts === null || pages.length >= MAX_PART_PAGES) return;
    const parties = distinctParties(parts);
    pages.push({ index, parts, names: namesOf(parts, parties), parties, byDay: byDay[index] === true });
  });
  if (pages.length < 2) return [];

  // Pages that may name one study: one names a party or conference the other names, or both give one size.
  const byName = new Map<string, number[]>();
  const add = (key: string, at: number) => {
    appendTo(byName, key, at);
  };
  pages.forEach((page, at) => {
    for (const name of page.names) add(name, at);
    // "Mizzou" meets the pages naming the University of Missouri.
    for (const party of page.parties) {
      const full = fullNameOf(party.name);
      if (full !== undefined) for (const word of full.toLowerCase().split(/[\s,]+/)) add(word, at);
    }
    for (const venue of page.parts.venues) for (const word of venue.words) add(word, at);
    for (const size of page.parts.sizes) add(`#${size}`, at);
  });
  const conflictMemo = new Map<number, boolean>();
  const conflicts = (a: number, b: number) => {
    const key = pairOf(a, b, pages.length);
    let known = conflictMemo.get(key);
    if (known === undefined) {
      known = disagree(pages[a] as Page, pages[b] as Page);
      conflictMemo.set(key, known);
    }
    return known;
  };

  const edges: { a: number; b: number; strength: number }[] = [];
  const seen = new Set<number>();
  pages.forEach((page, a) => {
    const keys = [
      ...page.parties.flatMap((party) => party.words),
      ...page.parts.venues.flatMap((venue) => venue.words),
      ...page.parts.sizes.map((size) => `#${size}`),
    ];
    for (const key of keys) {
      const others = byName.get(key) ?? [];
      if (others.length > MAX_PAGES_PER_WORD) continue;
      for (const b of others) {
        const pair = pairOf(a, b, pages.length);
        if (b === a || seen.has(pair)) continue;
        seen.add(pair);
        if (conflicts(a, b)) continue;
        const strength = agreement(page, pages[b] as Page);
        if (strength > 0) edges.push({ a: Math.min(a, b), b: Math.max(a, b), strength });
      }
    }
  });

  edges.push(...dayEdges(pages, seen, conflicts));

  // A page whose best ties are to pages that disagree with each other could be either study's.
  const best = new Map<number, { strength: number; partners: number[] }>();
  for (const { a, b, strength } of edges) {
    for (const [page, partner] of [
      [a, b],
      [b, a],
    ] as const) {
      const current = best.get(page);
      if (!current || strength > current.strength) best.set(page, { strength, partners: [partner] });
      else if (strength === current.strength) current.partners.push(partner);
    }
  }
  // Reports tied by their day alone also could be either of two parties' studies.
  const apart = (x: number, y: number, strength: number) =>
    conflicts(x, y) || (strength === BY_DAY && partiesDiffer(pages[x] as Page, pages[y] as Page));
  const torn = new Set<number>();
  for (const [page, { strength, partners }] of best) {
    if (partners.some((x, i) => partners.slice(i + 1).some((y) => apart(x, y, strength)))) torn.add(page);
  }

  const sets = new DisjointSets(pages.length);
  const members = new Map<number, number[]>(pages.map((_, at) => [at, [at]]));
  edges.sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  for (const { a, b, strength } of edges) {
    if (torn.has(a) || torn.has(b)) continue;
    const [rootA, rootB] = [sets.find(a), sets.find(b)];
    if (rootA === rootB) continue;
    const groupA = members.get(rootA) as number[];
    const groupB = members.get(rootB) as number[];
    if (groupA.some((x) => groupB.some((y) => apart(x, y, strength)))) continue;
    const root = sets.union(a, b);
    members.set(root, [...groupA, ...groupB]);
    members.delete(root === rootA ? rootB : rootA);
  }
  return sets
    .groups()
    .filter((group) => group.length > 1)
    .map((group) => group.map((at) => (pages[at] as Page).index));
}

/** The strength of a tie by the day alone: weaker than any tie by a study's parts. */
const BY_DAY = 1;
/** Reports of one study's news come out within this many days of each other. */
const DAY_WINDOW = 3;

/**
 * Ties by the day alone: two reports of research out within {@link DAY_WINDOW} days, at most one
 * naming who did it, no poll, nothing disagreeing (sample, length, design, venue, journal, year,
 * first author): a study's news comes out together. Pairs already compared are skipped.
 */
function dayEdges(
  pages: readonly Page[],
  seen: ReadonlySet<number>,
  conflicts: (a: number, b: number) => boolean,
): { a: number; b: number; strength: number }[] {
  const dated = pages
    .map((page, at) => ({ at, day: page.byDay ? page.parts.reported : undefined }))
    .filter((page): page is { at: number; day: number } => page.day !== undefined)
    .sort((x, y) => x.day - y.day);
  const edges: { a: number; b: number; strength: number }[] = [];
  dated.forEach(({ at: a, day }, i) => {
    for (let j = i + 1; j < dated.length && j - i <= MAX_PAGES_PER_WORD; j += 1) {
      const { at: b, day: other } = dated[j] as { at: number; day: number };
      if (other - day > DAY_WINDOW) break;
      const [x, y] = [pages[a] as Page, pages[b] as Page];
      if (seen.has(pairOf(a, b, pages.length)) || (x.parties.length > 0 && y.parties.length > 0)) continue;
      if (polled(x.parts, y.parts) || conflicts(a, b)) continue;
      edges.push({ a: Math.min(a, b), b: Math.max(a, b), strength: BY_DAY });
    }
  });
  return edges;
}

/** One number for a pair of the `count` pages, whichever comes first. */
const pairOf = (a: number, b: number, count: number) => Math.min(a, b) * count + Math.max(a, b);

/** Whether both pages name who did their study and neither names any of the other's. */
function partiesDiffer(a: Page, b: Page): boolean {
  return (
    a.parties.length > 0 && b.parties.length > 0 && namedBy(a.parties, b) === 0 && namedBy(b.parties, a) === 0
  );
}

/** How strongly two pages name one study (0: not enough agrees). */
function agreement(a: Page, b: Page): number {
  const who = Math.min(2, Math.max(namedBy(a.parties, b), namedBy(b.parties, a)));
  const [x, y] = [a.parts, b.parts];
  const size = x.sizes.some((n) => y.sizes.includes(n));
  const venue = x.venues.some((one) => y.venues.some((other) => sameVenue(one, other)));
  let how = (size ? 2 : 0) + (venue || (x.journal !== undefined && x.journal === y.journal) ? 2 : 0);
  // "More than 1,400 teens" against 1,453, or "2,000 workers" against 2,047: a sample it may be, a
  // point weaker than the same figure.
  // So is one bound given by both ("more than 400,000 adults", "over 400,000 participants").
  if (
    !size &&
    (bounded(x.sizes, y.bounds) ||
      bounded(y.sizes, x.bounds) ||
      roundedFrom(x.sizes, y.sizes) ||
      x.bounds.some((one) => y.bounds.some((other) => one.low === other.low && one.high === other.high)))
  )
    how += 1;
  const days = x.days.some((one) => y.days.some((other) => sameDuration(one, other)));
  const designs = x.designs.filter((design) => y.designs.includes(design)).length;
  if (days) how += 1;
  if (designs > 0) how += 1;
  if (x.year !== undefined && x.year === y.year) how += 1;
  // Reports of one study come out together: a party's study told on one day or the next.
  const together =
    x.reported !== undefined &&
    y.reported !== undefined &&
    Math.abs(x.reported - y.reported) <= REPORTED_TOGETHER;
  if (together) how += 1;
  // Without a party, only the same conference and two points more (its sample, or its duration and
  // design) name one study; without a conference either, the same sample, duration and two design
  // features ("Thirty-two poor sleepers took … in an open-label pilot … after six weeks"). Two
  // parties named together need one point more ("Kyoen Teas funded the six-week study"), or both
  // pages saying what the study found. One party needs two points, or one that is not a design
  // feature: "randomized" is said of most trials, "12 weeks" of this one.
  const enough =
    who === 0
      ? (venue && how >= 4) ||
        (size && days && designs >= 2) ||
        (size && together && !polled(x, y) && (a.parties.length === 0 || b.parties.length === 0))
      : who >= 2
        ? how >= 1 || (x.finding && y.finding)
        : how >= 2 || (how >= 1 && designs === 0);
  // A shared party outranks any number of points: who ran or paid for a study names it best.
  return enough ? who * 16 + how : 0;
}

/**
 * Whether either page tells of a poll: national polls share sample sizes near a thousand and come
 * out in the same weeks, so the same size on the same days names no one poll.
 */
function polled(x: StudyParts, y: StudyParts): boolean {
  return x.designs.includes("survey") || y.designs.includes("survey");
}

/** Whether two pages give one part of a study differently. */
function disagree(a: Page, b: Page): boolean {
  const [x, y] = [a.parts, b.parts];
  const differ = <T>(one: readonly T[], other: readonly T[], same: (p: T, q: T) => boolean) =>
    one.length > 0 && other.length > 0 && !one.some((p) => other.some((q) => same(p, q)));
  if (differ(x.sizes, y.sizes, (p, q) => p === q || rounds(p, q) || rounds(q, p))) return true;
  // A bound no figure of the other page is within: "more than 1,400 teens" is not 5,123.
  const outside = (sizes: readonly number[], bounds: readonly SizeBound[]) =>
    sizes.length > 0 && bounds.length > 0 && !bounded(sizes, bounds);
  if (
    (y.sizes.length === 0 && outside(x.sizes, y.bounds)) ||
    (x.sizes.length === 0 && outside(y.sizes, x.bounds))
  )
    return true;
  if (differ(x.days, y.days, sameDuration)) return true;
  if (differ(x.venues, y.venues, sameVenue)) return true;
  if (
    x.reported !== undefined &&
    y.reported !== undefined &&
    Math.abs(x.reported - y.reported) > REPORTED_APART
  )
    return true;
  if (titlesDisagree(x.title, y.title)) return true;
  for (const key of ["year", "venueYear", "journal", "author", "trial"] as const) {
    if (x[key] !== undefined && y[key] !== undefined && x[key] !== y[key]) return true;
  }
  for (const [design, excluded] of EXCLUSIVE_DESIGNS) {
    const has = (parts: StudyParts) => parts.designs.includes(design);
    const hasExcluded = (parts: StudyParts) => parts.designs.some((d) => excluded.includes(d));
    if ((has(x) && hasExcluded(y)) || (has(y) && hasExcluded(x))) return true;
  }
  // Products or sponsors differ when neither page names any word of the other's.
  for (const kind of ["products", "sponsors"] as const) {
    const [mine, theirs] = [x[kind], y[kind]];
    if (mine.length === 0 || theirs.length === 0) continue;
    if (!namesAnyOf(mine, b.names) && !namesAnyOf(theirs, a.names)) return true;
  }
  return false;
}

/**
 * How many of these parties the other page names: every word of the party among its names, or one
 * of its parties the same by a short name ("LSU" and "Louisiana State University").
 */
function namedBy(parties: readonly StudyParty[], other: Page): number {
  return parties.filter(
    (party) =>
      party.words.every((word) => other.names.has(word)) ||
      other.parties.some((theirs) => sameByShortName(party.name, theirs.name)),
  ).length;
}

/**
 * A round thousand ("2,000 working Americans") is as often a report's rounding of its sample (2,047)
 * as a sample of its own: it may be any size "about" it may be.
 */
function rounds(round: number, size: number): boolean {
  return round % ROUND_SAMPLE === 0 && round !== size && within(size, sizeBound("about", round));
}

function roundedFrom(x: readonly number[], y: readonly number[]): boolean {
  return x.some((p) => y.some((q) => rounds(p, q) || rounds(q, p)));
}

/** Whether some size is one some bound may be. */
function bounded(sizes: readonly number[], bounds: readonly SizeBound[]): boolean {
  return sizes.some((size) => bounds.some((bound) => within(size, bound)));
}

function sameDuration(a: number, b: number): boolean {
  return Math.abs(a - b) <= DURATION_TOLERANCE * Math.max(a, b);
}

/**
 * One conference however it is called: "NUTRITION 2024" and "the American Society for Nutrition's
 * annual meeting", "ENDO" and "the Endocrine Society's", "DDW" and "Digestive Disease Week".
 */
function sameVenue(a: StudyParty, b: StudyParty): boolean {
  const [x, y] = [a.words, b.words];
  if (x.every((w) => y.includes(w)) || y.every((w) => x.includes(w))) return true;
  return shortFor(a, b) || shortFor(b, a);
}

/** Whether `short`, one word, is the start of a word of `long` or its initials. */
function shortFor(short: StudyParty, long: StudyParty): boolean {
  if (short.words.length !== 1) return false;
  const word = short.words[0] as string;
  if (word.length >= 3 && long.words.some((w) => w.startsWith(word))) return true;
  return word === initials(long.name);
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0]?.toLowerCase())
    .join("");
}

/**
 * Parties named differently that are one: a sponsor also named before its study, and one
 * institution named several ways on one page ("University of Michigan", "U-M", "a University of
 * Michigan Institute for Social Research survey"), which name one party, not two.
 */
function distinctParties(parts: StudyParts): StudyParty[] {
  const institutions: StudyParty[] = [];
  for (const party of [...parts.institutions, ...parts.others]) {
    const same = institutions.some(
      (known) =>
        known.words.some((word) => party.words.includes(word)) || sameByShortName(known.name, party.name),
    );
    if (!same) institutions.push(party);
  }
  const byWords = new Map<string, StudyParty>();
  for (const party of [...institutions, ...parts.sponsors, ...parts.products])
    byWords.set(party.words.join(" "), party);
  return [...byWords.values()];
}
