// The command, one question per process, as an agent runs it: `core-search "<question>" --json`
// against a local fake of Exa answering 20 hits after 300 ms (bench/fake-services.mjs), each run a
// new process with a state directory of its own. Measured from outside, taking turns with a bare
// `node -e 0` start so that the machine's noise shows in both:
//   wall           spawn to exit, ÷ the provider latency
//   after output   the report's last byte to the process's exit (V8's background work, teardown)
//   own work       the report's timing.totalMs less the provider latency: the question itself
// Run: npm run build && node bench/cli.mjs
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { figure, fmt, machineLine, median, QUESTION, run, scratchStateDir } from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const BIN = fileURLToPath(new URL("../dist/bin.cjs", import.meta.url));
const LATENCY_MS = 300;
const LIMIT = 20;
const RUNS = 9;

/** One process: its wall time, when its output ended, and its stdout. */
function timeProcess(args, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let lastOutput = start;
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      lastOutput = performance.now();
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const end = performance.now();
      if (code !== 0) reject(new Error(`exit ${code}: ${stderr.slice(-500)}`));
      else resolve({ wall: end - start, afterOutput: end - lastOutput, stdout });
    });
  });
}

async function main() {
  const services = await startFakeServices();
  await services.set("exa", { shape: "exa", mode: "ok", delayMs: LATENCY_MS });
  const rows = { bare: [], wall: [], afterOutput: [], own: [] };
  try {
    for (let i = 0; i < RUNS; i += 1) {
      rows.bare.push((await timeProcess(["-e", "0"], { PATH: process.env.PATH })).wall);
      const state = scratchStateDir();
      try {
        const env = {
          PATH: process.env.PATH,
          EXA_API_KEY: "bench-key",
          EXA_BASE_URL: `${services.url}/exa`,
          CORE_SEARCH_ORDER: "exa",
          CORE_SEARCH_KEYLESS: "off",
          CORE_SEARCH_CACHE_TTL: "0",
          CORE_SEARCH_STATE_DIR: state.dir,
        };
        const answer = await timeProcess([BIN, QUESTION, "--json", "--limit", String(LIMIT)], env);
        const report = JSON.parse(answer.stdout);
        if (report.calls.filter((call) => call.status === "ok" && call.hits === LIMIT).length !== 4)
          throw new Error(`expected 4 calls × ${LIMIT} hits from exa, got ${JSON.stringify(report.calls)}`);
        rows.wall.push(answer.wall);
        rows.afterOutput.push(answer.afterOutput);
        rows.own.push(report.timing.totalMs - LATENCY_MS);
      } finally {
        state.remove();
      }
    }
  } finally {
    await services.close();
  }
  const wall = median(rows.wall);
  console.log(machineLine());
  console.log(
    `question: "${QUESTION}" — 4 calls × ${LIMIT} hits from a fake Exa at ${LATENCY_MS} ms; median of ${RUNS} processes`,
  );
  console.log("| bare `node -e 0` | wall | ÷ latency | after the output | the question's own work |");
  console.log("| ---: | ---: | ---: | ---: | ---: |");
  console.log(
    `| ${fmt.ms(median(rows.bare))} | ${fmt.ms(wall)} | ${fmt.ratio(wall / LATENCY_MS)} | ` +
      `${fmt.ms(median(rows.afterOutput))} | ${fmt.ms(median(rows.own))} |`,
  );
  console.log("");
  figure(
    `command, one question a process, Exa ${LATENCY_MS} ms: wall ÷ latency`,
    `${fmt.ratio(wall / LATENCY_MS)} (after the output ${fmt.ms(median(rows.afterOutput))}, bare node ${fmt.ms(median(rows.bare))})`,
  );
}

run(main);
