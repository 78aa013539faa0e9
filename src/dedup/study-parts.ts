import { durations, hyphenatedSizes, statesFinding, studyDesigns } from "./study-design.js";
import { type Patterns, partPatterns } from "./study-part-patterns.js";

/**
 * A study named by its parts, for pages that report it without an identifier, an author or a name:
 * who ran it (an institution), who paid for it or sells what it tested (a sponsor, a product), and
 * how it was done (design), on how many (size), for how long (duration), where it was presented
 * (venue) and when. "Rutgers researchers gave 130 adults Kesari Naturals' Tranquara extract or a
 * placebo for eight weeks, and presented the results at ENDO 2023" names one study as surely as
 * its DOI would. Which pages name one study is decided over all of them (study-part-groups.ts).
 *
 * Names are read from their context, never from capitals alone: "funded by X", "the supplement
 * maker X", "X, which makes", "X today announced", "X Labs" (a sponsor); "X University",
 * "researchers at X", "X researchers" (an institution); "X's Y extract", "took X", "X chews" (a
 * product); "a X study", "X's survey" (a party of unknown kind). A capitalised word opening a
 * sentence names a product only when it cannot be an ordinary word (CalmPaws, LP-29, Serenix™).
 * Word lists: src/data/study-parts.json.
 */

/** One institution, company, product or conference as a page names it. */
export interface StudyParty {
  /** As written ("Murdoch University", "Aurelia Botanicals"). */
  name: string;
  /** Its telling words, lower case ("murdoch", "aurelia"): what is compared. */
  words: string[];
}

export interface StudyParts {
  /** The page's title: a fact check or a denial of a study is not one of its reports. */
  title: string;
  institutions: StudyParty[];
  sponsors: StudyParty[];
  products: StudyParty[];
  /** Named as running or owning the study without saying how ("a Texas A&M study", "Slumbra's poll"). */
  others: StudyParty[];
  /** Every capitalised word of the page (lower case, telling words only): what the page names at all. */
  names: string[];
  /** Design features: randomized, blinded, placebo, crossover, open-label, pilot, survey, review, … */
  designs: string[];
  /** Sample sizes given. */
  sizes: number[];
  /** Sizes given only as a bound or a rounding ("more than 1,400 teens"): what they may be. */
  bounds: SizeBound[];
  /** Durations given, in days. */
  days: number[];
  /** Conferences where it was presented, and the year a conference's name gives ("ENDO 2023"). */
  venues: StudyParty[];
  /** Whether the page says what the study found ("found", "cuts", "improves"), not only that it exists. */
  finding: boolean;
  venueYear?: number;
  /** What the citation reading found (study-citations.ts): its journal, year, first author, name. */
  journal?: string;
  year?: number;
  author?: string;
  trial?: string;
}

/** Whether a size is one a bound may be. */
export function within(size: number, bound: SizeBound): boolean {
  return size >= bound.low && size <= bound.high;
}

/** Every party a page names: its institutions, sponsors, products and parties of unknown kind. */
export function partiesOf(parts: StudyParts): StudyParty[] {
  return [...parts.institutions, ...parts.sponsors, ...parts.products, ...parts.others];
}

/** Every word a page names, its parties' words included. */
export function namesOf(parts: StudyParts, parties: readonly StudyParty[] = partiesOf(parts)): Set<string> {
  const names = new Set(parts.names);
  for (const party of parties) for (const word of party.words) names.add(word);
  return names;
}

/** Whether a page naming `names` names any word of any of these parties. */
export function namesAnyOf(parties: readonly StudyParty[], names: ReadonlySet<string>): boolean {
  return parties.some((party) => party.words.some((word) => names.has(word)));
}

/** What the citation reading already knows of the page's study. */
/** The sizes a sample given as "more than 1,400" or "about 1,500" may have, both ends in. */
export interface SizeBound {
  low: number;
  high: number;
}

