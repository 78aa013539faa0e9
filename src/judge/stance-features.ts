import { claimCues, segments } from "./claim-cues.js";
import { type ClaimParts, lightStem, parseClaim } from "./claim-parts.js";
import { addCueFeatures } from "./cue-features.js";
import { asJudged, valenceOf, type WordInfo, wordsOf } from "./word-info.js";

/**
 * What the built-in judge sees of a text, as named features for a linear model. A text is one
 * string however it arrived (a headline, a snippet, a title and its snippet joined by a newline), so
 * its stance cannot depend on the field that carried it. The features are chosen to carry across
 * genres: how much of the claim the text names, cue words of refuting, hedging and confirming and
 * of a verdict withheld (cue-features.ts), negation near the claim's terms, what the text asserts
 * about the claim's predicate (claim-cues.ts), the valence of the text against the valence of the
 * claim, and n-grams with the claim's own words masked, so that a pattern learnt on one claim
 * applies to another.
 */

/** A text as the judge reads it: tokens, what each is, each token's stem, and the stems of its content words. */
interface Reading {
  tokens: string[];
  infos: WordInfo[];
  stems: string[];
  contentStems: Set<string>;
}

/** `lower` is `text` lower-cased, when the caller has it already. */
function readText(text: string, lower = text.toLowerCase()): Reading {
  const infos = wordsOf(lower);
  const tokens = infos.map((info) => info.word);
  const stems = infos.map((info) => info.stem);
  const contentStems = new Set<string>();
  for (const info of infos) if (info.content) contentStems.add(info.stem);
  return { tokens, infos, stems, contentStems };
}

/** What the judge needs of a claim. A report judges many results against one claim: read it once. */
interface ClaimReading extends Reading {
  claim: string;
  negated: boolean;
  /** −1, 0 or +1: the sign of the claim's own valence ("X is safe" +, "X should be banned" −). */
  valence: number;
  parts: ClaimParts;
  /** Stems of the claim's subject ("coffee" in "Coffee is bad for you"). */
  subjectStems: Set<string>;
}

let lastClaim: ClaimReading | undefined;

function readClaim(claim: string): ClaimReading {
  if (lastClaim?.claim === claim) return lastClaim;
  const reading = readText(claim);
  const parts = parseClaim(claim);
  lastClaim = {
    ...reading,
    claim,
    negated: reading.infos.some((info) => info.negation),
    valence: Math.sign(valenceOf(reading.infos).net),
    parts,
    subjectStems: new Set(parts.subject.map(lightStem)),
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

function relevanceOf(claim: Reading, text: Reading): Relevance {
  let matched = 0;
  for (const stem of claim.contentStems) if (text.contentStems.has(stem)) matched++;
  const claimTerms = claim.contentStems.size;
  return { matched, ratio: claimTerms === 0 ? 0 : matched / claimTerms, claimTerms };
}

/** A code unit of A to Z. */
const isCapital = (code: number): boolean => code >= 65 && code <= 90;

const signName = (x: number): string => (x > 0 ? "+" : x < 0 ? "-" : "0");

/**
 * The shape of a text, from the text alone: several sentences or a title and its snippet (a search
 * result), a title-cased line (a headline) or one plain sentence (an argument). Every feature is
 * also given once more under its shape, so the model can learn where a cue means something else in
 * another kind of text — e.g. a restated claim is agreement in a headline and only the topic in a
 * search result.
 */
function shapeOf(text: string): string {
  // Words are runs between white space; they are counted in place rather than split out.
  let words = 0;
  let capitalised = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || (i > 0 && !isSpace(text.charCodeAt(i - 1)))) continue;
    words++;
    if (isCapital(code)) capitalised++;
  }
  // A title and its snippet, joined by a line break, is a search result however short the snippet:
  // read as one plain sentence, it took the side an argument almost always takes.
  if (segments(text).length >= 2 && (words > 20 || text.includes("\n"))) return "multi";
  return capitalised / Math.max(1, words) > 0.6 ? "head" : "sent";
}

/** A code unit that `\s` matches: ASCII and Unicode white space, line ends and the byte-order mark. */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Features of `text` with respect to `claim`, as name → value, each also under the text's shape
 * (`multi|u:safe`): the names the model's weights are fitted to.
 */
export function stanceFeatures(claim: string, text: string): Map<string, number> {
  const { features, ngrams, shape } = readPair(claim, text);
  return spellOut(features, ngrams, shape);
}

