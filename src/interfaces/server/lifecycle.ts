/**
 * What keeps the server bounded and safe while it runs: slots per kind of request (refuse rather than
 * queue), the loopback guard against DNS rebinding, and paths as they may be shown in errors.
 */
import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";

const RETRY_AFTER_SECONDS = 2;

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
