import { capitalize } from "../util/capitalize.js";
import type { Classification } from "./classify.js";
import { gerund, looksPlural, pastTense, thirdPerson } from "./english.js";
import { SUPERLATIVE } from "./evaluation-rules.js";
import { planWords } from "./plan-words.js";
import { questionText } from "./question-text.js";

/**
 * The proposition under test, stated affirmatively, so every stance is relative to one sentence:
 * "Is X safe?" → "X is safe"; "Does X cause Y?" → "X causes Y"; "X vs Y" → "X is better than Y".
 * Questions without a recognised shape are tested as asked.
 */
export function formClaim(question: string, c: Classification): string {
  // The subjects as asked ("the Eiffel Tower"), so the claim is a sentence and not a keyword list.
  const [x, y] = c.phrases.length > 0 ? c.phrases : c.subjects;
  const text = questionText(question).replace(/^\w/, (c) => c.toUpperCase());
  if (isShouldDo(c)) return shouldClaim(text, c.action);
  switch (c.type) {
    case "evaluative":
      if (x && c.predicate) {
        // "is it safe to eat raw eggs" → "It is safe to eat raw eggs"; "is it worth buying a used
        // car" names its subject: "Buying a used car is worth it".
        // "is it worth it to buy X" is about the doing: "Buying X is worth it".
        const verb = copula(text) === "was" ? "was" : "is";
        if (/^(?:is|was) it /i.test(text) && c.action && /^worth\b/i.test(c.predicate)) {
          // When it is asked stays last: "Learning Latin is worth it in 2027".
          const when =
            /\s+((?:in |by )?(?:19|20)\d{2}|(?:this|next) year|these days|nowadays|anymore)$/i.exec(c.action);
          const doing = when ? c.action.slice(0, when.index) : c.action;
          return `${capitalize(gerund(doing))} ${verb} ${c.predicate}${when ? ` ${when[1]}` : ""}`;
        }
        if (/^(?:is|was) it /i.test(text))
          return c.action ? `It is ${c.predicate} to ${c.action}` : `${capitalize(x)} is ${c.predicate}`;
        return `${capitalize(x)} ${copula(text)} ${c.predicate}`;
      }
      break;
    case "trend":
      if (x && c.predicate) {
        if (/^(?:is|are) /i.test(text)) return `${capitalize(x)} ${copula(text)} ${c.predicate}`;
        // "growth of X" → "X is growing"; "X decline" → "X is declining"; "X adoption" → "X adoption is growing".
        if (/^growth$/i.test(c.predicate)) return `${capitalize(x)} is growing`;
        if (/^decline$/i.test(c.predicate)) return `${capitalize(x)} is declining`;
        return `${capitalize(x)} ${c.predicate} is growing`;
      }
      break;
    case "claim": {
      const match = text.match(
        /^(?:does|do|did|can|could|will|would|may|might|is it true that|is|are)\s+(.+)$/i,
      );
      const rest = match?.[1];
      if (rest && c.predicate && x) {
        // "Is it true that X prevents Y" already states the claim: X prevents Y.
        if (/^is it true that /i.test(text)) return `${capitalize(x)} ${c.predicate}`;
        const auxiliary = c.auxiliary ?? text.split(/\s+/)[0]?.toLowerCase();
        // "does sugar not make kids hyperactive": the negation stays with the auxiliary.
        const negation = /\s+(not|never)$/i.exec(x);
        if (negation && auxiliary)
          return `${capitalize(x.slice(0, negation.index))} ${auxiliary} ${negation[1]?.toLowerCase()} ${c.predicate}`;
        if (auxiliary === "is" || auxiliary === "are") return `${capitalize(x)} ${auxiliary} ${c.predicate}`;
        if (auxiliary && /^(?:can|could|may|might|will|would)$/.test(auxiliary)) {
          return `${capitalize(x)} ${auxiliary} ${c.predicate}`;
        }
        return `${capitalize(x)} ${verbAs(auxiliary ?? null, c.predicate)}`;
      }
      break;
    }
    case "comparative":
      if (x && c.choice) return choiceClaim(text, x, c.choice, c.auxiliary);
      // "Do cats live longer than dogs": the verb compares.
      if (x && y && c.predicate && /^(?:do|does|did)$/.test(c.auxiliary ?? ""))
        return `${capitalize(x)} ${verbAs(c.auxiliary, c.predicate)} than ${y}`;
      if (x && y) {
        const predicate = c.predicate ?? "better";
        return `${capitalize(x)} ${copula(text, x, y)} ${predicate} than ${y}${purposeAfter(text, y, predicate)}`;
      }
      break;
    case "tool":
      if (x) return `${capitalize(x)} is a good choice${toolPurpose(text, x)}`;
      break;
    case "policy":
      if (x)
        return y
          ? `${capitalize(x)} has a significant impact on ${y}`
          : `${capitalize(x)} has significant effects`;
      break;
    case "superlative":
      if (x && c.predicate) return `${capitalize(x)} ${copula(text)} ${c.predicate}`;
      if (x) return openRanking(text) ?? `There is a clear best ${x}`;
      break;
    case "procedural":
      if (x) return `There is a recommended way to ${c.action ?? x}`;
      break;
    case "fallback": {
      // "Is it true that sugar doesn't make kids hyper" states its claim after "that".
      const stated = text.match(/^(?:is|was) it (?:true|the case) that (.+)$/i)?.[1];
      if (stated) return capitalize(stated);
      return yesNoClaim(text) ?? capitalize(text);
    }
  }
  return capitalize(text);
}

