import { looksPlural } from "./english.js";
import { compares } from "./phrase-splits.js";
import { planWords } from "./plan-words.js";

/**
 * English questions typed short, turned into the full question the planner reads:
 * - a fragment, a subject and a judgement without a verb: "ibuprofen harmful?" → "Is ibuprofen
 *   harmful?", "grapes safe for dogs" → "Are grapes safe for dogs?";
 * - a comparison asked with a verb: "which uses more power, a kettle or a microwave" → "Does a kettle
 *   use more power than a microwave?";
 * - "does X (actually) do anything (for Y)" → "Does X work (for Y)?";
 * - a comparison without its verb: "air fryers healthier than deep fryers?" → "Are air fryers
 *   healthier than deep fryers?", or with what it is for: "which is cheaper to run, A or B" → "Is A
 *   cheaper to run than B?".
 */
export function fullEnglishQuestion(question: string): string {
  const text = question.replace(/[?!.\s]+$/u, "").trim();
  return (
    verbComparison(text) ??
    purposeComparison(text) ??
    doesAnything(text) ??
    fragment(text) ??
    comparisonFragment(text) ??
    question
  );
}

/** Judgements a fragment ends on (and what may follow them: "safe for dogs", "worth the money"). */
const JUDGEMENT =
  /^(.+?) ((?:(?:really|actually|even|too) )?(?:harmful|safe|unsafe|dangerous|healthy|unhealthy|bad|good|toxic|worth (?:it|the \w+)|effective|ineffective|overrated|overhyped|legit|a scam|a myth|a waste of \w+|addictive|fattening|carcinogenic|risky|overpriced|necessary|reliable|secure|sustainable|ethical|accurate)(?: (?:for|to|in|on|with|during|after|before) .+)?)$/iu;

/** Words that open a question or a statement: no fragment begins with them. */
const OPENER =
  /^(?:(?:is|are|was|were|am|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|need|ai|wo|ca)(?:n['’]?t)?|how|what|which|who|whom|whose|why|when|where|i|you|we|they|it|there|this|that|these|those|my|our|should(?:n['’]t)?)\b/iu;

let verbs: ReadonlySet<string> | undefined;
/** The word lists' verbs as a set, made once. */
const verbsSet = (): ReadonlySet<string> => {
  verbs ??= new Set(planWords().verbs);
  return verbs;
};

function fragment(text: string): string | null {
  if (OPENER.test(text)) return null;
  const match = JUDGEMENT.exec(text);
  if (!match) return null;
  // "coffee's bad for you": the 's says "is", and the subject ends before it.
  const contracted = /['’]s$/u.test(match[1] as string);
  const subject = (match[1] as string).replace(/['’]s$/u, "");
  if (!isBareSubject(subject, 6)) return null;
  return `${contracted ? "Is" : isOrAre(subject)} ${subject} ${match[2]}?`;
}

/**
 * Whether a fragment's subject is a noun phrase of at most `most` words: one with a verb of its own
 * is a statement or a longer question, not a fragment.
 */
function isBareSubject(subject: string, most: number): boolean {
  const words = subject.toLowerCase().split(/\s+/u);
  return (
    words.length <= most &&
    !words.some(
      (word, i) => /^(?:is|are|was|were|be|been|being)$/u.test(word) || (i > 0 && verbsSet().has(word)),
    )
  );
}

const isOrAre = (subject: string) => (looksPlural(subject) ? "Are" : "Is");

/** "air fryers healthier than deep fryers?", "vaping less harmful than smoking": a comparison without its verb. */
function comparisonFragment(text: string): string | null {
  if (OPENER.test(text)) return null;
  const at = text.search(/ than /iu);
  if (at < 0) return null;
  const left = text.slice(0, at).split(/\s+/u);
  // The comparative ends the left side: one word ("healthier"), or "more"/"less" and its word.
  const size = /^(?:more|less|fewer)$/iu.test(left.at(-2) ?? "") ? 2 : 1;
  const subject = left.slice(0, -size);
  const compared = left.slice(-size).join(" ");
  const x = subject.join(" ");
  if (subject.length === 0 || !compares(compared) || !isBareSubject(x, 5)) return null;
  return `${isOrAre(x)} ${x} ${compared}${text.slice(at)}?`;
}

/**
 * "which uses more power, A or B", "what lasts longer, A or B?", "what costs more to run, A or B": a
 * verb, then what is compared; the comma ends it, so the first option holds none.
 */
const VERB_COMPARISON =
  /^(?:which|what|who)(?: one)? (?!is\b|are\b|was\b|were\b)([a-z]+s) ((?:more|less|fewer) \w+|\w+er|better|worse|more|less)((?: \w+){0,3}?),? ([^,]+?) or (.+)$/iu;

function verbComparison(text: string): string | null {
  const match = VERB_COMPARISON.exec(text);
  if (!match) return null;
  const [, verb = "", compared = "", rest = "", first = "", second = ""] = match;
  const base = baseForm(verb.toLowerCase());
  return `${looksPlural(first) ? "Do" : "Does"} ${first} ${base} ${compared}${rest} than ${second}?`;
}

/** "which is cheaper to run, A or B": the comparative and what it is for, then the two sides. */
const PURPOSE_COMPARISON =
  /^(?:which|what)(?: one)? (?:is|are) ((?:more|less) \w+|\w+) (to \w+),? ([^,]+?) or (.+)$/iu;

function purposeComparison(text: string): string | null {
  const match = PURPOSE_COMPARISON.exec(text);
  if (!match?.[1] || !match[2] || !match[3] || !match[4] || !compares(match[1])) return null;
  const [, compared, purpose, first, second] = match;
  return `${isOrAre(first)} ${first} ${compared} ${purpose} than ${second}?`;
}

/** "uses" → "use", "goes" → "go", "carries" → "carry", "charges" → "charge". */
function baseForm(verb: string): string {
  if (/ies$/u.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/u.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

const DOES_ANYTHING =
  /^(does|do) (.+?) (?:actually |really |even )?do anything(?: at all)?( (?:for|to|against|in) .+)?$/iu;

function doesAnything(text: string): string | null {
  const match = DOES_ANYTHING.exec(text);
  if (!match) return null;
  return `${match[1]} ${match[2]} work${match[3] ?? ""}?`;
}
