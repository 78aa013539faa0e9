import { capitalize } from "../../util/capitalize.js";
import type { CounterIntent, QueryType } from "../plan-schema.js";
import {
  type CounterTemplate,
  type LanguageTemplates,
  languageTemplates,
  type Shape,
  type TemplateLanguage,
} from "./language-templates.js";
import { pluralSides } from "./plural-claim.js";
import { agreedVerb, fragmentSubject } from "./short-shapes.js";

/** What the planner makes of a question in a language it has templates for. */
export interface LanguageReading {
  queryType: QueryType;
  subject: string[];
  claim: string;
  gate: { bypass: boolean; reason: string | null };
  counter: { query: string; intent: CounterIntent };
}

/** Each template looks for one thing against the claim (the plan schema's counterIntent). */
const INTENT_OF: Record<CounterTemplate, CounterIntent> = {
  risks: "risks",
  benefits: "benefits",
  reverse: "reverse",
  refute: "refute",
  link: "refute",
  ineffective: "refute",
  alternatives: "alternatives",
  critique: "refute",
  choice: "reverse",
  consume: "risks",
  consumeBy: "risks",
  turned: "reverse",
  effective: "benefits",
};

type Parts = {
  x: string;
  y: string;
  verb: string;
  predicate: string;
  /** A verb closing the claim, not named by the counter-query: "Kann Stress krank | machen". */
  tail: string;
  /** The verb as said of the other side, for a counter-query that turns a comparison round. */
  verbOfOther?: string;
};

/**
 * The claim, subjects and counter-query of a German, French or Spanish question, from the
 * language's data file: "Ist Kaffee gesund?" → "Kaffee ist gesund", counter-query "Kaffee Risiken
 * Nachteile Kritik". A question no shape fits is tested as asked.
 */
export function readInLanguage(question: string, language: TemplateLanguage): LanguageReading {
  const t = languageTemplates(language);
  const asked = question
    .replace(/^[¿¡\s]+/, "")
    .replace(/[\s?!.¿¡]+$/, "")
    .trim();
  const gate = settledFact(asked, t);
  const plain = withoutWords(asked, t.words.fillers);
  let statement = plain;
  for (const { pattern, replace } of t.rewrites) {
    const groups = caseless(pattern, statement);
    if (groups) statement = replace.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? "");
  }

  for (const shape of t.shapes) {
    const groups = caseless(shape.pattern, statement)?.groups;
    const parts = groups && partsOf(groups, shape, t);
    if (!parts) continue;
    const choice = counterChoice(shape, parts, t);
    const subject = bare(parts.x, t);
    // What the counter-query names beside the subject: the object, else the predicate, else the
    // verb ("café engorda sin relación"), except where the verb's effect is what is weighed.
    const effect = choice === "ineffective" || choice === "effective";
    const other = bare(parts.y || parts.predicate, t, true) || (effect ? "" : parts.verb);
    const plural = shape.pluralClaim ? pluralSides(parts.x, parts.y, parts.predicate, t) : null;
    const claim =
      shape.claim === null
        ? asked
        : plural && shape.pluralClaim
          ? fill(shape.pluralClaim, { ...parts, ...plural }, t)
          : fill(shape.claim, parts, t);
    // An either/or looks for the other option ("Tomate eher ein Gemüse als ein Obst"); when the
    // options are the subject's own ("eher mieten als kaufen"), there is no subject to name.
    const [first = "", second = ""] = (shape.options ?? []).map((group) => parts[group]);
    const values = {
      subject: shape.options?.[0] === "x" ? "" : subject,
      other,
      first,
      second,
      tail: parts.tail,
      // A measured comparison turned round: "hunde leben länger als katzen".
      verb: parts.verbOfOther ?? parts.verb,
      predicate: parts.predicate,
    };
    return {
      queryType: shape.counter === "polarity" && choice === "refute" ? "fallback" : shape.type,
      subject: [
        subject,
        ...(shape.type === "comparative" || shape.type === "claim" ? [bare(parts.y, t, true)] : []),
      ].filter((s) => s !== ""),
      claim,
      gate,
      counter: { query: fill(t.counters[choice], values, t, false), intent: INTENT_OF[choice] },
    };
  }
  const lead = t.fallbackLead.exec(statement.toLowerCase())?.[0].length ?? 0;
  const subject = bare(statement.slice(lead), t) || asked;
  return {
    queryType: "fallback",
    subject: [subject],
    // A rewrite already made a statement of it ("c'est vrai que …"); otherwise it is tested as asked.
    claim: capitalize(statement === plain ? asked : statement),
    gate,
    counter: { query: fill(t.counters.critique, { subject, other: "" }, t, false), intent: "refute" },
  };
}

