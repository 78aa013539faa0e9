// Parallelism: the 4 planned calls run one after another against the same 4 calls run in parallel,
// with a local fake SearXNG answering 20 hits after a fixed delay. `corroborate` has no
// concurrency setting, so "one after another" is measured two ways, side by side in one loop:
//   - corroborate with the SearXNG stage wrapped to take one search at a time (the same pipeline,
//     only the fan-out serialised);
//   - search() called 4 times in a row with each planned call's query, categories and time range
//     (no preflight, dedup or judging: a lower bound for a caller doing it by hand).
// Both are compared with corroborate's own parallel run over the same injected stage.
// Run: npm run build && node bench/parallelism.mjs
import { configFromObject } from "../dist/config/config.js";
import { createHttpClient } from "../dist/http/http-client.js";
import { corroborate, plan } from "../dist/index.js";
import { search } from "../dist/operations/search.js";
import { createSearxngProvider } from "../dist/providers/searxng.js";
import {
  checkServedReport,
  figure,
  fmt,
  machineLine,
  median,
  QUESTION,
  run,
  scratchStateDir,
  timed,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const LIMIT = 20;
const LATENCY_MS = 200;
const WARM_UP = 1;
const RUNS = 5;

/** The stage, taking one search at a time: the others wait their turn. */
function oneAtATime(provider) {
  let queue = Promise.resolve();
  return {
    name: provider.name,
    configured: provider.configured,
    search(request) {
      const turn = queue.then(() => provider.search(request));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

async function main() {
  const services = await startFakeServices();
  const state = scratchStateDir();
  try {
    const base = `${services.url}/sx`;
    await services.set("sx", { shape: "searxng", mode: "ok", delayMs: LATENCY_MS });
    const config = configFromObject({
      searxngUrl: base,
      keyless: "off",
      cacheTtlMs: 0, // every run asks the services
      stateDir: state.dir,
    });
    const stage = createSearxngProvider({ url: base, http: createHttpClient() });
    const parallel = () => corroborate(QUESTION, { config, limit: LIMIT, providers: [stage] });
    const serial = () => corroborate(QUESTION, { config, limit: LIMIT, providers: [oneAtATime(stage)] });
    const calls = plan(QUESTION, { limit: LIMIT }).calls;
    const byHand = async () => {
      for (const call of calls) {
        const outcome = await search(call.query, {
          config,
          categories: call.categories,
          timeRange: call.timeRange === "none" ? null : call.timeRange,
          limit: LIMIT,
        });
        const last = outcome.attempts.at(-1);
        if (outcome.provider !== "searxng" || outcome.hits.length !== LIMIT || last?.outcome !== "ok")
          throw new Error(`search: ${outcome.error ?? outcome.attempts.map((a) => a.outcome).join("→")}`);
      }
    };

    const times = { parallel: [], serial: [], byHand: [] };
    for (let i = 0; i < WARM_UP + RUNS; i += 1) {
      const p = await timed(parallel);
      checkServedReport(p.result, LIMIT);
      const s = await timed(serial);
      checkServedReport(s.result, LIMIT);
      const h = await timed(byHand);
      if (i < WARM_UP) continue;
      times.parallel.push(p.ms);
      times.serial.push(s.ms);
      times.byHand.push(h.ms);
    }
    const [p, s, h] = [median(times.parallel), median(times.serial), median(times.byHand)];
    console.log(machineLine());
    console.log(
      `question: ${JSON.stringify(QUESTION)} — 4 calls × ${LIMIT} hits, every call ${LATENCY_MS} ms; median of ${RUNS}`,
    );
    console.log("| run | wall, median | ÷ provider latency | speed-up of the parallel run |");
    console.log("| --- | ---: | ---: | ---: |");
    console.log(`| corroborate, 4 calls in parallel | ${fmt.ms(p)} | ${fmt.ratio(p / LATENCY_MS)} | — |`);
    console.log(
      `| corroborate, calls one after another | ${fmt.ms(s)} | ${fmt.ratio(s / LATENCY_MS)} | ${fmt.ratio(s / p)} |`,
    );
    console.log(
      `| search() × 4, one after another | ${fmt.ms(h)} | ${fmt.ratio(h / LATENCY_MS)} | ${fmt.ratio(h / p)} |`,
    );
    console.log("");
    figure("parallelism, speed-up over calls one after another (ideal 4)", fmt.ratio(s / p));
  } finally {
    await services.close();
    state.remove();
  }
}

run(main);
