// Helpers shared by the benchmarks: statistics, the machine line, goal lines, a scratch state
// directory and a closed port. Not a benchmark itself.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

/** A question the planner turns into 4 calls (neutral, news, science, counter). */
export const QUESTION = "Are recent bird flu outbreaks dangerous to humans?";

/**
 * Throws unless every planned call of the report ran and was served by `provider` (SearXNG unless
 * named) with `limit` hits (not by a cache, not by a later stage): the benchmark measured what it
 * says it measured. Earlier attempts (a stage that failed first) are allowed; `attempts` shows them.
 */
export function checkServedReport(report, limit, calls = 4, provider = "searxng") {
  const ran = report.calls.filter((call) => call.status !== "skipped");
  const served = (call) =>
    call.status === "ok" &&
    call.hits === limit &&
    call.provider === provider &&
    call.attempts.at(-1)?.outcome === "ok";
  if (ran.length !== calls || !ran.every(served)) {
    const seen = ran.map((call) => `${call.status} ${call.hits} ${attemptChain(call)}`);
    throw new Error(`expected ${calls} calls × ${limit} hits served by ${provider}, got: ${seen.join("; ")}`);
  }
}

/** One call's attempts as `exa timeout → tavily ok`. */
export function attemptChain(call) {
  return call.attempts.map((a) => `${a.provider} ${a.outcome}`).join(" → ");
}

/** The distinct attempt chains of a report's calls that ran, joined with `; `. */
export function attemptChains(report) {
  const ran = report.calls.filter((call) => call.status !== "skipped");
  return [...new Set(ran.map(attemptChain))].join("; ");
}

export function median(values) {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0–100) of a non-empty list. */
export function percentile(values, p) {
  if (values.length === 0) throw new Error("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** Milliseconds an async function takes, with its result. */
export async function timed(work) {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

/** `2 × AMD EPYC 7B13, node v20.20.2, load 1.93` — the load average shows how busy the machine was. */
export function machineLine() {
  let model = cpus()[0]?.model ?? "?";
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? model;
  } catch {
    // not Linux: keep what os.cpus() said
  }
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return `machine: ${cpus().length} × ${model.trim()}, node ${process.version}, load average ${load}`;
}

/**
 * One line per goal, in a shape bench/all.mjs collects for its summary. A missed goal is reported,
 * never an error: these machines are noisy.
 */
export function goal(name, value, limit, shown = value.toFixed(2)) {
  const met = value <= limit;
  console.log(`goal ${name}: ${shown} (goal ≤ ${limit}) — ${met ? "goal met" : "goal missed"}`);
  return met;
}

/** A figure without a goal, collected into bench/all.mjs's summary as well. */
export function figure(name, shown) {
  console.log(`figure ${name}: ${shown}`);
}

/** A fresh state directory (pauses, engine health) that is removed by the returned function. */
export function scratchStateDir() {
  const dir = mkdtempSync(join(tmpdir(), "core-search-bench-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released): connections are refused. */
export async function closedPort() {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a benchmark's main function; an internal error (not a missed goal) sets exit code 1. */
export function run(main) {
  main().catch((error) => {
    console.error(`bench failed: ${error?.stack ?? error}`);
    process.exitCode = 1;
  });
}

export const fmt = {
  ms: (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`,
  ratio: (value) => `${value.toFixed(2)}×`,
};
