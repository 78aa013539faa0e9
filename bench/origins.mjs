// Origin accuracy on the labelled cases (test/fixtures/origins/, format in its README): precision
// and recall of pairs of pages put in one origin, and how often an origin gives its labelled reason
// (`why`), on the development cases and the two held-out sets, overall and per kind.
// Run: npm run build && node bench/origins.mjs [--misses]
import { canonicalUrl } from "../dist/dedup/canonical-url.js";
import { dedupe } from "../dist/dedup/dedupe.js";
import { goal, machineLine } from "./common.mjs";
import { readOriginCases, scoreOriginCases } from "./origin-scores.mjs";

const PARTS = ["dev", "heldout", "heldout-2"];
const showMisses = process.argv.includes("--misses");
const percent = (value) => value.toFixed(2);

console.log(machineLine());
console.log(
  "| cases | kind | pairs together (right / wrong) | pairs apart that belong together | precision | recall | why right |",
);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
const totals = {};
for (const part of PARTS) {
  const cases = readOriginCases(new URL(`../test/fixtures/origins/${part}.json`, import.meta.url));
  const { total, byKind, misses } = scoreOriginCases(cases, { dedupe, canonicalUrl });
  totals[part] = total;
  const row = (kind, s) =>
    console.log(
      `| ${part} | ${kind} | ${s.truePairs} / ${s.falsePairs} | ${s.missedPairs} | ${percent(s.precision)} | ${percent(s.recall)} | ${s.whyRight} of ${s.origins} |`,
    );
  for (const [kind, score] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) row(kind, score);
  row(`**all (${cases.length} cases)**`, total);
  if (showMisses) for (const miss of misses) console.log(`  ${part}: ${miss}`);
}
console.log("");
for (const part of PARTS) {
  const { precision, recall, whyAccuracy } = totals[part];
  // Goals as ratios to 1: precision ≥ 0.95 and recall ≥ 0.90 are 1 − precision ≤ 0.05 and 1 − recall ≤ 0.10.
  goal(`origins ${part}: pairs wrongly together (1 − precision)`, 1 - precision, 0.05);
  goal(`origins ${part}: pairs wrongly apart (1 − recall)`, 1 - recall, 0.1);
  console.log(`figure origins ${part}: why right ${percent(whyAccuracy)}`);
}
