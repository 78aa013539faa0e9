import { escapeRegExp } from "../util/escape-reg-exp.js";
import { readDataFile } from "../util/read-data-file.js";

/**
 * The patterns that read a study's parts from a page (study-parts.ts): names, institutions,
 * conferences and the words around a name that say what it is, made once from the word lists in
 * src/data/study-parts.json.
 */

interface Words {
  institutionWords: string[];
  companyWords: string[];
  productNouns: string[];
  makerNouns: string[];
  venueWords: string[];
  genericWords: string[];
  notNames: string[];
  notVenues: string[];
}

export interface Patterns {
  name: RegExp;
  institutionOf: RegExp;
  institutionNamed: RegExp;
  venueAt: RegExp;
  venueNamed: RegExp;
  venueOf: RegExp;
  venueYear: RegExp;
  sponsorBefore: RegExp;
  makerBefore: RegExp;
  productBefore: RegExp;
  institutionBefore: RegExp;
  /** "a survey … by X", "a study from X": who did it, after the study it did. */
  studyBy: RegExp;
  articleBefore: RegExp;
  fundedAfter: RegExp;
  makerAfter: RegExp;
  announcesAfter: RegExp;
  researchersAfter: RegExp;
  studyAfter: RegExp;
  productAfter: RegExp;
  productWord: RegExp;
  markAfter: RegExp;
  companyWords: ReadonlySet<string>;
  generic: ReadonlySet<string>;
  notNames: ReadonlySet<string>;
  notVenues: ReadonlySet<string>;
}

let patterns: Patterns | undefined;

/**
 * One word of a name: "Rutgers", "A&M", "LP-29", "Women's", "Howlin'", "U.S.", "Inc.", a middle
 * initial ("Thomas B. Fordham").
 */
const WORD = String.raw`(?:(?:[A-Z]\.){2,}|(?:Inc|Corp|Ltd|Co)\.|[A-Z]\.(?=[ \u00a0][A-Z][\p{Ll}])|[A-Z][\p{L}\d]*(?:[&'’-][\p{L}\d]+)*['’]?)`;
/** A name: up to six words, separated by single spaces. */
const NAME = String.raw`${WORD}(?:[ \u00a0]${WORD}){0,5}`;
const STUDY_NOUN = "(?:study|studies|trial|RCT|survey|poll|research|report|pilot|analysis|experiment)";
/** Who does a study, named with where they work: "researchers at X", "X cardiologists", "the X team". */
const RESEARCHERS =
  "(?:researchers?|scientists?|investigators|experts|academics|doctors|physicians|clinicians|cardiologists|endocrinologists|nutritionists|epidemiologists|psychologists|psychiatrists|neuroscientists|oncologists|pediatricians|paediatricians|dermatologists|pollsters|professor|team)";
