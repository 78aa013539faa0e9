/**
 * What keeps the server bounded while it runs: a running cap and a bounded line per kind of request,
 * and a shutdown that lets running requests finish.
 */
import type { IncomingMessage, Server } from "node:http";
import PQueue from "p-queue";
import { HttpError } from "./http-error.js";

const RETRY_AFTER_SECONDS = 2;
/** After the grace period, how long aborted requests get to send their 503. */
const ABORT_GRACE_MS = 1_000;

export interface SlotLimits {
  /** Jobs running at once. */
  running: number;
  /** Jobs waiting, first in first out, for one of those to finish. */
  waiting: number;
  /** How long a job may wait before it is refused. */
  waitMs: number;
}

/**
 * Jobs of one kind: up to `running` at once, then up to `waiting` more in line. A job is refused
 * with 503 BUSY and Retry-After when the line is full or its wait runs out; one whose signal aborts
 * while it waits leaves the line without running. `onWait` hears of each job that has to wait.
 */
export function slots({ running, waiting, waitMs }: SlotLimits, onWait?: (waiting: number) => void) {
  const line = new PQueue({ concurrency: running });
  const busy = (why: string) =>
    new HttpError(503, "BUSY", `${why}; retry shortly`, { "retry-after": String(RETRY_AFTER_SECONDS) });
  return {
    async run<T>(job: () => Promise<T>, signal: AbortSignal): Promise<T> {
      signal.throwIfAborted();
      if (line.pending >= running && line.size >= waiting) {
        throw busy(`${running} requests of this kind are running and ${waiting} are waiting`);
      }
      // The line's own signal covers the wait only: once the job starts, only `signal` stops it
      // (and the job, not the line, decides how), so a running job always holds its slot to the end.
      const leave = new AbortController();
      const timer = setTimeout(() => leave.abort(busy(`no slot came free within ${waitMs} ms`)), waitMs);
      const onAbort = () => leave.abort(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      const stopWaiting = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      };
      if (line.pending >= running) onWait?.(line.size + 1);
      try {
        return await line.add(
          () => {
            stopWaiting();
            return job();
          },
          { signal: leave.signal },
        );
      } finally {
        stopWaiting();
      }
    },
  };
}

export function pathOf(req: IncomingMessage): string {
  const target = req.url ?? "/";
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

/** The path as shown in an error: bounded, so a huge request line is not echoed back whole. */
export function describePath(path: string): string {
  return JSON.stringify(path.length > 100 ? `${path.slice(0, 100)}…` : path);
}

export function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

export interface Shutdown {
  /** Aborted once running requests are told to stop. */
  signal: AbortSignal;
  /** Counts `request` as running until it settles. */
  track(request: Promise<void>): Promise<void>;
  /** Stops accepting, lets running requests finish (up to `graceMs`), then aborts them and closes. */
  close(): Promise<void>;
}

export function createShutdown(server: Server, graceMs: number): Shutdown {
  const controller = new AbortController();
  let inFlight = 0;
  let drained: (() => void) | undefined;
  return {
    signal: controller.signal,
    track(request) {
      inFlight++;
      return request.finally(() => {
        inFlight--;
        if (inFlight === 0) drained?.();
      });
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        const finished = new Promise<void>((resolve) => {
          drained = resolve;
        });
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        });
        await Promise.race([finished, grace]);
        clearTimeout(timer);
        // Whatever still runs is told to stop and answers 503 SHUTTING_DOWN; a request that
        // cannot stop (a body still arriving) loses its connection after one more moment.
        controller.abort();
        const settled = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.min(ABORT_GRACE_MS, graceMs));
        });
        await Promise.race([finished, settled]);
        clearTimeout(timer);
        server.closeAllConnections();
        await finished;
      }
      controller.abort();
      server.closeAllConnections();
      await closed;
    },
  };
}
