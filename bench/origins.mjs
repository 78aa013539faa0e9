// Origin accuracy on the labelled cases (test/fixtures/origins/, format in its README): precision
// and recall of pairs of pages put in one origin, and how often an origin gives its labelled reason
// (`why`), on every labelled set (the cases of every kind, of works told apart by their identifiers
// and announcements by their events, identifiers-*, and of studies named by their parts without an
// identifier, studies-*), overall and per kind. Then a flood:
// `assess` with 200, 201, 500 and 2,000 copies of one press text on as many domains.
// Run: npm run build && node bench/origins.mjs [--misses]
import { canonicalUrl } from "../dist/dedup/canonical-url.js";
import { dedupe } from "../dist/dedup/dedupe.js";
import { assess } from "../dist/index.js";
import { goal, machineLine } from "./common.mjs";
import { originSetNames, readOriginCases, scoreOriginCases } from "./origin-scores.mjs";

const PARTS = originSetNames();
const showMisses = process.argv.includes("--misses");
const percent = (value) => value.toFixed(2);

console.log(machineLine());
console.log(
  "| cases | kind | pairs together (right / wrong) | pairs apart that belong together | precision | recall | why right |",
);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
const totals = {};
for (const part of PARTS) {
  const cases = readOriginCases(part);
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

// One press text copied onto as many domains as copies, with the edits copies carry (a site name
// after the title, a date before the snippet, a shorter cut); every copy supports the claim.
const TITLE = "Acme unveils battery cell storing 520 watt-hours per kilogram";
const TEXT =
  "Acme Corp. said on Tuesday its new solid-state battery cell stores 520 watt-hours per kilogram, a record for a cell of its size, and that samples will ship to carmakers next year.";
const copies = (count) =>
  Array.from({ length: count }, (_, index) => ({
    url: `https://news-site-${index}.example/tech/acme-battery-cell`,
    title: index % 3 === 0 ? `${TITLE} - News Site ${index}` : TITLE,
    snippet: index % 4 === 1 ? `Mar 4, 2025 — ${TEXT}` : index % 4 === 2 ? `${TEXT.slice(0, 150)} ...` : TEXT,
    stance: "support",
  }));
console.log("\n| copies on as many domains | origins | label |\n| ---: | ---: | --- |");
for (const count of [200, 201, 500, 2_000]) {
  const claim = "Acme's new battery cell stores 520 watt-hours per kilogram";
  const result = await assess({ claim, evidence: copies(count) }, { judge: "builtin" });
  console.log(`| ${count} | ${result.origins.length} | ${result.confidence} |`);
  goal(`${count} copies: origins counted`, result.origins.length, 1, String(result.origins.length));
}
