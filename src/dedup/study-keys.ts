import { appendTo } from "../util/append-to.js";
import { mostCommon } from "../util/most-common.js";
import { isDistinctSample, type StudyMention } from "./study-citations.js";
import { durations, statesFinding, studyDesigns } from "./study-design.js";
import { studyPartGroups } from "./study-part-groups.js";
import { namesAnyOf, namesOf, partiesOf, type StudyParts, type StudyParty } from "./study-parts.js";

/**
 * Keys of the studies pages report, worked out over all the pages at once: two pages sharing a key
 * report one study. A citation that leaves something out is read in the light of the others: "Riche
 * et al. found" is Riche et al. (2012) when every page that gives Riche et al. a year gives 2012,
 * and is tied to none of them when pages give different years. Likewise "a 2012 study in Appetite"
 * is the 2012 study of 80 adults in Appetite when that is the only 2012 Appetite study the pages
 * name. A journal alone (without year or sample) says too little to tie anything. A study's year
 * and sample together tie pages that name neither its author nor its journal, and so does a
 * sample of an exact, uncommon size alone (isDistinctSample, study-citations.ts) ties the pages of
 * that size that came out together (within two weeks: an Australian study of 1,020 teens in
 * February and a US one in March are two), unless they name different parties (two firms' surveys
 * of 1,453 teens). A trial's name given with
 * different samples ("UCC trial" of 96 adults, "UCC study" of 140) is a place's, not one trial's:
 * it then ties only pages that give it with one sample.
 */
export function studyKeys(mentions: readonly (StudyMention | null)[]): string[][] {
  const authorYears = new Map<string, Set<number>>();
  const journalStudies = new Map<string, Set<string>>();
  const trialSizes = new Map<string, Set<number>>();
  const sampleMentions = new Map<number, StudyMention[]>();
  for (const mention of mentions) {
    if (mention?.author !== undefined && mention.year !== undefined) {
      addTo(authorYears, mention.author.toLowerCase(), mention.year);
    }
    if (mention?.trial && mention.sample) addTo(trialSizes, trialName(mention.trial), mention.sample.size);
    if (mention?.sample) appendTo(sampleMentions, mention.sample.size, mention);
    if (mention?.journal && mention.year !== undefined && mention.sample) {
      addTo(journalStudies, mention.journal.key, `${mention.year}:${mention.sample.size}`);
    }
  }
  const sampleRuns = new Map<number, StudyMention[][]>();
  return mentions.map((mention) => {
    if (mention === null) return [];
    const keys: string[] = [];
    if (mention.trial) {
      const name = trialName(mention.trial);
      const sizes = trialSizes.get(name);
      if (sizes === undefined || sizes.size <= 1) keys.push(`trial:${name}`);
      else if (mention.sample) keys.push(`trial:${name}:${mention.sample.size}`);
    }
    if (mention.author !== undefined) {
      const author = mention.author.toLowerCase();
      const year = mention.year ?? only(authorYears.get(author));
      if (year !== null) keys.push(`author:${author}:${year}`);
    }
    if (mention.journal) {
      const signature = journalSignature(mention, journalStudies.get(mention.journal.key));
      if (signature !== null) keys.push(`journal:${mention.journal.key}:${signature}`);
    }
    const size = mention.sample?.size;
    if (size !== undefined && mention.year !== undefined) keys.push(`year-sample:${mention.year}:${size}`);
    if (size !== undefined && isDistinctSample(size)) {
      let runs = sampleRuns.get(size);
      if (runs === undefined) {
        runs = reportRuns(sampleMentions.get(size) ?? []);
        sampleRuns.set(size, runs);
      }
      const at = runs.findIndex((run) => run.includes(mention));
      if (at >= 0 && !sampleTellsNoStudy(runs[at] as StudyMention[])) keys.push(`sample:${size}:${at}`);
    }
    return keys;
  });
}

/**
 * The keys that two works' own records carry (a paper's page, or a search engine's line giving
 * its first author and year): one team's two abstracts of one year share "Raghunathan 2025", so a
 * report citing it could report either, and the key ties no page. `isRecord` says which pages are
 * records; `oneWork` whether two records are already one work's.
 */
export function keysOfSeveralWorks(
  keys: readonly string[][],
  isRecord: (index: number) => boolean,
  oneWork: (a: number, b: number) => boolean,
): Set<string> {
  const records = new Map<string, number[]>();
  keys.forEach((list, index) => {
    if (list.length > 0 && isRecord(index)) for (const key of list) appendTo(records, key, index);
  });
  const several = new Set<string>();
  for (const [key, pages] of records) {
    if (pages.some((a, i) => pages.slice(i + 1).some((b) => !oneWork(a, b)))) several.add(key);
  }
  return several;
}

