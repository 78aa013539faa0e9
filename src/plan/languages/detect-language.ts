import { readDataFile } from "../../util/read-data-file.js";

/** What the question's language is called when nothing says otherwise. */
export const DEFAULT_LANGUAGE = "en";

interface Markers {
  code: string;
  words: ReadonlySet<string>;
  openers: ReadonlySet<string>;
  signs: readonly RegExp[];
  /** Head words of terse look-ups ("wetter", "clima") and a fragment's judgements ("gesund"): they count twice. */
  lookups: ReadonlySet<string>;
}

type DetectAll = (text: string) => { lang: string; accuracy: number }[];

/** Latin letters: Basic Latin to Latin Extended-B, and Latin Extended Additional (Vietnamese). */
const LATIN_LETTER = /[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]/g;
/** Letters of the other scripts the detector names: Greek to Arabic, Indic, Thai, Hangul, kana, CJK. */
const OTHER_LETTER =
  /[\u0370-\u03ff\u0400-\u052f\u0590-\u06ff\u0900-\u0dff\u0e00-\u0e7f\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g;

/** A word of Latin letters (numbers and signs are no language's). */
const WORD = /[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]+/g;

let markers: { languages: readonly Markers[]; names: Readonly<Record<string, string>> } | undefined;
let detectAll: DetectAll | undefined;

/**
 * The question's language, ISO 639-1. Statistical detectors guess poorly on five to twelve words
 * ("Python ou Java ?" reads as Portuguese), so the words and signs each language is known by
 * (src/data/language-markers.json) decide first. tinyld (its light build: the only small detector
 * with a synchronous CommonJS entry, and plan() is synchronous) is asked only when they do not: it
 * costs about as much to load as Node itself takes to start, and most questions never need it. It
 * names the languages that have no markers and breaks ties; a unique n-gram is strong evidence,
 * the rest of its ranking only a tie-break. When still unsure: English.
 */
export function detectLanguage(text: string): string {
  // Plain ranges, not \p{L} or \p{Script=…}: those cost V8 more to compile than the whole check.
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  const other = text.match(OTHER_LETTER)?.length ?? 0;
  if (latin === 0 && other === 0) return DEFAULT_LANGUAGE;
  if (other >= latin) return library()(text)[0]?.lang || DEFAULT_LANGUAGE;
  const scores = markerScores(text);
  const [[best, top] = [DEFAULT_LANGUAGE, 0], [, second] = ["", 0]] = ranked(scores);
  // Two words with no more than one marker are too few to tell ("45 plus 78 minus 19" is a sum,
  // not French; "¿Cuánto es 2 + 2?" has its signs).
  if ((text.match(WORD)?.length ?? 0) < 3 && top < 2) return DEFAULT_LANGUAGE;
  if (top > 0 && (top - second >= 2 || (best === DEFAULT_LANGUAGE && second === 0))) return best;

  const guesses = library()(text);
  const leader = guesses[0];
  if (leader && leader.accuracy >= 0.5) scores.set(leader.lang, (scores.get(leader.lang) ?? 0) + 2);
  else if (leader) {
    for (const { lang, accuracy } of guesses) {
      const score = scores.get(lang) ?? 0;
      if (score > 0) scores.set(lang, score + (0.5 * accuracy) / leader.accuracy);
    }
  }
  const [[winner, score] = [DEFAULT_LANGUAGE, 0]] = ranked(scores);
  const english = scores.get(DEFAULT_LANGUAGE) ?? 0;
  // Another language has to be ahead of English by most of a word.
  if (score < 1 || (winner !== DEFAULT_LANGUAGE && score - english < 0.75)) return DEFAULT_LANGUAGE;
  return winner;
}

/** Per language, how many of its marker words, openers and signs the question has. */
export function markerScores(text: string): Map<string, number> {
  const lower = text.toLowerCase();
  const tokens = lower
    .split(/[\s.,;:!?¿¡"“”„«»()[\]{}/…]+/)
    .map((token) => token.replace(/^['’-]+|['’-]+$/g, ""))
    .filter((token) => token !== "");
  const scores = new Map<string, number>();
  for (const language of languageMarkers().languages) {
    let score = language.openers.has(tokens[0] ?? "") ? 1 : 0;
    for (const token of tokens) {
      if (language.lookups.has(token)) score += 2;
      else if (language.words.has(token)) score += 1;
    }
    for (const sign of language.signs) score += lower.match(sign)?.length ?? 0;
    scores.set(language.code, score);
  }
  return scores;
}

function ranked(scores: Map<string, number>): [string, number][] {
  return [...scores].sort((a, b) => b[1] - a[1]);
}

/** "de" → "German"; a code without a name stays a code. */
export function languageName(code: string): string {
  return languageMarkers().names[code] ?? code;
}

function languageMarkers(): NonNullable<typeof markers> {
  if (markers) return markers;
  const raw = readDataFile("language-markers.json") as {
    names: Record<string, string>;
    languages: Record<
      string,
      { words: string[]; openers: string[]; signs: string[]; lookups?: string[]; judgements?: string[] }
    >;
  };
  markers = {
    names: raw.names,
    languages: Object.entries(raw.languages).map(([code, language]) => ({
      code,
      words: new Set(language.words),
      openers: new Set(language.openers),
      signs: language.signs.map((sign) => new RegExp(sign, "g")),
      lookups: new Set([...(language.lookups ?? []), ...(language.judgements ?? [])]),
    })),
  };
  return markers;
}

function library(): DetectAll {
  // Taken from the built-ins when needed: importing node:module up front costs every plan.
  const { createRequire } = process.getBuiltinModule("node:module");
  detectAll ??= (createRequire(import.meta.url)("tinyld/light") as { detectAll: DetectAll }).detectAll;
  return detectAll;
}
