// Server: many questions at once through the two server surfaces, against a local fake SearXNG
// answering 20 hits after a fixed delay, 4 calls a question.
//   HTTP API  20 concurrent `POST /v1/corroborate` to `core-search serve` (dist/bin.cjs) in a child
//             process, as it is deployed: default limits (32 corroborate requests at once, then a
//             queue), settings from its environment. None of the 20 may be refused (503 BUSY).
//   MCP       10 concurrent `corroborate` tool calls to `core-search mcp` (dist/bin.cjs), the way MCP
//             clients run it: a child process on stdio, one state store for its life, settings
//             from its environment; spoken to by the SDK's own stdio client. Its own process keeps
//             the client's reading of the replies off the server's thread.
// Each request's latency ÷ the provider latency, p50 and p95 over all rounds, next to one request
// alone measured before each round.
// The HTTP API is measured twice: soon after start (about 100 questions in), and warmed, after
// WARM_QUESTIONS more. A new process is still compiling its hot functions to machine code for the
// first few hundred questions, on the same cores (V8's background threads, for the main thread and
// each analysis thread): CPU per question falls from about 40 ms over the first 40 questions to
// about 25 ms once warm. A long-running server spends nearly all its life warm.
// Run: npm run build && node bench/server.mjs
import {
  checkServedReport,
  figure,
  fmt,
  machineLine,
  median,
  percentile,
  run,
  scratchStateDir,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";
import { askServe, startMcp, startServe } from "./spawned.mjs";

const HTTP_CONCURRENT = 20;
const MCP_CONCURRENT = 10;
const ROUNDS = 3;
/** Questions sent (20 at once, at the shorter latency) before the warmed measurement. */
const WARM_QUESTIONS = 400;
const LATENCIES_MS = [50, 300];
const LIMIT = 20;

/** One checked question through the HTTP API; resolves with its latency. */
async function askHttp(api) {
  const { ms, status, body } = await askServe(api, LIMIT);
  if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  checkServedReport(body, LIMIT);
  return ms;
}

/** Settings of a server asking the fake SearXNG only, with the result cache off. */
const settingsEnv = (searxngUrl, stateDir) => ({
  SEARXNG_URL: searxngUrl,
  CORE_SEARCH_KEYLESS: "off",
  // The result cache is off: every run asks the services.
  CORE_SEARCH_CACHE_TTL: "0",
  CORE_SEARCH_STATE_DIR: stateDir,
});

/**
 * For each provider latency: a warm-up (JIT, connections to the fake, the preflight's cache; a full
 * round the first time, one request after that), then ROUNDS × (one request alone, then
 * `concurrent` at once). `askOnce` resolves with one checked request's latency.
 */
async function measure(services, askOnce, concurrent, latencies = LATENCIES_MS) {
  const rows = [];
  const many = (count) => Promise.all(Array.from({ length: count }, () => askOnce()));
  for (const latency of latencies) {
    await services.set("sx", { shape: "searxng", mode: "ok", delayMs: latency });
    await many(latency === latencies[0] ? concurrent : 1);
    const alone = [];
    const together = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      alone.push(await askOnce());
      together.push(...(await many(concurrent)));
    }
    rows.push({
      latency,
      concurrent,
      alone: median(alone),
      p50: percentile(together, 50),
      p95: percentile(together, 95),
    });
  }
  return rows;
}

async function main() {
  const services = await startFakeServices();
  const state = scratchStateDir();
  const mcpState = scratchStateDir();
  const closers = [];
  try {
    const searxngUrl = `${services.url}/sx`;
    const api = await startServe(settingsEnv(searxngUrl, state.dir));
    closers.push(() => api.close());
    const httpRows = await measure(services, () => askHttp(api), HTTP_CONCURRENT);

    // The API's default limit of corroborate requests at once (the same server), met with the same 20.
    const defaults = api;
    // Each is served (checked) or refused with 503 BUSY; any other answer is an error.
    const statuses = {};
    for (const answer of await Promise.all(
      Array.from({ length: HTTP_CONCURRENT }, () => askServe(defaults, LIMIT)),
    )) {
      if (answer.status === 200) checkServedReport(answer.body, LIMIT);
      else if (answer.status !== 503 || answer.body?.error?.code !== "BUSY")
        throw new Error(
          `default concurrency: HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
        );
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }

    await services.set("sx", { shape: "searxng", mode: "ok", delayMs: LATENCIES_MS[0] });
    for (let sent = 0; sent < WARM_QUESTIONS; sent += HTTP_CONCURRENT)
      await Promise.all(Array.from({ length: HTTP_CONCURRENT }, () => askHttp(api)));
    const warmRows = await measure(services, () => askHttp(api), HTTP_CONCURRENT, LATENCIES_MS.slice(1));

    const mcp = await startMcp(settingsEnv(searxngUrl, mcpState.dir), { limit: LIMIT });
    closers.push(() => mcp.close());
    const mcpRows = await measure(services, () => mcp.ask(), MCP_CONCURRENT);

    console.log(machineLine());
    console.log(
      `4 calls × ${LIMIT} hits per question; ${ROUNDS} rounds per latency (HTTP API ${ROUNDS * HTTP_CONCURRENT} requests, ` +
        `MCP ${ROUNDS * MCP_CONCURRENT} tool calls)`,
    );
    console.log(
      "| through | provider latency | 1 request alone, median | ÷ latency | N at once | p50 | ÷ latency | p95 | ÷ latency |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    const surfaces = [
      ["HTTP API", httpRows],
      [`HTTP API, warmed (${WARM_QUESTIONS} more questions)`, warmRows],
      ["MCP (stdio)", mcpRows],
    ];
    for (const [through, rows] of surfaces) {
      for (const row of rows) {
        console.log(
          `| ${through} | ${row.latency} ms | ${fmt.ms(row.alone)} | ${fmt.ratio(row.alone / row.latency)} | ${row.concurrent} | ` +
            `${fmt.ms(row.p50)} | ${fmt.ratio(row.p50 / row.latency)} | ${fmt.ms(row.p95)} | ${fmt.ratio(row.p95 / row.latency)} |`,
        );
      }
    }
    const refused = HTTP_CONCURRENT - (statuses[200] ?? 0);
    console.log(
      `with the HTTP API's default concurrency, ${HTTP_CONCURRENT} at once got: ${JSON.stringify(statuses)} (status: count)`,
    );
    console.log("");
    const ratios = (row) =>
      `${fmt.ratio(row.p50 / row.latency)} / ${fmt.ratio(row.p95 / row.latency)} (alone ${fmt.ratio(row.alone / row.latency)})`;
    for (const row of httpRows)
      figure(`server, 20 concurrent, provider ${row.latency} ms: p50 / p95 ÷ latency`, ratios(row));
    for (const row of warmRows)
      figure(`server warmed, 20 concurrent, provider ${row.latency} ms: p50 / p95 ÷ latency`, ratios(row));
    for (const row of mcpRows)
      figure(
        `server, MCP ${MCP_CONCURRENT} concurrent tool calls, provider ${row.latency} ms: p50 / p95 ÷ latency`,
        ratios(row),
      );
    figure(
      `server, HTTP API at its default concurrency: ${HTTP_CONCURRENT} at once`,
      `${refused} of ${HTTP_CONCURRENT} refused`,
    );
  } finally {
    for (const close of closers.reverse()) await close();
    await services.close();
    state.remove();
    mcpState.remove();
  }
}

run(main);