export interface KnownParts {
  journal?: string;
  years: readonly number[];
  author?: string;
  trial?: string;
  sizes: readonly number[];
  bounds: readonly SizeBound[];
}

/** "Florabiotics' chief scientific officer": a company's people. */
const OFFICER_AFTER =
  /^\s+(?:chief\s+[\p{Ll} ]{0,30}officer|CEO|CSO|CTO|founder|co-founder|president|spokesperson|spokesman|spokeswoman|head of)\b/u;
/** A genus's species after it ("Lactobacillus rhamnosus", "Crocus sativus"): a species, no product. */
const SPECIES = /^\s+[a-z]{3,}(?:um|us|is|ii|ae|a|i|ens|es)\b/;
/** "Commission-funded": a name's last word with the funding it gave. */
const FUNDED_SUFFIX = /[-‑–](?:funded|sponsored|commissioned|financed)$/;
/** Every venue named as the patterns below name them has one of these words, or a year. */
const VENUE_CUE =
  /[Mm]eeting|[Cc]onference|[Cc]ongress|[Ss]essions|[Ss]ummit|[Ss]ymposium|[Cc]onvention|Expo|Week|(?:19|20)\d\d|presented|reported|unveiled|shared|announced|shown|described|debuted|told/;
/** A cue that a text may name a study's parts: most texts have none, and are not read further. */
const CUE =
  /Universit|College|Institut|Hospital|Clinic|Medical|Center|Centre|funded|sponsored|commissioned|behalf|maker|brand|company|placebo|andomi|blind|RCT|presented|meeting|esearchers|cientists|announce|[Ss]urvey|[Pp]oll|trial|study|™|®/;

/**
 * The parts of the study a page reports, or null when it does not name one by who and how.
 * `readKnown` gives what the citation reading found, asked only of a page that names a party.
 */
export function studyParts(
  item: { title: string; snippet: string },
  readKnown: () => KnownParts,
): StudyParts | null {
  if (!CUE.test(item.title) && !CUE.test(item.snippet)) return null;
  const p = partPatterns();
  const found = {
    institutions: [] as StudyParty[],
    sponsors: [] as StudyParty[],
    products: [] as StudyParty[],
    others: [] as StudyParty[],
    venues: [] as StudyParty[],
  };
  const names = new Set<string>();
  const venueYears = new Set<number>();
  for (const text of [item.title, item.snippet]) {
    const titleCase = text === item.title && isTitleCase(text);
    readInstitutions(text, titleCase, p, found.institutions);
    readVenues(text, p, found.venues, venueYears);
    readNames(text, titleCase, p, found, names);
  }
  const who = found.institutions.length + found.sponsors.length + found.products.length + found.others.length;
  // A page naming no party as such may still name one another page reads as a party ("a crossover
  // study from Penn State"), or the study by its conference and its sample.
  if (who === 0 && found.venues.length === 0 && names.size === 0) return null;
  const known = readKnown();
  const text = `${item.title}. ${item.snippet}`;
  const sizes = new Set(known.sizes);
  for (const size of hyphenatedSizes(text)) sizes.add(size);
  if (who === 0 && found.venues.length === 0) {
    // With no party read, only its sample (or a bound on it) can tie it, and a page citing its
    // study is tied by that.
    if (
      (sizes.size === 0 && known.bounds.length === 0) ||
      known.author !== undefined ||
      known.journal !== undefined ||
      known.trial !== undefined
    )
      return null;
  }
  const designs = studyDesigns(text);
  const days = durations(text);
  const how =
    designs.length +
    sizes.size +
    known.bounds.length +
    days.length +
    found.venues.length +
    (known.journal ? 1 : 0);
  // Two parties named with what their study found ("scientists at the University of Reading found …
  // after the Cerebra Focus drink") name it without a point of how; a partnership of the two does not.
  const finding = statesFinding(text);
  if (how === 0 && !(who >= 2 && finding)) return null;
  const parts: StudyParts = {
    title: item.title,
    institutions: unique(found.institutions),
    sponsors: unique(found.sponsors),
    products: unique(found.products),
    others: unique(found.others),
    names: [...names],
    designs,
    sizes: [...sizes],
    bounds: known.bounds.filter((bound) => ![...sizes].some((size) => within(size, bound))),
    days,
    venues: unique(found.venues),
    finding,
  };
  if (known.journal !== undefined) parts.journal = known.journal;
  if (known.years.length === 1) parts.year = known.years[0] as number;
  if (venueYears.size === 1) parts.venueYear = [...venueYears][0] as number;
  if (known.author !== undefined) parts.author = known.author;
  if (known.trial !== undefined) parts.trial = known.trial;
  return parts;
}

