import { escapeRegExp } from "../util/escape-reg-exp.js";
import { NUMBER_IN_WORDS, numberFromWords } from "../util/number-words.js";
import { readDataFile } from "../util/read-data-file.js";
import { WEEKDAY } from "./address-date.js";
import { isJournalAlias, journalsNamed } from "./journal-names.js";
import { BOUND_WORDS, type SizeBound, sizeBound } from "./sample-bounds.js";
import { type KnownParts, type StudyParts, studyParts } from "./study-parts.js";

/**
 * Which study a page reports, from the way reports cite one: its first author ("Riche et al.
 * found", "Riche and colleagues (2012)", a search engine's "by DM Riche · 2012"), its journal,
 * year and sample ("a 2012 study of 80 adults published in Appetite"), or its name ("the PREDIMED
 * trial", "the Nurses' Health Study"). Word lists: src/data/study-words.json.
 *
 * A page naming two authors, two trials or two journals reports more than one study (a review, a
 * round-up): it is tied to none of them, so it cannot join two studies' origins into one. A page
 * that cites no study this way may still name one by its parts: who ran it, paid for it or sells
 * what it tested, and how (study-parts.ts).
 */

export interface StudyMention {
  /** First author's surname as written ("Riche", "van der Berg"). */
  author?: string;
  /**
   * The author is quoted as the study's lead author ("said lead author Maya Feldstein"): news of a
   * study just out, which came out the year the page did.
   */
  quoted?: true;
  /**
   * The page tells the study as news just out: its lead author quoted, or "published Monday in
   * JAMA Neurology", "a new study in Gut". It came out the year the page did.
   */
  fresh?: true;
  /** The day the page was published, in days since 1970, when known. */
  reported?: number;
  year?: number;
  /** The journal's key (lower case, aliases folded) and its name as written. */
  journal?: { key: string; name: string };
  /** The sample's size and what it is made of ("80", "adults"). */
  sample?: { size: number; noun: string };
  /** A named study or trial as written ("PREDIMED", "Nurses' Health") and what it is called. */
  trial?: { name: string; noun: string };
  /** The study named by its parts (institution, sponsor, product, design, size, venue), when it is. */
  parts?: StudyParts;
}

interface Patterns {
  etAl: RegExp;
  twoAuthors: RegExp;
  leadAuthor: RegExp;
  byline: RegExp;
  citation: RegExp;
  studyYear: RegExp;
  publishedYear: RegExp;
  sample: RegExp;
  /** Every sample a text gives: "120 adults", "(n = 120)". */
  samples: RegExp;
  /** Before a sample, what makes it none: a share ("two in three workers"), a bound ("more than"). */
  notSampleBefore: RegExp;
  sampleEquals: RegExp;
  acronymTrial: RegExp;
  namedTrial: RegExp;
  notSurnames: ReadonlySet<string>;
  notTrialNames: ReadonlySet<string>;
}

let patterns: Patterns | undefined;

/** Plural nouns of what a study measures or gives, never of who took part: "three doses took". */
const NOT_PEOPLE =
  "seconds|minutes|hours|days|nights|weeks|months|years|times|doses|cups|glasses|servings|pills|capsules|grams|groups|sessions";
const YEAR = String.raw`((?:19[5-9]|20[0-4])\d)`;
const PARTICLE = String.raw`(?:(?:van|von|de|der|den|du|da|di|la|le|del|dos|ten|ter)\s+){0,2}`;
/** A capital, then a small letter or an apostrophe (Smith, McDonald, O'Brien; not NASA): bounded. */
const SURNAME = String.raw`${PARTICLE}[A-Z][\p{Ll}'’-][\p{L}'’-]{0,30}`;
/** A person's given names before the surname: "Maya ", "Sofie Lindqvist ", "Mary-Kate ". */
const GIVEN = String.raw`(?:[A-Z][\p{Ll}'’-]+\s+|[A-Z]\.\s+){1,2}`;