/** The language's settled-fact shapes and sums, unless a judgement word makes the question contestable. */
function settledFact(asked: string, t: LanguageTemplates): LanguageReading["gate"] {
  // "das gesündeste Frühstück" ranks: a superlative or comparative is a judgement too, unless it
  // measures ("der höchste Berg").
  const judged = words(asked).some(
    (w) =>
      t.words.judgement.has(w) ||
      t.words.positive.has(w) ||
      t.words.negative.has(w) ||
      (t.words.superlatives.has(w) && !t.words.measured.has(w)) ||
      t.words.comparatives.has(w),
  );
  if (judged) return { bypass: false, reason: null };
  let sum = asked.toLowerCase().replace(t.arithmetic.leads, "");
  if (t.arithmetic.trails) sum = sum.replace(t.arithmetic.trails, "");
  for (const [word, symbol] of t.arithmetic.operators) sum = sum.replace(word, symbol);
  if (/\d/.test(sum) && /^[\d\s.,+\-*/^()x×÷=%]+$/.test(sum) && /[+\-*/^x×÷%]/.test(sum))
    return { bypass: true, reason: "arithmetic" };
  const lower = asked.toLowerCase();
  for (const { reason, pattern } of t.bypass) if (pattern.test(lower)) return { bypass: true, reason };
  return { bypass: false, reason: null };
}

function partsOf(
  groups: Record<string, string | undefined>,
  shape: Shape,
  t: LanguageTemplates,
): Parts | null {
  let parts: Parts = {
    x: groups.x ?? "",
    y: groups.y ?? "",
    verb: (groups.verb ?? "").toLowerCase(),
    tail: groups.tail ?? "",
    // A comparison names its predicate where the question puts it: "Was ist besser, X oder Y",
    // "X oder Y besser".
    predicate:
      Object.entries(groups).find(([name, value]) => name.startsWith("predicate") && value)?.[1] ?? "",
  };
  if (shape.split && groups.rest) {
    const split = shape.split === "predicate" ? splitPredicate(groups.rest, t) : splitObject(groups.rest, t);
    if (!split) return null;
    parts = { ...parts, ...split };
  }
  // A subject opened by a question word or a verb is no subject: "Pourquoi le ciel | est bleu".
  const first = words(parts.x)[0] ?? "";
  if (parts.x === "" || t.words.questionWords.has(first) || t.words.copulas.has(first)) return null;
  if (shape.reject === "judgement") {
    const second = words(parts.y)[0] ?? "";
    if (isJudgement(second, t) || t.words.negations.has(second)) return null;
  }
  if (shape.fragment) {
    const subject = fragmentSubject(parts.x, t);
    if (!subject) return null;
    parts = { ...parts, x: subject.x, verb: subject.copula };
  }
  if (shape.agree)
    parts = {
      ...parts,
      verb: agreedVerb(parts.verb, parts.x, parts.y, t),
      verbOfOther: agreedVerb(parts.verb, parts.y, parts.x, t),
    };
  // "gut oder schlecht für die Knie" tests the first judgement: "gut für die Knie".
  parts.predicate = parts.predicate
    .replace(t.alternativeTail, (found, word: string) =>
      isJudgement(word.toLowerCase(), t) || t.words.negations.has(word.toLowerCase()) ? "" : found,
    )
    .trim();
  return parts;
}

