import type { Patterns } from "./study-part-patterns.js";
import type { StudyParty } from "./study-parts.js";

/**
 * Who a page names, and as what (study-parts.ts): institutions by their nouns ("University of
 * Reading", "Rutgers University"), conferences by their nouns or a year ("ENDO 2023", "the
 * Endocrine Society's annual meeting"), and every other capitalised name classed by the words
 * around it: a sponsor ("funded by X", "the maker X", "X, which makes"), a product ("took X", "X's Y
 * extract", "X chews"), an institution ("researchers at X"), a party of unknown kind ("a X study").
 * Word lists: src/data/study-parts.json, made into patterns by study-part-patterns.ts.
 */

/** The parties a page's texts name, by kind. */
export interface NamedParties {
  sponsors: StudyParty[];
  products: StudyParty[];
  institutions: StudyParty[];
  others: StudyParty[];
}

/** "Florabiotics' chief scientific officer": a company's people. */
const OFFICER_AFTER =
  /^\s+(?:chief\s+[\p{Ll} ]{0,30}officer|CEO|CSO|CTO|founder|co-founder|president|spokesperson|spokesman|spokeswoman|head of)\b/u;
/** A genus's species after it ("Lactobacillus rhamnosus", "Crocus sativus"): a species, no product. */
const SPECIES = /^\s+[a-z]{3,}(?:um|us|is|ii|ae|a|i|ens|es)\b/;
/** "Commission-funded": a name's last word with the funding it gave. */
const FUNDED_SUFFIX = /[-‑–](?:funded|sponsored|commissioned|financed)$/;
/** Who led a study, joined to its name: "a Stanford-led trial", "a University of Vermont-led project". */
/** A news office's site name after a university's: "University of Michigan News", "… Newsroom". */
const SITE_SECTION = /\s+(?:News(?:room)?|Today|Magazine|Stories|Blog)$/;
const LED_SUFFIX = /[-‑–]led$/;
/** A party's role joined to its name's last word, and the kind of party it makes. */
const JOINED_ROLES: readonly [RegExp, "sponsors" | "institutions"][] = [
  [FUNDED_SUFFIX, "sponsors"],
  [LED_SUFFIX, "institutions"],
];
/** Every venue named as the patterns below name them has one of these words, or a year. */
const VENUE_CUE =
  /[Mm]eeting|[Cc]onference|[Cc]ongress|[Ss]essions|[Ss]ummit|[Ss]ymposium|[Cc]onvention|Expo|Week|(?:19|20)\d\d|presented|reported|unveiled|shared|announced|shown|described|debuted|told/;

