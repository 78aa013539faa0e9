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
import { ConfigError, CoreSearchError } from "../../errors.js";
import { createHttpClient, proxyDispatcher } from "../../http/http-client.js";
import { silentLogger } from "../../log/silent-logger.js";
import { defaultAnalysisThreads, openAnalysisPool } from "../../operations/analysis-pool.js";
import { createProviders } from "../../providers/create-providers.js";
import { openExtractionPool } from "../../read/extraction-pool.js";
import { openStateStore } from "../../state/open-state-store.js";
import { bearerCheck, guardHost, isLoopbackAddress } from "./access.js";
import {
  CHECK_INTERVAL_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_RUNS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  HEADERS_TIMEOUT_MS,
  type HttpApi,
  type HttpApiOptions,
  limitsOf,
  REQUEST_TIMEOUT_MS,
  type RunsLimits,
} from "./http-api-options.js";
import { HttpError, respond, toHttpError } from "./http-error.js";
import { createShutdown, describePath, hostForUrl, pathOf } from "./lifecycle.js";
import { createMcpEndpoint, MCP_PATH } from "./mcp-endpoint.js";
import { cookieAuthorization, createPageRoutes } from "./page-routes.js";
import { isJson, parseJson, readBody } from "./read-body.js";
import { corroborationFrom, createRoutes, openLines } from "./routes.js";
import { createRunHost } from "./run-host.js";
import { createRunsApi } from "./runs-api.js";
import { stopSignal } from "./serve-thread.js";

export type { HttpApi, HttpApiOptions, RunsLimits } from "./http-api-options.js";

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
