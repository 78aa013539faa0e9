import { readDataFile } from "../../util/read-data-file.js";
import type { QueryType } from "../plan-schema.js";
import { planWords } from "../plan-words.js";
import type { ShortWords } from "./short-shapes.js";

/** The languages whose questions get their own claim and counter-query: src/data/plan-<code>.json. */
export const TEMPLATE_LANGUAGES = ["de", "fr", "es"] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export function hasTemplates(language: string): language is TemplateLanguage {
  return (TEMPLATE_LANGUAGES as readonly string[]).includes(language);
}

/** A counter-query template's name, or how to choose one: by the predicate's polarity or the verb. */
export type CounterChoice = "polarity" | "cause" | CounterTemplate;
export type CounterTemplate =
  | "risks"
  | "benefits"
  | "reverse"
  | "refute"
  | "link"
  | "ineffective"
  | "alternatives"
  | "critique"
  | "choice"
  | "consume"
  | "consumeBy"
  | "turned"
  | "effective";

export interface Shape {
  type: QueryType;
  pattern: RegExp;
  /** `predicate`: the group `rest` holds subject and predicate; `object`: subject and object. */
  split?: "predicate" | "object";
  claim: string | null;
  counter: CounterChoice;
  /** `judgement`: not a choice between two things when the second is a judgement ("gut oder schlecht"). */
  reject?: "judgement";
  /** The groups holding an either/or's two options, for the `choice` counter-query. */
  options?: ["x" | "predicate", "y"];
  /** The claim when both sides compared are plurals ("Los gatos son mejores que los perros"). */
  pluralClaim?: string;
  /** A subject and a judgement without a verb: the claim takes the copula and article they need. */
  fragment?: boolean;
  /** The verb agrees with the side it is said of ("qui vit plus longtemps, les chats …" → "vivent"). */
  agree?: boolean;
}

export interface LanguageTemplates {
  words: Record<WordList, ReadonlySet<string>>;
  /** Spanish puts the predicate first: "¿Es saludable el café?". */
  predicateFirst: boolean;
  /** How a verb that is a subject looks: "¿Es seguro comer huevos crudos?". */
  infinitive: RegExp | undefined;
  /** German writes nouns with a capital: a lower-case last word is an adjective. */
  nounsCapitalized: boolean;
  /** An article written onto its noun (French "l'autisme"), left out of subjects. */
  elision: RegExp | undefined;
  rewrites: readonly { pattern: RegExp; replace: string }[];
  bypass: readonly { reason: string; pattern: RegExp }[];
  /** How a sum is asked before it ("combien font") and after it ("ça fait combien"). */
  arithmetic: { leads: RegExp; trails: RegExp | undefined; operators: readonly [RegExp, string][] };
  shapes: readonly Shape[];
  fallbackLead: RegExp;
  counters: Record<CounterTemplate, string>;
  contractions: readonly { pattern: RegExp; replace: string }[];
  /** " oder schlecht" after a predicate: a second judgement, dropped from the claim. */
  alternativeTail: RegExp;
  /** How a plural noun ends, the article a bare one takes (by ending), and nouns in -s that are one thing. */
  plural:
    | {
        ends: RegExp;
        articles: readonly [string, string][];
        singulars: ReadonlySet<string>;
        /** How an adjective takes the plural: the first ending that fits is replaced. */
        adjective: readonly [RegExp, string][];
      }
    | undefined;
  /** What the short shapes (fragments, verbs asked of "which") need: src/plan/languages/short-shapes.ts. */
  short: ShortWords;
}

export type WordList =
  | "articles"
  | "nounLinks"
  | "prepositions"
  | "intensifiers"
  | "fillers"
  | "negations"
  | "or"
  | "positive"
  | "negative"
  | "comparatives"
  | "superlatives"
  | "judgement"
  | "questionWords"
  | "copulas"
  | "harmVerbs"
  | "helpVerbs"
  | "particles"
  | "toolVerbs"
  | "causeInfinitives"
  | "units"
  | "currencies"
  | "modals"
  | "timePhrases"
  | "consumeVerbs"
  | "judgedFor"
  | "measured"
  | "marketAssets"
  | "marketMeasures";

interface RawTemplates {
  lists: Record<WordList, string[]>;
  predicateFirst: boolean;
  infinitive?: string;
  nounsCapitalized?: boolean;
  elision?: string;
  rewrites: { pattern: string; replace: string }[];
  bypass: { reason: string; pattern: string }[];
  arithmetic: { leads: string; trails?: string; operators: Record<string, string> };
  shapes: (Omit<Shape, "pattern" | "claim"> & { pattern: string; claim: string | null })[];
  fallbackLead: string;
  counters: Record<CounterTemplate, string>;
  contractions: { pattern: string; replace: string }[];
  plural?: { ends: string; articles: [string, string][]; singulars: string[]; adjective: [string, string][] };
  short: {
    copulas: [string, string];
    and: string;
    notInSubject: string[];
    pluralEnds?: string;
    eitherEnds?: string;
    singulars?: string[];
    articles?: {
      vowel: string;
      words: Record<string, string>;
      endings: [string, string][];
      otherwise: string;
    };
    verbPlurals: Record<string, string>;
    verbEndings: [string, string][];
  };
}