/** "University of Cincinnati", "Colorado State University", "Brigham and Women's Hospital". */
export function readInstitutions(text: string, titleCase: boolean, p: Patterns, into: StudyParty[]): void {
  for (const match of text.matchAll(p.institutionOf)) {
    // A title capitalises what follows the name: "University of Reading Study" is Reading's.
    const place = cutAtPossessive(match[1] ?? "")
      .replace(LED_SUFFIX, "")
      .replace(SITE_SECTION, "");
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
export function readVenues(raw: string, p: Patterns, into: StudyParty[], years: Set<number>): void {
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
      // Nor is the US Congress a conference ("members of Congress", "Americans Sour On Congress").
      if (
        name === "" ||
        /^(?:for|of|on|and|&)\b/i.test(name) ||
        /\b(?:University|College|Institute)\b/.test(name) ||
        /\b(?:of|on|in|to|for|from|by)\s+Congress\b/i.test(match[0])
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
export function readNames(
  text: string,
  titleCase: boolean,
  p: Patterns,
  into: NamedParties,
  names: Set<string>,
): void {
  const matches = [...text.matchAll(p.name)];
  const joined = slashJoined(text, matches);
  for (const [at, match] of matches.entries()) {
    const start = match.index;
    const runWords = match[0].split(/[ \u00a0]/);
    // Names joined by slashes ("a new NPR/PBS News/Marist poll") are read as one run: each name
    // with the words before the first and after the last.
    const chain = joined[at];
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
      const from = offset === 0 && chain ? chain.start : start + offset;
      const to = chain ? chain.end : start + match[0].length;
      const before = text.slice(Math.max(0, from - 80), from);
      const after = rest.length > 0 ? ` ${rest.join(" ")}` : text.slice(to, to + 100);
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

/** For each name run, where its chain of slash-joined names starts and ends, when it is in one. */
function slashJoined(
  text: string,
  matches: readonly RegExpExecArray[],
): ({ start: number; end: number } | undefined)[] {
  const chains: ({ start: number; end: number } | undefined)[] = matches.map(() => undefined);
  let first = 0;
  for (let at = 1; at <= matches.length; at += 1) {
    const previous = matches[at - 1] as RegExpExecArray;
    const next = matches[at];
    const slash =
      next !== undefined &&
      next.index === previous.index + previous[0].length + 1 &&
      text[next.index - 1] === "/";
    if (slash) continue;
    if (at - first > 1) {
      const chain = {
        start: (matches[first] as RegExpExecArray).index,
        end: previous.index + previous[0].length,
      };
      for (let member = first; member < at; member += 1) chains[member] = chain;
    }
    first = at;
  }
  return chains;
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
  into: NamedParties,
): void {
  const words = name.replace(/['’]s?$/, "").split(" ");
  // "The Serenix extract": the name starts after the words that open a sentence, and after where it
  // is based or made ("Austin-based Crewline", "a Swedish-made app"); an article opening the run
  // stands before the name as one in lower case does ("A Harris Poll survey" opening a sentence).
  const article =
    where.initial && ARTICLE.test(words[0] as string) ? `${(words[0] as string).toLowerCase()} ` : "";
  while (words.length > 0 && (p.notNames.has(words[0] as string) || DESCRIBED.test(words[0] as string)))
    words.shift();
  if (words.length === 0) return;
  const preceding = `${before}${article}`;
  // A release's headline "Ridgeline Partners Survey: …", every word capitalised: whose study it
  // tells, the firm that had it done.
  if (
    where.titleCase &&
    words.length > 1 &&
    STUDY_LABEL_WORD.test(words.at(-1) as string) &&
    /^\s*:/.test(after)
  ) {
    addParty(into.sponsors, words.slice(0, -1).join(" "), p);
    return;
  }
  const isPossessive = possessive(name);
  // "the Golden Grove Walnut Commission-funded research", "a Stanford-led study": the role joined
  // to the name's last word.
  for (const [suffix, role] of JOINED_ROLES) {
    const joined = suffix.exec(words.at(-1) as string);
    if (joined === null) continue;
    words[words.length - 1] = (words.at(-1) as string).slice(0, joined.index);
    addParty(into[role], words.join(" "), p);
    return;
  }
  const bare = words.join(" ");
  if (p.companyWords.has(words.at(-1) as string) && words.length > 1) addParty(into.sponsors, bare, p);
  if (p.markAfter.test(after)) addParty(into.products, bare, p);
  if (where.titleCase) return;
  // Lower-case words around the name say what it is; they are never a title's.
  if (p.sponsorBefore.test(preceding) || p.makerBefore.test(preceding) || p.fundedAfter.test(after)) {
    addParty(into.sponsors, bare, p);
  } else if (!isPossessive && (p.makerAfter.test(after) || p.announcesAfter.test(after))) {
    addParty(/\b(?:University|College|Institute)\b/.test(bare) ? into.institutions : into.sponsors, bare, p);
  } else if (p.institutionBefore.test(preceding)) {
    addParty(into.institutions, bare, p);
  } else if (p.studyBy.test(preceding)) {
    // "a survey of 1,453 teens by Common Sense Media", "a crossover study from Penn State".
    addParty(/\bfrom\s+(?:the\s+)?$/.test(preceding) ? into.institutions : into.others, bare, p);
  } else if (p.productBefore.test(preceding)) {
    // A genus before its species is no product ("took Lactobacillus plantarum"); a product's noun is
    // no species ("tested the Noctura glasses").
    if (!/^[A-Z]{2,4}$/.test(bare) && (!SPECIES.test(after) || p.productAfter.test(after)))
      addParty(into.products, bare, p);
  } else if (isPossessive && p.studyAfter.test(after)) {
    addParty(into.others, bare, p);
  } else if (isPossessive && (p.productAfter.test(after) || OFFICER_AFTER.test(after))) {
    addParty(into.sponsors, bare, p);
  } else if (!isPossessive && p.researchersAfter.test(after)) {
    // "New York researchers", "New Orleans doctors": a place, whose "New" opened the name.
    if (!placeAdjective(bare) && !/^New\s\p{Lu}/u.test(name)) addParty(into.institutions, bare, p);
  } else if (!isPossessive && p.studyAfter.test(after) && p.articleBefore.test(preceding)) {
    addParty(into.others, bare, p);
  } else if (where.initial && STUDY_LABEL.test(after) && !placeAdjective(bare)) {
    // A headline's "Ochsner study: heart patch kept patients out of the hospital".
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
    .replace(LED_SUFFIX, "")
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
export function isTitleCase(title: string): boolean {
  const words = title.split(/\s+/).filter((word) => /^[\p{L}]{4,}/u.test(word));
  if (words.length < 3) return false;
  return words.filter((word) => /^\p{Lu}/u.test(word)).length / words.length >= 0.6;
}

/** A name no dictionary word could be: CalmPaws, FloraCore, LP-29. */
function distinctive(name: string): boolean {
  return /\p{Ll}\p{Lu}/u.test(name) || /[A-Za-z]-?\d|\d-?[A-Za-z]/.test(name);
}

/** Where a party is based or made, before its name: "Austin-based", "Swedish-made". */
const DESCRIBED = /-(?:based|made|born|grown|owned)$/i;

/** A study's label before a colon, as a headline opens: "Ochsner study:". */
const STUDY_LABEL = /^\s+(?:study|survey|poll|trial)\s*:/i;
/** A study's label as a title-case headline writes it: "Ridgeline Partners Survey:". */
const STUDY_LABEL_WORD = /^(?:Study|Survey|Poll|Trial|Report)$/;
/** An article capitalised where it opens a sentence. */
const ARTICLE = /^(?:A|An|The|This|Its|Their|Our)$/;

/** "Tasmanian", "Danish", "Japanese": where researchers come from, not who they are. */
function placeAdjective(name: string): boolean {
  return !name.includes(" ") && /(?:ian|ean|ese|ish)$/.test(name);
}
