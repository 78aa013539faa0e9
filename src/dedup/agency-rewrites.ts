import { appendTo } from "../util/append-to.js";
import { withoutLeadingDate } from "./normalize-title.js";
import { prepareTitle } from "./syndication.js";
import { contentWords } from "./title-fingerprint.js";

/**
 * One agency story as it was rewritten through its day (a write-thru: "Cascadia Air grounds
 * flights nationwide after computer outage" by morning, "Cascadia Air resumes flights after outage
 * canceled more than 600 trips" by evening) or trimmed under a subscriber's own headline. Pages
 * crediting one agency, dated the same day, are one story when their headlines share at least three
 * content words and their snippets at least half of the shorter one's content words (at least
 * {@link MIN_SNIPPET_WORDS}), or two headline words and most of the lede ({@link SAME_DAY}), and,
 * where both open with a dateline, its place is the same; a page of the next day is its write-thru
 * when it keeps most of the lede ({@link NEXT_DAY}). The agency's
 * other stories of that day on the same subject share its names but not its headline ("Newsom
 * vetoes AI safety bill" and "Newsom signs laws requiring AI developers to reveal training data"),
 * and its explainers have no dateline's lede.
 */

/**
 * Headline words and lede shared by one story's write-thru of the next day, under a headline of the
 * day's news ("Egg prices fall for a fifth straight week …" for "Wholesale egg prices plunge …"):
 * its lede kept.
 */
const NEXT_DAY = { titleWords: 2, snippetShare: 0.6 };
/**
 * And by one story's versions of one day: three headline words and half the lede, or a
 * subscriber's own headline ("Villa hit by Ferreyra blow …" for "Aston Villa's Tomas Ferreyra ruled
 * out …") over the lede kept as a write-thru keeps it.
 */
const SAME_DAY = [{ titleWords: 3, snippetShare: 0.5 }, NEXT_DAY];
const MIN_SNIPPET_WORDS = 8;
/** Headline words shared by two pages of one agency's day that open on one dateline. */
const DATELINE_TITLE_WORDS = 3;
/** Pages of one agency and one day compared, pair by pair: a flood of copies is bounded. */
const MAX_PAGES_PER_DAY = 60;

export interface AgencyPage {
  title: string;
  snippet: string;
  /** The agencies the page credits (wire-agencies.ts). */
  agencies: readonly string[];
  /** Days since 1970, when the page's address or search date says. */
  day: number | null;
}

/** A dateline's place, in capitals, before its state or agency: "SEATTLE (AP) —", "NAIROBI, Feb 5 (Reuters) -". */
const DATELINE =
  /(?:^|[.:]\s+)([A-Z]{3,}(?:[ .'-]+[A-Z]{2,})*)(?:,[^(—–]{1,30}?)?\s*(?:\([^)]{2,20}\)\s*)?[—–-]{1,2}/u;

/** Pairs (first page, another) of copies of one agency story: of one day, or its next day's write-thru. */
export function agencyRewriteLinks(pages: readonly AgencyPage[]): [number, number][] {
  const byAgencyDay = new Map<string, number[]>();
  const dayKey = (agency: string, day: number) => `${agency}:${day}`;
  const days: { agency: string; day: number; key: string }[] = [];
  pages.forEach((page, index) => {
    if (page.day === null) return;
    for (const agency of page.agencies) {
      const key = dayKey(agency, page.day);
      if (!byAgencyDay.has(key)) days.push({ agency, day: page.day, key });
      appendTo(byAgencyDay, key, index);
    }
  });
  const read = new Map<number, { title: Set<string>; snippet: Set<string>; place: string | undefined }>();
  const readingOf = (index: number) => {
    let reading = read.get(index);
    if (reading === undefined) {
      const page = pages[index] as AgencyPage;
      const snippet = withoutLeadingDate(page.snippet);
      reading = {
        // The headline as every other reading has it, worked out once a title (prepareHits).
        title: new Set(contentWords(prepareTitle(page.title).title)),
        snippet: new Set(contentWords(snippet)),
        place: DATELINE.exec(snippet)?.[1],
      };
      read.set(index, reading);
    }
    return reading;
  };
  const links: [number, number][] = [];
  for (const { agency, day, key } of days) {
    const members = (byAgencyDay.get(key) ?? []).slice(0, MAX_PAGES_PER_DAY);
    for (let i = 0; i < members.length; i += 1) {
      for (let j = i + 1; j < members.length; j += 1) {
        const [a, b] = [members[i] as number, members[j] as number];
        const [x, y] = [readingOf(a), readingOf(b)];
        if (SAME_DAY.some((needs) => oneStory(x, y, needs)) || oneDateline(x, y)) links.push([a, b]);
      }
    }
    // Its next day's write-thru keeps most of its lede; a follow-up opens with news of its own.
    const nextDay = (byAgencyDay.get(dayKey(agency, day + 1)) ?? []).slice(0, MAX_PAGES_PER_DAY);
    for (const a of members) {
      for (const b of nextDay) if (oneStory(readingOf(a), readingOf(b), NEXT_DAY)) links.push([a, b]);
    }
  }
  return links;
}

function oneStory(
  x: { title: Set<string>; snippet: Set<string>; place: string | undefined },
  y: { title: Set<string>; snippet: Set<string>; place: string | undefined },
  needs: { titleWords: number; snippetShare: number },
): boolean {
  if (x.place !== undefined && y.place !== undefined && x.place !== y.place) return false;
  if (shared(x.title, y.title) < needs.titleWords) return false;
  const [shorter, longer] =
    x.snippet.size <= y.snippet.size ? [x.snippet, y.snippet] : [y.snippet, x.snippet];
  return shorter.size >= MIN_SNIPPET_WORDS && shared(shorter, longer) >= needs.snippetShare * shorter.size;
}

/**
 * A search engine's snippet is often a passage of the story's own choosing, not its lede: two pages
 * of one agency's day opening on one dateline ("DETROIT (AP) —", "DETROIT —") under headlines
 * sharing three words are one story whatever passage each shows.
 */
function oneDateline(
  x: { title: Set<string>; place: string | undefined },
  y: { title: Set<string>; place: string | undefined },
): boolean {
  return x.place !== undefined && x.place === y.place && shared(x.title, y.title) >= DATELINE_TITLE_WORDS;
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const word of a) if (b.has(word)) count += 1;
  return count;
}
