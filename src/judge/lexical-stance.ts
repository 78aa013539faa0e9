import { claimCues } from "./claim-cues.js";
import { type ClaimParts, lightStem, parseClaim } from "./claim-parts.js";
import type { Stance, StanceInput, StanceJudge, StanceJudgement } from "./stance.js";
import { STANCE_WEIGHTS } from "./stance-weights.js";

/** Softmax classes, in weight order. `unrelated` comes from the relevance gate instead. */
export const SOFTMAX_STANCES = ["support", "contradict", "neutral"] as const satisfies readonly Stance[];

const STOPWORDS = new Set(
  (
    "a an the and or but if of at by for with about against between into through during before after above below " +
    "to from up down in out on off over under again further then once here there when where why how all any both " +
    "each few more most other some such only own same so than too very s t can will just don should now is are was " +
    "were be been being have has had having do does did doing i me my we our you your he him his she her it its they " +
    "them their what which who whom this that these those am as until while would could may might must shall also " +
    "said says say new one two get gets got via us de la le el"
  ).split(" "),
);

const NEGATIONS = new Set([
  "not",
  "no",
  "never",
  "nobody",
  "nothing",
  "none",
  "neither",
  "nor",
  "without",
  "cannot",
]);

/** Cues that a text disputes the claim. Matched against tokens (single) or the joined token stream (phrases). */
const REFUTE_WORDS = [
  "hoax",
  "hoaxes",
  "fake",
  "faked",
  "false",
  "falsely",
  "debunk",
  "debunked",
  "debunks",
  "debunking",
  "deny",
  "denies",
  "denied",
  "denial",
  "myth",
  "myths",
  "rumor",
  "rumors",
  "rumour",
  "rumours",
  "misleading",
  "satire",
  "satirical",
  "retract",
  "retracts",
  "retracted",
  "retraction",
  "untrue",
  "bogus",
  "scam",
  "prank",
  "fabricated",
  "fiction",
  "refute",
  "refutes",
  "refuted",
  "dismiss",
  "dismisses",
  "dismissed",
  "reject",
  "rejects",
  "rejected",
  "doubt",
  "doubts",
  "dubious",
  "unfounded",
  "baseless",
  "nonsense",
  "wrong",
  "fact-check",
  "busted",
  "spoof",
  "parody",
  "photoshopped",
  "lie",
  "lies",
  "alive",
  "clarifies",
  "insists",
];
const REFUTE_PHRASES = [
  "no evidence",
  "not true",
  "isn't true",
  "is not",
  "did not",
  "didn't",
  "does not",
  "doesn't",
  "was not",
  "wasn't",
  "no proof",
  "not real",
  "turns out",
  "fake news",
  "too good to be true",
  "don't believe",
  "shoots down",
  "no plans",
  "not dead",
  "isn't dead",
];

const HEDGE_WORDS = [
  "reportedly",
  "allegedly",
  "alleged",
  "claims",
  "claim",
  "claimed",
  "could",
  "may",
  "might",
  "rumored",
  "rumoured",
  "report",
  "reports",
  "sources",
  "apparently",
  "possibly",
  "possible",
  "supposedly",
  "purported",
  "purportedly",
  "unconfirmed",
  "speculation",
  "appears",
  "seems",
  "suggests",
  "believed",
  "thought",
  "according",
  "says",
  "said",
  "suspected",
  "maybe",
  "perhaps",
  "if",
  "whether",
  "investigating",
  "investigate",
];
const HEDGE_PHRASES = [
  "report:",
  "sources say",
  "according to",
  "is said to",
  "are said to",
  "is believed",
  "could be",
  "may be",
  "may have",
  "rumors that",
  "claims that",
];

const CONFIRM_WORDS = [
  "confirms",
  "confirmed",
  "confirm",
  "official",
  "officially",
  "proves",
  "proof",
  "reveals",
  "revealed",
  "announces",
  "announced",
  "finally",
  "indeed",
  "really",
  "actually",
  "true",
];

