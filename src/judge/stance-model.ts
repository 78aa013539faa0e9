import { readDataFile } from "../util/read-data-file.js";
import type { ShapedFeatures } from "./stance-features.js";

/** The classes of the fitted model, in weight order. `unrelated` comes from the relevance gate instead. */
export const MODEL_CLASSES = ["support", "contradict", "neutral"] as const;

/**
 * The built-in judge's fitted model, src/data/stance-model.json (written by scripts/train-stance.mjs):
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
  /** For each hashed feature, where its weights start in `weights`, or −1: one look-up per feature. */
  rowOf: Int32Array;
}

interface ModelFile {
  dim: number;
  bias: [number, number, number];
  temperature: number;
  neutralBelow: number;
  /** Base64 of little-endian int32 feature indexes, ascending. */
  index: string;
  /** Base64 of little-endian float32 weights, three per index: support, contradict, neutral. */
  weights: string;
}

let model: StanceModel | undefined;

/** The model, read and unpacked on first use: start-up pays nothing for it. */
export function stanceModel(): StanceModel {
  if (model) return model;
  const file = readDataFile("stance-model.json") as ModelFile;
  // Typed arrays over the decoded bytes (copied, so they start aligned), and no per-row objects:
  // loading costs little more than the parse.
  const bytes = (base64: string): ArrayBuffer => new Uint8Array(Buffer.from(base64, "base64")).buffer;
  const index = new Int32Array(bytes(file.index));
  const rowOf = new Int32Array(file.dim).fill(-1);
  for (let k = 0; k < index.length; k++) rowOf[index[k] ?? 0] = 3 * k;
  model = {
    dim: file.dim,
    bias: file.bias,
    temperature: file.temperature,
    neutralBelow: file.neutralBelow,
    index,
    weights: new Float32Array(bytes(file.weights)),
    rowOf,
  };
  return model;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of `text`, carried on from `h` (the hash of what came before it). */
function fnv(text: string, h: number = FNV_OFFSET): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** FNV-1a hash of a feature name into [0, dim). */
export function hashFeature(name: string, dim: number): number {
  return (fnv(name) >>> 0) % dim;
}

/** Calibrated probabilities over [support, contradict, neutral]. */
export function classProbabilities(features: ReadonlyMap<string, number>, m = stanceModel()): number[] {
  const z: [number, number, number] = [...m.bias];
  features.forEach((value, name) => {
    addWeights(z, m, hashFeature(name, m.dim), value);
  });
  return softmax(z, m.temperature);
}

/**
 * {@link classProbabilities} of the features as the model reads them, to the last bit, without
 * spelling out the shaped names: FNV-1a reads a name left to right, so the hash of
 * `${shape}|${name}` carries on from the hash of `${shape}|`. The weights are added in the same
 * order (the plain features, then the shaped ones), so the sums round alike.
 */
export function shapedClassProbabilities(features: ShapedFeatures, m = stanceModel()): number[] {
  const z: [number, number, number] = [...m.bias];
  const prefix = fnv(`${features.shape}|`);
  const shaped: number[] = [];
  features.plain.forEach((value, name) => {
    // Both hashes in one pass over the name.
    let plain = FNV_OFFSET;
    let withShape = prefix;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      plain = Math.imul(plain ^ c, FNV_PRIME);
      withShape = Math.imul(withShape ^ c, FNV_PRIME);
    }
    addWeights(z, m, (plain >>> 0) % m.dim, value);
    shaped.push((withShape >>> 0) % m.dim, value);
  });
  for (let k = 0; k < shaped.length; k += 2) addWeights(z, m, shaped[k] ?? 0, shaped[k + 1] ?? 0);
  return softmax(z, m.temperature);
}

/** Adds one feature's weights, times its value, to the three class scores. */
function addWeights(z: [number, number, number], m: StanceModel, hash: number, value: number): void {
  const row = m.rowOf[hash] ?? -1;
  if (row < 0) return;
  z[0] += (m.weights[row] ?? 0) * value;
  z[1] += (m.weights[row + 1] ?? 0) * value;
  z[2] += (m.weights[row + 2] ?? 0) * value;
}

/** Probabilities from the model's scores, divided by the temperature first. */
export function softmax(logits: readonly number[], temperature = 1): number[] {
  const scaled = logits.map((z) => z / temperature);
  const max = Math.max(...scaled);
  const e = scaled.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
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
