// Deadline: every stage hangs (SearXNG, Exa and Brave as local fakes that accept requests and
// never answer); `corroborate` must still return its report within the deadline + 100 ms.
//   cold preflight  SearXNG's /config hangs too: the preflight itself meets the deadline
//   warm preflight  /config and engine health are cached from an earlier healthy run, so the
//                   4 calls are sent and hang in the chain until the deadline aborts them
// Run: npm run build && node bench/deadline.mjs   (goal: overshoot ≤ 100 ms)
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import { fmt, goal, machineLine, median, QUESTION, run, scratchStateDir, timed } from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const DEADLINE_MS = 1_000;
const RUNS = 4;
const ALLOWED_OVERSHOOT_MS = 100;

async function main() {
  const services = await startFakeServices();
  const state = scratchStateDir();
  try {
    await services.set("exa", { shape: "exa", mode: "hang" });
    await services.set("brave", { shape: "brave", mode: "hang" });
    await services.set("cold", { shape: "searxng", mode: "hang" });
    await services.set("warm", { shape: "searxng", mode: "ok", delayMs: 10 });
    const settings = (searxngUrl) =>
      configFromObject({
        searxngUrl,
        order: ["searxng", "exa", "brave"],
        keys: { exa: "bench-key", brave: "bench-key" },
        baseUrls: { exa: `${services.url}/exa`, brave: `${services.url}/brave` },
        keyless: "off",
        // The result cache is off: every run asks the services.
        cacheTtlMs: 0,
        stateDir: state.dir,
      });
    const cold = settings(`${services.url}/cold`);
    const warm = settings(`${services.url}/warm`);
    // A healthy run caches the warm instance's /config and engine health; then it hangs as well.
    const healthy = await corroborate(QUESTION, { config: warm, limit: 20 });
    if (healthy.calls.some((call) => call.status !== "ok" && call.status !== "skipped"))
      throw new Error("the warm-up run did not succeed");
    await services.set("warm", { shape: "searxng", mode: "hang" });
    await services.takeCounts();

    const walls = { cold: [], warm: [] };
    const outcomes = { cold: new Set(), warm: new Set() };
    for (let i = 0; i < RUNS; i += 1) {
      for (const [name, config] of [
        ["cold", cold],
        ["warm", warm],
      ]) {
        const { ms, result } = await timed(() =>
          corroborate(QUESTION, { config, limit: 20, deadlineMs: DEADLINE_MS }),
        );
        if (result.confidence !== "low-coverage" || result.evidence.length > 0)
          throw new Error(`${name}: expected an empty low-coverage report`);
        for (const call of result.calls) outcomes[name].add(call.attempts.map((a) => a.outcome).join(" → "));
        walls[name].push(ms);
      }
    }
    const counts = await services.takeCounts();

    console.log(machineLine());
    console.log(`every stage hangs; deadline ${DEADLINE_MS} ms; ${RUNS} runs each`);
    console.log(
      "| preflight | attempts per call | wall, median | wall, worst | worst overshoot | worst ÷ deadline |",
    );
    console.log("| --- | --- | ---: | ---: | ---: | ---: |");
    for (const name of ["cold", "warm"]) {
      const worst = Math.max(...walls[name]);
      console.log(
        `| ${name} | ${[...outcomes[name]].join("; ")} | ${fmt.ms(median(walls[name]))} | ${fmt.ms(worst)} | ` +
          `${fmt.ms(worst - DEADLINE_MS)} | ${(worst / DEADLINE_MS).toFixed(3)} |`,
      );
    }
    console.log(`requests the hanging services received: ${JSON.stringify(counts)}`);
    console.log("");
    for (const name of ["cold", "warm"]) {
      const worst = Math.max(...walls[name]) - DEADLINE_MS;
      goal(
        `deadline, ${name} preflight, worst overshoot in ms`,
        worst,
        ALLOWED_OVERSHOOT_MS,
        `${worst.toFixed(0)} ms = ${(1 + worst / DEADLINE_MS).toFixed(3)} × deadline`,
      );
    }
  } finally {
    await services.close();
    state.remove();
  }
}

run(main);
