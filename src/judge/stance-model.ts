import { readFileSync } from "node:fs";
import { codeFile } from "../util/package-files.js";
import { readDataFile } from "../util/read-data-file.js";

/** The classes of the fitted model, in weight order. `unrelated` comes from the relevance gate instead. */
export const MODEL_CLASSES = ["support", "contradict", "neutral"] as const;

/**
 * The built-in judge's fitted model, src/data/stance-model.json and its rows in stance-model.bin
 * (both written by scripts/train-stance.mjs):
 * a softmax over hashed features, its temperature (fitted on held-out folds so that a score is a
 * probability), and the confidence below which a text counts as taking no side.
 */
export interface StanceModel {
  dim: number;
  bias: readonly [number, number, number];
  temperature: number;
  neutralBelow: number;
  /** Hashed feature indexes that carry weights, ascending. */
  index: Int32Array;
  /** Three weights per entry of `index`: support, contradict, neutral. */
  weights: Float32Array;
  /**
   * For each hashed feature, 1 + its entry in `index` (its weights start at 3 × entry), or 0 when it
   * carries none: one look-up per feature, in a table small enough to stay in the processor's cache.
   */
  rowOf: Uint16Array | Int32Array;
}

interface ModelFile {
  dim: number;
  bias: [number, number, number];
  temperature: number;
  neutralBelow: number;
  /** Feature rows in stance-model.bin: `rows` little-endian int32 indexes, ascending, then three
   * little-endian float32 weights a row (support, contradict, neutral). */
  rows: number;
}

/** Bytes of one row in stance-model.bin: its int32 index and its three float32 weights. */
const ROW_BYTES = 4 + 3 * 4;

let model: StanceModel | undefined;

/** The model, read and unpacked on first use: start-up pays nothing for it. */
export function stanceModel(): StanceModel {
  if (model) return model;
  const file = readDataFile("stance-model.json") as ModelFile;
  // A power of two, so that a hash finds its row with a mask instead of a division.
  if (!Number.isInteger(Math.log2(file.dim)))
    throw new Error(`stance-model.json: dim ${file.dim} is not a power of two`);
  // The rows as raw bytes, not text: a command's first judgement read and decoded 1.3 MB of base64
  // in JSON in 35-48 ms, and reads this in a few. Copied, so the typed arrays start aligned.
  const bytes = readFileSync(codeFile("data/stance-model.bin"));
  if (bytes.length !== file.rows * ROW_BYTES)
    throw new Error(
      `stance-model.bin: ${bytes.length} bytes, expected ${file.rows * ROW_BYTES} for ${file.rows} rows`,
    );
  const raw = new Uint8Array(bytes).buffer;
  model = stanceModelOf({
    dim: file.dim,
    bias: file.bias,
    temperature: file.temperature,
    neutralBelow: file.neutralBelow,
    index: new Int32Array(raw, 0, file.rows),
    weights: new Float32Array(raw, file.rows * 4, file.rows * 3),
  });
  return model;
}

/** A model from its rows, with the look-up table from feature to row built. */
export function stanceModelOf(rows: Omit<StanceModel, "rowOf">): StanceModel {
  const { dim, index } = rows;
  const rowOf = index.length < 0xffff ? new Uint16Array(dim) : new Int32Array(dim);
  for (let k = 0; k < index.length; k++) rowOf[index[k] ?? 0] = k + 1;
  return { ...rows, rowOf };
}

/**
 * Judges with `next` instead of the shipped model, or with the shipped one again when undefined.
 * For the trainer: the whole judge, with the model of a cross-validation fold, answers the items that
 * fold held out, so that the labeler's error profile is measured on answers to texts never trained on.
 */
export function useStanceModel(next: StanceModel | undefined): void {
  model = next;
}

export const FNV_BASIS = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over `text`, continuing from state `h`: the hash of a prefix can be carried on. */
export function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  }
  return h;
}

/** FNV-1a hash of a feature name into [0, dim). */
export function hashFeature(name: string, dim: number): number {
  return (fnv(FNV_BASIS, name) >>> 0) % dim;
}

/**
 * Probabilities from the model's scores, divided by the temperature first. Plain loops over numbers:
 * with map and reduce, V8 specialised the arrays' element kinds (whole or fractional numbers) and
 * threw the judge's machine code away whenever a text's scores changed kind, then compiled it
 * again, in the server's analysis threads over and over.
 */
export function softmax(logits: readonly number[], temperature = 1): number[] {
  const n = logits.length;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) max = Math.max(max, (logits[i] as number) / temperature);
  const p = new Array<number>(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = Math.exp((logits[i] as number) / temperature - max);
    p[i] = e;
    sum += e;
  }
  for (let i = 0; i < n; i++) p[i] = (p[i] as number) / sum;
  return p;
}

/**
 * The stance the model's probabilities choose, and its probability: the most likely class, except
 * that a side taken with less than `neutralBelow` confidence counts as no side (scored as the
 * probability of taking none). The trainer chooses the threshold by this same rule.
 */
export function chooseStance(
  p: readonly number[],
  neutralBelow: number,
): { stance: (typeof MODEL_CLASSES)[number]; score: number } {
  let best = 0;
  for (let k = 1; k < MODEL_CLASSES.length; k++) if ((p[k] ?? 0) > (p[best] ?? 0)) best = k;
  const stance = MODEL_CLASSES[best] ?? "neutral";
  if (stance !== "neutral" && (p[best] ?? 0) < neutralBelow) return { stance: "neutral", score: p[2] ?? 0 };
  return { stance, score: p[best] ?? 0 };
}
