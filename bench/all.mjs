// Runs every speed benchmark one after another (never two at once: they would time each other),
// passes their output through, and ends with a summary of every goal and figure they printed.
// Exits non-zero when a benchmark fails (an internal error), never because a goal was missed.
// Run: npm run bench   (builds first), or after a build: node bench/all.mjs [name …]
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { machineLine } from "./common.mjs";

// [file, what, arguments]
const BENCHES = [
  ["plan", "cold start and planner speed"],
  // One run per size here: its timings are measured again, interleaved, by scale.mjs.
  ["dedup", "dedup, syndication and origins (one run per size)", ["--runs", "1"]],
  ["origins", "origin precision, recall and reasons on the labelled cases"],
  ["scale", "dedup + judge + label at 1k / 10k / 20k hits"],
  ["analysis-cpu", "CPU time of a question's dedup + judge + label"],
  ["overhead", "corroborate overhead over provider latency"],
  ["parallelism", "calls in parallel vs one after another"],
  ["failure-cost", "a broken stage before the next one"],
  ["api-path", "corroborate through search APIs only: Exa alone, Exa refusing or hanging before Tavily"],
  ["deadline", "every stage hanging"],
  ["server", "20 concurrent requests through the HTTP API, 10 concurrent tool calls through the MCP server"],
  ["cli", "the command, one question a process, as an agent runs it"],
  ["first-question", "the first question of a new process: library, MCP server, HTTP API"],
  ["state", "cache hit latency and state round trips per corroborate (memory, file, Redis)"],
  ["read-pages", "corroborate reading pages (auto, 3 and 5) against the same question without reading"],
  ["runs", "corroborate keeping its run against runs off"],
];
const BUDGET_MS = 180_000;

function runBench(name, args = []) {
  return new Promise((resolve) => {
    const file = fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
    const child = spawn(process.execPath, [file, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const lines = [];
    let rest = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
    });
    child.on("close", (code, signal) => {
      if (rest !== "") lines.push(rest);
      resolve({ code: code ?? (signal ? 1 : 0), lines });
    });
    child.on("error", (error) => {
      console.error(`cannot start ${name}: ${error.message}`);
      resolve({ code: 1, lines });
    });
  });
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.some(([bench]) => bench === name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")} (known: ${BENCHES.map(([b]) => b).join(", ")})`);
  process.exit(2);
}
const started = performance.now();
const summary = [];
const failed = [];
for (const [name, what, args] of BENCHES.filter(([bench]) => wanted.length === 0 || wanted.includes(bench))) {
  console.log(`\n## ${name} — ${what}\n`);
  const benchStart = performance.now();
  const { code, lines } = await runBench(name, args);
  const seconds = ((performance.now() - benchStart) / 1000).toFixed(1);
  if (code !== 0) failed.push(name);
  summary.push(`${name} (${seconds} s${code !== 0 ? `, FAILED with exit code ${code}` : ""})`);
  for (const line of lines) if (/^(goal|figure) /.test(line)) summary.push(`  ${line}`);
}
const totalMs = performance.now() - started;
console.log("\n## summary\n");
console.log(machineLine());
for (const line of summary) console.log(line);
console.log(
  `total ${(totalMs / 1000).toFixed(1)} s${totalMs > BUDGET_MS ? ` — over the ${BUDGET_MS / 1000} s budget` : ""}`,
);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
