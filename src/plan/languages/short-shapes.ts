import type { LanguageTemplates } from "./language-templates.js";

/**
 * What the short shapes of German, French and Spanish questions need beyond their patterns
 * (src/data/plan-<code>.json, "short"): a fragment gets the copula its subject agrees with and, where
 * the language needs one, the article a general statement takes ("café mauvais ?" → "Le café est
 * mauvais"); a verb asked of "which" agrees with the side it is said of ("qui vit plus longtemps, les
 * chats ou les chiens" → "Les chats vivent plus longtemps que les chiens").
 */
export interface ShortWords {
  /** The copula in the singular and the plural: ["ist", "sind"]. */
  copulas: readonly [string, string];
  /** The word that joins two subjects into several things: "Kaffee und Tee". */
  and: string;
  /** Words a fragment's subject never holds (pronouns, verbs, negations): with one it is a sentence. */
  notInSubject: ReadonlySet<string>;
  /** Plural nouns by ending, for a language whose templates have no plural of their own (German). */
  pluralEnds: RegExp | undefined;
  /** Nouns whose ending says neither: a side ending so is plural when the other side is (German "Hunde"). */
  eitherEnds: RegExp | undefined;
  /** Words the ending rule would take for plurals that name one thing. */
  singulars: ReadonlySet<string>;
  /** The article a bare singular subject takes: before a vowel, by word, by ending, else the default. */
  articles:
    | {
        vowel: string;
        words: ReadonlyMap<string, string>;
        endings: readonly [string, string][];
        otherwise: string;
      }
    | undefined;
  /** A verb's plural: irregular ones by word, the rest by the first ending rule that fits. */
  verbPlurals: ReadonlyMap<string, string>;
  verbEndings: readonly [RegExp, string][];
}

/**
 * The subject of a fragment with its article, and the copula that agrees with it; null when the
 * subject holds a verb, a pronoun or a negation after all ("ich finde Kaffee gut"), opens with a
 * question word, or, where nouns are capitalised, has a lower-case word after a noun that opens no
 * phrase ("Kinder schlafen schlecht").
 */
export function fragmentSubject(x: string, t: LanguageTemplates): { x: string; copula: string } | null {
  const lower = x.toLowerCase().split(/\s+/u);
  if (t.words.questionWords.has(lower[0] ?? "") || lower.some((word) => isVerbOrPronoun(word, t)))
    return null;
  if (t.nounsCapitalized && hasVerbAfterNoun(x, t)) return null;
  const words = t.short;
  const plural = isPlural(x, "", t);
  const copula = words.copulas[plural ? 1 : 0];
  return { x: withArticle(x, plural, t), copula };
}

function isVerbOrPronoun(word: string, t: LanguageTemplates): boolean {
  const { words, short } = t;
  return (
    short.notInSubject.has(word) ||
    words.copulas.has(word) ||
    words.harmVerbs.has(word) ||
    words.helpVerbs.has(word) ||
    (words.modals?.has(word) ?? false)
  );
}

function hasVerbAfterNoun(x: string, t: LanguageTemplates): boolean {
  const tokens = x.split(/\s+/u);
  return tokens.some((word, i) => {
    const lower = word.toLowerCase();
    return (
      i > 0 &&
      /^\p{Lu}/u.test(tokens[i - 1] ?? "") &&
      /^\p{Ll}/u.test(word) &&
      !t.words.articles.has(lower) &&
      !t.words.prepositions.has(lower) &&
      !t.words.or.has(lower) &&
      lower !== t.short.and
    );
  });
}

/** The verb as said of `side`: "vit" of "les chats" is "vivent". */
export function agreedVerb(verb: string, side: string, other: string, t: LanguageTemplates): string {
  if (!isPlural(side, other, t)) return verb;
  const words = t.short;
  const irregular = words.verbPlurals.get(verb);
  if (irregular) return irregular;
  const rule = words.verbEndings.find(([ending]) => ending.test(verb));
  return rule ? verb.replace(rule[0], rule[1]) : verb;
}

/**
 * Whether a noun phrase names several things: by its article, else by its head noun's ending (the
 * first word, or in German the last before a preposition). A German noun in -e is as often one
 * thing as several ("Pumpe", "Hunde"): the other side of a comparison decides.
 */
function isPlural(phrase: string, other: string, t: LanguageTemplates): boolean {
  const words = phrase.toLowerCase().split(/\s+/u).filter(Boolean);
  const first = words[0] ?? "";
  if (words.includes(t.short.and)) return true;
  const pluralArticles = new Set(t.plural?.articles.map(([, article]) => article));
  for (const article of ["les", "los", "las", "des", "unos", "unas"])
    if (t.words.articles.has(article)) pluralArticles.add(article);
  if (pluralArticles.has(first)) return true;
  if (t.words.articles.has(first) && !(t.nounsCapitalized && first === "die")) return false;
  const short = t.short;
  if (short.pluralEnds) {
    const end = words.findIndex((word, i) => i > 0 && t.words.prepositions.has(word));
    const head = (end > 0 ? words[end - 1] : words.at(-1)) ?? "";
    if (short.singulars.has(head)) return false;
    if (short.pluralEnds.test(head)) return true;
    return other !== "" && (short.eitherEnds?.test(head) ?? false) && isPlural(other, "", t);
  }
  const plural = t.plural;
  const head = t.words.articles.has(first) ? (words[1] ?? "") : first;
  return !!plural && plural.ends.test(head) && !plural.singulars.has(head) && !short.singulars.has(head);
}

/**
 * A bare subject with the article a general statement takes ("café" → "le café", "aspartame" →
 * "l'aspartame", "bebidas" → "las bebidas"); one with an article, or a name written with a capital
 * inside, a digit or a sign (iPhone, PS5, Disney+), stays as written.
 */
function withArticle(x: string, plural: boolean, t: LanguageTemplates): string {
  const articles = t.short.articles;
  if (!articles) return x;
  const first = x.split(/\s+/u)[0] ?? "";
  const lower = first.toLowerCase();
  if (t.words.articles.has(lower) || (t.elision?.test(lower) ?? false)) return x;
  if (/^\p{L}+\p{Lu}|[\p{N}+&]/u.test(first)) return x;
  const text = x.charAt(0).toLowerCase() + x.slice(1);
  if (plural) {
    const article = t.plural?.articles.find(([ending]) => lower.endsWith(ending))?.[1];
    return article ? `${article} ${text}` : x;
  }
  const article =
    articles.words.get(lower) ??
    (/^[aeiouyàâäéèêëîïôöùûüœæh]/u.test(lower) && articles.vowel !== "" ? articles.vowel : undefined) ??
    articles.endings.find(([ending]) => lower.endsWith(ending))?.[1] ??
    articles.otherwise;
  return article.endsWith("'") ? `${article}${text}` : `${article} ${text}`;
}