/**
 * A pattern's match against the lower-cased text, with its groups cut from the text as written
 * (a letter whose lower case is longer, as "İ"'s is, leaves the groups lower-cased).
 */
function caseless(
  pattern: RegExp,
  text: string,
): { groups: Record<string, string | undefined>; [index: number]: string | undefined } | null {
  const lower = text.toLowerCase();
  const match = pattern.exec(lower);
  if (!match) return null;
  const cut = (at: [number, number] | undefined, value: string | undefined) =>
    at && lower.length === text.length ? text.slice(at[0], at[1]) : value;
  const groups: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(match.groups ?? {}))
    groups[name] = cut(match.indices?.groups?.[name], value);
  const numbered: Record<number, string | undefined> = {};
  match.forEach((value, index) => {
    numbered[index] = cut(match.indices?.[index], value);
  });
  return Object.assign(numbered, { groups });
}

/**
 * Subject and predicate of "Ist Rotwein gut für das Herz" / "¿Es saludable el café?": the predicate
 * starts at a judgement word (with the article, intensifier or negation before it), else (German)
 * at a lower-case last word, else at an article or a preposition after the subject's first word,
 * else at the last word. Where the predicate comes first (Spanish), the subject starts at an
 * article, a name or a verb after it.
 */
function splitPredicate(rest: string, t: LanguageTemplates): Pick<Parts, "x" | "predicate"> | null {
  const tokens = rest.split(/\s+/);
  const lower = tokens.map((w) => w.toLowerCase());
  if (tokens.length < 2) return null;
  let at = lower.findIndex((w) => isJudgement(w, t));
  const articleAfter = (from: number) => lower.findIndex((w, i) => i >= from && t.words.articles.has(w));
  const predicateFirst =
    t.predicateFirst &&
    (at === 0 ||
      (at < 0 &&
        !t.words.articles.has(lower[0] ?? "") &&
        /^\p{Ll}/u.test(tokens[0] ?? "") &&
        articleAfter(1) > 0));
  if (predicateFirst) {
    // The subject starts at an article, a name or a verb: "malo | el café", "seguro | Bitcoin",
    // "buena idea | invertir en Bitcoin".
    const opens = (w: string, i: number) =>
      t.words.articles.has(lower[i] ?? "") || /^\p{Lu}/u.test(w) || (t.infinitive?.test(w) ?? false);
    let start = tokens.findIndex((w, i) => i >= 1 && opens(w, i));
    if (start < 0)
      start = lower.findIndex((w, i) => i >= 1 && !isJudgement(w, t) && !t.words.intensifiers.has(w));
    if (start < 0) return null;
    // "el aceite de coco | para el corazón": "de" joins the noun phrase, "para" ends it; a verb
    // takes what follows it ("vacunar a los niños") up to what it is judged for: "correr | para
    // mayores de 60".
    let end = t.words.articles.has(lower[start] ?? "")
      ? lower.findIndex((w, i) => i > start && t.words.prepositions.has(w) && !t.words.nounLinks.has(w))
      : lower.findIndex((w, i) => i > start && t.words.judgedFor.has(w));
    if (end < 0) end = tokens.length;
    return {
      x: tokens.slice(start, end).join(" "),
      predicate: [...tokens.slice(0, start), ...tokens.slice(end)].join(" "),
    };
  }
  if (at > 0) {
    const leads = (w: string) =>
      t.words.articles.has(w) || t.words.intensifiers.has(w) || t.words.negations.has(w);
    while (at > 1 && leads(lower[at - 1] ?? "")) at -= 1;
  } else if (
    t.nounsCapitalized &&
    /^\p{Ll}/u.test(tokens.at(-1) ?? "") &&
    tokens.slice(1).some((w) => /^\p{Lu}/u.test(w))
  ) {
    // Where nouns are capitalised, a lower-case last word is the predicate: "Wasser aus der
    // Leitung | trinkbar".
    at = tokens.length - 1;
    while (
      at > 1 &&
      (t.words.intensifiers.has(lower[at - 1] ?? "") || t.words.negations.has(lower[at - 1] ?? ""))
    )
      at -= 1;
  } else {
    // An article after a preposition belongs to its phrase: "der Mond | aus der Milchstraße".
    at = lower.findIndex(
      (w, i) => i >= 1 && t.words.articles.has(w) && !t.words.prepositions.has(lower[i - 1] ?? ""),
    );
    if (at < 0) at = lower.findIndex((w, i) => i >= 1 && t.words.prepositions.has(w));
    if (at < 0) at = tokens.length - 1;
  }
  return { x: tokens.slice(0, at).join(" "), predicate: tokens.slice(at).join(" ") };
}

