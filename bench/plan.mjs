// Planner speed and cold start: in-process plan() cost, and the wall time of `core-search plan`
// (an English question; a German one, whose templates are read on first use; and a German one
// whose words leave the language open, so the language detector is loaded), `core-search assess`
// (which loads the built-in judge's model) and `core-search --version` as processes, taking turns
// with a bare `node` start in one loop so machine noise shows up in all.
// Run: npm run build && node bench/plan.mjs   (writes nothing; prints a markdown table)
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { plan } from "../dist/index.js";

const BIN = fileURLToPath(new URL("../dist/bin.cjs", import.meta.url));
const QUESTIONS = [
  "Is intermittent fasting safe?",
  "Postgres vs MySQL for analytics",
  "Does cracking knuckles cause arthritis?",
  "Should we adopt GraphQL for our public API?",
  "impact of remote work on productivity",
  "is Rust growing",
  "how to deploy Kubernetes on bare metal",
  "what is the capital of France",
  "latest news on the EU AI act",
  "¿Es seguro el ayuno intermitente?",
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeProcess(args) {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, args, {
    stdio: ["ignore", "ignore", "ignore"],
    env: { PATH: process.env.PATH },
  });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

// In-process: warm up, then the mean over many plans.
for (let i = 0; i < 200; i += 1) plan(QUESTIONS[i % QUESTIONS.length]);
const rounds = 5000;
const start = process.hrtime.bigint();
for (let i = 0; i < rounds; i += 1) plan(QUESTIONS[i % QUESTIONS.length]);
const perPlanUs = Number(process.hrtime.bigint() - start) / 1e3 / rounds;

// Five search results to assess: the built-in judge reads its word lists and model on first use.
const dir = mkdtempSync(join(tmpdir(), "core-search-bench-"));
const evidence = join(dir, "evidence.jsonl");
writeFileSync(
  evidence,
  [
    ["Intermittent fasting is safe for most adults", "Short trials found it well tolerated."],
    ["The hidden dangers of intermittent fasting", "Experts warn it can trigger binge eating."],
    ["Intermittent fasting: what is it?", "An eating pattern that cycles between fasting and eating."],
    ["Is intermittent fasting safe?", "What the research says about time-restricted eating."],
    ["Study links time-restricted eating to heart risk", "A preliminary analysis found higher risk."],
  ]
    .map(([title, snippet], i) => JSON.stringify({ url: `https://site${i}.example/a`, title, snippet }))
    .join("\n"),
);

const runs = 11;
const GERMAN = "Ist Kaffee gesund?";
const GERMAN_OPEN = "Kaffee oder Tee?";
const times = { bare: [], version: [], planCli: [], planGerman: [], planDetector: [], assessCli: [] };
for (let i = 0; i < runs; i += 1) {
  times.bare.push(timeProcess(["-e", "0"]));
  times.version.push(timeProcess([BIN, "--version"]));
  times.planCli.push(timeProcess([BIN, "plan", QUESTIONS[0], "--json"]));
  times.planGerman.push(timeProcess([BIN, "plan", GERMAN, "--json"]));
  times.planDetector.push(timeProcess([BIN, "plan", GERMAN_OPEN, "--json"]));
  times.assessCli.push(
    timeProcess([BIN, "assess", "--claim", "Intermittent fasting is safe", "--evidence", evidence, "--json"]),
  );
}
rmSync(dir, { recursive: true, force: true });
const bare = median(times.bare);
const version = median(times.version);
const planCli = median(times.planCli);
const planGerman = median(times.planGerman);
const planDetector = median(times.planDetector);
const assessCli = median(times.assessCli);

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}`);
console.log("| measure | value |");
console.log("| --- | --- |");
console.log(`| plan() in process, mean of ${rounds} | ${perPlanUs.toFixed(1)} µs |`);
console.log(`| \`node -e 0\` wall, median of ${runs} | ${bare.toFixed(0)} ms |`);
console.log(
  `| \`core-search --version\` wall, median of ${runs} | ${version.toFixed(0)} ms (${(version / bare).toFixed(2)}× bare node) |`,
);
console.log(
  `| \`core-search plan --json\` wall, median of ${runs} | ${planCli.toFixed(0)} ms (${(planCli / bare).toFixed(2)}× bare node) |`,
);
console.log(
  `| \`core-search plan "${GERMAN}" --json\` wall, median of ${runs} | ${planGerman.toFixed(0)} ms (${(planGerman / bare).toFixed(2)}× bare node) |`,
);
console.log(
  `| \`core-search plan "${GERMAN_OPEN}" --json\` wall (detector loaded), median of ${runs} | ${planDetector.toFixed(0)} ms (${(planDetector / bare).toFixed(2)}× bare node) |`,
);
console.log("");
console.log(`figure cold start, \`core-search --version\` ÷ bare node: ${(version / bare).toFixed(2)}×`);
console.log(`figure cold start, \`core-search plan --json\` ÷ bare node: ${(planCli / bare).toFixed(2)}×`);
console.log(
  `figure cold start, \`core-search plan --json\` (German) ÷ bare node: ${(planGerman / bare).toFixed(2)}×`,
);
console.log(
  `figure cold start, \`core-search plan --json\` (detector loaded) ÷ bare node: ${(planDetector / bare).toFixed(2)}×`,
);
console.log(
  `figure cold start, \`core-search assess --json\` ÷ bare node: ${(assessCli / bare).toFixed(2)}×`,
);