/** Each phrase with itself between spaces, as looked for in the token stream: built once, not per text. */
const spacedOut = (phrases: readonly string[]) => phrases.map((p) => [p, ` ${p} `] as const);
const REFUTE_SPACED = spacedOut(REFUTE_PHRASES);
const HEDGE_SPACED = spacedOut(HEDGE_PHRASES);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (phrases: readonly string[], spaced: boolean): RegExp => {
  const alternatives = phrases.map(escapeRegExp).join("|");
  return new RegExp(spaced ? ` (?:${alternatives}) ` : alternatives);
};
/**
 * Whether a text holds any phrase at all, as the phrase loops below look for them: most texts hold
 * none, and one pass over a text is far cheaper than a search for each phrase.
 */
const ANY_REFUTE_PHRASE = anyOf(REFUTE_PHRASES, true);
const ANY_HEDGE_PHRASE_SPACED = anyOf(HEDGE_PHRASES, true);
const ANY_HEDGE_PHRASE = anyOf(HEDGE_PHRASES, false);

const REFUTE_SET = new Set(REFUTE_WORDS);
const HEDGE_SET = new Set(HEDGE_WORDS);
const CONFIRM_SET = new Set(CONFIRM_WORDS);

/** Lower-cased word tokens; `?` and `:` survive as tokens of their own. */
function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’][a-z]+)?|[?:]/g) ?? [];
}

/** A word (it starts with a letter or digit, unlike `?` and `:`) that is no stop word. */
const isContent = (w: string): boolean => {
  const first = w.charCodeAt(0);
  const wordLike = (first >= 97 && first <= 122) || (first >= 48 && first <= 57);
  return wordLike && !STOPWORDS.has(w) && w.length > 1;
};

const isNegation = (t: string): boolean => NEGATIONS.has(t) || t.endsWith("n't");

/** Stemmed content words of a text, from its tokens and their stems. */
function contentStems(tokens: readonly string[], stems: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < tokens.length; i++) if (isContent(tokens[i] ?? "")) out.add(stems[i] ?? "");
  return out;
}

/** A text as the judge reads it: tokens, each token's stem, and the stems of its content words. */
interface Reading {
  tokens: string[];
  stems: string[];
  contentStems: Set<string>;
}

function readText(text: string): Reading {
  const tokens = tokenize(text);
  const stems = tokens.map(lightStem);
  return { tokens, stems, contentStems: contentStems(tokens, stems) };
}

/** What the judge needs of a claim. A report judges many results against one claim: read it once. */
interface ClaimReading extends Reading {
  claim: string;
  /** Whether the claim itself holds a negation. */
  negated: boolean;
  /** Parsed on first use: only results with page text need the parts. */
  parts: () => ClaimParts;
}

let lastClaim: ClaimReading | undefined;

function readClaim(claim: string): ClaimReading {
  if (lastClaim?.claim === claim) return lastClaim;
  const text = readText(claim);
  let parts: ClaimParts | undefined;
  lastClaim = {
    ...text,
    claim,
    negated: text.tokens.some(isNegation),
    parts: () => {
      parts ??= parseClaim(claim);
      return parts;
    },
  };
  return lastClaim;
}

export interface Relevance {
  /** Claim content stems found in the text. */
  matched: number;
  /** Fraction of the claim's content stems found in the text. */
  ratio: number;
  /** Number of claim content stems. */
  claimTerms: number;
}

export function relevance(claim: string, text: string): Relevance {
  return relevanceOf(readClaim(claim), readText(text));
}

function relevanceOf(claim: ClaimReading, text: Reading): Relevance {
  let matched = 0;
  for (const s of claim.contentStems) if (text.contentStems.has(s)) matched++;
  const claimTerms = claim.contentStems.size;
  return { matched, ratio: claimTerms === 0 ? 0 : matched / claimTerms, claimTerms };
}

/** Features of `text` (title + " " + snippet) with respect to `claim`, as name → value. */
export function stanceFeatures(claim: string, text: string): Map<string, number> {
  const claimReading = readClaim(claim);
  const reading = readText(text);
  return featuresOf(claimReading, text, reading, relevanceOf(claimReading, reading));
}

