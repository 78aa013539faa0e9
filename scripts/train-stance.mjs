// Fits the lexical stance softmax and writes src/judge/stance-weights.ts.
// Usage: npm run build && node scripts/train-stance.mjs [--data ../shared/data/stance/emergent-dev.jsonl] [--folds 5]
//        [--l2 1e-3] [--iters 400] [--min-count 2] [--prune 0.05] [--no-write]
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { hashFeature, relevance, stanceFeatures } from "../dist/judge/lexical-stance.js";

const CLASSES = ["support", "contradict", "neutral"];
const DIM = 262144;

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
const dataPath = opt(
  "data",
  fileURLToPath(new URL("../../shared/data/stance/emergent-dev.jsonl", import.meta.url)),
);
const folds = Number(opt("folds", "5"));
const l2 = Number(opt("l2", "0.001"));
const iters = Number(opt("iters", "400"));
const write = !args.includes("--no-write");
const minCount = Number(opt("min-count", "2"));
const prune = Number(opt("prune", "0.05"));
const out = (s = "") => process.stdout.write(`${s}\n`);

// ---- data -> sparse examples
const claims = readFileSync(dataPath, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

function vectorize(claim, text) {
  const acc = new Map();
  for (const [name, v] of stanceFeatures(claim, text)) {
    const h = hashFeature(name, DIM);
    acc.set(h, (acc.get(h) ?? 0) + v);
  }
  return { idx: Int32Array.from(acc.keys()), val: Float64Array.from(acc.values()) };
}

const groups = claims.map((c) =>
  c.evidence.map((e) => ({
    ...vectorize(c.claim, e.text),
    y: CLASSES.indexOf(e.stance),
    gated: (() => {
      const r = relevance(c.claim, e.text);
      return r.claimTerms > 0 && r.matched === 0;
    })(),
  })),
);

// ---- seeded shuffle
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffle(arr, seed) {
  const rnd = mulberry32(seed);
  const a = arr.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

// ---- model
function scores(W, b, x) {
  const z = [b[0], b[1], b[2]];
  for (let k = 0; k < x.idx.length; k++) {
    const o = x.idx[k] * 3;
    const v = x.val[k];
    z[0] += W[o] * v;
    z[1] += W[o + 1] * v;
    z[2] += W[o + 2] * v;
  }
  const m = Math.max(z[0], z[1], z[2]);
  const e = z.map((q) => Math.exp(q - m));
  const s = e[0] + e[1] + e[2];
  return [e[0] / s, e[1] / s, e[2] / s];
}

/** Full-batch Adam on class-weighted cross-entropy + L2. */
function trainSoftmax(examples) {
  const W = new Float64Array(DIM * 3);
  const b = [0, 0, 0];
  const n = examples.length;
  const counts = [0, 0, 0];
  for (const x of examples) counts[x.y]++;
  // Balanced class weights, softened (square root) to keep accuracy.
  const cw = counts.map((c) => Math.sqrt(n / (3 * Math.max(c, 1))));
  // Features seen in fewer than minCount training items stay at zero.
  const df = new Map();
  for (const x of examples) for (const i of x.idx) df.set(i, (df.get(i) ?? 0) + 1);
  const act = Int32Array.from([...df].filter(([, c]) => c >= minCount).map(([i]) => i));
  const G = new Float64Array(DIM * 3);
  const M = new Float64Array(DIM * 3);
  const V = new Float64Array(DIM * 3);
  const mb = [0, 0, 0];
  const vb = [0, 0, 0];
  const lr = 0.05;
  const b1 = 0.9;
  const b2 = 0.999;
  for (let t = 1; t <= iters; t++) {
    for (const i of act) G.fill(0, i * 3, i * 3 + 3);
    const gb = [0, 0, 0];
    for (const x of examples) {
      const p = scores(W, b, x);
      const w = cw[x.y] / n;
      for (let c = 0; c < 3; c++) {
        const d = (p[c] - (c === x.y ? 1 : 0)) * w;
        if (d === 0) continue;
        gb[c] += d;
        for (let k = 0; k < x.idx.length; k++) G[x.idx[k] * 3 + c] += d * x.val[k];
      }
    }
    const c1 = 1 - b1 ** t;
    const c2 = 1 - b2 ** t;
    for (const i of act) {
      for (let c = 0; c < 3; c++) {
        const o = i * 3 + c;
        const g = G[o] + l2 * W[o];
        M[o] = b1 * M[o] + (1 - b1) * g;
        V[o] = b2 * V[o] + (1 - b2) * g * g;
        W[o] -= (lr * (M[o] / c1)) / (Math.sqrt(V[o] / c2) + 1e-8);
      }
    }
    for (let c = 0; c < 3; c++) {
      mb[c] = b1 * mb[c] + (1 - b1) * gb[c];
      vb[c] = b2 * vb[c] + (1 - b2) * gb[c] * gb[c];
      b[c] -= (lr * (mb[c] / c1)) / (Math.sqrt(vb[c] / c2) + 1e-8);
    }
  }
  return pruneModel({ W, b });
}

/** Rounds to 4 decimals and zeroes rows whose largest weight is below `prune`, as shipped. */
function pruneModel({ W, b }) {
  const round = (x) => Math.round(x * 1e4) / 1e4;
  for (let i = 0; i < DIM; i++) {
    const o = i * 3;
    const keep = Math.max(Math.abs(W[o]), Math.abs(W[o + 1]), Math.abs(W[o + 2])) >= prune;
    for (let c = 0; c < 3; c++) W[o + c] = keep ? round(W[o + c]) : 0;
  }
  return { W, b: b.map(round) };
}

const argmax = (p) => (p[0] >= p[1] && p[0] >= p[2] ? 0 : p[1] >= p[2] ? 1 : 2);

function metrics(conf) {
  const k = conf.length;
  let correct = 0;
  let total = 0;
  const per = [];
  for (let c = 0; c < k; c++) {
    correct += conf[c][c];
    const tp = conf[c][c];
    let pred = 0;
    let gold = 0;
    for (let d = 0; d < k; d++) {
      pred += conf[d][c];
      gold += conf[c][d];
      total += conf[c][d];
    }
    const p = pred ? tp / pred : 0;
    const r = gold ? tp / gold : 0;
    per.push({ p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 });
  }
  return { acc: correct / total, macroF1: per.reduce((a, x) => a + x.f1, 0) / k, per };
}

// ---- cross-validation by claim
const order = shuffle(
  groups.map((_, i) => i),
  20240531,
);
const foldOf = new Array(groups.length);
order.forEach((g, i) => {
  foldOf[g] = i % folds;
});
const total = [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
];
// Same with the relevance gate applied: a gated item counts as a miss (4th column = unrelated).
const totalGated = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];
const foldRes = [];
const fmt = (x) => x.toFixed(3);
for (let f = 0; f < folds; f++) {
  const train = [];
  const test = [];
  groups.forEach((g, i) => {
    (foldOf[i] === f ? test : train).push(...g);
  });
  const { W, b } = trainSoftmax(train);
  const conf = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (const x of test) {
    const p = argmax(scores(W, b, x));
    conf[x.y][p]++;
    total[x.y][p]++;
    totalGated[x.y][x.gated ? 3 : p]++;
  }
  const m = metrics(conf);
  foldRes.push(m);
  out(`fold ${f + 1}/${folds}: n=${test.length} acc=${fmt(m.acc)} macroF1=${fmt(m.macroF1)}`);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
out(
  `mean over folds: acc=${fmt(mean(foldRes.map((m) => m.acc)))} macroF1=${fmt(mean(foldRes.map((m) => m.macroF1)))}`,
);
const pooled = metrics(total);
out(`pooled: acc=${fmt(pooled.acc)} macroF1=${fmt(pooled.macroF1)}`);
CLASSES.forEach((c, i) => {
  const m = pooled.per[i];
  out(`  ${c.padEnd(10)} P=${fmt(m.p)} R=${fmt(m.r)} F1=${fmt(m.f1)}`);
});
out("confusion (rows gold, cols pred: support contradict neutral):");
CLASSES.forEach((c, i) => {
  out(`  ${c.padEnd(10)} ${total[i].map((v) => String(v).padStart(5)).join("")}`);
});
const gatedN = totalGated.reduce((a, r) => a + r[3], 0);
const gm = metrics(totalGated);
out(`with relevance gate: ${gatedN} items gated to unrelated; acc=${fmt(gm.acc)}`);

// ---- final fit on all data
if (write) {
  const all = groups.flat();
  const { W, b } = trainSoftmax(all);
  const index = [];
  const weights = [];
  for (let i = 0; i < DIM; i++) {
    const row = [W[i * 3], W[i * 3 + 1], W[i * 3 + 2]];
    if (row[0] === 0 && row[1] === 0 && row[2] === 0) continue;
    index.push(i);
    weights.push(...row);
  }
  const file = fileURLToPath(new URL("../src/judge/stance-weights.ts", import.meta.url));
  const src = `/** Fitted softmax weights for the lexical stance judge (classes: support, contradict, neutral). */
export interface StanceWeights {
  /** Size of the hashed feature space. */
  readonly dim: number;
  /** Per-class bias: [support, contradict, neutral]. */
  readonly bias: readonly number[];
  /** Hashed feature indexes that carry weights, ascending. */
  readonly index: readonly number[];
  /** Three weights per entry of \`index\`, flattened: [support, contradict, neutral, ...]. */
  readonly weights: readonly number[];
}

export const STANCE_WEIGHTS: StanceWeights = {
  dim: ${DIM},
  bias: [${b.join(", ")}],
  index: [${index.join(",")}],
  weights: [${weights.join(",")}],
};
`;
  writeFileSync(file, src);
  out(`wrote ${file}: ${index.length} features, ${src.length} bytes`);
}
