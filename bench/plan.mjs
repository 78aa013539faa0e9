// Planner speed and cold start: in-process plan() cost, and the wall time of `core-search plan` and
// `core-search --version` as processes, taking turns with a bare `node` start in one loop so
// machine noise shows up in all three.
// Run: npm run build && node bench/plan.mjs   (writes nothing; prints a markdown table)
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { plan } from "../dist/index.js";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
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

const runs = 11;
const times = { bare: [], version: [], planCli: [] };
for (let i = 0; i < runs; i += 1) {
  times.bare.push(timeProcess(["-e", "0"]));
  times.version.push(timeProcess([BIN, "--version"]));
  times.planCli.push(timeProcess([BIN, "plan", QUESTIONS[0], "--json"]));
}
const bare = median(times.bare);
const version = median(times.version);
const planCli = median(times.planCli);

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
console.log("");
console.log(`figure cold start, \`core-search --version\` ÷ bare node: ${(version / bare).toFixed(2)}×`);
console.log(`figure cold start, \`core-search plan --json\` ÷ bare node: ${(planCli / bare).toFixed(2)}×`);
