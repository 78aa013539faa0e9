import { planWords } from "./plan-words.js";

/**
 * Where a question's parts divide, decided with the planner's word lists: the subject before a
 * comparative, a verb or the first option of an either/or, and the judgement words themselves.
 */

/**
 * "pluto a planet" → pluto | a planet; "nuclear power renewable" → nuclear power | renewable: the
 * first option starts at its article, else it is the last word; when the second option opens with
 * a preposition ("or by Google"), the first opens with the same one ("the web started | by CERN").
 * A preposition, a participle or an adverb before the option belongs to it: "sushi | originally
 * Japanese", "coffee | grown in Africa", "the Mona Lisa | in Paris".
 */
export function eitherSides(
  left: string | undefined,
  second = "",
): { subject: string; option: string } | undefined {
  const words = (left ?? "").split(" ");
  if (words.length < 2) return undefined;
  const lower = words.map((w) => w.toLowerCase());
  const { prepositions, predicateAdverbs } = planWords();
  const opener = second.split(" ")[0]?.toLowerCase() ?? "";
  let split = prepositions.has(opener) ? lower.lastIndexOf(opener) : -1;
  const sharedOpener = split > 0;
  if (!sharedOpener) {
    const article = lower.findLastIndex((w, i) => i > 0 && /^(?:a|an|the)$/.test(w));
    split = article > 0 ? article : words.length - 1;
  }
  // "in Paris or London": the preposition the second option leaves out opens the first.
  if (!sharedOpener && split > 1 && prepositions.has(lower[split - 1] ?? "")) split -= 1;
  // "built | for the 1889 fair": a participle takes the phrase it governs.
  const governs = prepositions.has(lower[split] ?? "");
  const leads = (w: string) => predicateAdverbs.has(w) || (governs && isParticiple(w));
  while (split > 1 && leads(lower[split - 1] ?? "")) split -= 1;
  return { subject: words.slice(0, split).join(" "), option: words.slice(split).join(" ") };
}

let participles: ReadonlySet<string> | undefined;

/** "started", "grown", "eaten", "built": a verb's participle, as in a passive question. */
function isParticiple(word: string): boolean {
  const { irregularPast, verbs } = planWords();
  participles ??= new Set(irregularPast.values());
  if (/(?:ed|wn)$/.test(word) || participles.has(word)) return true;
  // "eaten", "taken", "given": -en on a verb the lists know, not "chicken" or "garden".
  return /en$/.test(word) && (verbs.includes(word.slice(0, -2)) || verbs.includes(word.slice(0, -1)));
}

let knownVerb: RegExp | undefined;
/** "cats | really | hate water", "this diet | actually | work". */
const ADVERB_BEFORE_VERB = /^(.+?) (?:really|actually|truly|even|ever) ([a-z]+)\b(.*)$/i;
const DETERMINERS = "a|an|the|this|that|these|those|my|your|our|their|his|her|its";
let closingVerb: RegExp | undefined;

/**
 * "hybrid cars save money" → hybrid cars | save money (object: money). A verb that closes the
 * question takes all before it as its subject: "the new parking permit scheme | work" ("permit" is a
 * noun there).
 */
export function verbSplit(
  rest: string | undefined,
): { subject: string; predicate: string; object: string | undefined } | undefined {
  closingVerb ??= new RegExp(`^(.+) (${planWords().closingVerbs.join("|")})$`, "i");
  const closing = closingVerb.exec(rest ?? "");
  if (closing?.[1] && closing[2]) return { subject: closing[1], predicate: closing[2], object: undefined };
  // "do cats really hate water": an adverb of doubt sits between the subject and its verb, known or not.
  const doubted = ADVERB_BEFORE_VERB.exec(rest ?? "");
  if (doubted?.[1] && doubted[2]) return splitAtVerb(doubted[1], doubted[2], doubted[3]);
  // A determiner is never the whole subject: in "the microwave use more power" the verb is "use",
  // not "microwave". So the subject is a determiner and a word at least, or starts without one.
  knownVerb ??= new RegExp(
    `^((?:${DETERMINERS}) \\S.*?|(?!(?:${DETERMINERS}) ).+?) (${planWords().verbs.join("|")})\\b(.*)$`,
    "i",
  );
  const match = knownVerb.exec(rest ?? "");
  return match?.[1] && match[2] ? splitAtVerb(match[1], match[2], match[3]) : undefined;
}

