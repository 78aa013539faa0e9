/**
 * What keeps the server bounded and safe while it runs: slots per kind of request (refuse rather than
 * queue), the loopback guard against DNS rebinding, and a shutdown that lets running requests finish.
 */
import type { IncomingMessage, Server } from "node:http";
import { HttpError } from "./http-error.js";

const RETRY_AFTER_SECONDS = 2;
/** After the grace period, how long aborted requests get to send their 503. */
const ABORT_GRACE_MS = 1_000;

/** A counter of running jobs: beyond `max`, the caller is asked to come back later. */
export function slots(max: number) {
  let running = 0;
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= max) {
        throw new HttpError(503, "BUSY", `${max} requests of this kind are already running; retry shortly`, {
          "retry-after": String(RETRY_AFTER_SECONDS),
        });
      }
      running++;
      try {
        return await job();
      } finally {
        running--;
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

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(host);
}

/** The Host header names a loopback address (or there is none, as from HTTP/1.0 clients). */
export function isLoopbackHostHeader(header: string | undefined): boolean {
  if (header === undefined) return true;
  let hostname: string;
  try {
    hostname = new URL(`http://${header}`).hostname;
  } catch {
    return false;
  }
  return hostname === "[::1]" || isLoopback(hostname);
}

/**
 * On loopback, a page the user visits could still reach the API through DNS rebinding; its requests
 * carry the attacker's host name, so only loopback names are answered.
 */
export function guardHost(host: string, hostHeader: string | undefined): void {
  if (isLoopback(host) && !isLoopbackHostHeader(hostHeader)) {
    throw new HttpError(
      403,
      "FORBIDDEN_HOST",
      "this server only answers requests addressed to 127.0.0.1, [::1] or localhost",
    );
  }
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
