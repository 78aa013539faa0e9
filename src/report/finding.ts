import type { ConfidenceLabel, Direction } from "../judge/label.js";
import { EFFECT_VERBS } from "../plan/classify.js";

/**
 * The skill's "Claim: [main finding]" in one sentence: the claim when the evidence backs it, its
 * negation when the evidence refutes it, otherwise what the evidence does say.
 * `subject` (the planner's first subject) tells where the predicate starts. A claim in another
 * language than English is not negated word by word ("Kaffee do not ist gesund"): the sentence
 * around it says it was contradicted.
 */
export function formFinding(
  claim: string,
  direction: Direction,
  confidence: ConfidenceLabel,
  subject?: string,
  language = "en",
): string {
  if (direction === "affirms") return claim;
  if (direction === "refutes")
    return language === "en" ? negate(claim, subject) : `The evidence contradicts the claim that ${claim}`;
  const proposition = lowerFirst(claim);
  if (confidence === "contested") return `Sources disagree on whether ${proposition}.`;
  return `The evidence found does not settle whether ${proposition}.`;
}

const AUXILIARY =
  /^(is|are|was|were|can|could|may|might|will|would|should|did|does|do|has been|have been)\s+(?!not\b)(.+)$/i;

export function negate(claim: string, subject?: string): string {
  // "A rather than B" turned round is not "not A rather than B": say it was contradicted.
  if (/ rather than /i.test(claim)) return `The evidence contradicts the claim that ${lowerFirst(claim)}`;
  // The claim keeps the subject's article ("The Romans …" for the subject "Romans").
  const article = claim.match(/^(?:the|a|an) /i)?.[0] ?? "";
  const head =
    subject && claim.toLowerCase().startsWith(subject.toLowerCase())
      ? claim.slice(0, subject.length)
      : subject && article && claim.slice(article.length).toLowerCase().startsWith(subject.toLowerCase())
        ? claim.slice(0, article.length + subject.length)
        : undefined;
  if (head !== undefined) {
    const predicate = claim.slice(head.length).trim();
    const aux = predicate.match(AUXILIARY);
    if (aux) return `${head} ${notAfter(aux[1] ?? "")} ${aux[2]}`;
    const [verb = "", ...rest] = predicate.split(" ");
    const object = rest.length > 0 ? ` ${rest.join(" ")}` : "";
    if (/^(?:has|have)$/i.test(verb)) return `${head} ${verb === "has" ? "does" : "do"} not have${object}`;
    if (/s$/i.test(verb) && !/ss$/i.test(verb)) return `${head} does not ${baseVerb(verb)}${object}`;
    return `${head} do not ${verb}${object}`;
  }
  // Without a known subject, an effect verb marks where the predicate starts: "X causes Y".
  const effect = claim.match(new RegExp(`^(.+?) (?:${EFFECT_VERBS})\\b`, "i"));
  if (effect?.[1]) return negate(claim, effect[1]);
  const fallback = claim.match(
    /^(.+?) (is|are|was|were|can|could|may|might|will|would|should) (?!not\b)(.+)$/i,
  );
  if (fallback) return `${fallback[1]} ${notAfter(fallback[2] ?? "")} ${fallback[3]}`;
  return `The evidence contradicts the claim that ${lowerFirst(claim)}`;
}

function notAfter(auxiliary: string): string {
  return auxiliary.toLowerCase() === "can" ? "cannot" : `${auxiliary} not`;
}

/** "causes" → "cause", "reaches" → "reach", "carries" → "carry". */
function baseVerb(verb: string): string {
  if (/(?:sh|ch|x|z|ss|o)es$/i.test(verb)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/i.test(verb)) return `${verb.slice(0, -3)}y`;
  return verb.slice(0, -1);
}

/** "Coffee raises …" → "coffee raises …"; an acronym ("NASA …") stays as written. */
export function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
