import { snippetMarkersConflict, storyText } from "./event-markers.js";
import { isNormalizationInert } from "./inert-text.js";
import { normalizeSnippet } from "./normalize-title.js";
import { withoutBoilerplate } from "./republishing-credits.js";
import { stopWords } from "./stop-words.js";
import { titlesDisagree } from "./title-polarity.js";

/**
 * Texts that share passages: a wire story a local site ran under its own headline, a release a
 * trade site reworded at the top and kept below, a blog post pasting a paper's abstract. Titles
 * differ, so syndication (title first) does not see them; their snippets do the telling.
 *
 * Each snippet, without its dateline, credit lines and boilerplate (src/data/news-sources.json)
 * and without a company's description of itself opening a release (self-descriptions.ts: every
 * release of one company shares it, whatever it announces), is cut into overlapping runs of {@link SHINGLE_WORDS} words, of which those with the smallest
 * hash in each {@link WINDOW} runs in a row are kept (winnowing: about 2 in 5, the same ones in
 * every copy of a passage, and at least one in any shared stretch of 8 words). Two snippets on
 * different domains are one text when they share at least half the kept runs of the shorter one,
 * or {@link LONG_SHARED_RUNS} kept runs wherever they are (a sentence or two kept word for word
 * after the first was rewritten), or two when one says it gives the other's text as it was ("posted
 * the following on Facebook:"), and their snippets' event markers do not disagree
 * (event-markers.ts; the headlines may be rewritten, so theirs are not compared), and their headlines
 * do not say opposite things (title-polarity.ts: a fact check quotes what it checks). Independent
 * reports of one event share a phrase or a short quote, far fewer runs than that. A story opening
 * with another's first ten telling words is its copy too (an agency's lede trimmed after them).
 *
 * Bounded: each kept run is looked up once per snippet, and a run shared by many snippets keeps
 * only its first {@link MAX_POSTINGS} (a flood of one text meets there all the same: every copy
 * shares it with the first). Only the first {@link MAX_PASSAGE_ITEMS} items are read, as many as
 * `assess` accepts and far more than a search returns: a caller deduplicating more pages still
 * has every copy with a similar headline grouped (syndication.ts), at the cost of a rewritten
 * headline's copy beyond that rank being counted apart.
 */

/** Words in a run. */
export const SHINGLE_WORDS = 5;
/** Runs in a row of which the one with the smallest hash is kept. */
export const WINDOW = 4;
/** A snippet shorter than this (words, once cleaned) is too short to tell a copy. */
export const MIN_WORDS = 12;
/** Share of the shorter snippet's kept runs two snippets must share. */
export const SHARED_SHARE = 0.5;
/** Kept runs that, shared anywhere, make two texts one (about 14 words in a row). */
export const LONG_SHARED_RUNS = 4;
/** Fewest shared kept runs that count at all. */
const MIN_SHARED_RUNS = 2;
/** Snippets remembered per run. */
export const MAX_POSTINGS = 32;
/** Items whose snippets are read (the first ones). */
export const MAX_PASSAGE_ITEMS = 2_000;

export interface PassageInput {
  domain: string;
  title: string;
  snippet: string;
}

