// Scale: the pipeline's stages after the search — dedup (canonical-URL merge, per-domain cap,
// quality, origins with syndication clusters), the built-in lexical stance judge, and the
// confidence label — over 1k, 10k and 20k synthetic hits, called as corroborate calls them.
// The hits are those of bench/dedup.mjs (planted syndicated copies and duplicate URLs), spread
// over as many sites as hits so the per-domain cap counts most of them, and 60% of them carry a
// sentence about the claim, so the judge reads them in full rather than dismissing them as
// unrelated. "Scaling" is the per-hit cost at a size ÷ the per-hit cost at 1k: 1.00 is linear.
// Run: npm run build && node bench/scale.mjs

import { dedupeHits } from "../dist/dedup/dedupe.js";
import { plan } from "../dist/index.js";
import { lexicalJudge } from "../dist/judge/lexical-stance.js";
import { labelJudged } from "../dist/operations/analyse-hits.js";
import { figure, fmt, machineLine, median, run } from "./common.mjs";
import { syntheticHits } from "./synthetic-hits.mjs";

const SIZES = [
  { size: 1_000, perRound: 3 },
  { size: 10_000, perRound: 1 },
  { size: 20_000, perRound: 1 },
];
const ROUNDS = 3;
const WARM_UP = 3;
const SCALE_QUESTION = "Did the Fed raise interest rates?";
const ABOUT_THE_CLAIM = [
  "The Fed raised interest rates by a quarter point on Wednesday, its third increase this year.",
  "Officials denied reports that the Fed would raise interest rates before the election.",
  "Did the Fed raise interest rates? Markets are split ahead of the meeting.",
  "Analysts said the Fed is unlikely to raise interest rates while inflation cools.",
  "The Fed held interest rates steady, contrary to claims circulating online.",
  "Fed officials confirmed the rate rise in a statement after the meeting.",
  "It is false that the Fed raised interest rates last week, a spokesperson said.",
  "Borrowing costs climbed after the Fed raised interest rates again.",
];

/** Deterministically mixes claim sentences into 60% of the snippets. */
function topical(hits) {
  return hits.map((entry, index) => {
    const pick = Math.imul(index + 1, 2_654_435_761) >>> 0;
    if (pick % 10 >= 6) return entry;
    const sentence = ABOUT_THE_CLAIM[(pick >>> 8) % ABOUT_THE_CLAIM.length];
    return { ...entry, hit: { ...entry.hit, snippet: `${entry.hit.snippet} ${sentence}` } };
  });
}

async function once(hits, claim) {
  const signal = AbortSignal.timeout(600_000);
  const t0 = performance.now();
  const { items, origins } = dedupeHits(hits, new Set([4]));
  const t1 = performance.now();
  const judgements = await lexicalJudge.judge(claim, items, signal);
  const t2 = performance.now();
  const label = labelJudged(items, judgements, origins);
  const t3 = performance.now();
  if (!label.confidence) throw new Error("no label");
  const stances = {};
  for (const j of judgements) stances[j.stance] = (stances[j.stance] ?? 0) + 1;
  return { items: items.length, dedup: t1 - t0, judge: t2 - t1, label: t3 - t2, total: t3 - t0, stances };
}

async function main() {
  const claim = plan(SCALE_QUESTION).claim;
  const inputs = SIZES.map(({ size }) => topical(syntheticHits(size, size, { publishers: size }).hits));
  // Warm-up at the smallest size, so the 1k figure (the base of the ratio) is not paid by the JIT.
  for (let i = 0; i < WARM_UP; i += 1) await once(inputs[0], claim);
  // Sizes take turns, round after round, so a busy spell on the machine falls on all of them.
  const results = SIZES.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { perRound }] of SIZES.entries()) {
      for (let i = 0; i < perRound; i += 1) results[index].push(await once(inputs[index], claim));
    }
  }
  const rows = SIZES.map(({ size }, index) => {
    const pick = (key) => median(results[index].map((r) => r[key]));
    return {
      size,
      runs: results[index].length,
      items: results[index][0].items,
      stances: results[index][0].stances,
      dedup: pick("dedup"),
      judge: pick("judge"),
      label: pick("label"),
      total: pick("total"),
    };
  });
  const [base] = rows;
  const perHit = (row, key = "total") => row[key] / row.size;
  console.log(machineLine());
  console.log(`claim: ${JSON.stringify(claim)}; medians of the runs shown`);
  console.log(
    "| hits | runs | unique pages judged | dedup | judge | label | total | µs per hit | scaling vs 1k (1.00 = linear) |",
  );
  console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) {
    console.log(
      `| ${row.size.toLocaleString("en")} | ${row.runs} | ${row.items.toLocaleString("en")} | ${fmt.ms(row.dedup)} | ` +
        `${fmt.ms(row.judge)} | ${fmt.ms(row.label)} | ${fmt.ms(row.total)} | ${(perHit(row) * 1000).toFixed(0)} | ` +
        `${(perHit(row) / perHit(base)).toFixed(2)} (dedup ${(perHit(row, "dedup") / perHit(base, "dedup")).toFixed(2)}, ` +
        `judge ${(perHit(row, "judge") / perHit(base, "judge")).toFixed(2)}) |`,
    );
  }
  console.log(`stances at ${rows.at(-1).size.toLocaleString("en")}: ${JSON.stringify(rows.at(-1).stances)}`);
  console.log("");
  const largest = rows.at(-1);
  figure(
    "scale, 20k hits: per-hit cost ÷ per-hit cost at 1k (1.00 = linear)",
    `${(perHit(largest) / perHit(base)).toFixed(2)} (${(perHit(largest) * 1000).toFixed(0)} µs per hit, ${fmt.ms(largest.total)} in all)`,
  );
}

run(main);
