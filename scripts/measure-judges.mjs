// Measures the built-in judge's error profile and how often its labels are right, and writes both
// into src/data/judge-profiles.json, which the labeler reads (docs/labels.md).
//
// Usage: npm run build && node scripts/measure-judges.mjs [--no-write]
//          [--profile FILE ...] [--labels FILE]
//
// What it does: judges every item of the profile files with the built-in judge (files it was never
// trained on) and counts, for each true stance, how often it is judged support, contradict or
// neutral (`unrelated` counts as neutral): the confusion the labeler allows for. Then it labels every
// claim of the held-out label file twice, with the built-in judge and with the labelled stances given
// as the caller's, and counts how often label and direction are as expected. The profile is written
// before the labels are measured, so the held-out figures are those of the labeler as shipped.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseArgs({
  options: {
    profile: { type: "string", multiple: true },
    labels: { type: "string", default: "bench/data/labels-real-heldout.jsonl" },
    "no-write": { type: "boolean", default: false },
  },
});
const profileFiles = opts.profile ?? [
  "bench/data/labels-real-dev.jsonl",
  "bench/data/stance-topic-dev.jsonl",
  "bench/data/stance-search-heldout-2.jsonl",
  "bench/data/stance-search-heldout-3.jsonl",
  "bench/data/stance-snippets-heldout.jsonl",
];
const CLASSES = ["support", "contradict", "neutral"];
const profilePath = join(root, "src/data/judge-profiles.json");
const round = (x) => Math.round(x * 1000) / 1000;

const { judgeText, resultText } = await import("../dist/judge/lexical-stance.js");
const counts = Object.fromEntries(CLASSES.map((t) => [t, Object.fromEntries(CLASSES.map((j) => [j, 0]))]));
let items = 0;
for (const file of profileFiles) {
  for (const line of readFileSync(join(root, file), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line);
    for (const item of row.evidence) {
      const judged = judgeText(
        row.claim,
        resultText(item.title ?? "", item.snippet ?? item.text ?? ""),
      ).stance;
      counts[item.stance][judged === "unrelated" ? "neutral" : judged] += 1;
      items += 1;
    }
  }
}
const confusion = Object.fromEntries(
  CLASSES.map((truth) => {
    const total = CLASSES.reduce((sum, j) => sum + counts[truth][j], 0);
    return [truth, Object.fromEntries(CLASSES.map((j) => [j, round(counts[truth][j] / total)]))];
  }),
);
const profiles = JSON.parse(readFileSync(profilePath, "utf8"));
const builtin = profiles.judges.builtin;
builtin.confusion = confusion;
builtin.measured = `${items} labelled search results never trained on (${profileFiles.map((f) => f.split("/").pop()).join(", ")}); labels on ${opts.labels.split("/").pop()}`;
if (!opts["no-write"]) {
  writeFileSync(profilePath, `${JSON.stringify(profiles, null, 2)}\n`);
  // The labeler reads the copy in dist/: refresh it so the labels below use this profile.
  writeFileSync(join(root, "dist/data/judge-profiles.json"), `${JSON.stringify(profiles, null, 2)}\n`);
}

const { parseEvalData } = await import("../dist/eval/eval-data.js");
const { evaluate } = await import("../dist/eval/evaluate.js");
const { defaultJudge } = await import("../dist/judge/default-judge.js");
const rows = parseEvalData(readFileSync(join(root, opts.labels), "utf8"), opts.labels);
const result = await evaluate(rows, { judge: defaultJudge });
if (result.labels === null) throw new Error(`${opts.labels} has no expected labels`);
builtin.labelAccuracy = result.labels.judge.labelAccuracy;
builtin.directionAccuracy = result.labels.judge.directionAccuracy;
const caller = profiles.judges.caller;
caller.labelAccuracy = result.labels.caller.labelAccuracy;
caller.directionAccuracy = result.labels.caller.directionAccuracy;
caller.measured = `the labelled stances of ${opts.labels.split("/").pop()} given as the caller's`;
if (!opts["no-write"]) {
  writeFileSync(profilePath, `${JSON.stringify(profiles, null, 2)}\n`);
  writeFileSync(join(root, "dist/data/judge-profiles.json"), `${JSON.stringify(profiles, null, 2)}\n`);
}
process.stdout.write(
  `${JSON.stringify({ items, confusion, stance: result.stance.accuracy, labels: result.labels }, null, 2)}\n`,
);