/**
 * An unrecognised yes/no question still tests a statement when its shape is plain: "Is the earth
 * flat" → "The earth is flat", "Is Pluto a planet" → "Pluto is a planet", "Is the Great Wall of China
 * visible from space" → "The Great Wall of China is visible from space". Anything less plain
 * ("Is X or Y", a trailing preposition) is tested as asked.
 */
function yesNoClaim(text: string): string | undefined {
  const { prepositions, statusPredicates } = planWords();
  const match = text.match(/^(is|are|was|were) (.+)$/i);
  const verb = match?.[1]?.toLowerCase();
  const words = match?.[2]?.split(/\s+/) ?? [];
  if (!verb || words.length < 2 || words.some((w) => /^(?:or|and|vs)$/i.test(w))) return undefined;
  const lower = words.map((w) => w.toLowerCase());
  // A negation after the subject starts the predicate: "the Great Wall | not visible from space";
  // so does a participle with its agent: "the 1918 pandemic | caused by a bird virus".
  let split = lower.findIndex((w, i) => i > 0 && (w === "not" || w === "never"));
  // A status is stated, not judged: "electric scooters | illegal in Ireland".
  if (split < 0) split = lower.findIndex((w, i) => i > 0 && statusPredicates.has(w));
  if (split < 0) split = lower.findIndex((w, i) => i > 0 && /ed$/.test(w) && lower[i + 1] === "by");
  // The predicate is a noun phrase with its own article: "Pluto | a planet", "a hot dog | a sandwich".
  if (split < 0) split = lower.findIndex((w, i) => i > 0 && (w === "a" || w === "an"));
  if (split < 0) {
    // An adjective or participle with a phrase after it: "the moon | made of cheese".
    const lastPreposition = lower.findLastIndex((w, i) => i >= 2 && prepositions.has(w));
    const head = words[lastPreposition - 1] ?? "";
    if (lastPreposition >= 2 && /^[a-z]/.test(head) && !prepositions.has(head)) split = lastPreposition - 1;
  }
  if (split < 0) {
    // One word: "the earth | flat", "the moon landing | faked" — unless a preposition left it dangling.
    if (prepositions.has(lower[lower.length - 2] ?? "")) return undefined;
    split = words.length - 1;
  }
  const subject = words.slice(0, split).join(" ");
  if (/^(?:the|a|an|it|this|that|there)$/i.test(subject)) return undefined;
  return `${capitalize(subject)} ${verb} ${words.slice(split).join(" ")}`;
}

/** A verb phrase in the tense and person of the auxiliary that asked it: does → causes, did → caused. */
function verbAs(auxiliary: string | null, verbPhrase: string): string {
  if (auxiliary === "does") return thirdPerson(verbPhrase);
  if (auxiliary === "did") return pastTense(verbPhrase);
  return verbPhrase;
}

/**
 * The question's own verb ("was the war a mistake" → "was"), else "is"/"are" as the question counts
 * its subjects ("which are better, X or Y"), else "are" when every side compared is a plural
 * ("cats vs dogs"): one -s says too little ("Postgres vs MySQL").
 */
