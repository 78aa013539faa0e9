// Dedup speed: canonical-URL merge plus syndication clusters and origins over synthetic search
// hits, at 1k, 10k and 20k hits, and the whole dedup stage on 10k hits against its 1 s budget. The hits carry planted syndicated copies (the same story on 2 to 4 more
// domains, with publisher suffixes, small title edits, a date in front of the snippet, a cut
// snippet or none) and exact duplicates (the same page again under tracking parameters, AMP, a
// mobile host, http, a trailing slash or a fragment).
// Run: npm run build && node bench/dedup.mjs [--runs N]   (writes nothing; prints a markdown table)
import { cpus } from "node:os";
import { canonicalUrl } from "../dist/dedup/canonical-url.js";
import { dedupeHits } from "../dist/dedup/dedupe.js";
import { mergeHits } from "../dist/dedup/merge-hits.js";
import { assignOrigins } from "../dist/dedup/origins.js";
import { findSyndicationClusters } from "../dist/dedup/syndication.js";
import { goal } from "./common.mjs";
import { syntheticHits } from "./synthetic-hits.mjs";

const SIZES = [1_000, 10_000, 20_000];
/** The dedup stage's time budget for 10,000 hits. */
const BUDGET_10K_MS = 1_000;
// `--runs N` (bench/all.mjs passes 1, leaving the timing to bench/scale.mjs): runs per size.
const runsArgument = process.argv.indexOf("--runs");
const RUNS = runsArgument === -1 ? 3 : Number(process.argv[runsArgument + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs must be a whole number ≥ 1");

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function run(hits) {
  const start = process.hrtime.bigint();
  const { items } = mergeHits(hits);
  const merged = process.hrtime.bigint();
  let stats;
  const groups = findSyndicationClusters(items, {
    onStats: (s) => {
      stats = s;
    },
  });
  const clustered = process.hrtime.bigint();
  // The stage as the pipeline runs it: origins = syndication + wire / press-release / DOI keys + owners.
  assignOrigins(items);
  const end = process.hrtime.bigint();
  return {
    items,
    groups,
    stats,
    mergeMs: Number(merged - start) / 1e6,
    syndicationMs: Number(clustered - merged) / 1e6,
    originsMs: Number(end - clustered) / 1e6,
    totalMs: Number(merged - start + (end - clustered)) / 1e6,
  };
}

// The whole stage as the pipeline calls it (dedupeHits: merge, per-domain cap, quality, origins)
// on the 10,000 hits, against its budget: measured right after that size's own runs.
function dedupBudget(hits) {
  const times = Array.from({ length: Math.max(RUNS, 3) }, () => {
    const start = process.hrtime.bigint();
    dedupeHits(hits);
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
  return { ms: median(times), runs: times.length };
}
let budget;

const rows = [];
for (const size of SIZES) {
  const { hits, plantedStories } = syntheticHits(size, size);
  // Warm-up at the first size only, three times, so its figure (the base of the per-hit ratio) is
  // not the JIT's; the larger sizes run on warm code.
  for (let i = 0; i < (size === SIZES[0] ? 3 : 0); i += 1) run(hits);
  const runs = Array.from({ length: RUNS }, () => run(hits));
  if (size === 10_000) budget = dedupBudget(hits);
  const last = runs.at(-1);
  // A planted story is found when all its copies landed in one group.
  const itemOf = new Map(last.items.map((item, index) => [item.canonicalUrl, index]));
  const groupOf = new Map();
  last.groups.forEach((group, g) => {
    for (const member of group) groupOf.set(member, g);
  });
  const plantedGroups = plantedStories.map((members) =>
    members.map((m) => groupOf.get(itemOf.get(canonicalUrl(hits[m].hit.url)))),
  );
  const found = plantedGroups.filter((ids) => ids[0] !== undefined && ids.every((g) => g === ids[0])).length;
  // Groups holding anything but one planted story: merges of different stories.
  const plantedOf = new Map();
  plantedStories.forEach((members, story) => {
    for (const m of members) plantedOf.set(itemOf.get(canonicalUrl(hits[m].hit.url)), story);
  });
  const mixed = last.groups.filter(
    (group) =>
      new Set(group.map((m) => plantedOf.get(m))).size !== 1 || plantedOf.get(group[0]) === undefined,
  ).length;
  rows.push({
    size,
    unique: last.items.length,
    mergeMs: median(runs.map((r) => r.mergeMs)),
    syndicationMs: median(runs.map((r) => r.syndicationMs)),
    originsMs: median(runs.map((r) => r.originsMs)),
    ms: median(runs.map((r) => r.totalMs)),
    comparisons: last.stats.candidatePairs,
    diceRuns: last.stats.titleComparisons,
    split: last.stats.splitBlocks,
    oversized: last.stats.oversizedBlocks,
    found,
    mixed,
    planted: plantedStories.length,
  });
}

const perHit = (row) => row.ms / row.size;
const [base] = rows;
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}`);
console.log(
  `| hits | unique pages | ms, median of ${RUNS}: merge + origins (syndication alone) | comparisons | title Dice runs | ` +
    "split / dropped keys | ms per 1k hits | per-hit cost vs 1k | planted stories found | wrong groups |",
);
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) {
  console.log(
    `| ${row.size} | ${row.unique} | ${row.ms.toFixed(0)} = ${row.mergeMs.toFixed(0)} + ${row.originsMs.toFixed(0)} (${row.syndicationMs.toFixed(0)}) | ` +
      `${row.comparisons} | ${row.diceRuns} | ${row.split} / ${row.oversized} | ${((row.ms / row.size) * 1000).toFixed(1)} | ` +
      `${(perHit(row) / perHit(base)).toFixed(2)}× | ${row.found}/${row.planted} | ${row.mixed} |`,
  );
}
const largest = rows.at(-1);
console.log(
  `\ncomparisons = distinct pairs that shared a block; every pair of ${largest.unique} pages would be ` +
    `${((largest.unique * (largest.unique - 1)) / 2).toLocaleString("en")}.`,
);
console.log(`\ndedupeHits on 10,000 hits, median of ${budget.runs}: ${budget.ms.toFixed(0)} ms`);
goal("dedup of 10k hits ÷ 1 s budget", budget.ms / BUDGET_10K_MS, 1);