/**
 * Subject and object of "Verursacht Handystrahlung Krebs": the object starts at a preposition, an
 * article, or the last word.
 */
function splitObject(rest: string, t: LanguageTemplates): Pick<Parts, "x" | "y"> {
  const tokens = rest.split(/\s+/);
  const lower = tokens.map((w) => w.toLowerCase());
  // "Wirkt Homöopathie?" has no object.
  if (tokens.length < 2) return { x: rest, y: "" };
  let at = lower.findIndex((w, i) => i >= 1 && t.words.prepositions.has(w));
  if (at < 0) at = lower.findIndex((w, i) => i >= 1 && t.words.articles.has(w));
  if (at < 0) at = tokens.length - 1;
  return { x: tokens.slice(0, at).join(" "), y: tokens.slice(at).join(" ") };
}

function counterChoice(shape: Shape, parts: Parts, t: LanguageTemplates): CounterTemplate {
  if (shape.counter === "cause")
    return t.words.helpVerbs.has(parts.verb.toLowerCase()) ? "ineffective" : "link";
  if (shape.counter !== "polarity") return shape.counter;
  let polarity: "positive" | "negative" | null = null;
  let negated = false;
  for (const w of words(parts.predicate)) {
    if (t.words.negations.has(w)) negated = true;
    else if (!polarity && t.words.positive.has(w)) polarity = "positive";
    else if (!polarity && t.words.negative.has(w)) polarity = "negative";
  }
  if (!polarity) return "refute";
  return (polarity === "positive") !== negated ? "risks" : "benefits";
}

/** "{x} ist {predicate|besser} als {y}": the groups into a template, the sentence's first letter upper-case. */
function fill(
  template: string,
  values: Record<string, string>,
  t: LanguageTemplates,
  sentence = true,
): string {
  let text = template
    .replace(
      /\{(\w+)(?:\|([^}]*))?\}/g,
      (_, name: string, fallback?: string) => values[name] || fallback || "",
    )
    .replace(/\s+/g, " ")
    .trim();
  for (const { pattern, replace } of t.contractions) text = text.replace(pattern, replace);
  return sentence ? capitalize(text) : text;
}

/** A phrase as a search term: no leading articles (nor, for an object, its preposition), no trailing particle. */
function bare(phrase: string, t: LanguageTemplates, object = false): string {
  const tokens = phrase.split(/\s+/).filter((w) => w !== "");
  const lead = (w: string) => t.words.articles.has(w) || (object && t.words.prepositions.has(w));
  while (tokens.length > 1 && lead(tokens[0]?.toLowerCase() ?? "")) tokens.shift();
  // An elided article is written onto its noun: "l'autisme".
  if (tokens[0] && t.elision) tokens[0] = tokens[0].replace(t.elision, "");
  if (object && tokens.length > 1 && t.words.particles.has(tokens.at(-1)?.toLowerCase() ?? "")) tokens.pop();
  return tokens.join(" ").replace(/[,;:]+$/, "");
}

function isJudgement(word: string, t: LanguageTemplates): boolean {
  return (
    t.words.positive.has(word) ||
    t.words.negative.has(word) ||
    t.words.comparatives.has(word) ||
    t.words.superlatives.has(word)
  );
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{M}\d'’-]+/u)
    .filter((w) => w !== "");
}

function withoutWords(text: string, list: ReadonlySet<string>): string {
  return text
    .split(/\s+/)
    .filter((w) => !list.has(w.toLowerCase()))
    .join(" ");
}