/** The subject, and the verb with what follows it as the predicate; its object is what follows. */
function splitAtVerb(subject: string, verb: string, after = "") {
  const object = after.trim();
  return { subject, predicate: `${verb}${after}`.trim(), object: object || undefined };
}

/**
 * "the Eiffel Tower taller" → the Eiffel Tower | taller; "a hamster a better pet" → a hamster | a
 * better pet; "electric cars better for the environment" → electric cars | better for the
 * environment. The first word that compares ends the subject ("Tower" does not compare: it is a noun).
 */
export function comparedSides(left: string | undefined): { subject: string; predicate: string } | undefined {
  const words = (left ?? "").split(" ");
  for (let i = 1; i < words.length; i++) {
    if (!compares(words.slice(i).join(" "))) continue;
    // An article before the comparative belongs to the predicate: "a better pet".
    const split = /^an?$/i.test(words[i - 1] ?? "") && i > 1 ? i - 1 : i;
    return { subject: words.slice(0, split).join(" "), predicate: words.slice(split).join(" ") };
  }
  return undefined;
}

/** Whether a word is a judgement the word lists know ("durable", "toxic"). */
export function isJudgement(word: string): boolean {
  const { positiveJudgements, negativeJudgements } = planWords();
  const lower = word.toLowerCase();
  return positiveJudgements.has(lower) || negativeJudgements.has(lower);
}

let comparativeWord: RegExp | undefined;

/** Whether a phrase starts with a word that compares: better, worse, more/less X, an -er adjective it knows. */
export function compares(phrase: string): boolean {
  comparativeWord ??= new RegExp(
    `^(?:better|worse|more \\w+|less \\w+|\\w+ier|${planWords().comparatives.join("|")})\\b`,
    "i",
  );
  return comparativeWord.test(phrase);
}

/** "laptop for data science students" → "laptop"; "running shoes 2026" → "running shoes". */
export function stripPurpose(phrase: string | undefined): string {
  return (phrase ?? "")
    .replace(/\s+(?:for|in|to|under|with|on)\s+.+$/i, "")
    .replace(/\s+(?:19|20)\d{2}$/, "")
    .trim();
}

let judgement: RegExp | undefined;

/** Fillers the claim drops between a subject and its judgement, as a pattern: "(?:(?:really|any) )*". */
export function fillerRun(): string {
  return `(?:(?:${planWords().fillers.join("|")}) )*`;
}

/** An adverb the claim keeps before its predicate, as an optional pattern group: "(still )?". */
export function predicateAdverb(): string {
  return `((?:${[...planWords().predicateAdverbs].join("|")}) )?`;
}

/**
 * "is X [not] [still] <judgement> [for …]": a judgement the word lists know ("a privacy risk" whole,
 * with its article and up to two words before it), ending the question or followed by a phrase a
 * preposition opens. Groups: subject, negation, adverb, judgement, the phrase after. Built on first use.
 */
export function judgementPattern(): RegExp {
  if (judgement) return judgement;
  const { positiveJudgements, negativeJudgements, prepositions } = planWords();
  const word = `(?:${[...positiveJudgements, ...negativeJudgements].join("|")})`;
  judgement = new RegExp(
    `^(?:is|are|was|were) (.+?) (not (?:as )?|never )?${fillerRun()}${predicateAdverb()}${fillerRun()}((?:an? (?:[\\w-]+ ){0,2}${word}(?: [\\w-]+)?|${word}(?: enough)?))((?: (?:${[...prepositions].join("|")}) .+)?)$`,
    "i",
  );
  return judgement;
}
