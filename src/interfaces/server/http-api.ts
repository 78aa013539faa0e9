/**
 * The HTTP API for callers that are not Node (`core-search serve`): node:http only, JSON in and out.
 *
 *   POST /v1/corroborate  {question, limit?, deadlineMs?, read?, judge?, …options} → the report
 *   POST /v1/search       {query, categories?, timeRange?, limit?, page?, deadlineMs?, …options}
 *                                                                         → the search envelope
 *   (options: language?, safeSearch?, includeDomains?, excludeDomains?, engines?)
 *   POST /v1/assess       {claim, evidence: [{url, title?, snippet?}]}     → the assessment
 *   POST /v1/read         {url, maxChars?, timeoutMs?}                     → the page's text
 *   GET  /healthz                                                         → {ok, version}
 *   POST /v1/runs, GET /v1/runs/{id}, GET /v1/runs/{id}/events, DELETE /v1/runs/{id}
 *                              runs that outlive a connection, on any server of a fleet (runs-api.ts)
 *   /mcp                                                  MCP over Streamable HTTP (mcp-endpoint.ts)
 *
 * Without a token (CORE_SEARCH_SERVER_TOKEN) there is no authentication, so it listens on loopback
 * unless told otherwise. Everything is bounded: connections, body size, header and request-read
 * time, requests running and waiting in line, runs and event streams, MCP sessions, each call's deadline.
 * Errors are `{"error":{"code","message"}}`; messages come from validation or the library's
 * `CoreSearchError`s (which never carry secrets), anything unexpected is a bare 500.
 */
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { Dispatcher } from "undici";
import type { Config } from "../../config/config.js";
import { ConfigError, CoreSearchError } from "../../errors.js";
import { createHttpClient, proxyDispatcher } from "../../http/http-client.js";
import type { StanceJudge } from "../../judge/stance.js";
import type { Logger } from "../../log/logger.js";
import { silentLogger } from "../../log/silent-logger.js";
import { defaultAnalysisThreads, openAnalysisPool } from "../../operations/analysis-pool.js";
import { createProviders } from "../../providers/create-providers.js";
import type { SearchProvider } from "../../providers/search-provider.js";
import { openExtractionPool } from "../../read/extraction-pool.js";
import { openStateStore } from "../../state/open-state-store.js";
import { bearerCheck, guardHost, isLoopbackAddress } from "./access.js";
import { HttpError, respond, toHttpError } from "./http-error.js";
import { createShutdown, describePath, hostForUrl, pathOf, type SlotLimits } from "./lifecycle.js";
import { createMcpEndpoint, MCP_PATH } from "./mcp-endpoint.js";
import { cookieAuthorization, createPageRoutes } from "./page-routes.js";
import { isJson, parseJson, readBody } from "./read-body.js";
import { corroborationFrom, createRoutes, openLines } from "./routes.js";
import { createRunHost } from "./run-host.js";
import { createRunsApi } from "./runs-api.js";
import { stopSignal } from "./serve-thread.js";

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
const DEFAULT_CONCURRENCY = { corroborate: 32, search: 32, assess: 8, read: 16 } as const;
const DEFAULT_RUNS = {
  running: 16,
  waiting: 64,
  streams: 256,
  leaseMs: 15_000,
  pollMs: 1_000,
  heartbeatMs: 15_000,
};
const QUEUE_PER_RUNNING = 4;
const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;
/** Slow clients cannot hold a connection open by dribbling headers or a body. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Sockets are checked against those limits this often at most (node's default, 30 s, triples them). */
const CHECK_INTERVAL_MS = 1_000;
/** Enough for every request that may run or wait in line, and keep-alive connections besides. */
const DEFAULT_MAX_CONNECTIONS = 512;