/** "Dr" or "Prof" before a name. */
const DR = String.raw`(?:Dr|Prof)\.?\s+`;
/**
 * What a report calls the researcher who led a study before the name: "Dr", "professor", "U-M
 * engineering professor", "associate professor", "epidemiologist", "agronomist" (a specialist's
 * "-ist").
 */
const TITLED = String.raw`(?:${DR}|(?:(?:[\p{L}-]+|[A-Z][\p{L}.-]*)\s+){0,3}?(?:[Pp]rofessor|researcher|\p{Ll}{3,}ist|physician|engineer|astronomer|statistician|veterinarian|dietitian|surgeon)\s+(?:${DR})?)`;

function studyPatterns(): Patterns {
  if (patterns) return patterns;
  const words = readDataFile("study-words.json") as {
    studyNouns: string[];
    sampleNouns: string[];
    notSurnames: string[];
    notTrialNames: string[];
  };
  const studyNoun = `(?:${words.studyNouns.map(escapeRegExp).join("|")})`;
  // "120 adults", "Forty healthy 18-to-30-year-olds".
  const sampleNoun = String.raw`(${words.sampleNouns.map(escapeRegExp).join("|")}|(?:\d{1,3}-(?:to-)?)?\d{1,3}-year-olds)`;
  // Not the end of a name ("K-12 parents" are not 12).
  // Thousands parted by a comma, or by a space as journals print them ("58 204 participants").
  // Not a decimal's last digits ("2.1 million": no sample of 1), nor a count in millions.
  const number = String.raw`(?<![\p{L}\d]-|\d[.,])(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?!\d)|\d+|${NUMBER_IN_WORDS})(?!\s+(?:million|billion)\b)`;
  const about = String.raw`(?:(?:about|around|roughly|nearly|almost|close to|approximately|more than|over|some|just|only|fewer than|under)\s+)?`;
  // "33 overweight, prediabetic adults".
  const adjectives = String.raw`(?:\p{L}[\p{L}\d.'’-]*,?\s+){0,4}?`;
  // "a study of 80 adults", "followed 7,447 people"; "80 adults were randomized".
  // "the 1,204-participant trial", "a 500-person survey": a sample named in a compound.
  const compoundNoun = words.sampleNouns
    .filter((noun) => /[^s]s$/.test(noun))
    .map((noun) => escapeRegExp(noun.slice(0, -1)))
    .join("|");
  const sample = String.raw`\b(?:of|with|from|involving|including|among|on|in|followed|surveyed|tracked|recruited|enrolled|studied|examined|analy[sz]ed|gave|asked|randomi[sz]ed|assigned|covered|included|involved|observed|tested|compared|monitored|assessed|interviewed|questioned)\s+(?:the\s+)?${about}${number}\s+${adjectives}${sampleNoun}\b|\b${number}\s+${adjectives}${sampleNoun}\s+(?:were|was|took part|participated|completed|received|consumed|drank|ate|answered)\b|\b(?:a|an|the|this|its)\s+${number}-(${compoundNoun})\s+${adjectives}${studyNoun}\b`;
  patterns = {
    etAl: new RegExp(
      String.raw`(${SURNAME})\s+(?:et\.?\s*al\.?|and\s+(?:colleagues|co-?workers|co-?authors|(?:his|her|their)\s+(?:colleagues|team|co-?authors))|&\s*colleagues)(?:,?\s*\(?\s*${YEAR}\b)?`,
      "gu",
    ),
    twoAuthors: new RegExp(String.raw`(${SURNAME})\s+(?:and|&)\s+${SURNAME}\s*\(\s*${YEAR}\s*\)`, "gu"),
    // "said lead author Dr. Maya Feldstein", "researchers led by Dr Ilse Verhoeven", "a team led by
    // U-M engineering professor Priya Raman", "Dr. Matthew Campen led the team" (an institution
    // leads a study as often, so a person is told by "Dr" or "Prof" before the name), "Sofie Brandt,
    // the study's first author", "Amira Haddad, who led the research", "Amira Haddad-Lau, an
    // epidemiologist who led the research", "Priya Raman, a
    // postdoctoral researcher at U-M and lead author": a given name, then the surname.
    leadAuthor: new RegExp(
      String.raw`\b(?:(?:[Ll]ead|[Ff]irst)\s+(?:author|researcher|investigator)(?:\s+of\s+the\s+(?:study|paper|research|trial|report))?,?|led\s+by)\s+(?:${TITLED})?${GIVEN}(${SURNAME})\b|\b${DR}${GIVEN}(${SURNAME})\s+led\s+the\s+(?:study|research|trial|analysis|work|team|project)\b|\b${GIVEN}(${SURNAME}),\s+(?:(?:the\s+)?(?:study's\s+|paper's\s+|trial's\s+)?(?:lead|first)\s+author\b|(?:an?|the)\s+[^,.;]{0,80}?\band\s+(?:the\s+)?(?:study's\s+)?(?:lead|first)\s+author\b|(?:(?:an?|the)\s+[^,.;]{0,60}?\s+)?who\s+led\s+the\s+(?:study|research|trial|analysis|work)\b)`,
      "gu",
    ),
    byline: new RegExp(String.raw`\bby\s+(?:[A-Z]{1,3}\s+)?(${SURNAME})\b[^·]{0,80}?·\s*${YEAR}\b`, "u"),
    citation: new RegExp(
      String.raw`^\s*(${SURNAME})\s+[A-Z]{1,3}(?:,|\.|\s+et\s+al)[^]{0,200}?\b${YEAR}\s*(?:[A-Z][a-z]{2}(?:\s\d{1,2})?)?;\s*\d`,
      "u",
    ),
    studyYear: new RegExp(
      String.raw`\b(?:a|an|the|one|this|that|his|her|their)\s+${YEAR}\s+${adjectives}${studyNoun}\b`,
      "giu",
    ),
    publishedYear: new RegExp(
      String.raw`\b(?:published|conducted|carried out|released)\b[^.;]{0,80}?\bin\s+(?:(?:early|late|mid-?)\s*)?${YEAR}\b`,
      "i",
    ),
    sample: new RegExp(sample, "iu"),
    // Not a clause between ("aged 50 and older whose children"); what stands before is read apart.
    // Or any people who did what a study's sample does: "Thirty-two poor sleepers took". Never
    // across a sentence's end ("… in Six Weeks. Thirty-two …"), nor from a length ("for 10 years
    // found regular volunteers").
    samples: new RegExp(
      String.raw`\b${number}\s+(?!(?:${NOT_PEOPLE})\b)(?:(?!(?:and|or|who|whose|which|that|of|in|at|to|the|were|was|are)\s|[\p{L}'’-]+\.\s+\p{Lu})\p{L}[\p{L}\d.'’-]*,?\s+){0,4}?${sampleNoun}\b|\(\s*n\s*=\s*(\d{1,3}(?:,\d{3})+|\d+)\s*\)|\b${number}\s+(?:[\p{L}'’-]+\s+){0,2}?(?!(?:${NOT_PEOPLE})\b)[\p{Ll}'’-]+s\s+(?:took|drank|ate|wore|completed|took part|participated|were randomi[sz]ed|were assigned)\b`,
      "giu",
    ),
    notSampleBefore: new RegExp(
      String.raw`(?:(?:\d|\b${NUMBER_IN_WORDS})\s+(?:in|of|out of)|\b(${BOUND_WORDS}))\s+$`,
      "iu",
    ),
    sampleEquals: /\(\s*n\s*=\s*(\d{1,3}(?:,\d{3})+|\d+)\s*\)/i,
    acronymTrial: /\(?\b([A-Z][A-Z0-9]{2,}(?:-[A-Z0-9]+)*)\)?\s+(trial|study|cohort|Trial|Study|Cohort)\b/g,
    namedTrial:
      /\b[Tt]he\s+([A-Z][\p{L}'’]+(?:\s+[A-Z][\p{L}'’]+){0,4})\s+(Study|Trial|Initiative|Cohort)\b/gu,
    notSurnames: new Set(words.notSurnames),
    notTrialNames: new Set(words.notTrialNames),
  };
  return patterns;
}