export function partPatterns(): Patterns {
  if (patterns) return patterns;
  const words = readDataFile("study-parts.json") as Words;
  const any = (list: readonly string[]) => list.map(escapeRegExp).join("|");
  const institution = `(?:${any(words.institutionWords)})`;
  const venueWord = `(?:${any(words.venueWords)})`;
  const descriptors = String.raw`(?:[\p{Ll}\d'’-]+,?\s+){0,4}?`;
  patterns = {
    // Not inside a word, nor after a hyphen joining words ("Call-Center"); after "--" it may start.
    name: new RegExp(`(?<![\\p{L}\\d'’&.]|[\\p{L}\\d]-)${NAME}`, "gu"),
    institutionOf: new RegExp(
      String.raw`\b(?:University|College|Institute) of (${NAME})(?:,?\s+at\s+(${NAME}))?`,
      "gu",
    ),
    // "Brigham and Women's Hospital", "Rutgers Robert Wood Johnson Medical School".
    institutionNamed: new RegExp(
      String.raw`(?<![\p{L}\d'’&.-])(${WORD}(?:\s(?:${WORD}|and|&|of))*?)\s${institution}\b`,
      "gu",
    ),
    venueAt: new RegExp(
      String.raw`\b(?:presented|reported|unveiled|shared|announced|shown|described|debuted|told)\b[^.;]{0,80}?\b(?:at|to)\s+(?:the\s+)?((?:${WORD})(?:\s(?:${WORD}|for|of|on|and|&))*)`,
      "gu",
    ),
    venueNamed: new RegExp(
      String.raw`((?:${WORD})(?:\s(?:${WORD}|for|of|on|and|&))*?)(?:['’]s)?\s+(?:(?:annual|national|international|scientific|yearly)\s+)?(?:meeting|conference|congress|sessions|summit|symposium|convention|${venueWord})\b`,
      "gu",
    ),
    // "the annual meeting of the Associated Professional Sleep Societies".
    venueOf: new RegExp(
      String.raw`\b(?:annual|national|international|scientific|yearly)\s+(?:meeting|conference|congress|sessions|summit|symposium|convention)\s+of\s+(?:the\s+)?(${NAME})`,
      "gu",
    ),
    // A conference's name and its year ("ENDO 2023"); a standard's number is no year ("PAS 2060").
    venueYear:
      /\b([A-Z]{3,}|(?:[A-Z][a-z]+ ){1,3}(?:Week|Summit|Congress|Conference))(?: \(([A-Z]{2,})\))? ((?:19[5-9]|20[0-4])\d)\b/g,
    sponsorBefore: new RegExp(
      String.raw`(?:\b(?:funded|sponsored|paid for|financed|commissioned|supported|underwritten|bankrolled|conducted for|carried out for)\s+(?:in part\s+|partly\s+|entirely\s+|wholly\s+|fully\s+)?by|\b(?:with|through)\s+(?:funding|support|a grant)\s+from|\bon behalf of|\bFunding(?:\s+[Ss]ources?)?:|\bSupport\s+\(if\s+any\):|\b(?:conducted|carried\s+out|fielded|run|done|performed|polled|surveyed)\s+by\s+[^.;,]{2,60}?\s+for)\s+(?:a grant from\s+)?(?:the\s+|a\s+|an\s+|its\s+)?${descriptors}$`,
      "u",
    ),
    makerBefore: new RegExp(String.raw`\b(?:${any(words.makerNouns)}),?\s+$`),
    // "took Tranquara", "wearing a Fitwave Ring", "randomized 236 adults to FloraCore or placebo".
    productBefore:
      /(?:\b(?:randomi[sz]ed|assigned|allocated)\b[^.;]{0,60}\bto|\b(?:took|taking|takes|given|gave|give|drinking|drank|drink|wearing|wore|wear|using|used|use|tested|testing|received|receiving|consumed|consuming|eating|ate|maker of|makers of|makes|producer of|sells|called|named|dubbed|branded|branded as))\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+|either\s+)?$/,
    // "… conducted with The Harris Poll": the pollster a firm ran its survey with.
    studyBy: new RegExp(
      String.raw`\b${STUDY_NOUN}\b(?:[^.;,]|,(?=\d)){0,60}?\b(?:conducted\s+by|carried\s+out\s+by|by|from)\s+(?:the\s+)?$|\b(?:conducted|fielded|carried\s+out)\s+with\s+(?:[Tt]he\s+)?$`,
    ),
    // "Researchers from UMass Amherst" opens a sentence as often as it follows one.
    institutionBefore: new RegExp(
      String.raw`\b(?:${RESEARCHERS}\s+(?:at|from|with|in)|(?:conducted|run|carried out|performed|done|based|held|study|trial|pilot)\s+at)\s+(?:the\s+)?$`,
      "i",
    ),
    articleBefore: /\b(?:[Aa]n?|[Tt]he|[Oo]ur|[Ii]ts|[Tt]heir|[Tt]his|[Nn]ew)\s+(?:[\p{Ll}\d-]+\s+){0,2}$/u,
    // "Commission-funded", "Kyoen Teas funded the study", "Acme paid for the trial".
    fundedAfter:
      /^(?:\s?[-‑–]\s?(?:funded|sponsored|commissioned|financed)|\s+(?:funded|sponsored|commissioned|financed|paid for|bankrolled|underwrote)\s+(?:the|this|a|an|its)\b)/,
    makerAfter:
      /^,?\s+(?:(?:the\s+|a\s+)?(?:[\p{Ll}-]+\s+){0,3}?(?:maker|makers|manufacturer|producer|seller|developer)s?\s+of\b|(?:which|that|who)\s+(?:makes|sells|produces|markets|developed)\b)/u,
    announcesAfter:
      /^(?:,\s+(?:Inc\.|Corp\.|Ltd\.|LLC))?(?:\s+\([^)]{1,40}\))?(?:,\s+[^,.]{1,80},)?\s+(?:today\s+|recently\s+|this\s+week\s+)?(?:announced|announces|released|releases|unveiled|unveils|surveyed|polled|commissioned)\b/,
    researchersAfter: new RegExp(String.raw`^\s+${RESEARCHERS}\b`),
    studyAfter: new RegExp(
      String.raw`^\s+(?:(?:own|new|latest|annual|yearly|quarterly|monthly|national|recent)\s+)?${STUDY_NOUN}\b`,
    ),
    // "the Serenix extract", "CalmPaws calming chews"; not "Arizona compared the ring".
    productAfter: new RegExp(
      String.raw`^\s+(?:(?!(?:the|a|an|and|or|with|to|of|in|on|for|its|their|is|was|were|has|had)\b)[\p{Ll}-]+(?<!ed)\s+)?(?:${any(words.productNouns)})s?\b`,
      "u",
    ),
    productWord: new RegExp(`^(?:${any(words.productNouns)})s?$`, "i"),
    markAfter: /^\s?[™®]/,
    companyWords: new Set(words.companyWords),
    generic: new Set(words.genericWords),
    notNames: new Set(words.notNames),
    notVenues: new Set(words.notVenues),
  };
  return patterns;
}
