import { type ClaimParts, claimWords, lightStem, type PredicateFamily } from "./claim-parts.js";

/**
 * Reads a search result sentence by sentence for what it asserts about the claim: a sentence that
 * names the claim's terms and says the predicate holds counts for it, one that negates it, reports
 * the opposite effect or calls it a myth counts against it, and a question asserts nothing. Search
 * results are a title plus a snippet of page text; unlike a headline, most of them merely restate the
 * topic, so "about the claim" and "takes a position on it" are kept apart.
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

const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "nor",
  "neither",
  "without",
  "cannot",
  "none",
  "nothing",
  "little",
  "fail",
  "failed",
  "fails",
  "unlikely",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "won't",
  "can't",
  "couldn't",
  "wouldn't",
  "hasn't",
  "haven't",
]);

/** Phrases that deny whatever claim the sentence is about. */
const DENIAL =
  /\b(?:no (?:such |real |clear |good |strong |convincing |significant |measurable )?(?:link|links|association|connection|evidence|proof|effect|benefit|significant|higher|increased|difference)|not (?:linked|associated|true|real|supported|a cause)|(?:only )?(?:a )?(?:small|little|minimal|negligible|modest|tiny) (?:effect|difference|increase|benefit)|myths?|debunk\w*|hoax\w*|false(?:ly)?|fake|bogus|misconceptions?|untrue|unfounded|baseless|overblown|refuted|disproven|discredited|retract\w*|fraud\w*|conspiracy|misinformation|disinformation|pseudoscience|fact check)\b/;

/** Phrases that report a belief without holding it ("is often billed as", "many people think"). */
const REPORTED_BELIEF =
  /\b(?:billed as|(?:keep )?hearing that|heard that|often (?:said|claimed|called|described)|commonly (?:said|believed|claimed)|widely believed|popular belief|you may have heard|many (?:people )?(?:think|believe|worry|ask)|parents (?:worry|ask)|it is said)\b/;

/** Words that open a clause the cue sits in without asserting it: "whether X causes Y", "if X works". */
const SUSPENDERS = new Set(["whether", "if", "wonder", "wondering", "debate", "debating", "asks", "asking"]);

/** Words that turn the next cue around: "lower risk", "reduced harm", "less dangerous". */
const REDUCERS = new Set([
  "lower",
  "lowers",
  "lowered",
  "reduce",
  "reduces",
  "reduced",
  "reducing",
  "less",
  "fewer",
  "decreased",
  "cut",
  "cuts",
  "cutting",
  "halved",
  "minimal",
]);

/** Families whose cues describe an effect on the claim's object: a cue counts only beside that object. */
const EFFECT_FAMILIES = new Set<PredicateFamily>(["increase", "decrease", "works"]);

/** Cue words per family: those that assert the family's predicate and those that assert its opposite. */
const CUES: Record<Exclude<PredicateFamily, "other">, { affirm: RegExp; deny: RegExp }> = {
  safe: {
    affirm:
      /^(?:safe|safely|safer|harmless|tolerated|benign|healthy|healthier|beneficial|benefit|benefits|longer|protective|protects)$/,
    deny: /^(?:unsafe|risk|risks|risky|danger|dangers|dangerous|harmful|harm|harms|toxic|toxin|poison|poisoning|neurotoxin|carcinogen|carcinogenic|death|deaths|dying|deadly|warn|warns|warning|adverse|hazard|hazardous|damage|unhealthy)$/,
  },
  harmful: {
    affirm:
      /^(?:unsafe|risk|risks|risky|danger|dangers|dangerous|harmful|harm|harms|toxic|poison|carcinogenic|death|deadly|warn|warns|adverse|hazardous|damage|unhealthy|bad|addiction|addictive|anxiety|disrupts)$/,
    deny: /^(?:safe|safely|harmless|tolerated|benign|healthy|beneficial|benefit|benefits|lower|longer|protective|protects|good)$/,
  },
  increase: {
    affirm:
      /^(?:cause|causes|caused|causing|gave|gives|give|linked|associated|raise|raises|raised|increase|increases|increased|higher|lead|leads|trigger|triggers|triggered|contribute|contributes|spread|spreads|spreading|boost|boosts|worsen|worsens|confirms|confirmed)$/,
    deny: /^(?:lower|lowers|lowered|reduce|reduces|reduced|decrease|decreases|decreased|fewer|protects|protective)$/,
  },
  decrease: {
    affirm:
      /^(?:prevent|prevents|prevented|prevention|reduce|reduces|reduced|reduction|lower|lowers|lowered|cut|cuts|halved|halves|protect|protects|protective|cure|cures|cured|effective|helps|helped|fewer|shortened)$/,
    deny: /^(?:increase|increases|increased|raise|raises|raised|higher|ineffective|useless|worse|worsens)$/,
  },
  works: {
    affirm:
      /^(?:works|worked|work|helps|helped|help|improve|improves|improved|boost|boosts|boosted|effective|benefit|benefits|more|increases|increased|better|healthier|lost|gain|gains)$/,
    deny: /^(?:hurt|hurts|worse|less|ineffective|useless|decline|declines|drop|drops|reduced|lower)$/,
  },
};

