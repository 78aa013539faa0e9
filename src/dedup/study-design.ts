import { NUMBER_IN_WORDS, numberFromWords } from "../util/number-words.js";

/**
 * How a study was done, as a page reporting it says: its design (randomized, blinded, placebo …),
 * how long it ran, and a sample written with a hyphen ("the 236-patient trial"). Part of naming a
 * study by its parts (study-parts.ts).
 */

/** A count in figures or words: "12", "1.5", "a", "six", "twenty-four", "half a" (year). */
const NUMBER = String.raw`(\d+(?:\.\d+)?|half an?|a|an|${NUMBER_IN_WORDS})`;
/** "two and a half years", "a year and a half": half a unit more than the count. */
const AND_A_HALF = String.raw`(?:\s+and\s+a\s+half)?`;
const UNIT_DAYS: Readonly<Record<string, number>> = {
  day: 1,
  night: 1,
  week: 7,
  fortnight: 14,
  month: 30.44,
  year: 365.25,
  decade: 3652.5,
};

/** "a 12-week study", "a six-month, randomized trial": a duration naming the study's length. */
const DURATION_OF_STUDY = new RegExp(
  String.raw`\b${NUMBER}${AND_A_HALF}[- ](day|night|week|fortnight|month|year|decade)s?(?![- ]olds?\b)[- ,]+(?:long\s+)?(?:[\p{L}-]+,?\s+){0,3}?(?:study|trial|RCT|intervention|pilot|experiment|program|programme|period|course|supplementation|treatment|follow-up|cohort)\b`,
  "giu",
);
/** "a year-long study", "a Year-Long Trial": one unit. */
const UNIT_LONG =
  /\b(day|night|week|fortnight|month|year|decade)-long\s+(?:[\p{L}-]+\s+){0,2}?(?:study|trial|RCT|intervention|pilot|experiment|program|programme|cohort)\b/giu;
/** "for 12 weeks", "over six months", "after four weeks", "over a median of 6.8 years". */
const DURATION_FOR = new RegExp(
  String.raw`\b(?:for|over|after|during|lasting|within)\s+(?<bound>about\s+|around\s+|nearly\s+|almost\s+|close\s+to\s+|roughly\s+|more\s+than\s+|over\s+|just\s+|up\s+to\s+|the\s+(?:next\s+|first\s+|following\s+)?|an?\s+(?:median|mean|average)\s+of\s+)?${NUMBER}${AND_A_HALF}\s+(day|night|week|fortnight|month|year|decade)s?${AND_A_HALF}\b(?![- ]olds?\b)`,
  "giu",
);
/** "a 130-participant RCT", "the 236-patient trial". */
const HYPHENATED_SIZE =
  /\b(\d{1,3}(?:,\d{3})*|\d+)-(?:participant|patient|person|subject|adult|volunteer|member|woman|man|child|dog|cat)\b/gi;

const DESIGNS: readonly [string, RegExp][] = [
  ["randomized", /\brandomi[sz]ed\b|\bRCTs?\b|\brandomly (?:assigned|allocated)\b/gi],
  ["blinded", /\b(?:double|single|triple)[- ]blind(?:ed)?\b/gi],
  ["placebo", /\bplacebos?\b|\bdummy pills?\b|\bsham\b/gi],
  ["crossover", /\bcross-?over\b/gi],
  ["open-label", /\bopen[- ]label\b/gi],
  ["pilot", /\bpilot\b/gi],
  ["review", /\bmeta-analys[ie]s\b|\bsystematic review\b|\bpooled\b/gi],
  ["survey", /\bsurvey(?:ed|s)?\b|\bpoll(?:ed|s)?\b/gi],
  ["observational", /\bobservational\b|\bcohort\b/gi],
  ["validation", /\bvalidation\b/gi],
];
/** "no placebo group", "without a placebo", "not randomized", "non-randomized": a design it lacks. */
const NEGATED = /\b(?:no|not|without|never|lacked|lacking|non)[\s-]+(?:an?\s+|any\s+|the\s+)?$/i;

/** Whether a text says its study has this design, not that it lacks it. */
function stated(text: string, design: RegExp): boolean {
  for (const match of text.matchAll(design)) {
    if (!NEGATED.test(text.slice(Math.max(0, match.index - 16), match.index))) return true;
  }
  return false;
}

