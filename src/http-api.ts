/**
 * The HTTP API for callers that are not Node (`core-search serve`): node:http only, JSON in and out.
 *
 *   POST /v1/corroborate  {question, limit?, deadlineMs?}                 → the report
 *   POST /v1/search       {query, categories?, timeRange?, limit?, deadlineMs?} → the search envelope
 *   POST /v1/assess       {claim, evidence: [{url, title?, snippet?}]}     → the assessment
 *   GET  /healthz                                                         → {ok, version}
 *
 * There is no authentication, so it listens on loopback unless told otherwise. Everything is
 * bounded: body size, header and request-read time, concurrent searches, each call's deadline.
 * Errors are `{"error":{"code","message"}}`; messages come from validation or the library's
 * `CoreSearchError`s (which never carry secrets), anything unexpected is a bare 500.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { assess, MAX_ASSESS_EVIDENCE } from "./assess.js";
import type { Config } from "./config/config.js";
import { corroborate } from "./corroborate.js";
import { ConfigError, CoreSearchError } from "./errors.js";
import { createHttpClient, proxyDispatcher } from "./http/http-client.js";
import { chooseJudge } from "./judge/choose-judge.js";
import type { StanceJudge } from "./judge/stance.js";
import { type Logger, silentLogger } from "./log/logger.js";
import { createProviders } from "./providers/create-providers.js";
import { CATEGORIES, type SearchProvider, TIME_RANGES } from "./providers/search-provider.js";
import { search, toEnvelope } from "./search.js";
import { openStateStore } from "./state/open-state-store.js";

export interface HttpApiOptions {
  config: Config;
  /** Diagnostics (stderr in the CLI); request bodies are never logged. */
  logger?: Logger;
  /** Default 127.0.0.1. Any other address is served without authentication, with a warning. */
  host?: string;
  /** Default 0: any free port (read it from `url`). */
  port?: number;
  /** Largest accepted request body; default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Requests of each kind running at once; beyond that the answer is 503 BUSY with Retry-After
   * (refusing beats queueing: the caller keeps control of its own deadline). Defaults 8 / 32 / 8.
   */
  concurrency?: { corroborate?: number; search?: number; assess?: number };
  /** How long `close()` lets running requests finish before aborting them. Default 5 s. */
  shutdownGraceMs?: number;
  /** undici dispatcher for every outgoing request (default: the configured proxy, if any). */
  dispatcher?: Dispatcher;
  judge?: StanceJudge;
  /** Replaces the providers built from the settings (embedding, tests). */
  providers?: readonly SearchProvider[];
}

export interface HttpApi {
  /** `http://127.0.0.1:PORT` with the port actually bound. */
  url: string;
  /** Things the operator should know (no authentication on a public address, nothing configured). */
  warnings: string[];
  /** Stops accepting, lets running requests finish (up to the grace period), then closes. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_CONCURRENCY = { corroborate: 8, search: 32, assess: 8 } as const;
const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;
/** Slow clients cannot hold a connection open by dribbling headers or a body. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const RETRY_AFTER_SECONDS = 2;
/** After the grace period, how long aborted requests get to send their 503. */
const ABORT_GRACE_MS = 1_000;

type ErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "NOTHING_CONFIGURED"
  | "INVALID_CONFIG"
  | "BUSY"
  | "SHUTTING_DOWN"
  | "FORBIDDEN_HOST"
  | "REQUEST_TIMEOUT"
  | "HEADERS_TOO_LARGE"
  | "INTERNAL";

/** An answer a handler gives instead of its result; `respond` turns it into the JSON error body. */
class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

// --- request bodies ------------------------------------------------------------------------------

// Messages complete a sentence that starts with the field's name: "limit must be an integer …".
const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") });
const integer = (min: number, max: number) => {
  const error = `must be an integer between ${min} and ${max}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
};
const object = <Shape extends z.ZodRawShape>(shape: Shape, what: string) =>
  z.strictObject(shape, {
    error: (issue) => (issue.input === undefined ? "is required" : `must be ${what}`),
  });

function corroborateBody(maxDeadlineMs: number) {
  return object(
    {
      question: text(),
      limit: integer(1, 20).optional(),
      // The server's own deadline is the ceiling, so one caller cannot hold a slot for longer.
      deadlineMs: integer(100, maxDeadlineMs).optional(),
    },
    "a JSON object",
  );
}

function searchBody(maxDeadlineMs: number) {
  return object(
    {
      query: text(),
      categories: z
        .array(z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(", ")}` }), {
          error: "must be a list",
        })
        .min(1, { error: "must not be empty" })
        .optional(),
      timeRange: z
        .enum(TIME_RANGES, { error: `must be one of ${TIME_RANGES.join(", ")} or null` })
        .nullable()
        .optional(),
      limit: integer(1, 20).optional(),
      deadlineMs: integer(100, maxDeadlineMs).optional(),
    },
    "a JSON object",
  );
}

