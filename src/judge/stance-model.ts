import { readDataFile } from "../util/read-data-file.js";
import { HI_TWIN, HI_TWIN_VALUE, shapedName } from "./stance-features.js";

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
  // A power of two, so that a hash finds its row with a mask instead of a division.
  if (!Number.isInteger(Math.log2(file.dim)))
    throw new Error(`stance-model.json: dim ${file.dim} is not a power of two`);
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

const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over `text`, continuing from state `h`: the hash of a prefix can be carried on. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  }
  return h;
}

/** FNV-1a hash of a feature name into [0, dim). */
export function hashFeature(name: string, dim: number): number {
  return (fnv(FNV_BASIS, name) >>> 0) % dim;
}

/** Where the shaped copies wait for their turn: kept between calls, grown when a text needs more. */
let shapedRows = new Int32Array(1024);
let shapedValues = new Float64Array(1024);

/**
 * Calibrated probabilities over [support, contradict, neutral]. Two kinds of copies are added as the
 * features are scored, hashed in the same pass over each name instead of built as strings (the
 * names `stanceFeatures` spells out): from index `twinsFrom` on, each feature's `hi*` twin worth
 * {@link HI_TWIN_VALUE} right after it; and with `shape`, every feature and twin once more under
 * its {@link shapedName}, after all of them. The sum is the same, in the same order, to the last bit.
 */
export function classProbabilities(
  features: ReadonlyMap<string, number>,
  m = stanceModel(),
  shape?: string,
  twinsFrom?: number,
): number[] {
  let [z0, z1, z2] = m.bias;
  const add = (row: number, value: number) => {
    if (row < 0) return;
    z0 += (m.weights[row] ?? 0) * value;
    z1 += (m.weights[row + 1] ?? 0) * value;
    z2 += (m.weights[row + 2] ?? 0) * value;
  };
  const rows = m.rowOf;
  const mask = m.dim - 1;
  const rowOf = (hash: number) => rows[hash & mask] ?? -1;
  const shaped = shape !== undefined;
  const twins = twinsFrom !== undefined;
  const shapePrefix = shaped ? fnv(FNV_BASIS, shapedName(shape, "")) : 0;
  const twinPrefix = fnv(FNV_BASIS, HI_TWIN);
  const shapedTwinPrefix = shaped ? fnv(shapePrefix, HI_TWIN) : 0;
  // The shaped copies come after every plain feature and twin, as they did when spelt out.
  if (shaped && shapedRows.length < 2 * features.size) {
    shapedRows = new Int32Array(4 * features.size);
    shapedValues = new Float64Array(4 * features.size);
  }
  let k = 0;
  let index = 0;
  for (const [name, value] of features) {
    const twin = twins && index >= (twinsFrom as number);
    index++;
    let plain = FNV_BASIS;
    let withShape = shapePrefix;
    let twinPlain = twinPrefix;
    let twinShaped = shapedTwinPrefix;
    for (let i = 0; i < name.length; i++) {
      const code = name.charCodeAt(i);
      plain = Math.imul(plain ^ code, FNV_PRIME);
      withShape = Math.imul(withShape ^ code, FNV_PRIME);
      twinPlain = Math.imul(twinPlain ^ code, FNV_PRIME);
      twinShaped = Math.imul(twinShaped ^ code, FNV_PRIME);
    }
    add(rowOf(plain), value);
    if (twin) add(rowOf(twinPlain), HI_TWIN_VALUE);
    if (shaped) {
      shapedRows[k] = rowOf(withShape);
      shapedValues[k++] = value;
      if (twin) {
        shapedRows[k] = rowOf(twinShaped);
        shapedValues[k++] = HI_TWIN_VALUE;
      }
    }
  }
  for (let j = 0; j < k; j++) add(shapedRows[j] ?? -1, shapedValues[j] ?? 0);
  return softmax([z0, z1, z2], m.temperature);
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