/** "University of Cincinnati", "Colorado State University", "Brigham and Women's Hospital". */
function readInstitutions(text: string, titleCase: boolean, p: Patterns, into: StudyParty[]): void {
  for (const match of text.matchAll(p.institutionOf)) {
    // A title capitalises what follows the name: "University of Reading Study" is Reading's.
    const place = cutAtPossessive(match[1] ?? "");
    const name = titleCase ? (place.split(" ")[0] ?? "") : place;
    const at = match[2] === undefined ? "" : ` at ${cutAtPossessive(match[2])}`;
    addParty(into, `${match[0].slice(0, match[0].indexOf(" of ") + 4)}${name}${at}`, p);
  }
  for (const match of text.matchAll(p.institutionNamed)) {
    const words = (match[1] ?? "").split(" ");
    // "The Rutgers University", "Researchers at Rutgers University": the name starts after them.
    while (words.length > 0 && p.notNames.has(words[0] as string)) words.shift();
    if (words.length === 0 || possessive(words.at(-1) as string)) continue;
    const institution = match[0].slice((match[1] ?? "").length + 1);
    addParty(into, `${words.join(" ")} ${institution}`, p);
  }
}

/** Conferences: "presented at ENDO 2023", "the American Chemical Society's national meeting". */
function readVenues(raw: string, p: Patterns, into: StudyParty[], years: Set<number>): void {
  if (!VENUE_CUE.test(raw)) return;
  // "EPI|Lifestyle": a bar between a name's words is a space.
  const text = raw.replace(/(?<=\p{L})\|(?=\p{L})/gu, " ");
  for (const match of text.matchAll(p.venueYear)) {
    const name = match[1] ?? "";
    if (p.notVenues.has(name) || p.notNames.has(name)) continue;
    addParty(into, name, p);
    if (match[2] !== undefined) addParty(into, match[2], p);
    years.add(Number(match[3]));
  }
  for (const pattern of [p.venueAt, p.venueNamed, p.venueOf]) {
    for (const match of text.matchAll(pattern)) {
      // "American Society for Nutrition's annual meeting": a word that names nothing on its own
      // ("American", "The") starts many a society's name and is left out of it. A society's
      // meeting with a name of its own is both ("American Heart Association's EPI Lifestyle
      // Scientific Sessions"): a report may name either.
      const named = (match[1] ?? "")
        .replace(/\s+(?:for|of|on|and|&)$/, "")
        .replace(/['’]s?(?=\s|$)/g, "")
        .split(" ");
      while (named.length > 0 && p.notNames.has(named[0] as string)) named.shift();
      const name = named.join(" ");
      if (
        name === "" ||
        /^(?:for|of|on|and|&)\b/.test(name) ||
        /\b(?:University|College|Institute)\b/.test(name)
      )
        continue;
      if (
        pattern === p.venueAt &&
        !/[A-Z]{3,}|Week|Meeting|Sessions|Congress|Conference|Summit|Society/.test(name)
      ) {
        continue;
      }
      addParty(into, name, p);
    }
  }
}

/** Every capitalised name of a text, classed by what stands around it. */
function readNames(
  text: string,
  titleCase: boolean,
  p: Patterns,
  into: { sponsors: StudyParty[]; products: StudyParty[]; institutions: StudyParty[]; others: StudyParty[] },
  names: Set<string>,
): void {
  for (const match of text.matchAll(p.name)) {
    const start = match.index;
    const runWords = match[0].split(/[ \u00a0]/);
    for (const word of runWords) {
      const key = wordKey(word);
      if (key !== "" && !p.generic.has(key) && !p.notNames.has(word)) names.add(key);
    }
    // A run may hold a company's name, a possessive and a product: "Aurelia Botanicals' Serenix".
    let offset = 0;
    let words = runWords;
    while (words.length > 0) {
      const cut = words.findIndex(
        (word, index) => possessive(word) || (index > 0 && p.companyWords.has(word)),
      );
      const segment = cut < 0 ? words : words.slice(0, cut + 1);
      const rest = cut < 0 ? [] : words.slice(cut + 1);
      const segmentText = segment.join(" ");
      const before = text.slice(Math.max(0, start + offset - 80), start + offset);
      const after =
        rest.length > 0
          ? ` ${rest.join(" ")}`
          : text.slice(start + match[0].length, start + match[0].length + 100);
      classify(
        segmentText,
        before,
        after,
        { initial: titleCase || sentenceStart(before), titleCase },
        p,
        into,
      );
      if (rest.length > 0 && possessive(segment.at(-1) as string)) {
        // "Nocturna Health's DriftRest gummies": a maker and its product.
        const product = possessedProduct(rest, text.slice(start + match[0].length), p);
        if (product !== null && !p.notNames.has(segment[0] as string)) {
          addParty(into.products, product, p);
          addParty(into.sponsors, segmentText.replace(/['’]s?$/, ""), p);
        }
      }
      offset += segmentText.length + 1;
      words = rest;
    }
  }
}

/**
 * The product a possessive names: "Kesari Naturals' Tranquara root extract", "Nuvora's Cerebra
 * Focus Drink Improves …" (up to its noun), "Florabiotics' LP-29"; not "Arizona's Sleep and
 * Health Research Program".
 */
function possessedProduct(rest: readonly string[], after: string, p: Patterns): string | null {
  if (p.notNames.has(rest[0] as string)) return null;
  const noun = rest.findIndex((word) => p.productWord.test(word));
  if (noun > 0) return rest.slice(0, noun).join(" ");
  if (noun < 0 && p.productAfter.test(after)) return rest.join(" ");
  return distinctive(rest[0] as string) ? (rest[0] as string) : null;
}

function classify(
  name: string,
  before: string,
  after: string,
  where: { initial: boolean; titleCase: boolean },
  p: Patterns,
  into: { sponsors: StudyParty[]; products: StudyParty[]; institutions: StudyParty[]; others: StudyParty[] },
): void {
  const words = name.replace(/['’]s?$/, "").split(" ");
  // "The Serenix extract": the name starts after the words that open a sentence.
  while (words.length > 0 && p.notNames.has(words[0] as string)) words.shift();
  if (words.length === 0) return;
  const isPossessive = possessive(name);
  const funded = FUNDED_SUFFIX.exec(words.at(-1) as string);
  if (funded) {
    // "the Golden Grove Walnut Commission-funded research"
    words[words.length - 1] = (words.at(-1) as string).slice(0, funded.index);
    addParty(into.sponsors, words.join(" "), p);
    return;
  }
  const bare = words.join(" ");
  if (p.companyWords.has(words.at(-1) as string) && words.length > 1) addParty(into.sponsors, bare, p);
  if (p.markAfter.test(after)) addParty(into.products, bare, p);
  if (where.titleCase) return;
  // Lower-case words around the name say what it is; they are never a title's.
  if (p.sponsorBefore.test(before) || p.makerBefore.test(before) || p.fundedAfter.test(after)) {
    addParty(into.sponsors, bare, p);
  } else if (!isPossessive && (p.makerAfter.test(after) || p.announcesAfter.test(after))) {
    addParty(/\b(?:University|College|Institute)\b/.test(bare) ? into.institutions : into.sponsors, bare, p);
  } else if (p.institutionBefore.test(before)) {
    addParty(into.institutions, bare, p);
  } else if (p.studyBy.test(before)) {
    // "a survey of 1,453 teens by Common Sense Media", "a crossover study from Penn State".
    addParty(/\bfrom\s+(?:the\s+)?$/.test(before) ? into.institutions : into.others, bare, p);
  } else if (p.productBefore.test(before)) {
    if (!/^[A-Z]{2,4}$/.test(bare) && !SPECIES.test(after)) addParty(into.products, bare, p);
  } else if (isPossessive && p.studyAfter.test(after)) {
    addParty(into.others, bare, p);
  } else if (isPossessive && (p.productAfter.test(after) || OFFICER_AFTER.test(after))) {
    addParty(into.sponsors, bare, p);
  } else if (!isPossessive && p.researchersAfter.test(after)) {
    if (!placeAdjective(bare)) addParty(into.institutions, bare, p);
  } else if (!isPossessive && p.studyAfter.test(after) && p.articleBefore.test(before)) {
    addParty(into.others, bare, p);
  } else if (!isPossessive && p.productAfter.test(after) && (!where.initial || distinctive(bare))) {
    addParty(into.products, bare, p);
  } else if (words.length > 1 && p.productWord.test(words.at(-1) as string)) {
    // "its Fitwave Ring agreed": the product's noun capitalised as part of its name.
    if (!where.initial || distinctive(bare)) addParty(into.products, words.slice(0, -1).join(" "), p);
  }
}

function addParty(into: StudyParty[], name: string, p: Patterns): void {
  // "vitamin C", "a US study": a letter or two names nothing.
  if (name.trim().length <= 2) return;
  const words = name
    .split(/[ \u00a0]+/)
    .map(wordKey)
    .filter((word) => word !== "" && !p.generic.has(word));
  if (words.length > 0) into.push({ name: name.trim(), words });
}

/** A word as compared: lower case, without a possessive or a closing dot. */
function wordKey(word: string): string {
  return word
    .toLowerCase()
    .replace(/['’]s?$/, "")
    .replace(/(?<![a-z]\.[a-z])\.$/, "");
}

function possessive(word: string): boolean {
  return /['’]s$/.test(word) || /s['’]$/.test(word);
}

/** The name up to its first possessive word: "Arizona's Sleep" is Arizona. */
function cutAtPossessive(name: string): string {
  const words = name.split(" ");
  const at = words.findIndex(possessive);
  return (at < 0 ? words : words.slice(0, at + 1)).join(" ").replace(/['’]s?$/, "");
}

/** Whether a name stands where a sentence starts, so its capital says nothing. */
function sentenceStart(before: string): boolean {
  return /(?:^|[.!?:;|—–]|--)\s*["'“‘(]?\s*$/.test(before);
}

/** A title that capitalises its words: its capitals name nothing. */
function isTitleCase(title: string): boolean {
  const words = title.split(/\s+/).filter((word) => /^[\p{L}]{4,}/u.test(word));
  if (words.length < 3) return false;
  return words.filter((word) => /^\p{Lu}/u.test(word)).length / words.length >= 0.6;
}

/** A name no dictionary word could be: CalmPaws, FloraCore, LP-29. */
function distinctive(name: string): boolean {
  return /\p{Ll}\p{Lu}/u.test(name) || /[A-Za-z]-?\d|\d-?[A-Za-z]/.test(name);
}

/** "Tasmanian", "Danish", "Japanese": where researchers come from, not who they are. */
function placeAdjective(name: string): boolean {
  return !name.includes(" ") && /(?:ian|ean|ese|ish)$/.test(name);
}

function unique(parties: readonly StudyParty[]): StudyParty[] {
  const seen = new Map<string, StudyParty>();
  for (const party of parties) {
    const key = party.words.join(" ");
    if (!seen.has(key)) seen.set(key, party);
  }
  return [...seen.values()];
}