/** Pairs of items (earlier first) whose snippets are one text. */
export function sharedPassageLinks(items: readonly PassageInput[]): [number, number][] {
  // Each snippet's story, without its dateline, credit lines and boilerplate, read once for both tests.
  const stories = items.map((item, index) =>
    index < MAX_PASSAGE_ITEMS && item.snippet.length >= 60 ? storyText(withoutBoilerplate(item.snippet)) : "",
  );
  const shingles = stories.map(shinglesOf);
  let total = 0;
  for (const own of shingles) total += own.length;
  const firstWith = new FirstSeen(total);
  // The later snippets (up to MAX_POSTINGS in all) of a run seen again: most runs are in one
  // snippet only, and cost no list.
  const laterWith = new Map<number, number[]>();
  const links: [number, number][] = [];
  const counts = new Int32Array(items.length);
  const counted: number[] = [];
  const count = (other: number) => {
    if (counts[other] === 0) counted.push(other);
    counts[other] = (counts[other] as number) + 1;
  };
  shingles.forEach((own, index) => {
    for (const shingle of own) {
      const first = firstWith.getOrSet(shingle, index);
      if (first === index) continue;
      count(first);
      const later = laterWith.get(shingle);
      if (later === undefined) laterWith.set(shingle, [index]);
      else {
        for (const other of later) count(other);
        if (later.length < MAX_POSTINGS - 1) later.push(index);
      }
    }
    const item = items[index] as PassageInput;
    for (const other of counted) {
      const shared = counts[other] as number;
      counts[other] = 0;
      const otherItem = items[other] as PassageInput;
      const shorter = Math.min(own.length, (shingles[other] as Int32Array).length);
      const enough =
        shared >= LONG_SHARED_RUNS ||
        shared >= Math.max(MIN_SHARED_RUNS, SHARED_SHARE * shorter) ||
        (shared >= MIN_SHARED_RUNS && (quotesInFull(item.snippet) || quotesInFull(otherItem.snippet)));
      if (enough && mayBeOneText(otherItem, item)) links.push([other, index]);
    }
    counted.length = 0;
  });
  const linked = new Set(links.map(([a, b]) => a * items.length + b));
  for (const [first, index] of sameOpenings(stories)) {
    if (linked.has(first * items.length + index)) continue;
    if (mayBeOneText(items[first] as PassageInput, items[index] as PassageInput)) links.push([first, index]);
  }
  return links;
}

/**
 * A page saying it gives another's text as it was ("The sheriff's office posted the following on
 * Facebook:", "The club have released the following statement:"): any passage it shares is that
 * text, quoted, however little of it the snippet shows.
 */
const QUOTED_IN_FULL = /\b(?:posted|released|issued|published|shared|put out|sent out)\s+the\s+following\b/i;

function quotesInFull(snippet: string): boolean {
  return QUOTED_IN_FULL.test(snippet);
}

/**
 * Whether two snippets sharing text may be one text: on two domains, with event markers that agree,
 * under headlines that do not say opposite things.
 */
function mayBeOneText(a: PassageInput, b: PassageInput): boolean {
  return (
    a.domain !== b.domain &&
    !snippetMarkersConflict(a.snippet, b.snippet) &&
    !titlesDisagree(a.title, b.title)
  );
}

/** Words of a story's opening that, the same in two snippets, make them one text. */
export const OPENING_WORDS = 10;
/** Of those, how many must tell something (not stop words). */
const OPENING_CONTENT_WORDS = 7;
/** Telling words the rest of both snippets must share: a formula's opening shares none. */
const REST_SHARED_WORDS = 4;

/**
 * Pairs (first, later) of snippets whose stories open with the same {@link OPENING_WORDS} words, of
 * which {@link OPENING_CONTENT_WORDS} tell something, and whose rest shares
 * {@link REST_SHARED_WORDS} telling words: a subscriber trims an agency's lede after its opening
 * clause ("A freight train hauling ethanol derailed and caught fire early Tuesday in northern Iowa,
 * forcing about 600 people …"), too short a copy for the shared runs to tell. Two reports opening
 * with one formula ("According to a new study published in the journal Nature, …") go on to tell
 * different things.
 */
function sameOpenings(stories: readonly string[]): [number, number][] {
  const withOpening = new Map<string, { index: number; rest: ReadonlySet<string> }[]>();
  const pairs: [number, number][] = [];
  const stop = stopWords();
  stories.forEach((story, index) => {
    if (story === "") return;
    const words = normalizeSnippet(story.slice(0, 400)).split(" ");
    const opening = words.slice(0, OPENING_WORDS);
    if (opening.length < OPENING_WORDS) return;
    if (opening.filter((word) => !stop.has(word)).length < OPENING_CONTENT_WORDS) return;
    const key = opening.join(" ");
    const rest = new Set(words.slice(OPENING_WORDS).filter((word) => !stop.has(word)));
    const earlier = withOpening.get(key);
    if (earlier === undefined) {
      withOpening.set(key, [{ index, rest }]);
      return;
    }
    const match = earlier.find((other) => sharedCount(other.rest, rest) >= REST_SHARED_WORDS);
    if (match !== undefined) pairs.push([match.index, index]);
    else if (earlier.length < MAX_POSTINGS) earlier.push({ index, rest });
  });
  return pairs;
}

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