/**
 * Cues of each kind of citation: most texts cite no study, and the costly patterns run only on a
 * text with the cue of their kind.
 */
const AUTHOR_CUE =
  /et\.? ?al|colleagues|co-?(?:workers|authors)|·|\(\s*(?:19|20)\d\d\s*\)|;\s*\d|(?:[Ll]ead|[Ff]irst) (?:author|researcher|investigator)|led (?:by|the)/;
const TRIAL_CUE = /[Tt]rial|[Ss]tud(?:y|ies)|[Cc]ohort|Initiative/;
const JOURNAL_CUE =
  /[Jj]ournal|published|appear|Lancet|JAMA|BMJ|NEJM|PNAS|Proceedings|Annals|Archives|Review/;
/** A sample of an uncommon size has at least three digits. */
const SAMPLE_CUE = /\d,?\d\d/;
/** Any of the cues above, in one pass: the text of most pages has none. */
const ANY_CUE = new RegExp(
  [AUTHOR_CUE, TRIAL_CUE, JOURNAL_CUE, SAMPLE_CUE].map((cue) => cue.source).join("|"),
);
/**
 * A study told as news just out: "published Monday in", "published online today in", "a new study
 * in", a release's "today announced results of a trial published in".
 */
const FRESH = new RegExp(
  String.raw`\bpublished\s+(?:online\s+)?(?:on\s+)?(?:today|yesterday|this\s+week|${WEEKDAY})\b|\bnew\s+(?:study|research|paper|analysis|trial|report)\s+(?:published\s+)?in\b|\btoday\s+announced\b[^.;]{0,120}?\bpublished\s+in\b`,
  "i",
);

