// The first question of a new process, where V8 has compiled nothing yet, against a local fake Exa
// answering 20 hits after 300 ms (bench/fake-services.mjs), 4 calls a question:
//   library  a new process loads the package, then asks (bench/corroborate-once.mjs without warm-up)
//   MCP      a new `core-search mcp` connected to the SDK's stdio client; its first tool call
//   HTTP API a new `core-search serve`; one `POST /v1/corroborate` as soon as it says where it serves
// Each ÷ the provider latency, the median of RUNS new processes of each, taking turns. What the
// process spends starting (module loading, the server's start) is not in the time; the question's
// own first-run compilation is, and that is what priming the analysis in the wait takes off
// (src/operations/prime-analysis.ts).
// Run: npm run build && node bench/first-question.mjs
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  checkServedReport,
  figure,
  fmt,
  machineLine,
  median,
  QUESTION,
  run,
  scratchStateDir,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";
import { askServe, startMcp, startServe } from "./spawned.mjs";

const LATENCY_MS = 300;
const LIMIT = 20;
const RUNS = 5;
const ONCE = fileURLToPath(new URL("./corroborate-once.mjs", import.meta.url));

/** The bench question in a new process that has only loaded the package: its wall time. */
async function libraryFirst(exaUrl, stateDir) {
  const settings = {
    order: ["exa"],
    keys: { exa: "bench-key" },
    baseUrls: { exa: exaUrl },
    keyless: "off",
    cacheTtlMs: 0,
    stateDir,
  };
  const child = spawn(
    process.execPath,
    [ONCE, JSON.stringify({ settings, question: QUESTION, limit: LIMIT })],
    {
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    stdout += chunk;
    if (stdout === "ready\n") child.stdin.end("go\n");
  });
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`library process exited with ${code}: ${stderr.slice(-1000)}`);
  const { wallMs, report } = JSON.parse(stdout.split("\n")[1] ?? "");
  checkServedReport(report, LIMIT, 4, "exa");
  return wallMs;
}

/** The settings of a server asking the fake Exa only, with the result cache off. */
const serverEnv = (exaUrl, stateDir) => ({
  PATH: process.env.PATH,
  EXA_API_KEY: "bench-key",
  EXA_BASE_URL: exaUrl,
  CORE_SEARCH_ORDER: "exa",
  CORE_SEARCH_KEYLESS: "off",
  CORE_SEARCH_CACHE_TTL: "0",
  CORE_SEARCH_STATE_DIR: stateDir,
});

async function mcpFirst(exaUrl, stateDir) {
  const mcp = await startMcp(serverEnv(exaUrl, stateDir), { limit: LIMIT, provider: "exa" });
  try {
    return await mcp.ask();
  } finally {
    await mcp.close();
  }
}

async function serveFirst(exaUrl, stateDir) {
  const api = await startServe(serverEnv(exaUrl, stateDir));
  try {
    const { ms, status, body } = await askServe(api, LIMIT);
    if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    checkServedReport(body, LIMIT, 4, "exa");
    return ms;
  } finally {
    await api.close();
  }
}

async function main() {
  const services = await startFakeServices();
  await services.set("exa", { shape: "exa", mode: "ok", delayMs: LATENCY_MS });
  const exaUrl = `${services.url}/exa`;
  const kinds = [
    ["library, `corroborate` in a new process", libraryFirst],
    ["MCP, a new server's first tool call", mcpFirst],
    ["HTTP API, a new server's first request", serveFirst],
  ];
  const times = kinds.map(() => []);
  try {
    for (let i = 0; i < RUNS; i += 1) {
      for (const [index, [, first]] of kinds.entries()) {
        const state = scratchStateDir();
        try {
          times[index]?.push(await first(exaUrl, state.dir));
        } finally {
          state.remove();
        }
      }
    }
  } finally {
    await services.close();
  }
  console.log(machineLine());
  console.log(
    `question: the bench question, 4 calls × ${LIMIT} hits from a fake Exa at ${LATENCY_MS} ms; median of ${RUNS} new processes each`,
  );
  console.log("| first question of | wall | ÷ latency |");
  console.log("| --- | ---: | ---: |");
  for (const [index, [name]] of kinds.entries()) {
    const wall = median(times[index] ?? []);
    console.log(`| ${name} | ${fmt.ms(wall)} | ${fmt.ratio(wall / LATENCY_MS)} |`);
  }
  console.log("");
  for (const [index, [name]] of kinds.entries())
    figure(
      `first question, ${name.split(",")[0]}: wall ÷ latency`,
      fmt.ratio(median(times[index] ?? []) / LATENCY_MS),
    );
}

run(main);