/**
 * The first snippet of each run, in an open-addressing table of typed arrays: hundreds of
 * thousands of runs without a map entry each.
 */
class FirstSeen {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;

  constructor(entries: number) {
    let size = 16;
    while (size < entries * 2) size *= 2;
    this.keys = new Int32Array(size).fill(-1);
    this.values = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The value kept for the key; the key is kept with `value` when it is new. Keys are ≥ 0. */
  getOrSet(key: number, value: number): number {
    let slot = Math.imul(key, 0x9e3779b1) & this.mask;
    for (;;) {
      const found = this.keys[slot] as number;
      if (found === key) return this.values[slot] as number;
      if (found === -1) {
        this.keys[slot] = key;
        this.values[slot] = value;
        return value;
      }
      slot = (slot + 1) & this.mask;
    }
  }
}

/** The snippet's distinct runs of words, as numbers. */
function shinglesOf(text: string): Int32Array {
  if (text === "") return NONE;
  const ascii = isNormalizationInert(text);
  const words = wordHashes(ascii ? text : normalizeSnippet(text), ascii);
  if (words < MIN_WORDS) return NONE;
  // Each run's hash, into the scratch buffer after the words' (30 bits: small integers, never the
  // table's empty mark).
  const runs = words - SHINGLE_WORDS + 1;
  for (let start = 0; start < runs; start += 1) {
    let hash = 0x811c9dc5;
    for (let offset = 0; offset < SHINGLE_WORDS; offset += 1) {
      hash = Math.imul(hash ^ (scratch[start + offset] as number), 0x01000193);
    }
    scratch[start] = hash & 0x3fffffff;
  }
  // The smallest of each window of runs (the rightmost of equals), each position once, kept in
  // order as they are found and sorted by insertion (a few dozen at most).
  const kept: number[] = [];
  let last = -1;
  for (let end = Math.min(WINDOW, runs) - 1; end < runs; end += 1) {
    let pick = end;
    for (let i = end - 1; i > end - WINDOW; i -= 1)
      if ((scratch[i] as number) < (scratch[pick] as number)) pick = i;
    if (pick !== last) insertDistinct(kept, scratch[pick] as number);
    last = pick;
  }
  return Int32Array.from(kept);
}

/** Puts `value` in its place in a sorted list, unless it is there already. */
function insertDistinct(sorted: number[], value: number): void {
  let at = sorted.length;
  while (at > 0 && (sorted[at - 1] as number) > value) at -= 1;
  if (at > 0 && sorted[at - 1] === value) return;
  sorted.splice(at, 0, value);
}

const NONE = new Int32Array(0);
/** Words seen per snippet at most: a longer text's rest is not read. */
const MAX_WORDS = 512;
/** The words' hashes of the snippet being read, then its runs' (reused: no allocation per page). */
const scratch = new Int32Array(MAX_WORDS);

/**
 * A hash of each word, in order, as normalizeSnippet splits a text: letters and digits, lower
 * case, apostrophes dropped; into `scratch`, returning how many. An ASCII text (inert-text.ts: its
 * only letters and digits are ASCII ones) is read in one pass without being built; any other is
 * given normalized, and then every character but the space is part of a word.
 */
function wordHashes(text: string, ascii: boolean): number {
  let count = 0;
  let hash = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i <= text.length && count < MAX_WORDS; i += 1) {
    let code = i < text.length ? text.charCodeAt(i) : 32;
    if (code === 0x27 || code === 0x2019 || code === 0x2bc || code === 0x60) continue;
    if (code >= 65 && code <= 90) code += 32;
    const letter = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (!ascii && code > 127);
    if (letter) {
      hash = Math.imul(hash ^ code, 0x01000193);
      inWord = true;
    } else if (inWord) {
      scratch[count++] = hash;
      hash = 0x811c9dc5;
      inWord = false;
    }
  }
  return count;
}