const loaded = new Map<TemplateLanguage, LanguageTemplates>();

/** A language's templates, read and compiled on first use: an English question never pays for them. */
export function languageTemplates(language: TemplateLanguage): LanguageTemplates {
  const cached = loaded.get(language);
  if (cached) return cached;
  const raw = readDataFile(`plan-${language}.json`) as RawTemplates;
  // Patterns are matched against the lower-cased question: a case-insensitive \p{L} costs V8 tens
  // of milliseconds to compile, more than the rest of the plan.
  const alternations = new Map<string, string | undefined>();
  const listAlternation = (name: string) => {
    if (!alternations.has(name)) {
      const list = name === "marketIndexes" ? planWords().marketFigures.indexes : raw.lists[name as WordList];
      alternations.set(name, list && alternation(list));
    }
    return alternations.get(name);
  };
  const compile = (source: string, flags = "du") =>
    new RegExp(
      source
        // \b knows only ASCII letters: after "ganó" or "été" it finds no word's end. Before a word
        // (or a list of words) it means no letter before; anywhere else, no letter after. Rewritten
        // before the lists are put in, so the rewrite reads the short pattern, not the long one.
        .replace(/(?<!\\)\\b(?=[({\p{L}])/gu, "(?<![\\p{L}\\p{N}])")
        .replace(/(?<!\\)\\b/g, "(?![\\p{L}\\p{N}])")
        // "{positive}" in a pattern stands for the words of that list ("\p{L}" is not a list);
        // "{marketIndexes}" for the index names every language shares (src/data/plan-words.json).
        .replace(/(?<!\\p)\{(\w+)\}/g, (found, name: string) => listAlternation(name) ?? found),
      flags,
    );
  const templates: LanguageTemplates = {
    words: Object.fromEntries(
      Object.entries(raw.lists).map(([name, words]) => [name, new Set(words)]),
    ) as unknown as Record<WordList, ReadonlySet<string>>,
    predicateFirst: raw.predicateFirst,
    infinitive: raw.infinitive === undefined ? undefined : compile(raw.infinitive, "u"),
    nounsCapitalized: raw.nounsCapitalized ?? false,
    elision: raw.elision === undefined ? undefined : compile(raw.elision, "iu"),
    rewrites: raw.rewrites.map((r) => ({ pattern: compile(r.pattern), replace: r.replace })),
    bypass: raw.bypass.map((b) => ({ reason: b.reason, pattern: compile(b.pattern) })),
    arithmetic: {
      leads: compile(raw.arithmetic.leads),
      trails: raw.arithmetic.trails === undefined ? undefined : compile(raw.arithmetic.trails),
      // Longest first, so "multiplié par" is read before "par".
      operators: Object.entries(raw.arithmetic.operators)
        .sort((a, b) => b[0].length - a[0].length)
        .map(([word, symbol]) => [
          compile(`(?<!\\p{L})${escapeRegExp(word)}(?!\\p{L})`, "gu"),
          ` ${symbol} `,
        ]),
    },
    // Each shape's pattern is made on first use: V8 parses a pattern when it is made, and most
    // questions are matched by one of the first shapes, so the rest are never made.
    shapes: raw.shapes.map((shape) => {
      let pattern: RegExp | undefined;
      return {
        ...shape,
        get pattern() {
          pattern ??= compile(shape.pattern);
          return pattern;
        },
      };
    }),
    fallbackLead: compile(raw.fallbackLead),
    counters: raw.counters,
    contractions: raw.contractions.map((c) => ({ pattern: compile(c.pattern, "gu"), replace: c.replace })),
    alternativeTail: compile(`\\s+(?:${[...raw.lists.or].join("|")})\\s+(\\p{L}+)`, "u"),
    plural: raw.plural && {
      ends: compile(raw.plural.ends, "u"),
      articles: raw.plural.articles,
      singulars: new Set(raw.plural.singulars),
      adjective: raw.plural.adjective.map(([ending, plural]) => [compile(ending, "u"), plural]),
    },
    short: {
      copulas: raw.short.copulas,
      and: raw.short.and,
      notInSubject: new Set(raw.short.notInSubject),
      pluralEnds: raw.short.pluralEnds === undefined ? undefined : compile(raw.short.pluralEnds, "u"),
      eitherEnds: raw.short.eitherEnds === undefined ? undefined : compile(raw.short.eitherEnds, "u"),
      singulars: new Set(raw.short.singulars ?? []),
      articles: raw.short.articles && {
        vowel: raw.short.articles.vowel,
        words: new Map(Object.entries(raw.short.articles.words)),
        endings: raw.short.articles.endings,
        otherwise: raw.short.articles.otherwise,
      },
      verbPlurals: new Map(Object.entries(raw.short.verbPlurals)),
      verbEndings: raw.short.verbEndings.map(([ending, plural]) => [compile(ending, "u"), plural]),
    },
  };
  loaded.set(language, templates);
  return templates;
}

function alternation(words: readonly string[]): string {
  return `(?:${[...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})`;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
