import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Piscina } from "piscina";
import { ReadFailure, type ReadFailureReason } from "../errors.js";
import { codeFile, packageFile } from "../util/package-files.js";
import type { ExtractBounds, ExtractedPage, ExtractPage, PageToExtract } from "./extract-page.js";
import type { ExtractAnswer } from "./extract-worker.js";

/**
 * Every page is extracted in a worker thread that is ended when its time is up: a parser can loop
 * or grow without end on hostile input (a PDF of nested operators, a stream that inflates to a
 * gigabyte), and JavaScript cannot be interrupted from inside. Ending the thread also keeps the
 * process's own thread free to answer signals, other requests and the read's caller.
 *
 * Three bounds hold each extraction: the read's deadline (or its caller's signal), the thread's V8
 * heap, and the growth of the process's resident memory while pages are extracted, which also
 * counts the buffers a parser allocates outside its heap. There is no fall-back to extracting in the
 * caller's thread: a page that cannot be extracted in time is a failed read with its reason.
 */

export interface ExtractionPool {
  extract: ExtractPage;
  /** Ends the threads at once, and with them any extraction still running. */
  close(): Promise<void>;
}

/** A thread's V8 heap: a large page's DOM takes a few tens of megabytes. */
const THREAD_HEAP_MB = 256;
const THREAD_YOUNG_GENERATION_MB = 16;
/**
 * How far the process's resident memory may grow while pages are being extracted before they are
 * stopped, by default. It is what the heap limit cannot see: the typed arrays a PDF's streams are
 * decoded into. A thread's start and a large page's DOM take well under a hundred megabytes.
 */
export const EXTRACTION_MEMORY_MB = 320;
const MEMORY_CHECK_MS = 50;
/** Threads kept a while after their last page, so the pages of one question share them. */
const IDLE_MS = 5_000;

/** Threads by default: two at most, so reading leaves the other cores to the questions. */
export function defaultExtractionThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

/**
 * The built worker module. Running from the sources (the tests), the package's build is used: the
 * thread must run JavaScript, and the sources are TypeScript.
 */
function workerFile(): URL {
  for (const file of [
    codeFile("read/extract-worker-entry.cjs"),
    packageFile("dist/read/extract-worker-entry.cjs"),
  ])
    if (existsSync(file)) return file;
  throw new Error("core-search is not built (no dist/read/extract-worker-entry.cjs): run `npm run build`");
}

export function openExtractionPool(options: { threads?: number; memoryMb?: number } = {}): ExtractionPool {
  const threads = options.threads ?? defaultExtractionThreads();
  const memoryMb = options.memoryMb ?? EXTRACTION_MEMORY_MB;
  let pool: Promise<Piscina> | undefined;
  const started = (): Promise<Piscina> => {
    pool ??= import("piscina").then(
      ({ Piscina }) =>
        // No worker module (an unbuilt checkout) throws here, for every read until there is one.
        new Piscina({
          filename: workerFile().href,
          minThreads: 0,
          maxThreads: threads,
          idleTimeout: IDLE_MS,
          resourceLimits: {
            maxOldGenerationSizeMb: THREAD_HEAP_MB,
            maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
          },
        }),
    );
    const starting = pool;
    starting.catch(() => {
      if (pool === starting) pool = undefined;
    });
    return starting;
  };
  const memory = memoryWatch(memoryMb);

  const extractWithin = async (input: PageToExtract, bounds: ExtractBounds): Promise<ExtractedPage> => {
    const stop = new AbortController();
    const left = bounds.deadlineAt - performance.now();
    const timer = setTimeout(() => stop.abort("timeout" satisfies ReadFailureReason), Math.max(0, left));
    const onCallerAbort = () => stop.abort("aborted" satisfies ReadFailureReason);
    if (bounds.signal?.aborted) onCallerAbort();
    bounds.signal?.addEventListener("abort", onCallerAbort, { once: true });
    const unwatch = memory.watch(stop);
    try {
      if (stop.signal.aborted) throw stopped(input, stop.signal.reason, memoryMb);
      const threads = await started();
      const answer = (await threads.run(input, { signal: stop.signal })) as ExtractAnswer;
      if ("failed" in answer) throw new ReadFailure(answer.failed, { reason: answer.reason });
      return answer.page;
    } catch (error) {
      if (error instanceof ReadFailure) throw error;
      if (stop.signal.aborted) throw stopped(input, stop.signal.reason, memoryMb);
      if ((error as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY")
        throw new ReadFailure(`Extracting ${input.url} needed more than ${THREAD_HEAP_MB} MB`, {
          reason: "too_large",
          cause: error,
        });
      throw new ReadFailure(`Extracting ${input.url} failed`, { reason: "bad_body", cause: error });
    } finally {
      clearTimeout(timer);
      bounds.signal?.removeEventListener("abort", onCallerAbort);
      unwatch();
    }
  };
  // One warming at a time: a read arriving meanwhile finds the thread ready or starting.
  let warming = false;
  const warm = () => {
    if (warming) return;
    warming = true;
    started()
      .then((threads) => threads.run(null, { name: "warm" }))
      .catch(() => undefined)
      .finally(() => {
        warming = false;
      });
  };

  return {
    extract: Object.assign(extractWithin, { warm }),
    async close() {
      const opened = pool;
      pool = undefined;
      memory.stopAll("aborted");
      await (await opened)?.destroy();
    },
  };
}

function stopped(input: PageToExtract, reason: unknown, memoryMb: number): ReadFailure {
  const why = reason === "too_large" || reason === "aborted" ? reason : "timeout";
  const message = {
    timeout: `Extracting ${input.url} took longer than the read's time`,
    aborted: `Extracting ${input.url} was stopped`,
    too_large: `Extracting ${input.url} used more than ${memoryMb} MB`,
  }[why];
  return new ReadFailure(message, { reason: why });
}

/**
 * The pool's running extractions, and one watch over them: while any runs, the process's resident memory is
 * read every few tens of milliseconds, and past its allowance over where it stood when they began,
 * all of them are stopped (which page grew cannot be told from here; an honest page never gets near).
 */
function memoryWatch(memoryMb: number): {
  watch(stop: AbortController): () => void;
  stopAll(reason: ReadFailureReason): void;
} {
  const running = new Set<AbortController>();
  let baseline = 0;
  let timer: NodeJS.Timeout | undefined;
  const stopAll = (reason: ReadFailureReason) => {
    for (const stop of running) stop.abort(reason);
  };
  const check = () => {
    if (process.memoryUsage.rss() - baseline > memoryMb * 1024 * 1024) stopAll("too_large");
  };
  return {
    stopAll,
    watch(stop) {
      if (running.size === 0) {
        baseline = process.memoryUsage.rss();
        timer = setInterval(check, MEMORY_CHECK_MS).unref();
      }
      running.add(stop);
      return () => {
        running.delete(stop);
        if (running.size === 0) clearInterval(timer);
      };
    },
  };
}

let shared: ExtractionPool | undefined;

const sharedPool = (): ExtractionPool => {
  shared ??= openExtractionPool();
  return shared;
};

/** The process's pool, for reads that are not given one (the CLI, the library). */
export const extractBounded: ExtractPage = Object.assign(
  (input: PageToExtract, bounds: ExtractBounds) => sharedPool().extract(input, bounds),
  { warm: () => sharedPool().extract.warm?.() },
);
