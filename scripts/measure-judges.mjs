// Measures the built-in judge's error profile, how one-sided real questions' sources are, and how
// often the built-in judge's labels are right, and writes all three into src/data/judge-profiles.json,
// which the labeler reads (docs/labels.md).
//
// Usage: npm run build && node scripts/measure-judges.mjs [--no-write]
//          [--profile FILE ...] [--mix FILE ...] [--labels FILE ...] [--oof FILE]
//
// What it does: judges every item of the profile files with the built-in judge (files it was never
// trained on) and counts, for each true stance, how often it answers support, contradict or neutral
// (`unrelated` counts as neutral) in each band of its score: the confusion the labeler allows for.
// With --oof FILE (written by `scripts/train-stance.mjs --oof FILE`) it counts, too, the answers the
// judge gave the real results it trains on, each from the cross-validation fold that held it out.
// Every cell starts at half a count, so no answer is impossible under any truth. From the labelled
// stances of the mix files it fits the concentration of a symmetric Dirichlet over questions' shares
// of each stance (maximum marginal likelihood). Then it labels every claim of the held-out label files
// twice, with the built-in judge and with the labelled stances given as the caller's, and counts how
// often label and direction are as expected. The profile is written before the labels are measured,
// so the held-out figures are those of the labeler as shipped.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
const { values: opts } = parseArgs({
  options: {
    profile: { type: "string", multiple: true },
    mix: { type: "string", multiple: true },
    labels: { type: "string", multiple: true },
    oof: { type: "string" },
    "no-write": { type: "boolean", default: false },
  },
});
// The real results the judge was trained on (labels-real-dev.jsonl) would flatter it: its profile is
// measured on real results it never saw (labels-real-calibration.jsonl) and the hand-written held-out sets.
const profileFiles = opts.profile ?? [
  "bench/data/labels-real-calibration.jsonl",
  "bench/data/stance-topic-dev.jsonl",
  "bench/data/stance-search-heldout-2.jsonl",
  "bench/data/stance-search-heldout-3.jsonl",
  "bench/data/stance-snippets-heldout.jsonl",
];
// The labelled stances of every real question but the held-out ones: what questions are like, not the judge.
const mixFiles = opts.mix ?? [
  "bench/data/labels-real-dev.jsonl",
  "bench/data/labels-real-dev-2.jsonl",
  "bench/data/labels-real-dev-3.jsonl",
  "bench/data/labels-real-dev-4.jsonl",
  "bench/data/labels-real-dev-5.jsonl",
  "bench/data/labels-real-dev-6.jsonl",
  "bench/data/labels-real-calibration.jsonl",
];
const labelFiles = opts.labels ?? [
  "bench/data/labels-real-heldout.jsonl",
  "bench/data/labels-real-heldout-2.jsonl",
  "bench/data/labels-real-heldout-3.jsonl",
  "bench/data/labels-real-heldout-4.jsonl",
  "bench/data/labels-real-heldout-5.jsonl",
  "bench/data/labels-real-heldout-6.jsonl",
];
const fileNames = (files) => files.map((f) => f.split("/").pop()).join(", ");
const CLASSES = ["support", "contradict", "neutral"];
/** Lower edges of the score bands: below a coin's confidence, then three bands of firmer answers. */
const BANDS = [0, 0.5, 0.65, 0.8];
const profilePath = join(root, "src/data/judge-profiles.json");
const round = (x) => Math.round(x * 10000) / 10000;
const claimsOf = (file) =>
  readFileSync(resolve(root, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));