/** Starts the API and resolves once it listens. */
export async function startHttpApi(options: HttpApiOptions): Promise<HttpApi> {
  const { config } = options;
  const logger = options.logger ?? silentLogger;
  const host = options.host ?? "127.0.0.1";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  // One dispatcher for the server's lifetime, so connections to the services are pooled.
  const ownDispatcher = options.dispatcher ? undefined : proxyDispatcher(config.proxy);
  const dispatcher = options.dispatcher ?? ownDispatcher;
  // One state store for the server's life: a Redis connection is opened once, not per request.
  const ownState = options.providers ? undefined : openStateStore(config);
  const threads = options.analysisThreads ?? defaultAnalysisThreads();
  const pool = threads > 0 ? await openAnalysisPool({ threads, logger }) : undefined;
  // Pages are extracted in threads of their own, ended when a read's time is up: a page that takes
  // long never holds the threads the questions are analysed in.
  const reads = openExtractionPool();
  const lines = openLines(
    {
      corroborate: limitsOf("corroborate", options, config.deadlineMs),
      search: limitsOf("search", options, config.deadlineMs),
      assess: limitsOf("assess", options, config.deadlineMs),
      read: limitsOf("read", options, config.deadlineMs),
    },
    logger,
  );
  const routeContext = {
    config,
    logger,
    state: ownState,
    dispatcher,
    providers: options.providers,
    judge: options.judge,
    lines,
    analyse: pool?.analyse,
    extract: reads.extract,
  };
  const routes = createRoutes(routeContext);
  // Runs are kept on the configured store even when the providers (and their state) are injected.
  const runsState = ownState ?? openStateStore(config);
  const runLimits = Object.fromEntries(
    Object.entries(DEFAULT_RUNS).map(([name, value]) => [
      name,
      options.runs?.[name as keyof RunsLimits] ?? value,
    ]),
  ) as typeof DEFAULT_RUNS;
  const runHost = createRunHost({
    state: runsState,
    config,
    logger,
    running: runLimits.running,
    waiting: runLimits.waiting,
    leaseMs: runLimits.leaseMs,
  });
  const runs = createRunsApi({
    host: runHost,
    config,
    corroboration: corroborationFrom(routeContext),
    maxStreams: runLimits.streams,
    pollMs: runLimits.pollMs,
    heartbeatMs: runLimits.heartbeatMs,
  });
  const mcp = createMcpEndpoint({
    config,
    logger,
    state: ownState,
    dispatcher,
    analyse: pool?.analyse,
    extract: reads.extract,
    lines,
    maxSessions: options.maxMcpSessions,
    sessionIdleMs: options.mcpSessionIdleMs,
  });
  const token = options.token ?? config.server.token;
  const authorize = bearerCheck(token);
  const pages = createPageRoutes({
    host: runHost,
    config,
    corroboration: corroborationFrom(routeContext),
    maxBodyBytes,
    authorize,
    hasToken: token !== undefined,
  });
  // Known once the socket is bound: the guard goes by the address, not by how it was written.
  let boundToLoopback = true;

  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer({
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, Math.ceil(headersTimeout / 4)),
  });
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const shutdown = createShutdown(server, graceMs);
  // Sessions still running when the grace period ends are stopped with the rest.
  shutdown.signal.addEventListener("abort", () => void mcp.close(), { once: true });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    void shutdown.track(handle(req, res)).finally(() => {
      logger.info(
        {
          method: req.method,
          path: pathOf(req),
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
  });

  // Requests node:http rejects before they reach `handle` get the same JSON error shape.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const [status, code, message] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? ([408, "REQUEST_TIMEOUT", "the request took too long to arrive"] as const)
        : error.code === "HPE_HEADER_OVERFLOW"
          ? ([431, "HEADERS_TOO_LARGE", "the request headers are too large"] as const)
          : ([400, "INVALID_INPUT", "malformed HTTP request"] as const);
    const payload = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Whatever happens next, a caller that hangs up stops the work done for it.
    const hangUp = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) hangUp.abort();
    });
    let bodyRead = req.method === "GET" || req.method === "HEAD";
    /** The JSON body of a POST, read within the size limit. */
    const jsonBody = async (): Promise<unknown> => {
      if (!isJson(req.headers["content-type"])) {
        throw new HttpError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "the request body must be JSON: send content-type: application/json",
        );
      }
      const raw = await readBody(req, maxBodyBytes);
      if (raw === "too_large") {
        throw new HttpError(
          413,
          "PAYLOAD_TOO_LARGE",
          `the request body is larger than ${maxBodyBytes} bytes`,
        );
      }
      bodyRead = true;
      return parseJson(raw);
    };
    try {
      if (shutdown.signal.aborted) throw shuttingDown();
      guardHost(boundToLoopback, req.headers.host);
      const path = pathOf(req);
      // The page's requests carry the token in its session cookie (page-routes.ts).
      const authorization = req.headers.authorization ?? cookieAuthorization(req.headers.cookie);
      if (pages.serves(path)) {
        if (!pages.isOpen(path)) {
          try {
            authorize(authorization);
          } catch (error) {
            if (!(error instanceof HttpError) || error.status !== 401) throw error;
            pages.askToken(req, res, path);
            return;
          }
        }
        await pages.handle(req, res, path, AbortSignal.any([hangUp.signal, shutdown.signal]));
        return;
      }
      if (path !== "/healthz") authorize(authorization);
      if (path === MCP_PATH) {
        await mcp.handle(req, res, req.method === "POST" ? await jsonBody() : undefined);
        return;
      }
      if (runs.serves(path)) {
        const signal = AbortSignal.any([hangUp.signal, shutdown.signal]);
        const answer = await runs.handle(req, res, path, jsonBody, signal);
        if (answer) respond(res, answer.status, answer.body, answer.headers ?? {}, false);
        return;
      }
      const route = routes[path];
      if (route === undefined)
        throw new HttpError(404, "NOT_FOUND", `no such endpoint: ${describePath(path)}`);
      if (req.method !== route.method) {
        throw new HttpError(405, "METHOD_NOT_ALLOWED", `${path} accepts ${route.method} only`, {
          allow: route.method,
        });
      }
      const body = route.method === "POST" ? await jsonBody() : undefined;
      const signal = AbortSignal.any([hangUp.signal, shutdown.signal]);
      const result = await route.handle(body, signal);
      if (shutdown.signal.aborted) throw shuttingDown();
      respond(res, result.status, result.body, {}, false);
    } catch (error) {
      // A caller that hung up (even mid-body) gets no answer and is not an error of ours.
      if (hangUp.signal.aborted || res.destroyed) return;
      // A request still waiting in line when the server shuts down was stopped by the shutdown.
      const failure =
        shutdown.signal.aborted && error === shutdown.signal.reason ? shuttingDown() : toHttpError(error);
      if (failure.status >= 500 && !(error instanceof HttpError) && !(error instanceof ConfigError)) {
        logger.error({ err: error, path: pathOf(req) }, "request failed");
      }
      // A body left unread (or cut off) is not drained: the connection closes after the answer.
      respond(
        res,
        failure.status,
        { error: { code: failure.code, message: failure.message } },
        failure.headers,
        !bodyRead,
      );
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    // Nothing was served: what was opened for serving is closed again.
    await runHost.close(0);
    if (runsState !== ownState) await runsState.close();
    await mcp.close();
    await reads.close();
    await pool?.close();
    await ownDispatcher?.close();
    await ownState?.close();
    const code = (error as { code?: unknown }).code;
    throw new CoreSearchError(
      `cannot listen on ${hostForUrl(host)}:${options.port ?? 0} (${typeof code === "string" ? code : "error"})`,
      { code: "INVALID_INPUT", cause: error },
    );
  });
  const { address, port } = server.address() as AddressInfo;
  boundToLoopback = isLoopbackAddress(address);
  const url = `http://${hostForUrl(address)}:${port}`;

  const warnings: string[] = [];
  if (!boundToLoopback && options.token === undefined && config.server.token === undefined) {
    warnings.push(
      `the HTTP API has no authentication and listens on ${address}: anyone who can reach it can run searches on your keys (set CORE_SEARCH_SERVER_TOKEN)`,
    );
  }
  if (!options.providers && !createProviders(config, createHttpClient()).chain.some((p) => p.configured)) {
    warnings.push(
      "no search stage is configured: /v1/corroborate and /v1/search answer 503 until SEARXNG_URL or an API key is set",
    );
  }
  for (const warning of warnings) logger.warn(warning);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Notification and event streams would hold the grace period up; running calls get it. The
      // clients of event streams resume on another server.
      mcp.endStreams();
      runs.endStreams();
      // A read still extracting ends now, failed, rather than at its own deadline.
      await reads.close();
      // Runs get the same grace; those still running after it are marked interrupted.
      await Promise.all([shutdown.close(), runHost.close(graceMs)]);
      await mcp.close();
      await pool?.close();
      await ownDispatcher?.close();
      if (runsState !== ownState) await runsState.close();
      await ownState?.close();
    })();
    return closing;
  };

  return { url, warnings, analysisThreads: pool ? threads : 0, close };
}

const shuttingDown = () => new HttpError(503, "SHUTTING_DOWN", "the server is shutting down");

/** One kind's running cap and line, from the options or their defaults. */
function limitsOf(
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

/**
 * `core-search serve`: starts the API, prints where it listens, and runs until SIGINT or SIGTERM,
 * then closes gracefully. Returns the exit code (0); bin.ts is the one that exits.
 */
export async function serveUntilSignal(
  options: HttpApiOptions & { stderr: (text: string) => void },
): Promise<number> {
  const { stderr, ...apiOptions } = options;
  const api = await startHttpApi(apiOptions);
  for (const warning of api.warnings) stderr(`core-search: warning: ${warning}\n`);
  stderr(
    api.analysisThreads > 0
      ? `core-search: analysing answers in ${api.analysisThreads} worker threads\n`
      : "core-search: analysing answers on the main thread\n",
  );
  stderr(`core-search: serving on ${api.url}\n`);
  const signal = await stopSignal();
  stderr(`core-search: ${signal} received, closing\n`);
  await api.close();
  return 0;
}
