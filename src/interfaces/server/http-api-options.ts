import type { Dispatcher } from "undici";
import type { Config } from "../../config/config.js";
import type { StanceJudge } from "../../judge/stance.js";
import type { Logger } from "../../log/logger.js";
import type { SearchProvider } from "../../providers/search-provider.js";
import type { SlotLimits } from "./lifecycle.js";

/** What `core-search serve` and embedders may set on the HTTP API (http-api.ts), and its defaults. */

export interface HttpApiOptions {
  config: Config;
  /** Diagnostics (stderr in the CLI); request bodies are never logged. */
  logger?: Logger | undefined;
  /**
   * Default 127.0.0.1. Any other address is served without authentication, with a warning, unless
   * there is a token.
   */
  host?: string | undefined;
  /** The bearer token every request but GET /healthz must carry; default the settings' (none). */
  token?: string | undefined;
  /** Default 0: any free port (read it from `url`). */
  port?: number | undefined;
  /** Largest accepted request body; default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * Requests of each kind running at once. Defaults 32 / 32 / 8: a corroboration mostly waits on
   * the services, and its CPU-bound part is bounded apart (see `analysisThreads`).
   */
  concurrency?: PerKind | undefined;
  /**
   * Requests of each kind waiting, first in first out, for a running one to finish; beyond that the
   * answer is 503 BUSY with Retry-After. Default: 4 × each kind's `concurrency`.
   */
  queue?: PerKind | undefined;
  /**
   * How long a request may wait in line before it is answered 503 BUSY (a request whose caller
   * hangs up leaves the line at once). Default: half the configured deadline (`CORE_SEARCH_DEADLINE_MS`).
   */
  queueWaitMs?: number | undefined;
  /**
   * Worker threads for the part of a corroboration that only computes (dedup, the built-in judge,
   * label), so the event loop keeps to I/O; 0 runs it in process. Default: one per core, none on one.
   */
  analysisThreads?: number | undefined;
  /** How long `close()` lets running requests finish before aborting them. Default 5 s. */
  shutdownGraceMs?: number | undefined;
  /** Connections open at once; more are closed as they come. Default 512. */
  maxConnections?: number | undefined;
  /** How long a request's headers may take to arrive (then 408). Default 10 s. */
  headersTimeoutMs?: number | undefined;
  /** How long a whole request may take to arrive (then 408). Default 30 s. */
  requestTimeoutMs?: number | undefined;
  /** MCP sessions open at once at /mcp. Default 64. */
  maxMcpSessions?: number | undefined;
  /** An MCP session with no request for this long is closed. Default 30 min. */
  mcpSessionIdleMs?: number | undefined;
  /** Runs started with `POST /v1/runs`: how many at once, and how they are followed. */
  runs?: RunsLimits | undefined;
  /** undici dispatcher for every outgoing request (default: the configured proxy, if any). */
  dispatcher?: Dispatcher | undefined;
  judge?: StanceJudge | undefined;
  /** Replaces the providers built from the settings (embedding, tests). */
  providers?: readonly SearchProvider[] | undefined;
}

export interface RunsLimits {
  /** Runs running at once on this server. Default 16. */
  running?: number | undefined;
  /** Runs waiting for one of those to finish; beyond that the answer is 503 BUSY. Default 64. */
  waiting?: number | undefined;
  /** Event streams open at once on this server. Default 256. */
  streams?: number | undefined;
  /**
   * How long the server's word for a run of its own lasts; renewed every fifth of it. A run whose
   * server vanished counts as interrupted once it runs out. Default 15 s.
   */
  leaseMs?: number | undefined;
  /** How often a stream looks for new events of a run on another server. Default 1 s. */
  pollMs?: number | undefined;
  /** How long a stream may be silent before a comment line keeps it open. Default 15 s. */
  heartbeatMs?: number | undefined;
}

type PerKind = {
  corroborate?: number | undefined;
  search?: number | undefined;
  assess?: number | undefined;
  read?: number | undefined;
};

export interface HttpApi {
  /** `http://127.0.0.1:PORT` with the port actually bound. */
  url: string;
  /** Things the operator should know (no authentication on a public address, nothing configured). */
  warnings: string[];
  /** Worker threads running the analysis of answers; 0 when it runs on the event loop. */
  analysisThreads: number;
  /** Stops accepting, lets running requests finish (up to the grace period), then closes. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_CONCURRENCY = { corroborate: 32, search: 32, assess: 8, read: 16 } as const;
export const DEFAULT_RUNS = {
  running: 16,
  waiting: 64,
  streams: 256,
  leaseMs: 15_000,
  pollMs: 1_000,
  heartbeatMs: 15_000,
};
export const QUEUE_PER_RUNNING = 4;
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;
/** Slow clients cannot hold a connection open by dribbling headers or a body. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Sockets are checked against those limits this often at most (node's default, 30 s, triples them). */
export const CHECK_INTERVAL_MS = 1_000;
/** Enough for every request that may run or wait in line, and keep-alive connections besides. */
export const DEFAULT_MAX_CONNECTIONS = 512;

/** One kind's running cap and line, from the options or their defaults. */
export function limitsOf(
  kind: keyof typeof DEFAULT_CONCURRENCY,
  options: HttpApiOptions,
  deadlineMs: number,
): SlotLimits {
  const running = options.concurrency?.[kind] ?? DEFAULT_CONCURRENCY[kind];
  return {
    running,
    waiting: options.queue?.[kind] ?? QUEUE_PER_RUNNING * running,
    waitMs: options.queueWaitMs ?? Math.ceil(deadlineMs / 2),
  };
}