/**
 * Pairs of pages that name one study by its parts (institution, sponsor, product, design, size,
 * venue) when enough of them agree and none disagrees (study-part-groups.ts): each group's first
 * page with each of the others.
 */
export function studyPartLinks(
  mentions: readonly (StudyMention | null)[],
  report: (index: number) => { title: string; snippet: string } | null = () => null,
): [number, number][] {
  const byDay: boolean[] = [];
  const parts = mentions.map((mention, index) => {
    if (mention === null || mention.reported === undefined) return mention?.parts ?? null;
    const page = report(index);
    byDay[index] = page !== null;
    if (mention.parts) return mention.parts;
    return page === null ? null : reportedParts(mention, page);
  });
  return studyPartGroups(parts, byDay).flatMap(([first, ...others]) =>
    others.map((other): [number, number] => [first as number, other]),
  );
}

/**
 * What a report naming no party gives of its study, to be tied by its day (study-part-groups.ts):
 * its sample, length, design, citation and day, none of which may disagree with the others'.
 */
function reportedParts(mention: StudyMention, page: { title: string; snippet: string }): StudyParts {
  const text = `${page.title}. ${page.snippet}`;
  const parts: StudyParts = {
    title: page.title,
    institutions: [],
    sponsors: [],
    products: [],
    others: [],
    names: [],
    designs: studyDesigns(text),
    sizes: mention.sample ? [mention.sample.size] : [],
    bounds: [],
    days: durations(text),
    venues: [],
    finding: statesFinding(text),
  };
  if (mention.reported !== undefined) parts.reported = mention.reported;
  if (mention.journal) parts.journal = mention.journal.key;
  if (mention.year !== undefined) parts.year = mention.year;
  if (mention.author !== undefined) parts.author = mention.author.toLowerCase();
  if (mention.trial) parts.trial = mention.trial.name.toLowerCase();
  return parts;
}

/** `year:size` of the journal's study this mention reports, or null when it cannot tell which. */
function journalSignature(mention: StudyMention, known: ReadonlySet<string> | undefined): string | null {
  const { year, sample } = mention;
  if (year !== undefined && sample) return `${year}:${sample.size}`;
  const fits = [...(known ?? [])].filter((signature) => {
    const [knownYear, knownSize] = signature.split(":");
    return year !== undefined ? knownYear === String(year) : knownSize === String(sample?.size);
  });
  if (fits.length === 1) return fits[0] as string;
  if (fits.length > 1) return null;
  return year !== undefined ? `${year}:-` : sample ? `-:${sample.size}` : null;
}

