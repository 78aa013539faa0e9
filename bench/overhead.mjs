// Overhead: `corroborate` wall time ÷ the slowest planned call's provider latency, with a local fake
// SearXNG that answers every search with 20 hits after a fixed delay (4 planned calls × 20 hits).
// The preflight is warm (its /config and engine health are cached in the state directory after
// the warm-up runs, as in any burst of questions), so the measured runs send only the 4 searches.
// Side by side in the same loop: 4 bare requests for the same searches in parallel (undici, no
// core-search), the floor any client pays on this machine.
// Run: npm run build && node bench/overhead.mjs   (goal: ≤ 1.05)
import { request } from "undici";
import { configFromObject } from "../dist/config/config.js";
import { corroborate, plan } from "../dist/index.js";
import {
  checkServedReport,
  fmt,
  goal,
  machineLine,
  median,
  QUESTION,
  run,
  scratchStateDir,
  timed,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const LIMIT = 20;
const WARM_UP = 2;
const RUNS = 11;
const GOAL = 1.05;

const SCENARIOS = [
  { name: "every call 50 ms", behaviour: { delayMs: 50 }, slowest: 50 },
  { name: "every call 300 ms", behaviour: { delayMs: 300 }, slowest: 300 },
  {
    name: "3 calls 50 ms, science call 300 ms",
    behaviour: { delayMs: 50, slow: { category: "science", delayMs: 300 } },
    slowest: 300,
  },
];

/** The 4 planned searches as bare GET requests, in parallel: the floor for this machine. */
async function bareRequests(base, calls) {
  await Promise.all(
    calls.map(async (call) => {
      const url = new URL(`${base}/search`);
      url.searchParams.set("q", call.query);
      url.searchParams.set("format", "json");
      if (call.engines.length > 0) url.searchParams.set("engines", call.engines.join(","));
      else url.searchParams.set("categories", call.categories.join(","));
      const response = await request(url);
      const body = await response.body.json();
      if (response.statusCode !== 200 || body.results.length !== LIMIT)
        throw new Error(`bare request got ${response.statusCode}`);
    }),
  );
}

async function main() {
  const services = await startFakeServices();
  const state = scratchStateDir();
  try {
    const base = `${services.url}/sx`;
    const config = configFromObject({
      searxngUrl: base,
      keyless: "off",
      cacheTtlMs: 0, // every run asks the services
      stateDir: state.dir,
    });
    const calls = plan(QUESTION, { limit: LIMIT }).calls;
    if (calls.length !== 4) throw new Error(`the question plans ${calls.length} calls, not 4`);

    console.log(machineLine());
    console.log(
      `question: ${JSON.stringify(QUESTION)} — ${calls.length} calls × ${LIMIT} hits; median of ${RUNS} after ${WARM_UP} warm-up runs`,
    );
    console.log(
      "| provider latency | slowest call | corroborate, median | ÷ slowest latency | 4 bare requests, median | ÷ slowest latency | core-search's own cost |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    const results = [];
    for (const scenario of SCENARIOS) {
      await services.set("sx", { shape: "searxng", mode: "ok", ...scenario.behaviour });
      for (let i = 0; i < WARM_UP; i += 1) {
        checkServedReport(await corroborate(QUESTION, { config, limit: LIMIT }), LIMIT);
        await bareRequests(base, calls);
      }
      await services.takeCounts();
      const wall = [];
      const bare = [];
      for (let i = 0; i < RUNS; i += 1) {
        const one = await timed(() => corroborate(QUESTION, { config, limit: LIMIT }));
        checkServedReport(one.result, LIMIT);
        wall.push(one.ms);
        bare.push((await timed(() => bareRequests(base, calls))).ms);
      }
      const counts = await services.takeCounts();
      // 0 when the preflight's cache stayed warm; more would mean it measured a cold preflight.
      const preflightRequests = (counts["sx /config"] ?? 0) + (counts["sx /search (probe)"] ?? 0);
      const row = { ...scenario, wall: median(wall), bare: median(bare), preflightRequests };
      results.push(row);
      console.log(
        `| ${row.name} | ${row.slowest} ms | ${fmt.ms(row.wall)} | ${fmt.ratio(row.wall / row.slowest)} | ` +
          `${fmt.ms(row.bare)} | ${fmt.ratio(row.bare / row.slowest)} | ${fmt.ms(row.wall - row.bare)} |`,
      );
    }
    console.log(
      `preflight requests during the measured runs: ${results.map((r) => r.preflightRequests).join(", ")} (0: its cache stayed warm)`,
    );
    console.log("");
    for (const row of results) goal(`overhead, ${row.name}`, row.wall / row.slowest, GOAL);
  } finally {
    await services.close();
    state.remove();
  }
}

run(main);
