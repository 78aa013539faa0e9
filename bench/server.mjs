// Server: 20 concurrent `corroborate` requests through the HTTP API (`POST /v1/corroborate`,
// dist/interfaces/server/http-api.js) against a local fake SearXNG answering 20 hits after a fixed delay, 4 calls a
// question. Each request's latency ÷ the provider latency, p50 and p95 over all rounds, next to
// one request alone measured before each round. The API is started with room for 20 corroborate
// requests at once; its default (8) is checked too: the rest are refused with 503 BUSY.
// Run: npm run build && node bench/server.mjs
import { configFromObject } from "../dist/config/config.js";
import { startHttpApi } from "../dist/interfaces/server/http-api.js";
import {
  checkServedReport,
  figure,
  fmt,
  machineLine,
  median,
  percentile,
  QUESTION,
  run,
  scratchStateDir,
  timed,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const CONCURRENT = 20;
const ROUNDS = 3;
const LATENCIES_MS = [50, 300];

async function ask(api) {
  const { ms, result } = await timed(async () => {
    const response = await fetch(`${api.url}/v1/corroborate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, limit: 20 }),
    });
    return { status: response.status, body: await response.json() };
  });
  return { ms, ...result };
}

function checkAnswer({ status, body }) {
  if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  checkServedReport(body, 20);
}

async function main() {
  const services = await startFakeServices();
  const state = scratchStateDir();
  const apis = [];
  try {
    const config = configFromObject({
      searxngUrl: `${services.url}/sx`,
      keyless: "off",
      // The result cache is off: every run asks the services.
      cacheTtlMs: 0,
      stateDir: state.dir,
    });
    const api = await startHttpApi({ config, concurrency: { corroborate: CONCURRENT } });
    apis.push(api);
    const rows = [];
    for (const latency of LATENCIES_MS) {
      await services.set("sx", { shape: "searxng", mode: "ok", delayMs: latency });
      // Warm-up (JIT, connections to the fake, the preflight's cache): a full round the first time,
      // one request after that.
      const warmUp = latency === LATENCIES_MS[0] ? CONCURRENT : 1;
      for (const answer of await Promise.all(Array.from({ length: warmUp }, () => ask(api))))
        checkAnswer(answer);
      const alone = [];
      const together = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const single = await ask(api);
        checkAnswer(single);
        alone.push(single.ms);
        const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => ask(api)));
        for (const answer of answers) {
          checkAnswer(answer);
          together.push(answer.ms);
        }
      }
      rows.push({
        latency,
        alone: median(alone),
        p50: percentile(together, 50),
        p95: percentile(together, 95),
      });
    }

    // The API's default limit of corroborate requests at once, met with the same 20.
    const defaults = await startHttpApi({ config });
    apis.push(defaults);
    const statuses = {};
    for (const answer of await Promise.all(Array.from({ length: CONCURRENT }, () => ask(defaults))))
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;

    console.log(machineLine());
    console.log(
      `${CONCURRENT} concurrent POST /v1/corroborate, 4 calls × 20 hits each; ${ROUNDS} rounds (${ROUNDS * CONCURRENT} requests) per latency`,
    );
    console.log(
      "| provider latency | 1 request alone, median | ÷ latency | 20 at once, p50 | ÷ latency | 20 at once, p95 | ÷ latency |",
    );
    console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const row of rows) {
      console.log(
        `| ${row.latency} ms | ${fmt.ms(row.alone)} | ${fmt.ratio(row.alone / row.latency)} | ${fmt.ms(row.p50)} | ` +
          `${fmt.ratio(row.p50 / row.latency)} | ${fmt.ms(row.p95)} | ${fmt.ratio(row.p95 / row.latency)} |`,
      );
    }
    console.log(
      `with the API's default concurrency, ${CONCURRENT} at once got: ${JSON.stringify(statuses)} (status: count)`,
    );
    console.log("");
    for (const row of rows) {
      figure(
        `server, 20 concurrent, provider ${row.latency} ms: p50 / p95 ÷ latency`,
        `${fmt.ratio(row.p50 / row.latency)} / ${fmt.ratio(row.p95 / row.latency)} (alone ${fmt.ratio(row.alone / row.latency)})`,
      );
    }
  } finally {
    for (const api of apis) await api.close();
    await services.close();
    state.remove();
  }
}

run(main);