/** Named features, n-grams and their twins, each also under `shape`: the names the model scores. */
export function spellOut(
  named: ReadonlyMap<string, number>,
  ngrams: Ngrams,
  shape: string,
): Map<string, number> {
  const features = new Map(named);
  eachNgram(ngrams.tokens, ngrams.masked, (kind, a, b) => {
    const name = ngramName(kind, a, b);
    if (features.has(name)) return;
    features.set(name, 1);
    if (ngrams.twins) features.set(`${HI_TWIN}${name}`, HI_TWIN_VALUE);
  });
  for (const [name, value] of [...features]) features.set(shapedName(shape, name), value);
  return features;
}

/**
 * The n-grams of a text, in order, repeats included (each counts once: the first time): unigrams,
 * bigrams, and bigrams and end words with the claim's words masked as `@`, so the pattern around
 * them generalises across claims.
 */
export function eachNgram(
  tokens: readonly string[],
  masked: readonly string[],
  visit: (kind: string, a: string, b?: string) => void,
): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? "";
    visit("u", t);
    if (i + 1 < tokens.length) {
      visit("b", t, tokens[i + 1] ?? "");
      visit("m", masked[i] ?? "", masked[i + 1] ?? "");
    }
  }
  if (tokens.length > 0) {
    visit("first", masked[0] ?? "");
    visit("last", masked[tokens.length - 1] ?? "");
  }
}

/** An n-gram's feature name: `u:word`, `b:one_two`. No other feature's name starts with these. */
export function ngramName(kind: string, a: string, b?: string): string {
  return b === undefined ? `${kind}:${a}` : `${kind}:${a}_${b}`;
}

/**
 * A text's n-grams: its tokens, the same with the claim's words masked, the tokens' words (which
 * keep their n-gram hashes, ngram-hashes.ts) and whether each n-gram has a `hi*` twin (the text
 * names at least half the claim).
 */
export interface Ngrams {
  tokens: readonly string[];
  masked: readonly string[];
  words: readonly WordInfo[];
  twins: boolean;
}

/** How a claim's word is spelt in a masked n-gram. */
export const MASK = "@";

/** The prefix and value of an n-gram's twin on a text that names at least half the claim. */
export const HI_TWIN = "hi*";
export const HI_TWIN_VALUE = 0.5;

/**
 * A feature's name under the shape of its text. No feature name holds a `|`. The model hashes the
 * prefix (`shapedName(shape, "")`) and carries it on over each name instead of building this.
 */
export function shapedName(shape: string, name: string): string {
  return `${shape}|${name}`;
}

