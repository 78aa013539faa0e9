// Analysis CPU per question: what core-search spends after a question's searches (analyseHits:
// dedup with merge, per-domain cap, quality and origins, the built-in judge, the label) —
// measured as process CPU time (user + system), which a busy machine inflates far less than wall
// time. Two kinds of question: 80 synthetic hits (4 calls × 20, the hits of bench/dedup.mjs with a
// sentence about the claim in 60% of them), and each labelled origin case (test/fixtures/origins/)
// as one question's results: pages reporting papers, studies, releases and their copies, which the
// study, paper and release readings read in full. Median of 7 batches after a warm-up.
// Run: npm run build && node bench/analysis-cpu.mjs [--dist DIR]   (DIR: another build's dist/)
import { pathToFileURL } from "node:url";
import { figure, machineLine, median, run } from "./common.mjs";
import { originSetNames, readOriginCases } from "./origin-scores.mjs";
import { syntheticHits } from "./synthetic-hits.mjs";

const at = process.argv.indexOf("--dist");
const dist = at > 0 ? pathToFileURL(`${process.argv[at + 1]}/`) : new URL("../dist/", import.meta.url);
const { analyseHits } = await import(new URL("operations/analyse-hits.js", dist).href);
const { plan } = await import(new URL("index.js", dist).href);

const BATCHES = 7;
const QUESTION = "Did the Fed raise interest rates?";
const SENTENCE =
  "The Fed raised interest rates by a quarter point on Wednesday, its third increase this year.";

/** A question's analysis after its searches, as corroborate runs it (the counter call is the 4th). */
function analyse(hits, claim) {
  return analyseHits({ claim, hits, counterCalls: [4] });
}

/** CPU µs per question: median over batches, each running every question `repeat` times. */
async function cpuPerQuestion(questions, claim, repeat) {
  for (const hits of questions) await analyse(hits, claim);
  const batches = [];
  for (let batch = 0; batch < BATCHES; batch += 1) {
    const before = process.cpuUsage();
    for (let i = 0; i < repeat; i += 1) for (const hits of questions) await analyse(hits, claim);
    const used = process.cpuUsage(before);
    batches.push((used.user + used.system) / (repeat * questions.length));
  }
  return { median: median(batches), low: Math.min(...batches), high: Math.max(...batches) };
}

const fromCall = (hit, index) => ({
  call: 1 + (index % 4),
  provider: "searxng",
  hit: {
    url: hit.url,
    title: hit.title,
    snippet: hit.snippet,
    publishedAt: null,
    engines: ["bing"],
    rank: 1 + (index % 20),
  },
});

async function main() {
  const claim = plan(QUESTION).claim;
  const synthetic = Array.from({ length: 20 }, (_, seed) =>
    syntheticHits(80, seed + 1, { publishers: 80 }).hits.map((entry, index) =>
      index % 10 < 6
        ? { ...entry, hit: { ...entry.hit, snippet: `${entry.hit.snippet} ${SENTENCE}` } }
        : entry,
    ),
  );
  const labelled = originSetNames()
    .flatMap((set) => readOriginCases(set))
    .map((testCase) => testCase.hits.map(fromCall));
  console.log(machineLine());
  console.log(`build: ${dist.pathname}`);
  console.log("| questions | hits a question | CPU a question, median (range) |");
  console.log("| --- | ---: | ---: |");
  for (const [name, questions, repeat] of [
    ["80 synthetic hits", synthetic, 3],
    ["labelled origin cases", labelled, 8],
  ]) {
    const { median: mid, low, high } = await cpuPerQuestion(questions, claim, repeat);
    const hits = questions.reduce((sum, q) => sum + q.length, 0) / questions.length;
    figure(`analysis CPU a question, ${name}`, `${(mid / 1000).toFixed(2)} ms`);
    console.log(
      `| ${name} (${questions.length}) | ${hits.toFixed(0)} | ${(mid / 1000).toFixed(2)} ms (${(low / 1000).toFixed(2)}–${(high / 1000).toFixed(2)}) |`,
    );
  }
}

run(main);
