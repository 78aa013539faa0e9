import { isShouldDo } from "./claim.js";
import type { Classification } from "./classify.js";
import { gerund, looksPlural, pastTense, thirdPerson } from "./english.js";
import type { CounterIntent } from "./plan-schema.js";
import { planWords } from "./plan-words.js";

/**
 * The counter-query looks for the other side on purpose (the skill's template per query type), so a
 * one-sided web cannot pass for agreement.
 */
export function counterQuery(
  c: Classification,
  neutralQuery: string,
): { query: string; intent: CounterIntent } {
  const [x, y] = c.subjects;
  if (!x) return { query: `${neutralQuery} criticism`, intent: "refute" };
  // "Should I take vitamin D": what taking it costs.
  if (isShouldDo(c)) {
    // Switching tools is a choice of tool: its other side is the alternatives.
    if (/^(?:switch|move|migrate|upgrade) from /i.test(c.action))
      return { query: `${x} alternatives failure cases`, intent: "alternatives" };
    return { query: `${gerund(c.action)} risks downsides`, intent: "risks" };
  }
  switch (c.type) {
    case "evaluative":
      // A legal status is a fact to refute, not a verdict to weigh: "is it illegal to drive barefoot".
      if (planWords().statusPredicates.has(c.predicate?.split(" ")[0]?.toLowerCase() ?? ""))
        return { query: `${x} ${c.predicate} debunked`, intent: "refute" };
      return saysBad(c.predicate)
        ? { query: `${x} benefits safety evidence`, intent: "benefits" }
        : { query: `${x} problems drawbacks criticism`, intent: "risks" };
    case "comparative":
      return { query: reverseComparison(c, x, y), intent: "reverse" };
    case "tool":
      return { query: `${x} alternatives failure cases`, intent: "alternatives" };
    case "claim":
      if (asksIfSafe(c)) {
        const doer = /^(?:i|you|we)$/i.test(x) ? "" : `${x} `;
        return { query: `${doer}${gerund(c.predicate ?? "")} risks dangers`, intent: "risks" };
      }
      return {
        query: y ? `evidence against ${x} ${gerund(c.predicate ?? `cause ${y}`)}` : `${x} debunked`,
        intent: "refute",
      };
    case "policy":
      return { query: `${x} risks unintended consequences`, intent: "risks" };
    case "trend":
      return { query: `${x} decline overhyped`, intent: "refute" };
    case "procedural":
      return { query: `${x} drawbacks alternatives`, intent: "alternatives" };
    case "superlative":
      return { query: `${x} alternatives comparison`, intent: "alternatives" };
    case "fallback":
      return { query: `criticisms of ${x}`, intent: "refute" };
  }
}

/**
 * The other side of a comparison: the second option chosen ("the dress gold rather than blue"), a
 * measurable comparison turned round ("Big Ben taller than the Eiffel Tower"), or the second
 * thing's advantages when the comparison is a judgement ("advantages of Go over Rust").
 */
function reverseComparison(c: Classification, x: string, y: string | undefined): string {
  if (c.choice) {
    const [first, second] = c.choice;
    return c.auxiliary === "should"
      ? `${second} rather than ${first}`
      : `${x} ${second} rather than ${first}`;
  }
  if (!y) return `why not ${x}`;
  const predicate = (c.predicate ?? "").replace(/^an? /i, "");
  const judgement = predicate === "" || /^(?:better|worse|more|less)\b/i.test(predicate);
  return judgement
    ? `advantages of ${y} over ${x}`
    : `${y} ${agreeingWith(y, c.auxiliary, predicate)} than ${x}`;
}

/**
 * A verb that compares, agreeing with the side that now leads: "does a kettle use more power than a
 * microwave" turned round is "microwave uses more power than kettle"; "did" keeps its past.
 */
function agreeingWith(subject: string, auxiliary: string | null, predicate: string): string {
  if (auxiliary === "did") return pastTense(predicate);
  if (/^(?:do|does)$/.test(auxiliary ?? "") && !looksPlural(subject)) return thirdPerson(predicate);
  return predicate;
}

/** Idioms that say something is bad ("easy on", "gentle on" say it is good, as any judgement does). */
const NEGATIVE_IDIOM = /^(not |never )?(?:(?:hard|rough|tough) on|bad news)\b/iu;

/**
 * Whether an evaluative predicate says its subject is bad ("harmful", "a myth", "too expensive",
 * "overrated"); a "not" in front turns it round ("not bad" says good, "not safe" says bad).
 */
export function saysBad(predicate: string | null): boolean {
  // An idiom of judgement carries its preposition: "hard on your knees", "bad news for translators".
  const idiom = NEGATIVE_IDIOM.exec(predicate ?? "");
  if (idiom) return !idiom[1];
  // The judgement itself, not a qualifier after it ("good for people with bad knees").
  const words = (predicate ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  const end = words.findIndex((w, i) => i > 0 && planWords().prepositions.has(w));
  if (end > 0) words.length = end;
  const negated = words[0] === "not" || words[0] === "never";
  const rest = negated ? words.slice(1) : words;
  const { negativeJudgements } = planWords();
  const bad = rest.some(
    (w, i) => negativeJudgements.has(w) || (i === 0 && (w === "too" || /^over\w+ed$/.test(w))),
  );
  return bad !== negated;
}

/**
 * "Can dogs eat grapes", "can you freeze cooked rice", "can I lift weights safely": whether doing it
 * is safe or allowed — something taken in, the asker's own doing, or safety named — not whether it
 * is possible.
 */
function asksIfSafe(c: Classification): boolean {
  if (!/^(?:can|could|may|might)$/.test(c.auxiliary ?? "")) return false;
  const verb = (c.predicate ?? "").split(" ")[0]?.toLowerCase() ?? "";
  return (
    planWords().consumeVerbs.has(verb) ||
    /^(?:i|you|we)$/i.test(c.subjects[0] ?? "") ||
    /\bsafe(?:ly)?\b/i.test(c.predicate ?? "")
  );
}