/** What a page reporting a study calls it. */
const STUDY_WORD =
  /\b(?:stud(?:y|ies)|trial|analy[sz]is|analy[sz]ed|review|survey|cohort|research|data from)\b/i;

/** The study a page reports, or null when it cites none or more than one. */
export function studyMention(item: { title: string; snippet: string }): StudyMention | null {
  const cited = citedStudy(item);
  if (cited === SEVERAL) return null;
  const parts = studyParts(item, () => knownParts(item, cited));
  return parts === null ? cited : { ...cited, parts };
}

/** A page citing more than one study. */
const SEVERAL = Symbol("several studies");

/** What the citation says of the study, for reading its parts. */
function knownParts(item: { title: string; snippet: string }, cited: StudyMention | null): KnownParts {
  const text = `${item.title}. ${item.snippet}`;
  const p = studyPatterns();
  const sizes = new Set<number>();
  const bounds: SizeBound[] = [];
  const arms = givesArms(text);
  for (const match of text.matchAll(p.samples)) {
    if (arms && match[0].startsWith("(")) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    // Not a share ("50 in 100 people"); a bound ("more than 200 adults" may be 212) only bounds it.
    const bound = p.notSampleBefore.exec(before);
    const size = sizeOf(match[1] ?? match[3] ?? match[4] ?? "");
    if (size <= 0) continue;
    if (bound === null) sizes.add(size);
    else if (bound[1] !== undefined) bounds.push(sizeBound(bound[1], size));
  }
  const known: KnownParts = {
    years: cited?.year !== undefined ? [cited.year] : [...statedYears(text, p)],
    sizes: [...sizes],
    bounds,
  };
  if (cited?.journal) known.journal = cited.journal.key;
  if (cited?.author !== undefined) known.author = cited.author.toLowerCase();
  if (cited?.quoted) known.quoted = true;
  if (cited?.trial) known.trial = cited.trial.name.toLowerCase();
  return known;
}