// ---- the built-in judge's confusion, per score band
const { judgeText, resultText } = await import("../dist/judge/lexical-stance.js");
// The labeler's own reading of an answer: `unrelated` as no side, a score into its band.
const { profileStance, scoreBand } = await import("../dist/judge/judge-profiles.js");
const counts = Object.fromEntries(
  CLASSES.map((t) => [t, Object.fromEntries(CLASSES.map((j) => [j, BANDS.map(() => 0.5)]))]),
);
let items = 0;
const count = (truth, judged) => {
  // The labeler sees a score as the report gives it, to two decimals (assess.ts): band it so.
  const score = Math.round(judged.score * 100) / 100;
  counts[profileStance(truth)][profileStance(judged.stance)][scoreBand({ scoreBands: BANDS }, score)] += 1;
  items += 1;
};
for (const file of profileFiles) {
  for (const row of claimsOf(file)) {
    for (const item of row.evidence)
      count(item.stance, judgeText(row.claim, resultText(item.title ?? "", item.snippet ?? item.text ?? "")));
  }
}
// The real results the judge trains on, answered by the fold that held each out: the files the
// answers cover (a file added after the judge was fitted is not among them).
const oofFiles = new Set();
if (opts.oof) {
  const oofLines = claimsOf(opts.oof);
  const answered = new Map(oofLines.map((line) => [`${line.file}#${line.id}`, line.judged]));
  const covered = new Set(oofLines.map((line) => line.file));
  for (const file of mixFiles.filter((f) => covered.has(f.split("/").pop()) && /labels-real-dev/.test(f))) {
    for (const row of claimsOf(file)) {
      const judged = answered.get(`${file.split("/").pop()}#${row.id}`);
      if (!judged) throw new Error(`${opts.oof}: no answers for ${row.id} of ${file}`);
      row.evidence.forEach((item, i) => {
        count(item.stance, judged[i]);
      });
    }
    oofFiles.add(file);
  }
}
const confusion = Object.fromEntries(
  CLASSES.map((truth) => {
    const total = CLASSES.reduce((sum, j) => sum + counts[truth][j].reduce((a, b) => a + b, 0), 0);
    return [
      truth,
      Object.fromEntries(CLASSES.map((j) => [j, counts[truth][j].map((c) => round(c / total))])),
    ];
  }),
);

// ---- how one-sided questions are: a symmetric Dirichlet over each question's stance counts
const mixes = mixFiles
  .flatMap(claimsOf)
  .map((row) => CLASSES.map((t) => row.evidence.filter((e) => profileStance(e.stance) === t).length));
const logGamma = (x) => {
  // Lanczos approximation, ample for a likelihood compared between concentrations.
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = g[0];
  for (let i = 1; i < 9; i++) a += g[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
};
const marginal = (alpha) =>
  mixes.reduce((sum, m) => {
    const n = m.reduce((a, b) => a + b, 0);
    return (
      sum +
      logGamma(3 * alpha) -
      logGamma(3 * alpha + n) +
      m.reduce((s, k) => s + logGamma(alpha + k) - logGamma(alpha), 0)
    );
  }, 0);
let concentration = 0.05;
for (let alpha = 0.05; alpha <= 5; alpha += 0.05)
  if (marginal(alpha) > marginal(concentration)) concentration = alpha;
concentration = Math.round(concentration * 100) / 100;

const profiles = JSON.parse(readFileSync(profilePath, "utf8"));
profiles.questionMix = {
  concentration,
  measured: `the labelled stances of ${mixes.length} real questions (${fileNames(mixFiles)})`,
};
const builtin = profiles.judges.builtin;
builtin.scoreBands = BANDS;
builtin.confusion = confusion;
builtin.measured = `${items} labelled search results never trained on (${fileNames(profileFiles)}${oofFiles.size > 0 ? `; ${fileNames([...oofFiles])}, each answered by the cross-validation fold that held it out` : ""}); labels on the ${labelFiles.length === 1 ? "" : `${labelFiles.length} `}held-out real question sets (${fileNames(labelFiles)})`;
const write = () => {
  writeFileSync(profilePath, `${JSON.stringify(profiles, null, 2)}\n`);
  // In the repository's format (the lint step checks it): short arrays of shares on one line.
  spawnSync(process.execPath, [biome, "format", "--write", profilePath], { stdio: "ignore" });
  // The labeler reads the copy in dist/: refresh it so the labels below use this profile.
  writeFileSync(join(root, "dist/data/judge-profiles.json"), readFileSync(profilePath));
};
if (!opts["no-write"]) write();

// ---- labels on the held-out real questions, as shipped
const { parseEvalData } = await import("../dist/eval/eval-data.js");
const { evaluate } = await import("../dist/eval/evaluate.js");
const { defaultJudge } = await import("../dist/judge/default-judge.js");
const rows = labelFiles.flatMap((file) => parseEvalData(readFileSync(join(root, file), "utf8"), file));
const result = await evaluate(rows, { judge: defaultJudge });
if (result.labels === null) throw new Error(`${fileNames(labelFiles)}: no expected labels`);
builtin.labelAccuracy = result.labels.judge.labelAccuracy;
builtin.directionAccuracy = result.labels.judge.directionAccuracy;
const caller = profiles.judges.caller;
caller.labelAccuracy = result.labels.caller.labelAccuracy;
caller.directionAccuracy = result.labels.caller.directionAccuracy;
caller.measured = `the labelled stances of ${fileNames(labelFiles)} given as the caller's`;
if (!opts["no-write"]) write();
process.stdout.write(
  `${JSON.stringify({ items, concentration, stance: result.stance.accuracy, labels: result.labels }, null, 2)}\n`,
);
