import { type ClaimParts, claimWords, lightStem, type PredicateFamily } from "./claim-parts.js";
import { claimWordLists } from "./claim-words.js";
import { stanceWords } from "./stance-words.js";

/**
 * Reads a search result sentence by sentence for what it asserts about the claim: a sentence that
 * names the claim's terms and says the predicate holds counts for it, one that negates it, reports
 * the opposite effect or calls it a myth counts against it, and a question asserts nothing. Search
 * results are a title plus a snippet of page text; unlike a headline, most of them merely restate the
 * topic, so "about the claim" and "takes a position on it" are kept apart. The words it reads by are
 * in src/data/claim-words.json.
 */
export interface ClaimCues {
  /** Sentences about the claim that assert it. */
  affirm: number;
  /** Sentences about the claim that deny it. */
  deny: number;
  /** Sentences about the claim phrased as questions. */
  questions: number;
  /** Sentences that name the claim's terms. */
  about: number;
  /** Whether the title (first segment) is a question. */
  titleQuestion: boolean;
  /** Whether any sentence names the predicate or object, not only the subject. */
  predicateSeen: boolean;
}

/** Families whose cues describe an effect on the claim's object: a cue counts only beside that object. */
const EFFECT_FAMILIES = new Set<PredicateFamily>(["increase", "decrease", "works"]);

