import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Logger } from "../log/logger.js";
import { type AnalyseHits, analyseHits, type HitsToAnalyse } from "./analyse-hits.js";

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
 * Threads a server uses by default: one per core but the event loop's. Measured on 2 cores (20
 * questions at once, 80 hits each), the one thread cut the median wait by a fifth and the 95th
 * percentile by a tenth, although it competes with the event loop for a core; on 1 core there is
 * nothing to gain.
 */
export function defaultAnalysisThreads(cores = availableParallelism()): number {
  return Math.max(0, cores - 1);
}

/**
 * A pool of `threads` analysis threads; undefined when there is no worker module to start them with
 * (running from the TypeScript sources, as the tests do): then the analysis runs in process.
 */
export async function openAnalysisPool(options: {
  threads: number;
  logger: Logger;
}): Promise<AnalysisPool | undefined> {
  const worker = new URL("./analyse-hits-worker.js", import.meta.url);
  if (!existsSync(worker)) return undefined;
  const { Piscina } = await import("piscina");
  const pool = new Piscina<HitsToAnalyse, Awaited<ReturnType<AnalyseHits>>>({
    filename: worker.href,
    minThreads: options.threads,
    maxThreads: options.threads,
  });
  return {
    async analyse(input) {
      try {
        return await pool.run(input);
      } catch (error) {
        // A thread that failed costs this question its speed, not its report.
        options.logger.warn({ err: error }, "analysis thread failed; analysing in process");
        return analyseHits(input);
      }
    },
    close: () => pool.close(),
  };
}
