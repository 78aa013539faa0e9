// Keeping runs: what storing a question's run (its report, the calls' results and the pages read)
// costs against the same question with runs off. One search service (an in-process provider)
// answers each of the four calls with 20 results after 300 ms, so a run holds 80 results; the runs
// go to a state directory of files, as they do by default. Runs on and off take turns in one loop:
// median of 15 after 3 warm-up rounds. Goal: keeping runs costs at most 5 % of a question's time.
// Run: npm run build && node bench/runs.mjs
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import { figure, fmt, goal, machineLine, median, run, scratchStateDir, timed } from "./common.mjs";

const SEARCH_MS = 300;
const HITS = 20;
const WARM_UP = 3;
const RUNS = 15;
const QUESTION = "Is coffee good for your liver?";

/** A search service finding HITS pages of distinct sites for every call, after SEARCH_MS. */
const provider = {
  name: "exa",
  configured: true,
  search: async (request) => {
    await new Promise((resolve) => setTimeout(resolve, SEARCH_MS));
    return {
      hits: Array.from({ length: HITS }, (_, i) => ({
        url: `https://site${i}-${request.query.length}.example/coffee-liver-${i}`,
        title: `Coffee and liver health, study ${i}: what drinkers should know`,
        snippet: `Researchers followed ${1000 + i * 37} adults and found that coffee drinkers had lower rates of liver disease. ${"The authors adjusted for smoking, alcohol and diet. ".repeat(3)}`,
        publishedAt: null,
        engines: [],
        rank: i + 1,
      })),
      unresponsiveEngines: [],
      warnings: [],
    };
  },
};

async function main() {
  console.log(machineLine());
  const state = scratchStateDir();
  const settings = (runs) => configFromObject({ keyless: "off", cacheTtlMs: 0, stateDir: state.dir, runs });
  const times = { on: [], off: [] };
  try {
    for (let round = 0; round < WARM_UP + RUNS; round++) {
      for (const runs of ["on", "off"]) {
        const { ms, result } = await timed(() =>
          corroborate(QUESTION, { config: settings(runs), providers: [provider] }),
        );
        if ((result.runId !== undefined) !== (runs === "on"))
          throw new Error(`runs ${runs}: runId ${result.runId}`);
        if (round >= WARM_UP) times[runs].push(ms);
      }
    }
  } finally {
    state.remove();
  }
  const on = median(times.on);
  const off = median(times.off);
  console.log(`\n4 calls of ${HITS} results, ${SEARCH_MS} ms each; median of ${RUNS}\n`);
  console.log("| runs | wall | ÷ runs off |");
  console.log("| :--- | ---: | ---: |");
  console.log(`| off | ${fmt.ms(off)} | 1.00× |`);
  console.log(`| on | ${fmt.ms(on)} | ${fmt.ratio(on / off)} |`);
  figure("keeping a run (80 results)", `+${fmt.ms(on - off)}`);
  goal("keeping runs ÷ runs off", on / off, 1.05, fmt.ratio(on / off));
}

run(main);