/** The designs a text says its study has, not those it says it lacks. */
export function studyDesigns(text: string): string[] {
  return DESIGNS.flatMap(([design, pattern]) => (stated(text, pattern) ? [design] : []));
}

/** Samples written as "a 130-participant RCT". */
export function hyphenatedSizes(text: string): number[] {
  return [...text.matchAll(HYPHENATED_SIZE)].map((match) => Number((match[1] ?? "").replace(/,/g, "")));
}

/**
 * "found", "shows", "cut mistakes by a fifth", "improves attention": what a study found, stated; or
 * a survey's share of its people saying something ("29% of teens say", "three-in-ten adults say").
 */
const FINDING =
  /\b(?:found|finds|showed|shows|revealed|reveals|suggests|suggested|reduced|reduces|cut|cuts|lowered|lowers|improved|improves|boosted|boosts|increased|increases|raised|raises|lengthened|halved|doubled)\b|(?:\d%|\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine)[- ]in[- ](?:\d{1,2}|three|four|five|ten))[^.;]{0,60}?\bsay\b/i;

/** Whether a text states what its study found, rather than only that it exists or will. */
export function statesFinding(text: string): boolean {
  return FINDING.test(text);
}

/**
 * A length given as a bound stands for the middle of what it may be: "nearly two weeks" for 12.6
 * days, "more than six months" for 6.6 months (lengths within a tenth are one, study-part-groups.ts).
 */
function boundFactor(bound: string | undefined): number {
  if (bound === undefined) return 1;
  if (/^(?:nearly|almost|close|up|just)/i.test(bound)) return 0.9;
  return /^(?:more|over)/i.test(bound) ? 1.1 : 1;
}

/**
 * A reviewer's own use of the product, not the study's length: "I drank it for a month", "We slept
 * on it for three weeks".
 */
const WRITERS_OWN_USE = /\b(?:I|We)\s+(?:[\p{Ll}'’]+\s+){1,3}?(?:it|them)\b[^.!?]*$/u;

/**
 * A horizon ahead, not the study's length: "over the next 10 years", "a recession within a year" or
 * "will be toast after five years" after a word of expectation ("expect", "likely", "will").
 */
const AHEAD = /\bthe\s+next\s/i;
const EXPECTED_BEFORE =
  /\b(?:expects?|expected|expecting|likely|unlikely|will|would|could|might|predicts?|predicted|forecasts?|projected|plans?|planned|aims?|hopes?|goals?|targets?|pledged?|promised?)\b[^,;:]*$/i;

function aheadNotLength(text: string, match: RegExpExecArray): boolean {
  return (
    AHEAD.test(match[0]) ||
    (/^(?:within|after)/i.test(match[0]) && EXPECTED_BEFORE.test(sentenceBefore(text, match.index)))
  );
}

/** The text of the sentence before `at`. */
function sentenceBefore(text: string, at: number): string {
  const before = text.slice(Math.max(0, at - 200), at);
  return before.slice(before.search(/[^.!?]*$/));
}

/** The study's length in days, each way a text gives it ("a 12-week trial", "for six months"). */
export function durations(text: string): number[] {
  const days = new Set<number>();
  if (!/day|night|week|fortnight|month|year|decade/i.test(text)) return [];
  for (const pattern of [DURATION_OF_STUDY, DURATION_FOR]) {
    for (const match of text.matchAll(pattern)) {
      if (WRITERS_OWN_USE.test(sentenceBefore(text, match.index))) continue;
      if (aheadNotLength(text, match)) continue;
      // DURATION_FOR's first group is the bound before the count.
      const at = pattern === DURATION_FOR ? 2 : 1;
      const written = match[at] ?? "";
      let count = /^\d/.test(written)
        ? Number(written)
        : /^an?$/i.test(written)
          ? 1
          : /^half/i.test(written)
            ? 0.5
            : numberFromWords(written);
      const unit = UNIT_DAYS[(match[at + 1] ?? "").toLowerCase()];
      if (/\band\s+a\s+half\b/i.test(match[0])) count += 0.5;
      if (unit !== undefined && count > 0 && Number.isFinite(count)) {
        days.add(Math.round(count * unit * boundFactor(match.groups?.bound)));
      }
    }
  }
  for (const match of text.matchAll(UNIT_LONG)) {
    const unit = UNIT_DAYS[(match[1] ?? "").toLowerCase()];
    if (unit !== undefined) days.add(Math.round(unit));
  }
  return [...days];
}