function copula(text: string, ...sides: string[]): string {
  const asked = text.match(/^(is|are|was|were) /i)?.[1];
  if (asked) return asked.toLowerCase();
  if (/^\S+ are |\b(?:which|what)(?: ones?)? are\b/i.test(text)) return "are";
  return sides.length > 1 && sides.every(looksPlural) ? "are" : "is";
}

/**
 * The purpose after the second subject: "X vs Y for analytics" → " for analytics"; "is X or Y better
 * for beginners" → " for beginners" (the comparative said once, before "than").
 */
function purposeAfter(text: string, y: string, predicate: string): string {
  const at = text.toLowerCase().lastIndexOf(y.toLowerCase());
  if (at < 0) return "";
  // A trailing ", which is better" restates the question; it is not part of the purpose.
  const after = text
    .slice(at + y.length)
    .replace(/[,:;]? (?:which|what|who)\b.*$/i, "")
    .replace(new RegExp(`^ ${escapeRegExp(predicate)}\\b`, "i"), "");
  const match = after.match(/^ ((?:for|in|when|as) .+)$/i);
  if (match?.[1]) return ` ${match[1]}`;
  // "iPhone or Pixel, which is better for photos" names it in the closing question.
  const closing = text.match(
    /[,:;]? (?:which|what)(?: one)? (?:is|are|would be) (?:(?:more|less) )?\w+ ((?:for|in|when|as) .+)$/i,
  );
  if (closing?.[1]) return ` ${closing[1]}`;
  // "what's better for weight loss, running or cycling" names the purpose first.
  const first = text.match(
    /^(?:what|which)(?: one)? (?:is|are) (?:(?:more|less) )?\w+ ((?:for|in|when|as) [^,]+),/i,
  );
  return first?.[1] ? ` ${first[1]}` : "";
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "should I use X for Y" → " for Y", unless the subject already carries it. */
function toolPurpose(text: string, subject: string): string {
  const match = text.match(/ (for .+|in \d{4}\b.*)$/i);
  const tail = match?.[1];
  return tail && !subject.toLowerCase().includes(tail.toLowerCase()) ? ` ${tail}` : "";
}

/** "Should I take vitamin D" asks whether doing something is a good idea. */
export function isShouldDo(c: Classification): c is Classification & { action: string } {
  return c.action !== null && c.predicate === "a good idea";
}

/** "Should I take X" → "I should take X"; "should kids drink coffee" → "Kids should drink coffee". */
function shouldClaim(text: string, action: string): string {
  // Who is asked about stays in the claim, the asker too: the question's words, in statement order.
  const at = text.toLowerCase().indexOf(` ${action.toLowerCase()}`, "should".length);
  const who = at > 0 ? text.slice("should ".length, at) : "";
  if (!who) return `${capitalize(gerund(action))} is a good idea`;
  return `${/^i$/i.test(who) ? "I" : capitalize(who)} should ${action}`;
}

/**
 * An either/or question names both options: "the dress is blue rather than gold", "cats see in color
 * rather than in black and white", "I should learn guitar rather than piano first".
 */
function choiceClaim(
  text: string,
  x: string,
  [first, second]: [string, string],
  auxiliary: string | null,
): string {
  if (auxiliary === "should") {
    const who = text.match(/^should ((?:my |our |the )?\S+)/i)?.[1] ?? "I";
    return `${/^i$/i.test(who) ? "I" : capitalize(who)} should ${first} rather than ${second}`;
  }
  if (auxiliary === "does" || auxiliary === "do" || auxiliary === "did")
    return `${capitalize(x)} ${verbAs(auxiliary, first)} rather than ${second}`;
  return `${capitalize(x)} ${copula(text)} ${first} rather than ${second}`;
}

let ranking: RegExp | undefined;

/**
 * "what's the safest car for teenagers" → "There is a clear safest car for teenagers": the ranking
 * asked for keeps its own superlative and what it is for.
 */
function openRanking(text: string): string | undefined {
  ranking ??= new RegExp(`^(?:(?:what|which|who) (is|are|was|were) )?the (${SUPERLATIVE}) (.+)$`, "i");
  const match = ranking.exec(text);
  if (!match?.[2] || !match[3]) return undefined;
  const many = match[1]?.toLowerCase() === "are";
  return `There ${many ? "are" : "is a"} clear ${match[2].toLowerCase()} ${match[3]}`;
}
