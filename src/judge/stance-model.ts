import { readFileSync } from "node:fs";

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
  rows: Map<number, readonly [number, number, number]>;
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
  const file = JSON.parse(
    readFileSync(new URL("../data/stance-model.json", import.meta.url), "utf8"),
  ) as ModelFile;
  const index = new Int32Array(new Uint8Array(Buffer.from(file.index, "base64")).buffer);
  const weights = new Float32Array(new Uint8Array(Buffer.from(file.weights, "base64")).buffer);
  const rows = new Map<number, readonly [number, number, number]>();
  for (let k = 0; k < index.length; k++) {
    rows.set(index[k] ?? 0, [weights[3 * k] ?? 0, weights[3 * k + 1] ?? 0, weights[3 * k + 2] ?? 0]);
  }
  model = {
    dim: file.dim,
    bias: file.bias,
    temperature: file.temperature,
    neutralBelow: file.neutralBelow,
    rows,
  };
  return model;
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

/** Calibrated probabilities over [support, contradict, neutral]. */
export function classProbabilities(features: ReadonlyMap<string, number>, m = stanceModel()): number[] {
  const z = [m.bias[0], m.bias[1], m.bias[2]];
  for (const [name, value] of features) {
    const row = m.rows.get(hashFeature(name, m.dim));
    if (!row) continue;
    z[0] = (z[0] ?? 0) + row[0] * value;
    z[1] = (z[1] ?? 0) + row[1] * value;
    z[2] = (z[2] ?? 0) + row[2] * value;
  }
  const scaled = z.map((x) => (x ?? 0) / m.temperature);
  const max = Math.max(...scaled);
  const e = scaled.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}
