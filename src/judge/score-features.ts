import { StampedTable } from "../util/stamped-table.js";
import { LANES, mostNgrams, ngramHashes } from "./ngram-hashes.js";
import { HI_TWIN_VALUE, type Ngrams, shapedName } from "./stance-features.js";
import { FNV_BASIS, fnv, type StanceModel, softmax, stanceModel } from "./stance-model.js";

/** Where the shaped copies wait for their turn: kept between calls, grown when a text needs more. */
let shapedRows = new Int32Array(1024);
let shapedValues = new Float64Array(1024);
/** The three classes' sums while a text is scored. */
const sums = new Float64Array(3);
/** A text's n-gram hashes, four a name (ngram-hashes.ts): kept between calls, grown when a text needs more. */
let hashes = new Int32Array(LANES * 1024);

/**
 * The n-grams a text has counted, by two 32-bit hashes of the name (columns 0 and 1), so counting
 * each n-gram once allocates nothing.
 */
const seen = new StampedTable(2, 2048);

/** Marks the n-gram known by hashes `a` and `b` as counted; false when it already was. */
function firstTime(a: number, b: number): boolean {
  const { stamps, stamp } = seen;
  const seenA = seen.columns[0] as Int32Array;
  const seenB = seen.columns[1] as Int32Array;
  const mask = stamps.length - 1;
  for (let slot = (a ^ Math.imul(b, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
    if (stamps[slot] !== stamp) {
      stamps[slot] = stamp;
      seenA[slot] = a;
      seenB[slot] = b;
      return true;
    }
    if (seenA[slot] === a && seenB[slot] === b) return false;
  }
}

/**
 * Calibrated probabilities over [support, contradict, neutral] for `features` (named) and `ngrams`
 * (hashed as they are read, never spelt out: most of a text's features are n-grams, and building
 * their names cost more than scoring them). Each n-gram counts once, followed by its `hi*` twin worth
 * {@link HI_TWIN_VALUE} when the text is about the claim; with `shape`, every feature and twin once
 * more under its {@link shapedName}, after all of them. This is the order `stanceFeatures` spells
 * them out in, so the sum is the same to the last bit.
 */
export function classProbabilities(
  features: ReadonlyMap<string, number>,
  m: StanceModel = stanceModel(),
  shape?: string,
  ngrams?: Ngrams,
): number[] {
  // The three sums live in a typed array: as variables the closure below updates, each addition
  // would box a new number on the heap (about 1.7 MB a question, measured on a server's threads).
  const z = sums;
  z[0] = m.bias[0] as number;
  z[1] = m.bias[1] as number;
  z[2] = m.bias[2] as number;
  const { weights, rowOf } = m;
  const mask = m.dim - 1;
  const shaped = shape !== undefined;
  const shapePrefix = shaped ? fnv(FNV_BASIS, shapedName(shape, "")) : 0;
  const most = features.size + (ngrams ? 2 * mostNgrams(ngrams.words.length) : 0);
  if (shaped && shapedRows.length < most) {
    shapedRows = new Int32Array(2 * most);
    shapedValues = new Float64Array(2 * most);
  }
  let k = 0;
  /** Adds a feature by its two hashes (plain and under the shape); its shaped copy waits. */
  const score = (plain: number, withShape: number, value: number): void => {
    const row = 3 * (rowOf[plain & mask] as number) - 3;
    if (row >= 0) {
      z[0] = (z[0] as number) + (weights[row] as number) * value;
      z[1] = (z[1] as number) + (weights[row + 1] as number) * value;
      z[2] = (z[2] as number) + (weights[row + 2] as number) * value;
    }
    if (shaped) {
      shapedRows[k] = 3 * (rowOf[withShape & mask] as number) - 3;
      shapedValues[k++] = value;
    }
  };
  for (const [name, value] of features) score(fnv(FNV_BASIS, name), fnv(shapePrefix, name), value);

  if (ngrams) {
    // A name is known by its plain and shaped hashes (64 bits) to count it once.
    const most = mostNgrams(ngrams.words.length);
    if (hashes.length < LANES * most) hashes = new Int32Array(2 * LANES * most);
    const count = ngramHashes(ngrams, shapePrefix, hashes);
    seen.start(most);
    for (let n = 0; n < LANES * count; n += LANES) {
      const h0 = hashes[n] as number;
      const h1 = hashes[n + 1] as number;
      if (!firstTime(h0, h1)) continue;
      score(h0, h1, 1);
      if (ngrams.twins) score(hashes[n + 2] as number, hashes[n + 3] as number, HI_TWIN_VALUE);
    }
  }

  for (let j = 0; j < k; j++) {
    const row = shapedRows[j] as number;
    if (row < 0) continue;
    const value = shapedValues[j] as number;
    z[0] = (z[0] as number) + (weights[row] as number) * value;
    z[1] = (z[1] as number) + (weights[row + 1] as number) * value;
    z[2] = (z[2] as number) + (weights[row + 2] as number) * value;
  }
  return softmax([z[0] as number, z[1] as number, z[2] as number], m.temperature);
}