/** {@link stanceFeatures} of a text already read, with its relevance to the claim. */
function featuresOf(
  claim: ClaimReading,
  text: string,
  reading: Reading,
  rel: Relevance,
): Map<string, number> {
  const f = new Map<string, number>();
  const add = (name: string, v = 1): void => {
    f.set(name, (f.get(name) ?? 0) + v);
  };
  const { tokens, stems } = reading;
  const claimStems = claim.contentStems;
  const joined = ` ${tokens.join(" ")} `;
  const lower = ` ${text.toLowerCase()} `;

  const ov = rel.ratio;
  add("ov", ov);
  add(ov === 0 ? "ov:0" : ov < 0.2 ? "ov:lo" : ov < 0.5 ? "ov:mid" : "ov:hi");

  // Cue counts.
  let refute = 0;
  let hedge = 0;
  let confirm = 0;
  for (const t of tokens) {
    if (REFUTE_SET.has(t)) {
      refute++;
      add(`r:${t}`);
    }
    if (HEDGE_SET.has(t)) {
      hedge++;
      add(`h:${t}`);
    }
    if (CONFIRM_SET.has(t)) {
      confirm++;
      add(`c:${t}`);
    }
  }
  if (ANY_REFUTE_PHRASE.test(joined) || ANY_REFUTE_PHRASE.test(lower)) {
    for (const [p, spaced] of REFUTE_SPACED) {
      if (joined.includes(spaced) || lower.includes(spaced)) {
        refute++;
        add(`rp:${p}`);
      }
    }
  }
  if (ANY_HEDGE_PHRASE_SPACED.test(joined) || ANY_HEDGE_PHRASE.test(lower)) {
    for (const [p, spaced] of HEDGE_SPACED) {
      if (joined.includes(spaced) || lower.includes(p)) {
        hedge++;
        add(`hp:${p}`);
      }
    }
  }
  const question = text.includes("?");
  if (question) add("q");
  if (/\?\s*$/.test(text.trim())) add("q:end");
  if (refute > 0) {
    add("refute");
    add("refute*ov", ov);
  }
  if (hedge > 0) {
    add("hedge");
    add("hedge*ov", ov);
  }
  if (confirm > 0) add("confirm");
  if (refute > 0 && hedge === 0) add("refute-only");
  if (hedge > 0 && refute === 0) add("hedge-only");
  // A leading "Report:" style attribution prefix.
  const colon = tokens.indexOf(":");
  if (colon >= 0 && colon <= 3) add("prefix-colon");
  if (colon >= 0 && colon >= tokens.length - 3) add("suffix-colon");

  // Negation within a few words of a claim term, and negation the claim itself lacks.
  const claimNeg = claim.negated;
  let negNear = 0;
  let negAny = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? "";
    if (!isNegation(t)) continue;
    negAny++;
    for (let j = Math.max(0, i - 4); j <= Math.min(tokens.length - 1, i + 4); j++) {
      if (j !== i && claimStems.has(stems[j] ?? "")) {
        negNear++;
        break;
      }
    }
  }
  if (negAny > 0) add(claimNeg ? "neg:both" : "neg:text-only");
  if (negNear > 0) add(claimNeg ? "negnear:both" : "negnear:text-only");
  if (claimNeg && negAny === 0) add("neg:claim-only");

  // Unigrams and bigrams, each counted once; claim words are masked so the pattern around them
  // generalises across claims. No feature above has one of these names, so a name already in `f`
  // is one seen here before.
  const masked = tokens.map((t, i) => (isContent(t) && claimStems.has(stems[i] ?? "") ? "@" : t));
  const once = (name: string): void => {
    if (f.has(name)) return;
    f.set(name, 1);
    if (ov >= 0.5) f.set(`hi*${name}`, 0.5);
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? "";
    const m = masked[i] ?? "";
    once(`u:${t}`);
    if (i + 1 < tokens.length) {
      once(`b:${t}_${tokens[i + 1] ?? ""}`);
      once(`m:${m}_${masked[i + 1] ?? ""}`);
    }
  }
  if (tokens.length > 0) {
    once(`first:${masked[0] ?? ""}`);
    once(`last:${masked[tokens.length - 1] ?? ""}`);
  }
  return f;
}

