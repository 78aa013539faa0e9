import { lightStem, parseClaim } from "../judge/claim-parts.js";
import { stanceWords } from "../judge/stance-words.js";
import { sentencesIn } from "./sentences.js";

/**
 * The passages of a read page that bear on a claim, each an exact quote with its position: a
 * sentence that names the claim's subject, with the sentences either side of it in the same
 * paragraph, so a denial or a qualification next to the claim comes with it. The page's text is the
 * index (see page-text.ts): `text` is always `page.slice(start, end)`.
 */

export interface Quote {
  text: string;
  /** Offset of the first character in the page's text. */
  start: number;
  /** Offset after the last character. */
  end: number;
}

export interface Passage extends Quote {
  /** How strongly it bears on the claim: claim words named, the predicate's counting double. */
  score: number;
  /**
   * Whether its core sentence names what the claim says of its subject (a predicate or object word),
   * not the subject alone: only such a passage can take a side on the claim.
   */
  onClaim: boolean;
}

export interface PassageOptions {
  /** Most passages returned, the best first (default 3). */
  max?: number | undefined;
  /** Longest passage in characters; neighbours are left out before the core sentence is cut (default 600). */
  maxChars?: number | undefined;
}

interface Sentence {
  start: number;
  end: number;
  paragraph: number;
  stems: Set<string>;
}

const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu;

function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORD)) stems.add(lightStem(match[0]));
  return stems;
}

/** The page's sentences with their offsets, trimmed, each knowing its paragraph (blank-line separated). */
function sentencesOf(page: string): Sentence[] {
  const sentences: Sentence[] = [];
  let paragraph = 0;
  let paragraphStart = 0;
  for (const block of page.split("\n\n")) {
    for (const { segment, index } of sentencesIn(block)) {
      const lead = segment.length - segment.trimStart().length;
      const body = segment.trim();
      if (body === "") continue;
      const start = paragraphStart + index + lead;
      sentences.push({ start, end: start + body.length, paragraph, stems: stemsOf(body) });
    }
    paragraph++;
    paragraphStart += block.length + 2;
  }
  return sentences;
}

/** The claim's content stems: subject (and object) words, and the predicate's. */
function claimStems(claim: string): { subject: Set<string>; other: Set<string>; predicate: Set<string> } {
  const { stopwords } = stanceWords();
  const parts = parseClaim(claim);
  const keep = (words: readonly string[]) =>
    new Set(
      words
        .filter((w) => w.length > 1 && !stopwords.has(w.toLowerCase()))
        .map((w) => lightStem(w.toLowerCase())),
    );
  return {
    subject: keep(parts.subject),
    other: keep([...parts.object, ...(parts.comparison?.other ?? [])]),
    predicate: keep(parts.predicate),
  };
}

/**
 * The passages of `page` that bear on `claim`, best first, never overlapping. A sentence bears on the
 * claim when it names the claim's subject (or, for a claim without a subject, any of its words).
 */
export function passagesFor(claim: string, page: string, options: PassageOptions = {}): Passage[] {
  const max = options.max ?? 3;
  const maxChars = options.maxChars ?? 600;
  const terms = claimStems(claim);
  const sentences = sentencesOf(page);
  const needed = terms.subject.size > 0 ? terms.subject : new Set([...terms.other, ...terms.predicate]);
  if (needed.size === 0) return [];
  const count = (stems: Set<string>, of: Set<string>) => [...of].filter((s) => stems.has(s)).length;
  const said = new Set([...terms.other, ...terms.predicate]);
  const scored = sentences
    .map((sentence, index) => {
      if (count(sentence.stems, needed) === 0) return { index, score: 0, onClaim: false };
      const score =
        count(sentence.stems, terms.subject) +
        count(sentence.stems, terms.other) +
        2 * count(sentence.stems, terms.predicate);
      return { index, score, onClaim: said.size === 0 || count(sentence.stems, said) > 0 };
    })
    .filter(({ score }) => score > 0)
    // Best first; among equals the earlier sentence, so the same page always gives the same quotes.
    .sort((a, b) => b.score - a.score || a.index - b.index);

  const taken: Passage[] = [];
  const used = new Set<number>();
  for (const { index, score, onClaim } of scored) {
    if (taken.length >= max) break;
    if (used.has(index)) continue;
    const core = sentences[index] as Sentence;
    let first = index;
    let last = index;
    const within = (i: number) => {
      const s = sentences[i];
      return s !== undefined && s.paragraph === core.paragraph && !used.has(i);
    };
    // Neighbours as room allows: the one before, then the one after.
    if (within(index - 1) && core.end - (sentences[index - 1] as Sentence).start <= maxChars)
      first = index - 1;
    if (
      within(index + 1) &&
      (sentences[index + 1] as Sentence).end - (sentences[first] as Sentence).start <= maxChars
    )
      last = index + 1;
    const start = (sentences[first] as Sentence).start;
    const end = Math.min((sentences[last] as Sentence).end, start + maxChars);
    for (let i = first; i <= last; i++) used.add(i);
    taken.push({ text: page.slice(start, end), start, end, score, onClaim });
  }
  return taken;
}