/** Splits a result into title and sentences; a site name after " - " or " | " is its own segment. */
export function segments(text: string): readonly string[] {
  // Judging one text asks for its sentences several times (its shape, its cues, its gate): the
  // last text's are kept.
  if (lastSegments?.text === text) return lastSegments.parts;
  const parts = text
    .replace(/\s{2,}/g, shortRun)
    .split(/\n|(?<=[.!?])\s+(?=[A-Z0-9"“'])|:\s+|\s+[|–—]\s+|\s+-\s+(?=[A-Z])|\s*\.\.\.\s*|…/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  lastSegments = { text, parts };
  return parts;
}

let lastSegments: { text: string; parts: readonly string[] } | undefined;

/**
 * A run of whitespace as the split above reads it: by its first character, and by whether a line
 * break or another space follows in it. Cut to those, a run splits a text where it did and leaves the
 * same words and ends; left long, each `\s+` of the split rereads it from each of its characters,
 * seconds for a snippet of spaces.
 */
function shortRun(run: string): string {
  if (run[0] === "\n") return /[^\S\n]/.test(run) ? "\n " : "\n";
  return run.includes("\n") ? " \n" : " ";
}

const stems = (words: readonly string[]): Set<string> => new Set(words.map(lightStem));

interface PartStems {
  subject: Set<string>;
  object: Set<string>;
  predicate: Set<string>;
}

/** A report reads many results against the same parsed claim: its stems are taken once. */
const stemsOfParts = new WeakMap<ClaimParts, PartStems>();

function partStems(parts: ClaimParts): PartStems {
  let found = stemsOfParts.get(parts);
  if (found === undefined) {
    found = { subject: stems(parts.subject), object: stems(parts.object), predicate: stems(parts.predicate) };
    stemsOfParts.set(parts, found);
  }
  return found;
}

export function claimCues(parts: ClaimParts, text: string): ClaimCues {
  const { subject, object, predicate } = partStems(parts);
  const { continuationOpener } = claimWordLists();
  const cues: ClaimCues = {
    affirm: 0,
    deny: 0,
    questions: 0,
    about: 0,
    titleQuestion: false,
    predicateSeen: false,
  };
  let previousQuestion = false;
  let previousAbout = false;
  segments(text).forEach((segment, index) => {
    const words = claimWords(segment);
    // A site name ("Mayo Clinic", "r/rust") neither asks nor answers.
    if (index > 0 && words.length <= 3 && !/[.!?]$/.test(segment)) return;
    const wordStems = words.map(lightStem);
    const hasSubject = wordStems.some((s) => subject.has(s));
    const hasObject = wordStems.some((s) => object.has(s));
    const hasPredicate = wordStems.some((s) => predicate.has(s));
    // A question may lack its mark ("for Is X safe", a quoted search query); what it asks is not asserted.
    // A question is asked of the claim's subject: without it, nothing is.
    const asked = hasSubject ? askedFrom(words, wordStems, subject) : -1;
    const question = /\?["”']?$/.test(segment) || asked === 0;
    if (index === 0 && question) cues.titleQuestion = true;
    // The sentence right after a question usually answers it without naming the terms again, and one
    // opening with a pronoun goes on about what the sentence before was about.
    const answersQuestion = previousQuestion && !question;
    const continues = previousAbout && continuationOpener.test(words[0] ?? "");
    const about = hasSubject || hasObject || hasPredicate || answersQuestion || continues;
    previousQuestion = question && about;
    previousAbout = about;
    if (!about) return;
    cues.about += 1;
    if (hasObject || hasPredicate) cues.predicateSeen = true;
    if (question || asked > 0) cues.questions += 1;
    if (question) return;
    const polarity = sentencePolarity(
      parts,
      asked > 0 ? words.slice(0, asked) : words,
      asked > 0 ? wordStems.slice(0, asked) : wordStems,
      { subject, object, predicate },
      {
        answersQuestion,
        hasObject: hasObject || continues,
      },
    );
    if (polarity > 0) cues.affirm += polarity;
    else if (polarity < 0) cues.deny -= polarity;
  });
  return cues;
}

/**
 * Where a question starts: an auxiliary opening the sentence or following a question opener, with the
 * claim's subject within three words ("Is coffee safe", "for Does X cause Y", "Why do knuckles crack"),
 * else −1. Returns 0 for a sentence that is wholly a question.
 */
function askedFrom(
  words: readonly string[],
  wordStems: readonly string[],
  subject: ReadonlySet<string>,
): number {
  const { auxiliaries, questionOpeners, whWords } = claimWordLists();
  for (let i = 0; i < words.length; i++) {
    if (!auxiliaries.has(words[i] ?? "")) continue;
    if (i > 0 && !questionOpeners.has(words[i - 1] ?? "")) continue;
    if (!wordStems.slice(i + 1, i + 4).some((s) => subject.has(s))) continue;
    return i === 1 && whWords.has(words[0] ?? "") ? 0 : i;
  }
  return -1;
}

/**
 * +2/−2 for an explicit yes, no, negation or debunking; ±1 for a cue word of the predicate's family.
 * A negated cue flips (for safety and harm: "not harmful" affirms "safe"), but a negated effect denies
 * the effect whichever way it points ("did not lower risk" says the remedy does not work).
 */
function sentencePolarity(
  parts: ClaimParts,
  words: readonly string[],
  wordStems: readonly string[],
  terms: { subject: Set<string>; object: Set<string>; predicate: Set<string> },
  context: { answersQuestion: boolean; hasObject: boolean },
): number {
  const lists = claimWordLists();
  const lower = words.join(" ");
  if (lists.reportedBelief.test(lower)) return 0;
  let score = 0;
  if (context.answersQuestion && lists.yesAnswer.test(lower)) score += 2;
  if (context.answersQuestion && lists.noAnswer.test(lower)) score -= 2;
  if (lists.denial.test(lower)) score -= 2;
  const within = (i: number, set: ReadonlySet<string>, span: number): boolean => {
    for (let j = Math.max(0, i - span); j < i; j++) if (set.has(words[j] ?? "")) return true;
    return false;
  };
  if (parts.comparison)
    return clamp(
      score +
        comparisonPolarity(parts.comparison, words, wordStems, terms, (i) => within(i, lists.negators, 3)),
    );
  const family = parts.family === "other" ? undefined : parts.family;
  const cues = family ? lists.cueWords[family] : undefined;
  // An effect word far from the claim's object ("5 causes of noisy joints") is not about the claim.
  const effectNeedsObject = family !== undefined && EFFECT_FAMILIES.has(family) && terms.object.size > 0;
  let cueScore = 0;
  let cueSeen = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const stem = wordStems[i] ?? "";
    let sign = 0;
    if (cues?.affirm.has(word)) sign = 1;
    else if (cues?.deny.has(word)) sign = stanceWords().reducers.has(word) && i + 1 < words.length ? 0 : -1;
    else if (terms.predicate.has(stem) && !terms.subject.has(stem)) sign = 1;
    // "-ing" forms name a topic ("for preventing colds") more often than they assert.
    if (sign === 0 || word.endsWith("ing") || within(i, lists.suspenders, 6)) continue;
    cueSeen = true;
    if (within(i, lists.negators, 5)) {
      cueScore += family === "safe" || family === "harmful" ? -2 * sign : -2;
    } else if (within(i, stanceWords().reducers, 6)) cueScore -= sign;
    else cueScore += sign;
  }
  if (!(effectNeedsObject && !context.hasObject)) score += cueScore;
  // "X does not cause Y" with the claim's own verb elided or unknown: the negation is the answer.
  if (!cueSeen && lists.negatedAuxiliary.test(lower)) score -= 2;
  return clamp(score);
}

const clamp = (score: number): number => Math.max(-2, Math.min(2, score));

/** "A is faster than B": A named before a "better" word and B after it affirms; either reversal denies. */
function comparisonPolarity(
  comparison: NonNullable<ClaimParts["comparison"]>,
  words: readonly string[],
  wordStems: readonly string[],
  terms: { subject: Set<string>; object: Set<string> },
  negatedAt: (i: number) => boolean,
): number {
  const first = (set: Set<string>) => wordStems.findIndex((s) => set.has(s));
  const a = first(terms.subject);
  const b = first(terms.object);
  let score = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    let sign = comparison.better.includes(word) ? 1 : comparison.worse.includes(word) ? -1 : 0;
    if (sign === 0) continue;
    if (negatedAt(i)) sign = -sign;
    // Whoever is named first is the one the comparative is said of; with one side named, it is that side.
    if (a >= 0 && (b < 0 || a < b)) score += sign;
    else if (b >= 0) score -= sign;
  }
  return Math.sign(score);
}