/** {@link stanceFeatures} of a text already read, with its relevance to the claim, n-grams apart. */
function featuresOf(
  claim: ClaimReading,
  text: string,
  textLower: string,
  reading: Reading,
  rel: Relevance,
): { features: Map<string, number>; ngrams: Ngrams; predicateSeen: boolean } {
  const f = new Map<string, number>();
  const add = (name: string, v = 1): void => {
    f.set(name, (f.get(name) ?? 0) + v);
  };
  const { tokens, infos, stems } = reading;

  const ov = rel.ratio;
  add("ov", ov);
  add(ov === 0 ? "ov:0" : ov < 0.2 ? "ov:lo" : ov < 0.5 ? "ov:mid" : "ov:hi");

  // Cue words and phrases: refuting, hedging, confirming, a verdict withheld.
  addCueFeatures(infos, tokens, textLower, ov, add);
  if (text.includes("?")) add("q");
  if (/\?\s*$/.test(text.trim())) add("q:end");
  // A leading "Report:" style attribution, or a trailing one.
  const colon = tokens.indexOf(":");
  if (colon >= 0 && colon <= 3) add("prefix-colon");
  if (colon >= 0 && colon >= tokens.length - 3) add("suffix-colon");

  // Negation within a few words of a claim term, and negation the claim itself lacks.
  let negNear = 0;
  let negAny = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (!infos[i]?.negation) continue;
    negAny++;
    for (let j = Math.max(0, i - 4); j <= Math.min(tokens.length - 1, i + 4); j++) {
      if (j !== i && claim.contentStems.has(stems[j] ?? "")) {
        negNear++;
        break;
      }
    }
  }
  if (negAny > 0) add(claim.negated ? "neg:both" : "neg:text-only");
  if (negNear > 0) add(claim.negated ? "negnear:both" : "negnear:text-only");
  if (claim.negated && negAny === 0) add("neg:claim-only");

  // What the text asserts about the claim's predicate, sentence by sentence.
  const cues = claimCues(claim.parts, text);
  add("cue:affirm", Math.min(cues.affirm, 4) / 2);
  add("cue:deny", Math.min(cues.deny, 4) / 2);
  add(`cue:margin${signName(cues.affirm - cues.deny)}`);
  if (cues.questions > 0) add("cue:q", Math.min(cues.questions, 3));
  if (cues.titleQuestion) {
    add("cue:firstq");
    // A question answered by what follows ("Is X safe? … X is safe for most adults") takes the answer's side.
    add(`cue:firstq*margin${signName(cues.affirm - cues.deny)}`);
  }
  if (!cues.predicateSeen) add("cue:nopred");
  add(`cue:about${Math.min(cues.about, 3)}`);

  // Valence of the text against the claim's: praise agrees with "X is safe" and with "X should be
  // allowed", criticism with "X should be banned". Each valenced word also stands on its own, beside
  // the claim's sign, for the words whose meaning the lexicon's sign does not capture.
  const valence = valenceOf(infos);
  const claimSign = signName(claim.valence);
  add("s:pos", Math.min(valence.positive, 8) / 4);
  add("s:neg", Math.min(valence.negative, 8) / 4);
  add(`s:c${claimSign}t${signName(valence.net)}`);
  add(`s:c${claimSign}*net`, Math.max(-2, Math.min(2, valence.net / 3)));
  for (const [word, sign] of valence.words) add(`s:c${claimSign}:${signName(sign)}${word}`);
  // The same, over the sentences that name the claim's subject: what is said of the subject itself.
  // A sentence's tokens are some of the text's, so a text with no valenced word or none naming the
  // subject has nothing to add up sentence by sentence.
  let subjectNet = 0;
  const subjectNamed = valence.words.length > 0 && stems.some((s) => claim.subjectStems.has(s));
  for (const sentence of subjectNamed ? segments(text) : []) {
    const sentenceWords = wordsOf(sentence.toLowerCase());
    if (sentenceWords.some((info) => claim.subjectStems.has(info.stem)))
      subjectNet += valenceOf(sentenceWords).net;
  }
  if (subjectNet !== 0) add(`s:subj:c${claimSign}t${signName(subjectNet)}`);

  // Claim words are masked in the n-grams (eachNgram), which are hashed as they are scored rather
  // than spelt out here.
  const masked = infos.map((info) => (info.content && claim.contentStems.has(info.stem) ? MASK : info.word));
  return {
    features: f,
    ngrams: { tokens, masked, words: infos, twins: ov >= 0.5 },
    predicateSeen: cues.predicateSeen,
  };
}

/**
 * A claim and a text read for judging: the features other than n-grams, the n-grams to hash (the
 * model adds them, their twins and every shaped copy as it scores, which spares building a name for
 * each), the text's shape, and the relevance the gate looks at.
 */
export function readPair(claim: string, text: string): PairReading {
  return readJudgedPair(asJudged(claim), asJudged(text));
}

/** {@link readPair} of a claim and a text already read as the judge reads them (`asJudged`). */
export function readJudgedPair(claim: string, text: string): PairReading {
  const claimReading = readClaim(claim);
  const lower = text.toLowerCase();
  const reading = readText(text, lower);
  const rel = relevanceOf(claimReading, reading);
  const { features, ngrams, predicateSeen } = featuresOf(claimReading, text, lower, reading, rel);
  return {
    features,
    ngrams,
    shape: shapeOf(text),
    relevance: rel,
    predicateSeen,
    claimHasPredicate: claimReading.parts.predicate.length > 0,
    claimValenced: claimReading.valence !== 0,
  };
}

/** What {@link readPair} makes of a claim and a text. */
export interface PairReading {
  features: Map<string, number>;
  ngrams: Ngrams;
  shape: string;
  relevance: Relevance;
  /** Whether a sentence of the text names the claim's predicate or object, not only its subject. */
  predicateSeen: boolean;
  /** Whether the claim says something of its subject that parsing found ("safe", "causes"). */
  claimHasPredicate: boolean;
  /** Whether the claim itself praises or blames ("X is safe", "X is a waste of money"). */
  claimValenced: boolean;
}