function trialName(trial: NonNullable<StudyMention["trial"]>): string {
  return trial.name.toLowerCase().replace(/['’]/g, "");
}

/** Pages tied by nothing but a sample's size were published within this many days of each other. */
const SAMPLE_REPORTS_DAYS = 14;

/**
 * Pages giving one sample's size, in runs of reports that came out together: each page within two
 * weeks of its run's first (a survey of 1,391 teens out in February, another in April: two runs).
 * A page whose day is unknown belongs to a run only when there is one.
 */
function reportRuns(mentions: readonly StudyMention[]): StudyMention[][] {
  const dated = mentions
    .filter((mention) => mention.reported !== undefined)
    .sort((a, b) => (a.reported as number) - (b.reported as number));
  const runs: StudyMention[][] = [];
  for (const mention of dated) {
    const run = runs.at(-1);
    const first = run?.[0]?.reported;
    if (
      run !== undefined &&
      first !== undefined &&
      (mention.reported as number) - first <= SAMPLE_REPORTS_DAYS
    )
      run.push(mention);
    else runs.push([mention]);
  }
  const undated = mentions.filter((mention) => mention.reported === undefined);
  if (runs.length === 0) return undated.length > 0 ? [undated] : [];
  if (runs.length === 1) runs[0]?.push(...undated);
  return runs;
}

/**
 * Whether a sample of one size, in reports that came out together, tells no one study: two of its
 * pages each name a party the other does not name at all.
 */
function sampleTellsNoStudy(all: readonly StudyMention[]): boolean {
  const mentions = all.filter(
    (mention): mention is StudyMention & { parts: StudyParts } => mention.parts !== undefined,
  );
  // Each names a party, and the other names no word of any of them.
  const namesNone = (parts: StudyParts, of: StudyParts) => {
    const mine = partiesOf(parts);
    return mine.length > 0 && !namesAnyOf(mine, namesOf(of));
  };
  return mentions.some((a, i) =>
    mentions.slice(i + 1).some((b) => namesNone(a.parts, b.parts) && namesNone(b.parts, a.parts)),
  );
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/** The one year of a set (`-` for an empty or missing one); null when there are several. */
function only(values: ReadonlySet<number> | undefined): number | "-" | null {
  if (values === undefined || values.size === 0) return "-";
  return values.size === 1 ? ([...values][0] as number) : null;
}

/**
 * One study described from what its pages say together: the name, author, year, journal and
 * sample each page gives, the most cited value of each; or, when no page names or cites it, its
 * parts: who ran it, for whom, how and where.
 */
export function studySource(mentions: readonly StudyMention[]): string | undefined {
  if (mentions.length === 0) return undefined;
  const cited = mentions.some((m) => m.trial || m.author !== undefined || m.journal);
  const parts = mentions.flatMap((m) => (m.parts ? [m.parts] : []));
  if (!cited && parts.length > 0) return describeParts(parts);
  const merged: StudyMention = {};
  const trial = mostCommon(
    mentions.map((m) => m.trial),
    (t) => t.name.toLowerCase(),
  );
  if (trial) merged.trial = trial;
  const author = mostCommon(
    mentions.map((m) => m.author),
    (a) => a.toLowerCase(),
  );
  if (author !== undefined) merged.author = author;
  const year = mostCommon(
    mentions.map((m) => m.year),
    String,
  );
  if (year !== undefined) merged.year = year;
  const journal = mostCommon(
    mentions.map((m) => m.journal),
    (j) => j.key,
  );
  if (journal) merged.journal = journal;
  const sample = mostCommon(
    mentions.map((m) => m.sample),
    (s) => String(s.size),
  );
  if (sample) merged.sample = sample;
  return describeStudy(merged);
}

/**
 * A study named by its parts, from what its pages say together (the most named of each): "the
 * Murdoch University trial of Serenix, funded by Aurelia Botanicals (n = 120; NUTRITION)".
 */
function describeParts(all: readonly StudyParts[]): string {
  const most = (pick: (parts: StudyParts) => readonly StudyParty[]) =>
    mostCommon(
      all.flatMap((parts) => pick(parts)),
      (party) => party.words.join(" "),
    );
  const institution = most((parts) => parts.institutions) ?? most((parts) => parts.others);
  const product = most((parts) => parts.products);
  const sponsor = most((parts) => parts.sponsors);
  const designs = new Set(all.flatMap((parts) => parts.designs));
  const noun = designs.has("survey")
    ? "survey"
    : ["randomized", "blinded", "placebo", "crossover"].some((design) => designs.has(design))
      ? "trial"
      : "study";
  const size = mostCommon(all.flatMap((parts) => parts.sizes));
  const venue = most((parts) => parts.venues);
  const ofProduct = product ? ` of ${product.name}` : "";
  // "Fitwave" says nothing more after "the … study of Fitwave Ring".
  const within = (party: StudyParty, other: StudyParty | undefined) =>
    other !== undefined && party.words.every((word) => other.words.includes(word));
  const bySponsor =
    sponsor && !within(sponsor, product) && !within(sponsor, institution)
      ? `, funded by ${sponsor.name}`
      : "";
  const details = [
    size === undefined ? "" : `n = ${size.toLocaleString("en-US")}`,
    venue ? venue.name : "",
  ].filter((detail) => detail !== "");
  const lead = institution ? `the ${institution.name} ${noun}` : `a ${noun}`;
  return `${lead}${ofProduct}${bySponsor}${details.length > 0 ? ` (${details.join("; ")})` : ""}`;
}

/** How a study is named in a report: "the PREDIMED trial", "Riche et al. (2012), Appetite". */
export function describeStudy(mention: StudyMention): string {
  if (mention.trial) return `the ${mention.trial.name} ${mention.trial.noun}`;
  const journal = mention.journal ? mention.journal.name : undefined;
  if (mention.author !== undefined) {
    const year = mention.year === undefined ? "" : ` (${mention.year})`;
    return `${mention.author} et al.${year}${journal ? `, ${journal}` : ""}`;
  }
  const year = mention.year === undefined ? "" : `${mention.year} `;
  const sample = mention.sample
    ? ` (${mention.sample.size.toLocaleString("en-US")} ${mention.sample.noun})`
    : "";
  return `a ${year}study in ${journal ?? "a journal"}${sample}`;
}
