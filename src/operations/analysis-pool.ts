import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { StanceInput, StanceJudgement } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import { codeFile } from "../util/package-files.js";
import { type AnalyseHits, analyseHits, type HitsToAnalyse } from "./analyse-hits.js";
import { fromSent, type SentAnalysis } from "./analysis-wire.js";

/**
 * Worker threads for the part of a question that only computes (dedup → built-in judge → label), so a
 * server's event loop keeps to I/O while other questions are analysed. piscina is loaded here only,
 * when a server opens a pool: the CLI and the library never pay for it.
 */
export interface AnalysisPool {
  analyse: AnalyseHits;
  /** Waits for running analyses, then stops the threads. */
  close(): Promise<void>;
}

/**
 * Each analysis thread's young generation: 32 MB semi-spaces, twice V8's default. A thread makes
 * about 3 MB of short-lived objects a question, and holds little from one task to the next, so
 * collecting half as often copies half as much. Two servers taking turns round by round (20
 * questions at once, as in bench/server.mjs; four runs): 0.5-1.3 ms less CPU a question with this
 * size than with the default, and never more.
 */
const YOUNG_GENERATION_MB = 96;

/**
 * Threads a server uses by default: one per core. The analyses come in bursts, when searches come
 * back, while the event loop mostly waits on the network, so they share the cores well. Measured
 * on 2 cores (20 questions at once, 80 hits each, `bench/server.mjs`): p95 2.4× the search latency
 * with one thread, 2.3× with two, 3.4-3.6× with none. On one core a thread only adds the copying.
 */
export function defaultAnalysisThreads(cores = availableParallelism()): number {
  return cores >= 2 ? cores : 0;
}

/**
 * A pool of `threads` analysis threads; undefined when there is no worker module to start them with
 * (running from the TypeScript sources, as the tests do): then the analysis runs in process.
 */
export async function openAnalysisPool(options: {
  threads: number;
  logger: Logger;
}): Promise<AnalysisPool | undefined> {
  const worker = codeFile("operations/analyse-hits-worker-entry.cjs");
  if (!existsSync(worker)) return undefined;
  const { Piscina } = await import("piscina");
  const pool = new Piscina<unknown, unknown>({
    filename: worker.href,
    minThreads: options.threads,
    maxThreads: options.threads,
    // One task per thread at a time, piscina's default, so the threads share one queue. Handing each
    // thread up to 32 at once saved 0.3-1.3 ms of CPU a question, but a long task then held up the
    // tasks behind it on its thread while the other was free: bench/server.mjs's p95 over a server's
    // first questions rose, taking turns, to 2.17x from 1.98x (medians of three runs each), and with 8
    // at once to 2.14x from 2.06x.
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  // Each thread compiles the analysis on made-up results now, while no question is waiting for it
  // (prime-analysis.ts). A thread whose priming fails is only slower on its first question.
  for (let thread = 0; thread < options.threads; thread += 1)
    pool.run(null, { name: "prime" }).catch(() => undefined);
  const analyse: AnalyseHits = Object.assign(
    async (input: HitsToAnalyse) => {
      try {
        return fromSent((await pool.run(input)) as SentAnalysis, input.hits);
      } catch (error) {
        // A thread that failed costs this question its speed, not its report.
        options.logger.warn({ err: error }, "analysis thread failed; analysing in process");
        return analyseHits(input);
      }
    },
    {
      // A failure here only leaves those texts to the final analysis.
      judgeAhead: async (claim: string, items: readonly StanceInput[]) =>
        (await pool.run(
          { claim, items: items.map(({ title, snippet }) => ({ title, snippet })) },
          { name: "judgeTexts" },
        )) as StanceJudgement[],
    },
  );
  return {
    analyse,
    close: () => pool.close(),
  };
}