/** Splits a result into title and sentences; a site name after " - " or " | " is its own segment. */
export function segments(text: string): string[] {
  return text
    .split(/\n|(?<=[.!?])\s+(?=[A-Z0-9"“'])|:\s+|\s+[|–—]\s+|\s+-\s+(?=[A-Z])|\s*\.\.\.\s*|…/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
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
    const asked = askedFrom(words, wordStems, subject);
    const question = /\?["”']?$/.test(segment) || asked === 0;
    if (index === 0 && question) cues.titleQuestion = true;
    // The sentence right after a question usually answers it without naming the terms again, and one
    // opening with a pronoun goes on about what the sentence before was about.
    const answersQuestion = previousQuestion && !question;
    const continues = previousAbout && /^(?:it|they|this|that|these|those|such)\b/.test(words[0] ?? "");
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

const AUXILIARIES = new Set([
  "is",
  "are",
  "was",
  "were",
  "do",
  "does",
  "did",
  "can",
  "could",
  "should",
  "will",
  "would",
  "has",
  "have",
]);
const WH_WORDS = new Set(["what", "why", "how", "when", "where", "which", "who"]);

/** Words after which an auxiliary opens an embedded question: "results for Is X safe", "asks: do X work". */
const QUESTION_OPENERS = new Set([...WH_WORDS, "for", "about", "on", "asks", "asked", "ask", "question"]);

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
  for (let i = 0; i < words.length; i++) {
    if (!AUXILIARIES.has(words[i] ?? "")) continue;
    if (i > 0 && !QUESTION_OPENERS.has(words[i - 1] ?? "")) continue;
    if (!wordStems.slice(i + 1, i + 4).some((s) => subject.has(s))) continue;
    return i === 1 && WH_WORDS.has(words[0] ?? "") ? 0 : i;
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
  const lower = words.join(" ");
  if (REPORTED_BELIEF.test(lower)) return 0;
  let score = 0;
  if (context.answersQuestion && /^(?:yes|yep|absolutely|definitely)\b/.test(lower)) score += 2;
  if (context.answersQuestion && /^(?:no|nope|not really|not necessarily)\b/.test(lower)) score -= 2;
  if (DENIAL.test(lower)) score -= 2;
  const within = (i: number, set: ReadonlySet<string>, span: number): boolean => {
    for (let j = Math.max(0, i - span); j < i; j++) if (set.has(words[j] ?? "")) return true;
    return false;
  };
  if (parts.comparison)
    return clamp(
      score + comparisonPolarity(parts.comparison, words, wordStems, terms, (i) => within(i, NEGATORS, 3)),
    );
  const family = parts.family === "other" ? undefined : parts.family;
  const cues = family ? CUES[family] : undefined;
  // An effect word far from the claim's object ("5 causes of noisy joints") is not about the claim.
  const effectNeedsObject = family !== undefined && EFFECT_FAMILIES.has(family) && terms.object.size > 0;
  let cueScore = 0;
  let cueSeen = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const stem = wordStems[i] ?? "";
    let sign = 0;
    if (cues?.affirm.test(word)) sign = 1;
    else if (cues?.deny.test(word)) sign = REDUCERS.has(word) && i + 1 < words.length ? 0 : -1;
    else if (terms.predicate.has(stem) && !terms.subject.has(stem)) sign = 1;
    // "-ing" forms name a topic ("for preventing colds") more often than they assert.
    if (sign === 0 || word.endsWith("ing") || within(i, SUSPENDERS, 6)) continue;
    cueSeen = true;
    if (within(i, NEGATORS, 5)) {
      cueScore += family === "safe" || family === "harmful" ? -2 * sign : -2;
    } else if (within(i, REDUCERS, 6)) cueScore -= sign;
    else cueScore += sign;
  }
  if (!(effectNeedsObject && !context.hasObject)) score += cueScore;
  // "X does not cause Y" with the claim's own verb elided or unknown: the negation is the answer.
  if (
    !cueSeen &&
    /\b(?:does not|do not|did not|doesn't|don't|didn't|won't|isn't|aren't|cannot|can't)\b/.test(lower)
  )
    score -= 2;
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
