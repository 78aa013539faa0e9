import { escapeRegExp } from "../util/escape-reg-exp.js";
import { readDataFile } from "../util/read-data-file.js";
import type { PredicateFamily } from "./claim-parts.js";

/**
 * The word lists of src/data/claim-words.json, as sets and patterns; read on first use, not at
 * start-up. Single words are sets of whole words; the phrase lists become one pattern each.
 */
export interface ClaimWordLists {
  /** Verbs that join a subject to its complement: "X is safe", "X have been linked …". */
  copulas: ReadonlySet<string>;
  // Predicates whose evidence reads as safety or harm rather than as the predicate's own words.
  safeWords: ReadonlySet<string>;
  harmWords: ReadonlySet<string>;
  /** Verbs of an effect that raises its object ("causes", "leads"), lowers it ("prevents"), or helps. */
  increaseVerbs: ReadonlySet<string>;
  decreaseVerbs: ReadonlySet<string>;
  worksVerbs: ReadonlySet<string>;
  /** Comparative adjectives with the words that say the same and the words that say the opposite. */
  comparatives: readonly Comparative[];
  /** Words after "than" that do not name the other side: "than planes for commuting". */
  wordsDroppedAfterThan: ReadonlySet<string>;
  /** Words after an effect verb that do not name its object: "helps people sleep". */
  wordsDroppedFromEffectObject: ReadonlySet<string>;
  /** Words that carry no content in a claim. */
  stopwords: ReadonlySet<string>;
  /** Words that turn a cue a few words after them around: "not", "never", "doesn't", "unlikely". */
  negators: ReadonlySet<string>;
  /** A negated auxiliary anywhere in a sentence: "does not", "can't". */
  negatedAuxiliary: RegExp;
  /** Phrases that deny whatever claim the sentence is about. */
  denial: RegExp;
  /** Phrases that report a belief without holding it ("is often billed as", "many people think"). */
  reportedBelief: RegExp;
  /** Words that open a clause the cue sits in without asserting it: "whether X causes Y", "if X works". */
  suspenders: ReadonlySet<string>;
  /** Cue words per family: those that assert the family's predicate and those that assert its opposite. */
  cueWords: Readonly<Record<Exclude<PredicateFamily, "other">, FamilyCues>>;
  /** A sentence opening with a pronoun that goes on about what the sentence before was about. */
  continuationOpener: RegExp;
  /** An answer opening a sentence after a question: "Yes, …", "Not really …". */
  yesAnswer: RegExp;
  noAnswer: RegExp;
  auxiliaries: ReadonlySet<string>;
  whWords: ReadonlySet<string>;
  /** Words after which an auxiliary opens an embedded question: "results for Is X safe", "asks: do X work". */
  questionOpeners: ReadonlySet<string>;
}

export interface Comparative {
  /** The comparative adjectives themselves ("faster", "quicker"). */
  words: ReadonlySet<string>;
  /** Words that say the same of the side named first. */
  same: string[];
  /** Words that say the opposite. */
  opposite: string[];
}

export interface FamilyCues {
  affirm: ReadonlySet<string>;
  deny: ReadonlySet<string>;
}

/** A phrase: words in turn, or parts in turn, each a word or a choice of words ("" when it may be left out). */
type Phrase = string | (string | string[])[];

let lists: ClaimWordLists | undefined;

export function claimWordLists(): ClaimWordLists {
  if (lists) return lists;
  const raw = readDataFile("claim-words.json") as Record<string, unknown>;
  const field = <T>(name: string): T => {
    if (raw[name] === undefined) throw new Error(`claim-words.json has no "${name}"`);
    return raw[name] as T;
  };
  const words = (name: string): Set<string> => new Set(field<string[]>(name));
  const cues =
    field<Record<Exclude<PredicateFamily, "other">, { affirm: string[]; deny: string[] }>>("cueWords");
  const family = ({ affirm, deny }: { affirm: string[]; deny: string[] }): FamilyCues => ({
    affirm: new Set(affirm),
    deny: new Set(deny),
  });
  const whWords = field<string[]>("whWords");
  lists = {
    copulas: words("copulas"),
    safeWords: words("safeWords"),
    harmWords: words("harmWords"),
    increaseVerbs: words("increaseVerbs"),
    decreaseVerbs: words("decreaseVerbs"),
    worksVerbs: words("worksVerbs"),
    comparatives: field<{ comparative: string[]; same: string[]; opposite: string[] }[]>("comparatives").map(
      ({ comparative, same, opposite }) => ({ words: new Set(comparative), same, opposite }),
    ),
    wordsDroppedAfterThan: words("wordsDroppedAfterThan"),
    wordsDroppedFromEffectObject: words("wordsDroppedFromEffectObject"),
    stopwords: words("stopwords"),
    negators: words("negators"),
    negatedAuxiliary: phrasePattern(field("negatedAuxiliaries"), "\\b"),
    denial: phrasePattern(field("denialPhrases"), "\\b"),
    reportedBelief: phrasePattern(field("reportedBelief"), "\\b"),
    suspenders: words("suspenders"),
    cueWords: {
      safe: family(cues.safe),
      harmful: family(cues.harmful),
      increase: family(cues.increase),
      decrease: family(cues.decrease),
      works: family(cues.works),
    },
    continuationOpener: phrasePattern(field("continuationOpeners"), "^"),
    yesAnswer: phrasePattern(field("yesAnswers"), "^"),
    noAnswer: phrasePattern(field("noAnswers"), "^"),
    auxiliaries: words("auxiliaries"),
    whWords: new Set(whWords),
    questionOpeners: new Set([...whWords, ...field<string[]>("otherQuestionOpeners")]),
  };
  return lists;
}

/** Any of the phrases as whole words, from `start` (a word boundary or the start of the text). */
function phrasePattern(phrases: readonly Phrase[], start: "\\b" | "^"): RegExp {
  return new RegExp(`${start}(?:${phrases.map(phraseSource).join("|")})\\b`);
}

/**
 * A phrase's pattern. A part that may be left out takes its space with it: the one after it before
 * the first part that must be there, the one before it after that.
 */
function phraseSource(phrase: Phrase): string {
  const parts = typeof phrase === "string" ? [phrase] : phrase;
  let source = "";
  let started = false;
  for (const part of parts) {
    const choices = (typeof part === "string" ? [part] : part).filter((w) => w !== "");
    const optional = typeof part !== "string" && part.includes("");
    const word =
      choices.length === 1 ? wordSource(choices[0] ?? "") : `(?:${choices.map(wordSource).join("|")})`;
    if (!optional) {
      source += started ? ` ${word}` : word;
      started = true;
    } else source += started ? `(?: ${word})?` : `(?:${word} )?`;
  }
  if (!started)
    throw new Error(
      `claim-words.json: a phrase of parts that may all be left out: ${JSON.stringify(phrase)}`,
    );
  return source;
}

/** A word or words as a pattern; a last "*" stands for the rest of a word. */
const wordSource = (word: string): string => {
  const open = word.endsWith("*");
  const literal = escapeRegExp(open ? word.slice(0, -1) : word);
  return open ? `${literal}\\w*` : literal;
};