/** FNV-1a hash of a feature name into [0, dim). */
export function hashFeature(name: string, dim: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % dim;
}

let model: Map<number, readonly [number, number, number]> | undefined;

function loadModel(): Map<number, readonly [number, number, number]> {
  if (model) return model;
  const m = new Map<number, readonly [number, number, number]>();
  const { index, weights } = STANCE_WEIGHTS;
  for (let k = 0; k < index.length; k++) {
    m.set(index[k] ?? 0, [weights[3 * k] ?? 0, weights[3 * k + 1] ?? 0, weights[3 * k + 2] ?? 0]);
  }
  model = m;
  return m;
}

/** Softmax probabilities over [support, contradict, neutral]. */
export function stanceProbabilities(claim: string, text: string): [number, number, number] {
  return probabilitiesOf(stanceFeatures(claim, text));
}

function probabilitiesOf(features: Map<string, number>): [number, number, number] {
  const w = loadModel();
  const z = [STANCE_WEIGHTS.bias[0] ?? 0, STANCE_WEIGHTS.bias[1] ?? 0, STANCE_WEIGHTS.bias[2] ?? 0];
  for (const [name, v] of features) {
    const row = w.get(hashFeature(name, STANCE_WEIGHTS.dim));
    if (!row) continue;
    z[0] = (z[0] ?? 0) + row[0] * v;
    z[1] = (z[1] ?? 0) + row[1] * v;
    z[2] = (z[2] ?? 0) + row[2] * v;
  }
  const max = Math.max(...z);
  const e = z.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return [(e[0] ?? 0) / sum, (e[1] ?? 0) / sum, (e[2] ?? 0) / sum];
}

/**
 * Judges one search result. A headline alone goes to the softmax, which was fitted on headlines. A
 * result with page text is read for what it asserts about the claim (claim-cues.ts) first: search
 * results mostly restate their topic, and the softmax, which never saw such text, takes a restated
 * topic for agreement. Without an assertion, a result that asks the question or names only the
 * subject is neutral; anything else is left to the softmax.
 */
export function judgeText(claim: string, title: string, snippet = ""): StanceJudgement {
  const text = snippet === "" ? title : `${title}\n${snippet}`;
  // The text is read once, for the relevance gate and, when it gets that far, the softmax.
  const claimReading = readClaim(claim);
  const reading = readText(text);
  const rel = relevanceOf(claimReading, reading);
  if (rel.claimTerms > 0 && rel.matched === 0) return { stance: "unrelated", score: 0.9 };
  if (snippet !== "") {
    const cues = claimCues(claimReading.parts(), text);
    const margin = cues.affirm - cues.deny;
    if (margin !== 0) {
      return {
        stance: margin > 0 ? "support" : "contradict",
        score: Math.min(0.5 + 0.1 * Math.abs(margin), 0.8),
      };
    }
    if (cues.titleQuestion || cues.questions > 0 || !cues.predicateSeen)
      return { stance: "neutral", score: 0.6 };
  }
  const p = probabilitiesOf(featuresOf(claimReading, text, reading, rel));
  let best = 0;
  for (let k = 1; k < 3; k++) if ((p[k] ?? 0) > (p[best] ?? 0)) best = k;
  return { stance: SOFTMAX_STANCES[best] ?? "neutral", score: p[best] ?? 0 };
}

/** Offline lexical stance classifier: claim cues in page text, then cue words, negation and n-grams in a softmax. */
export const lexicalJudge: StanceJudge = {
  name: "lexical",
  async judge(claim: string, items: readonly StanceInput[], signal: AbortSignal): Promise<StanceJudgement[]> {
    signal.throwIfAborted();
    return items.map((item) => judgeText(claim, item.title.trim(), item.snippet.trim()));
  },
};