const assessBody = object(
  {
    claim: text(),
    evidence: z
      .array(
        object(
          {
            url: text(),
            title: text().optional(),
            snippet: text().optional(),
            // The CLI's evidence lines accept `text` for `snippet`; so does the API.
            text: text().optional(),
          },
          "an object {url, title?, snippet?}",
        ),
        { error: (issue) => (issue.input === undefined ? "is required" : "must be a list") },
      )
      .max(MAX_ASSESS_EVIDENCE, { error: `must have at most ${MAX_ASSESS_EVIDENCE} items` }),
  },
  "a JSON object",
);

/** `question is required; limit must be …`: each problem names its field (`evidence[2].url`). */
function describeIssues(error: z.ZodError): string {
  const problems = error.issues.map((issue) => {
    const where =
      issue.path
        .map((part, index) =>
          typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
        )
        .join("") || "the body";
    if (issue.code === "unrecognized_keys") {
      return `${where} has unknown field(s) ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
    }
    return `${where} ${issue.message}`;
  });
  return [...new Set(problems)].join("; ");
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, "INVALID_INPUT", describeIssues(result.error));
  return result.data;
}

/** Reads at most `limit` bytes; beyond that it stops reading (nothing more is buffered) and says so. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too_large"> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve("too_large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanUp = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanUp();
        req.pause();
        resolve("too_large");
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    // A connection destroyed mid-body (hang-up, shutdown) ends the wait too.
    const onClose = () => onError(new Error("the connection closed before the body was complete"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [type, ...params] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  // JSON is UTF-8 (RFC 8259); a body declared as anything else would be misread.
  return params.every((param) => !param.startsWith("charset=") || /^charset="?utf-8"?$/u.test(param));
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(UTF8.decode(body));
  } catch {
    // The parser's message quotes the input; the caller knows what they sent.
    throw new HttpError(400, "INVALID_INPUT", "the request body is not valid JSON (UTF-8)");
  }
}

// --- the server ----------------------------------------------------------------------------------

interface Route {
  method: "GET" | "POST";
  /** Receives the parsed JSON body (undefined for GET) and the request's abort signal. */
  handle: (body: unknown, signal: AbortSignal) => Promise<{ status: number; body: unknown }>;
}

/** Starts the API and resolves once it listens. */
export async function startHttpApi(options: HttpApiOptions): Promise<HttpApi> {
  const { config } = options;
  const logger = options.logger ?? silentLogger;
  const host = options.host ?? "127.0.0.1";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const version = packageVersion();
  // One dispatcher for the server's lifetime, so connections to the services are pooled.
  const ownDispatcher = options.dispatcher ? undefined : proxyDispatcher(config.proxy);
  const dispatcher = options.dispatcher ?? ownDispatcher;
  // One state store for the server's life: a Redis connection is opened once, not per request.
  const ownState = options.providers ? undefined : openStateStore(config);
  const shared = {
    config,
    logger,
    ...(ownState ? { state: ownState } : {}),
    ...(dispatcher ? { dispatcher } : {}),
    ...(options.providers ? { providers: options.providers } : {}),
  };
  const corroborations = slots(options.concurrency?.corroborate ?? DEFAULT_CONCURRENCY.corroborate);
  const searches = slots(options.concurrency?.search ?? DEFAULT_CONCURRENCY.search);
  const assessments = slots(options.concurrency?.assess ?? DEFAULT_CONCURRENCY.assess);
  const shutdown = new AbortController();
  // corroborate picks the settings' judge itself; assess is told which one.
  const assessJudge = options.judge ?? chooseJudge(config, { dispatcher, logger });

  const routes: Record<string, Route> = {
    "/healthz": { method: "GET", handle: async () => ({ status: 200, body: { ok: true, version } }) },
    "/v1/corroborate": {
      method: "POST",
      handle: async (raw, signal) => {
        const input = parseBody(corroborateBody(config.deadlineMs), raw);
        return corroborations.run(async () => {
          const report = await corroborate(input.question, {
            ...shared,
            signal,
            ...(input.limit === undefined ? {} : { limit: input.limit }),
            ...(input.deadlineMs === undefined ? {} : { deadlineMs: input.deadlineMs }),
            ...(options.judge ? { judge: options.judge } : {}),
          });
          // A report whose every call failed is still a report (labelled low-coverage): 200.
          return { status: 200, body: report };
        });
      },
    },
    "/v1/search": {
      method: "POST",
      handle: async (raw, signal) => {
        const input = parseBody(searchBody(config.deadlineMs), raw);
        return searches.run(async () => {
          const outcome = await search(input.query, {
            ...shared,
            signal,
            ...(input.categories === undefined ? {} : { categories: input.categories }),
            ...(input.timeRange === undefined ? {} : { timeRange: input.timeRange }),
            ...(input.limit === undefined ? {} : { limit: input.limit }),
            ...(input.deadlineMs === undefined ? {} : { deadlineMs: input.deadlineMs }),
          });
          for (const warning of outcome.warnings) logger.warn({ warning }, "search warning");
          // "empty" means the services answered with nothing: a result, not a gateway failure.
          return { status: outcome.status === "failed" ? 502 : 200, body: toEnvelope(outcome) };
        });
      },
    },
    "/v1/assess": {
      method: "POST",
      handle: async (raw, signal) => {
        const input = parseBody(assessBody, raw);
        const evidence = input.evidence.map(({ url, title, snippet, text }) => ({
          url,
          ...(title === undefined ? {} : { title }),
          ...(snippet === undefined ? {} : { snippet }),
          ...(text === undefined ? {} : { text }),
        }));
        // The judge may be an LLM behind the network: it gets the configured deadline at most.
        return assessments.run(async () => {
          const result = await assess(
            { claim: input.claim, evidence },
            { judge: assessJudge, signal: AbortSignal.any([signal, AbortSignal.timeout(config.deadlineMs)]) },
          );
          return { status: 200, body: result };
        });
      },
    },
  };

  let inFlight = 0;
  let drained: (() => void) | undefined;

  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    (req, res) => {
      inFlight++;
      const started = performance.now();
      void handle(req, res).finally(() => {
        inFlight--;
        if (inFlight === 0) drained?.();
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
    },
  );

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
    try {
      if (shutdown.signal.aborted) throw new HttpError(503, "SHUTTING_DOWN", "the server is shutting down");
      // On loopback, a page the user visits could still reach the API through DNS rebinding; its
      // requests carry the attacker's host name, so only loopback names are answered.
      if (isLoopback(host) && !isLoopbackHostHeader(req.headers.host)) {
        throw new HttpError(
          403,
          "FORBIDDEN_HOST",
          "this server only answers requests addressed to 127.0.0.1, [::1] or localhost",
        );
      }
      const path = pathOf(req);
      const route = routes[path];
      if (route === undefined)
        throw new HttpError(404, "NOT_FOUND", `no such endpoint: ${describePath(path)}`);
      if (req.method !== route.method) {
        throw new HttpError(405, "METHOD_NOT_ALLOWED", `${path} accepts ${route.method} only`, {
          allow: route.method,
        });
      }
      let body: unknown;
      if (route.method === "POST") {
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
        body = parseJson(raw);
      }
      const signal = AbortSignal.any([hangUp.signal, shutdown.signal]);
      const result = await route.handle(body, signal);
      if (shutdown.signal.aborted) throw new HttpError(503, "SHUTTING_DOWN", "the server is shutting down");
      respond(res, result.status, result.body, {}, false);
    } catch (error) {
      // A caller that hung up (even mid-body) gets no answer and is not an error of ours.
      if (hangUp.signal.aborted || res.destroyed) return;
      const failure = toHttpError(error);
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
  }).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    throw new CoreSearchError(
      `cannot listen on ${hostForUrl(host)}:${options.port ?? 0} (${typeof code === "string" ? code : "error"})`,
      { code: "INVALID_INPUT", cause: error },
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${hostForUrl(host)}:${port}`;

  const warnings: string[] = [];
  if (!isLoopback(host)) {
    warnings.push(
      `the HTTP API has no authentication and listens on ${host}: anyone who can reach it can run searches on your keys`,
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
        shutdown.abort();
        const settled = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.min(ABORT_GRACE_MS, graceMs));
        });
        await Promise.race([finished, settled]);
        clearTimeout(timer);
        server.closeAllConnections();
        await finished;
      }
      shutdown.abort();
      server.closeAllConnections();
      await closed;
      await ownDispatcher?.close();
      await ownState?.close();
    })();
    return closing;
  };

  return { url, warnings, close };
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
  stderr(`core-search: serving on ${api.url}\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (name: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(name);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  stderr(`core-search: ${signal} received, closing\n`);
  await api.close();
  return 0;
}

// --- helpers -------------------------------------------------------------------------------------

/** A counter of running jobs: beyond `max`, the caller is asked to come back later. */
function slots(max: number) {
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

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ConfigError) {
    // The problems name settings, never their values.
    return new HttpError(
      503,
      error.code === "NOTHING_CONFIGURED" ? "NOTHING_CONFIGURED" : "INVALID_CONFIG",
      error.problems.join("; "),
    );
  }
  if (error instanceof CoreSearchError && error.code === "INVALID_INPUT") {
    return new HttpError(400, "INVALID_INPUT", error.message);
  }
  return new HttpError(500, "INTERNAL", "internal error; the server's log has the details");
}

function respond(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  closeConnection: boolean,
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = Buffer.from(JSON.stringify(body), "utf8");
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(payload.length),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...(closeConnection ? { connection: "close" } : {}),
    ...headers,
  });
  res.end(payload);
}

function pathOf(req: IncomingMessage): string {
  const target = req.url ?? "/";
  const query = target.indexOf("?");
  return query === -1 ? target : target.slice(0, query);
}

/** The path as shown in an error: bounded, so a huge request line is not echoed back whole. */
function describePath(path: string): string {
  return JSON.stringify(path.length > 100 ? `${path.slice(0, 100)}…` : path);
}

function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/u.test(host);
}

/** The Host header names a loopback address (or there is none, as from HTTP/1.0 clients). */
function isLoopbackHostHeader(header: string | undefined): boolean {
  if (header === undefined) return true;
  let hostname: string;
  try {
    hostname = new URL(`http://${header}`).hostname;
  } catch {
    return false;
  }
  return hostname === "[::1]" || isLoopback(hostname);
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}