/** The study a page cites by author, journal, name or an uncommon sample; SEVERAL for a round-up. */
function citedStudy(item: { title: string; snippet: string }): StudyMention | null | typeof SEVERAL {
  if (!ANY_CUE.test(item.title) && !ANY_CUE.test(item.snippet)) return null;
  const text = `${item.title}. ${item.snippet}`;
  const [authorCue, trialCue, journalCue] = [
    AUTHOR_CUE.test(text),
    TRIAL_CUE.test(text),
    JOURNAL_CUE.test(text),
  ];
  const sampleCue = SAMPLE_CUE.test(text);
  if (!authorCue && !trialCue && !journalCue && !sampleCue) return null;
  const p = studyPatterns();
  const { authors, lead } = authorCue
    ? authorsOf(text, item.snippet, p)
    : { authors: new Map<string, number | undefined>(), lead: new Set<string>() };
  const journals = journalCue ? journalsNamed(text) : new Map<string, string>();
  const trials = trialCue ? namedTrials(item, p) : new Map<string, { name: string; noun: string }>();
  if (authors.size > 1 || trials.size > 1 || journals.size > 1) return SEVERAL;
  if (authors.size === 0 && trials.size === 0 && journals.size === 0) {
    // Nothing but its sample may name a study, when the sample is of an uncommon size.
    const sample = sampleCue && STUDY_WORD.test(text) ? sampleOf(text, p) : undefined;
    return sample && isDistinctSample(sample.size) ? { sample } : null;
  }

  const years = statedYears(text, p);
  for (const year of authors.values()) if (year !== undefined) years.add(year);

  const mention: StudyMention = {};
  const [author] = authors.keys();
  if (author !== undefined) mention.author = displayName(text, author);
  if (author !== undefined && lead.has(author)) mention.quoted = true;
  if (mention.quoted || FRESH.test(text)) mention.fresh = true;
  if (years.size === 1) mention.year = [...years][0] as number;
  const [journal] = journals.entries();
  if (journal) mention.journal = { key: journal[0], name: journal[1] };
  const sample = sampleOf(text, p);
  if (sample) mention.sample = sample;
  const [trial] = trials.values();
  if (trial) mention.trial = trial;
  const identifies =
    mention.author !== undefined ||
    mention.trial !== undefined ||
    (mention.journal !== undefined &&
      (mention.year !== undefined || mention.sample !== undefined || mention.fresh !== undefined));
  return identifies ? mention : null;
}

/** The years a text gives a study: "a 2012 study", "published in 2012". */
function statedYears(text: string, p: Patterns): Set<number> {
  const years = new Set<number>();
  for (const match of text.matchAll(p.studyYear)) years.add(Number(match[1]));
  const published = p.publishedYear.exec(text)?.[1];
  if (published !== undefined) years.add(Number(published));
  return years;
}

/**
 * A sample this large, and not a round number, tells its study by itself: two pages on one question
 * citing a study of exactly 7,447 people cite one study, whatever else they name.
 */
export const DISTINCT_SAMPLE = 300;

export function isDistinctSample(size: number): boolean {
  return size >= DISTINCT_SAMPLE && size % 100 !== 0;
}

/** A word every lead author's reading has: "lead author", "first author", "led by", "led the". */
const LEAD_CUE = /\b(?:lead|first|led)\s/i;

/**
 * First authors cited (surname, lower case → the year cited with it, if any), and those a report
 * names as its study's lead author.
 */
