// Failure cost: how much time a broken first stage adds before the next stage serves. The chain
// is SearXNG (broken) → Brave (a local fake answering 20 hits after a fixed delay), one query
// through search(); each case is compared with Brave alone, measured in the same loop.
//   refused  SearXNG's address is a closed port on 127.0.0.1 (each run with a state directory of
//            its own: the refusal opens a cooldown for the questions after it)
//   cooling  the same address, sharing one state directory: after the first run SearXNG is
//            skipped while it cools down
//   500      SearXNG answers HTTP 500 at once
//   hanging  SearXNG accepts the request and never answers: bounded by the per-stage timeout
//            (SearXNG 15 s, src/providers/searxng.ts) or by the deadline, whichever comes first
// Hanging through corroborate is measured too: there the SearXNG preflight (5 s bound) meets it
// first and SearXNG is skipped for the 4 calls — unless the preflight is cached from a healthy run
// minutes before, when the 4 calls meet SearXNG's 15 s timeout. The 15 s cases wait on timers, so
// they run while the other cases are measured.
// Run: npm run build && node bench/failure-cost.mjs
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import { search } from "../dist/operations/search.js";
import {
  closedPort,
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

const NEXT_STAGE_MS = 50;
const RUNS = 15;
const WARM_UP = 2;
/** src/providers/searxng.ts DEFAULT_TIMEOUT_MS and src/operations/corroborate.ts PREFLIGHT_TIMEOUT_MS. */
const SEARXNG_TIMEOUT_MS = 15_000;
const PREFLIGHT_TIMEOUT_MS = 5_000;
const SHORT_DEADLINE_MS = 2_000;
const QUERY = "bird flu outbreaks risk to humans";

async function main() {
  const services = await startFakeServices();
  const state = scratchStateDir();
  try {
    await services.set("br", { shape: "brave", mode: "ok", delayMs: NEXT_STAGE_MS });
    await services.set("s500", { shape: "searxng", mode: "status", status: 500 });
    await services.set("hang", { shape: "searxng", mode: "hang" });
    const settings = (searxngUrl, stateDir = state.dir) =>
      configFromObject({
        ...(searxngUrl ? { searxngUrl } : {}),
        order: searxngUrl ? ["searxng", "brave"] : ["brave"],
        keys: { brave: "bench-key" },
        baseUrls: { brave: `${services.url}/br` },
        keyless: "off",
        // The fake is not Brave's free plan: it is not paced at 1 request a second.
        rates: "brave:off",
        // The result cache is off: every run asks the services.
        cacheTtlMs: 0,
        stateDir,
      });
    // A refused connection cools the stage down for every later question sharing the state: each
    // "refused" run gets a state directory of its own to meet the refusal, while "cooling" shares
    // one and, after its first run, skips the stage.
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const cases = {
      alone: () => settings(undefined),
      refused: (dir) => settings(closed, dir),
      cooling: () => settings(closed),
      500: () => settings(`${services.url}/s500`),
    };
    const expected = {
      alone: ["ok"],
      refused: ["network", "ok"],
      cooling: ["cooling", "ok"],
      500: ["http_500", "ok"],
    };
    const searchOnce = async (name, options = {}) => {
      const own = name === "refused" ? scratchStateDir() : undefined;
      const config = typeof name === "string" ? cases[name](own?.dir) : name;
      try {
        const { ms, result } = await timed(() => search(QUERY, { config, limit: 20, ...options }));
        return { ms, result, outcomes: result.attempts.map((a) => a.outcome) };
      } finally {
        own?.remove();
      }
    };

    // Hanging with the default deadline (30 s): bounded by SearXNG's own timeout, then Brave serves.
    // It waits on a timer for 15 s, so it runs while the short cases below are measured.
    const hangConfig = settings(`${services.url}/hang`);
    const pendingLong = searchOnce(hangConfig);
    pendingLong.catch(() => undefined); // awaited below; a failure there is reported, not unhandled
    // The same through corroborate after a healthy run: the preflight trusts its cache (SearXNG's
    // /config is kept 3 min), so the 4 calls wait for SearXNG's own timeout before Brave serves.
    await services.set("late", { shape: "searxng", mode: "ok", delayMs: 10 });
    const lateConfig = settings(`${services.url}/late`);
    await corroborate(QUESTION, { config: lateConfig, limit: 20 });
    await services.set("late", { shape: "searxng", mode: "hang" });
    const pendingWarm = timed(() => corroborate(QUESTION, { config: lateConfig, limit: 20 }));
    pendingWarm.catch(() => undefined);

    // Refused and 500, side by side with the next stage alone.
    const times = { alone: [], refused: [], cooling: [], 500: [] };
    for (let i = 0; i < WARM_UP + RUNS; i += 1) {
      for (const name of Object.keys(times)) {
        const one = await searchOnce(name);
        // The first "cooling" run is the one that meets the refusal and opens the cooldown.
        const wanted = name === "cooling" && i === 0 ? expected.refused : expected[name];
        if (one.result.status !== "ok" || one.outcomes.join() !== wanted.join())
          throw new Error(`${name}: unexpected attempts ${one.outcomes.join(", ")}`);
        if (i >= WARM_UP) times[name].push(one.ms);
      }
    }
    const alone = median(times.alone);

    // Hanging, bounded by a deadline shorter than the stage's timeout: Brave is never asked.
    const short = await searchOnce(hangConfig, { deadlineMs: SHORT_DEADLINE_MS });

    // Through corroborate: 4 calls; the preflight meets the hanging SearXNG first.
    const brave = [];
    for (let i = 0; i < 3; i += 1)
      brave.push((await timed(() => corroborate(QUESTION, { config: cases.alone(), limit: 20 }))).ms);
    const viaCorroborate = await timed(() => corroborate(QUESTION, { config: hangConfig, limit: 20 }));
    const braveCorroborate = median(brave);
    const corroborateAdded = viaCorroborate.ms - braveCorroborate;
    const long = await pendingLong;
    if (long.result.status !== "ok") throw new Error(`hanging stage: ${long.result.error}`);
    const warm = await pendingWarm;
    const warmAdded = warm.ms - braveCorroborate;

    console.log(machineLine());
    console.log(
      `chain searxng → brave, one query through search(); Brave answers after ${NEXT_STAGE_MS} ms; median of ${RUNS}`,
    );
    console.log(
      "| first stage | attempts | wall | ÷ next stage alone | time added | bound | added ÷ bound |",
    );
    console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    console.log(`| (none: Brave alone) | ok | ${fmt.ms(alone)} | 1.00× | — | — | — |`);
    const described = {
      refused: "refuses connections",
      cooling: "refused a question before (cooling down)",
      500: "answers 500",
    };
    for (const name of ["refused", "cooling", "500"]) {
      const wall = median(times[name]);
      console.log(
        `| ${described[name]} | ${expected[name].join(" → ")} | ${fmt.ms(wall)} | ` +
          `${fmt.ratio(wall / alone)} | ${fmt.ms(wall - alone)} | — | — |`,
      );
    }
    console.log(
      `| hangs, deadline ${SHORT_DEADLINE_MS} ms (1 run) | ${short.outcomes.join(" → ")} (${short.result.status}) | ${fmt.ms(short.ms)} | ` +
        `— | Brave never served | deadline ${SHORT_DEADLINE_MS} ms | ${fmt.ratio(short.ms / SHORT_DEADLINE_MS)} |`,
    );
    const longAdded = long.ms - alone;
    console.log(
      `| hangs, default deadline (1 run) | ${long.outcomes.join(" → ")} | ${fmt.ms(long.ms)} | ${fmt.ratio(long.ms / alone)} | ` +
        `${fmt.ms(longAdded)} | SearXNG timeout ${SEARXNG_TIMEOUT_MS} ms | ${fmt.ratio(longAdded / SEARXNG_TIMEOUT_MS)} |`,
    );
    const attempts = viaCorroborate.result.calls.map((c) => c.attempts.map((a) => a.outcome).join(" → "));
    console.log(
      `| corroborate, hangs (1 run; Brave alone: ${fmt.ms(braveCorroborate)}, median of 3) | ${[...new Set(attempts)].join("; ")} | ` +
        `${fmt.ms(viaCorroborate.ms)} | ${fmt.ratio(viaCorroborate.ms / braveCorroborate)} | ${fmt.ms(corroborateAdded)} | ` +
        `preflight ${PREFLIGHT_TIMEOUT_MS} ms | ${fmt.ratio(corroborateAdded / PREFLIGHT_TIMEOUT_MS)} |`,
    );
    const warmAttempts = warm.result.calls.map((c) => c.attempts.map((a) => a.outcome).join(" → "));
    console.log(
      `| corroborate, hangs after a healthy run (preflight cached; 1 run) | ${[...new Set(warmAttempts)].join("; ")} | ` +
        `${fmt.ms(warm.ms)} | ${fmt.ratio(warm.ms / braveCorroborate)} | ${fmt.ms(warmAdded)} | ` +
        `SearXNG timeout ${SEARXNG_TIMEOUT_MS} ms | ${fmt.ratio(warmAdded / SEARXNG_TIMEOUT_MS)} |`,
    );
    console.log("");
    figure(
      "failure cost, refused → next stage",
      `+${fmt.ms(median(times.refused) - alone)} (${fmt.ratio(median(times.refused) / alone)} of next stage alone)`,
    );
    figure(
      "failure cost, refused before, cooling → next stage",
      `+${fmt.ms(median(times.cooling) - alone)} (${fmt.ratio(median(times.cooling) / alone)} of next stage alone)`,
    );
    figure(
      "failure cost, HTTP 500 → next stage",
      `+${fmt.ms(median(times[500]) - alone)} (${fmt.ratio(median(times[500]) / alone)} of next stage alone)`,
    );
    figure(
      "failure cost, hanging → next stage",
      `+${fmt.ms(longAdded)} (${fmt.ratio(longAdded / SEARXNG_TIMEOUT_MS)} of the 15 s stage timeout)`,
    );
  } finally {
    await services.close();
    state.remove();
  }
}

run(main);
