import { isNormalizationInert, withoutMarkLetters } from "./inert-text.js";

/** At most this many trailing "Title - Publisher" segments are removed. */
const MAX_SUFFIXES = 2;
/** A trailing segment of at most this many words is a publisher or section name. */
const MAX_SUFFIX_WORDS = 4;

/** Separator before a trailing segment: " - ", " – ", " — ", " | ", " · ", " • ", " » ", " :: ". */
const TRAILING_SEGMENT = /^(.*\S)\s+(?:[-–—|·•»]|::)\s+(\S.*)$/su;

/** A title's parts: " | ", " - ", " — ", " :: " between them. */
const TITLE_PARTS = /\s(?:[|–—-]|::)\s/;

/**
 * A title's first part, lower-cased: cheap to read, it tells which pages may share a title before
 * any title is normalized (the pages of one site, or of many, under one headline).
 */
export function titleOpening(title: string): string {
  return title.toLowerCase().split(TITLE_PARTS, 1)[0] as string;
}

/**
 * The title as compared: publisher and section suffixes removed (" - Reuters", " | BBC News",
 * " — The Guardian": a trailing segment of at most four words after a spaced dash, bar or bullet,
 * when what comes before it is longer; at most two of them), then lower case, accents on Latin
 * letters dropped, apostrophes dropped ("don't" = "dont"), other punctuation made a space,
 * whitespace collapsed.
 */
export function normalizeTitle(title: string): string {
  let text = nfkc(title).trim();
  for (let round = 0; round < MAX_SUFFIXES; round += 1) {
    const match = TRAILING_SEGMENT.exec(text);
    if (!match) break;
    const [, head = "", tail = ""] = match;
    if (countWords(tail) > MAX_SUFFIX_WORDS || head.length <= tail.length) break;
    text = head;
  }
  return normalizeText(text);
}

/** Search engines put a date in front of many snippets ("Mar 3, 2025 — ", "2 days ago · "). */
const LEADING_DATE =
  /^\s*(?:\d{4}-\d{2}-\d{2}|\d{1,2}\s+\p{L}{3,9}\.?,?\s+\d{4}|\p{L}{3,9}\.?\s+\d{1,2},?\s+\d{4}|\d+\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago)\s*(?:[-–—·|:]|\.{3}|…)\s*/iu;

/** The text without a search engine's date in front of it. */
export function withoutLeadingDate(text: string): string {
  return text.replace(LEADING_DATE, "");
}

/** The snippet as compared: a leading date removed, then normalized like a title. */
export function normalizeSnippet(snippet: string): string {
  return normalizeText(nfkc(snippet).replace(LEADING_DATE, ""));
}

function nfkc(text: string): string {
  return isNormalizationInert(text) ? text : withoutMarkLetters(text).normalize("NFKC");
}

function normalizeText(raw: string): string {
  const text = wholeNumbers(raw);
  // The steps below without the normalizations, which would change nothing: lower case, apostrophes
  // dropped, all but letters and digits (here only ASCII ones) made a space.
  if (isNormalizationInert(text)) {
    return text
      .toLowerCase()
      .replace(/['’ʼ`]/g, "")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  }
  return withoutMarkLetters(text)
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .replace(/['’ʼ`]/g, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim();
}

/** A number parted in thousands, by commas or spaces as journals print it: "61,275", "61 275". */
const PARTED_NUMBER = /(?<![\d.,])\d{1,3}(?:[, \u00a0\u2009\u202f]\d{3})+(?![\d,])/g;

/** The text with each number parted in thousands written whole: "61,275" and "61 275" are "61275". */
function wholeNumbers(text: string): string {
  if (!/\d[, \u00a0\u2009\u202f]\d{3}/.test(text)) return text;
  return text.replace(PARTED_NUMBER, (number) => number.replace(/[, \u00a0\u2009\u202f]/g, ""));
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * The name a title signs with after its last bar or spaced dash ("… | Mint", "… – Brevio",
 * "… - Solvane Energy Newsroom"): the site's, as it calls itself. Undefined for a title without one.
 */
export function titleSignature(title: string): string | undefined {
  const parts = title.split(SIGNATURE_BAR);
  return parts.length > 1 ? parts.at(-1) : undefined;
}

const SIGNATURE_BAR = /\s[|–—-]\s/;