function authorsOf(
  text: string,
  snippet: string,
  p: Patterns,
): { authors: Map<string, number | undefined>; lead: Set<string> } {
  const authors = new Map<string, number | undefined>();
  const lead = new Set<string>();
  const add = (name: string | undefined, year: string | undefined) => {
    if (name === undefined || p.notSurnames.has(name.split(/\s+/).at(-1) ?? name)) return;
    const key = name.toLowerCase();
    if (!authors.has(key) || year !== undefined)
      authors.set(key, year === undefined ? authors.get(key) : Number(year));
  };
  for (const match of text.matchAll(p.etAl)) add(match[1], match[2]);
  for (const match of text.matchAll(p.twoAuthors)) add(match[1], match[2]);
  // Most texts with an author's cue (a search engine's "·") name no lead author: a word of the
  // readings is looked for before the whole pattern is run.
  const leads = LEAD_CUE.test(text) ? text.matchAll(p.leadAuthor) : [];
  for (const match of leads) {
    const name = match[1] ?? match[2] ?? match[3];
    add(name, undefined);
    if (name !== undefined) lead.add(name.toLowerCase());
  }
  const byline = p.byline.exec(snippet) ?? p.citation.exec(snippet);
  if (byline) add(byline[1], byline[2]);
  return { authors, lead };
}

function namedTrials(
  item: { title: string; snippet: string },
  p: Patterns,
): Map<string, { name: string; noun: string }> {
  const trials = new Map<string, { name: string; noun: string }>();
  const add = (name: string | undefined, noun: string | undefined) => {
    if (name === undefined || noun === undefined) return;
    const first = name.split(/\s+/)[0] ?? name;
    if (p.notTrialNames.has(name) || p.notTrialNames.has(first) || isJournalAlias(name)) return;
    trials.set(name.toLowerCase().replace(/['’]/g, ""), {
      name,
      noun: /^[A-Z]+$/.test(name) ? noun.toLowerCase() : noun,
    });
  };
  for (const text of [item.title, item.snippet]) {
    // An all-capitals title has no acronyms to tell apart.
    if (text === item.title && text === text.toUpperCase()) continue;
    for (const match of text.matchAll(p.acronymTrial)) add(match[1], match[2]);
  }
  // Titles capitalise every word: a capitalised phrase is a name only in running text.
  for (const match of item.snippet.matchAll(p.namedTrial)) add(match[1], match[2]);
  return trials;
}

function sampleOf(text: string, p: Patterns): { size: number; noun: string } | undefined {
  const match = p.sample.exec(text);
  if (match) {
    const written = match[1] ?? match[3] ?? match[5] ?? "";
    const size = sizeOf(written);
    // "a study of nearly 390,000 adults" bounds its sample; it gives no size.
    const bounded = p.notSampleBefore.test(match[0].slice(0, match[0].indexOf(written)));
    if (size > 0 && !bounded) return { size, noun: (match[2] ?? match[4] ?? `${match[6]}s`).toLowerCase() };
  }
  const equals = p.sampleEquals.exec(text);
  if (equals && !givesArms(text)) return { size: sizeOf(equals[1] ?? ""), noun: "participants" };
  return undefined;
}

/**
 * Whether a text gives several "(n = …)": a trial's arms ("randomized to the app (n=642) … waitlist
 * controls (n=642)"), or its subgroups, none of which is its sample.
 */
function givesArms(text: string): boolean {
  return (text.match(/\(\s*n\s*=\s*\d/gi)?.length ?? 0) > 1;
}

/** A sample's size as written, in figures or in words; 0 for none (below ten in words: "two women"). */
function sizeOf(written: string): number {
  if (/^\d/.test(written)) return Number(written.replace(/[,\s]/g, ""));
  const size = numberFromWords(written);
  return size >= 10 ? size : 0;
}

/** The author's name as the text writes it (the key is lower case). */
function displayName(text: string, key: string): string {
  const at = text.toLowerCase().indexOf(key);
  return at < 0 ? key : text.slice(at, at + key.length);
}
