import { type SizeBound, within } from "./sample-bounds.js";
import { durations, hyphenatedSizes, statesFinding, studyDesigns } from "./study-design.js";
import { partPatterns } from "./study-part-patterns.js";
import { isTitleCase, readInstitutions, readNames, readVenues } from "./study-party-names.js";

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
  /** The day the page was published (days since 1970), when its address or search date says. */
  reported?: number;
  venueYear?: number;
  /** What the citation reading found (study-citations.ts): its journal, year, first author, name. */
  journal?: string;
  year?: number;
  author?: string;
  trial?: string;
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
export interface KnownParts {
  journal?: string;
  years: readonly number[];
  author?: string;
  /** The author is quoted as the study's lead author: the page tells what the study found. */
  quoted?: boolean;
  trial?: string;
  sizes: readonly number[];
  bounds: readonly SizeBound[];
}

/** Words by which a page says it reports research, one of which a study's report gives. */
const STUDY_SAID =
  /\b(?:stud(?:y|ies|ied)|trials?|surveys?|surveyed|polls?|polled|research|researchers?|scientists?|investigators?|experiments?|analys[ie]s|analy[sz]ed|meta-analysis|reports?|findings|data|cohort|RCTs?|pilot|placebo|randomi[sz]ed|participants|volunteers|patients)\b/i;

/** A cue that a text may name a study's parts: most texts have none, and are not read further. */
const CUE =
  /Universit|College|Institut|Hospital|Clinic|Medical|Center|Centre|funded|Funding|sponsored|commissioned|behalf|maker|brand|company|placebo|sham|andomi|andoml|blind|RCT|presented|meeting|onference|ongress|ymposium|essions|esearcher|cientist|octors|hysicians|linicians|ardiologist|cademics|rofessor|team|announce|[Ss]urvey|[Pp]oll|trial|study|eports?\b|™|®/;

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
  // A party named with what its study found ("A University of Calgary study … found head injuries
  // …") is read without a point of how: alone it ties nothing, but two parties so named, or one in
  // reports of one day, name one study (study-part-groups.ts); a partnership of two finds nothing.
  const finding = statesFinding(text) || known.quoted === true;
  if (how === 0 && !finding) return null;
  // A company's news of the day ("Carvell Foods cut its annual profit forecast") names a party and
  // what happened, but no study: a page read by what it found alone must say it reports one
  // ("study", "trial", "researchers", …).
  if (how === 0 && !STUDY_SAID.test(text)) return null;
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

/** Each party once, by its words. */
function unique(parties: readonly StudyParty[]): StudyParty[] {
  const seen = new Map<string, StudyParty>();
  for (const party of parties) {
    const key = party.words.join(" ");
    if (!seen.has(key)) seen.set(key, party);
  }
  return [...seen.values()];
}
