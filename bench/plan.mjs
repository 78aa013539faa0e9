// Planner speed: in-process plan() cost, and the wall time of `core-search plan` as a process,
// measured side by side with a bare `node` start so machine noise shows up in both.
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

function timeProcess(args, runs) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    execFileSync(process.execPath, args, {
      stdio: ["ignore", "ignore", "ignore"],
      env: { PATH: process.env.PATH },
    });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

// In-process: warm up, then the mean over many plans.
for (let i = 0; i < 200; i += 1) plan(QUESTIONS[i % QUESTIONS.length]);
const rounds = 5000;
const start = process.hrtime.bigint();
for (let i = 0; i < rounds; i += 1) plan(QUESTIONS[i % QUESTIONS.length]);
const perPlanUs = Number(process.hrtime.bigint() - start) / 1e3 / rounds;

const runs = 15;
const bare = timeProcess(["-e", "0"], runs);
const version = timeProcess([BIN, "--version"], runs);
const planCli = timeProcess([BIN, "plan", QUESTIONS[0], "--json"], runs);

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
