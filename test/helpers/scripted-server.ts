/**
 * A real HTTP server on 127.0.0.1 (random port) that plays any HTTP service from a script and
 * records every request it received. Used by tests to stand in for search providers, LLM APIs, …
 *
 *   const server = await startScriptedServer({ "GET /search": { body: { results: [] } } });
 *   server.route("POST /v1/chat", [{ status: 429 }, { body: { ok: true } }]);
 *   … exercise the client against server.url …
 *   expect(server.requests[0]?.query).toEqual({ q: "x" });
 *   await server.close();
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ScriptedReply {
  /** HTTP status; default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** string/Buffer sent as is; anything else JSON.stringify'd with content-type application/json unless headers say otherwise. */
  body?: unknown;
  /** Wait this long before answering (real timers; capped at MAX_WAIT_MS; cleared on close). */
  delayMs?: number;
  /** Accept the request and never answer (the socket is kept until close()). */
  hang?: boolean;
  /** Send the body slowly: `chunkBytes` at a time, one chunk every `intervalMs`. */
  trickle?: { chunkBytes: number; intervalMs: number };
  /** Destroy the socket without answering (TCP RST: the client sees a connection reset). */
  reset?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query parameters; for a repeated key, the last value wins. */
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Request body as UTF-8 (at most MAX_BODY_BYTES). */
  body: string;
  /** The body parsed as JSON when it is JSON, else undefined. */
  json: unknown;
}

export type Script =
  | ScriptedReply
  | ScriptedReply[]
  | ((req: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>);

export interface ScriptedServer {
  /** "http://127.0.0.1:PORT" */
  url: string;
  requests: RecordedRequest[];
  /** `path` is matched without query string; an array plays in order, repeating the last. */
  route(method: string, path: string, script: Script): void;
  /** Ends hanging/trickling/delayed responses too; never leaves timers or sockets open. */
  close(): Promise<void>;
}

/** Request bodies larger than this are answered with 413 (the recorded body is truncated to it). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Upper bound for `delayMs` and `trickle.intervalMs`. */
export const MAX_WAIT_MS = 60_000;

interface RouteState {
  script: Script;
  /** How many requests this route has answered (drives array scripts). */
  played: number;
}

const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

function parseRouteKey(key: string): [method: string, path: string] {
  const space = key.indexOf(" ");
  if (space <= 0) throw new Error(`route key must look like "GET /path", got ${JSON.stringify(key)}`);
  return [key.slice(0, space), key.slice(space + 1).trim()];
}

const clampWait = (ms: number | undefined): number =>
  ms === undefined || !Number.isFinite(ms) || ms <= 0 ? 0 : Math.min(ms, MAX_WAIT_MS);

function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return headers !== undefined && Object.keys(headers).some((h) => h.toLowerCase() === name);
}

function encodeBody(reply: ScriptedReply): { bytes: Buffer; json: boolean } {
  const { body } = reply;
  if (body === undefined) return { bytes: Buffer.alloc(0), json: false };
  if (Buffer.isBuffer(body)) return { bytes: body, json: false };
  if (typeof body === "string") return { bytes: Buffer.from(body, "utf8"), json: false };
  return { bytes: Buffer.from(JSON.stringify(body) ?? "null", "utf8"), json: true };
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function startScriptedServer(routes: Record<string, Script> = {}): Promise<ScriptedServer> {
  const table = new Map<string, RouteState>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  /** Cancels every pending timer (delays and trickles). */
  const cancels = new Set<() => void>();
  let closing = false;

  const route = (method: string, path: string, script: Script): void => {
    table.set(routeKey(method, path), { script, played: 0 });
  };
  for (const [key, script] of Object.entries(routes)) {
    const [method, path] = parseRouteKey(key);
    route(method, path, script);
  }

  /** Resolves after `ms` (true), or false when the response or the server closed first. */
  const wait = (ms: number, res: http.ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (closing || res.destroyed) return resolve(false);
      const done = (fired: boolean): void => {
        clearTimeout(timer);
        cancels.delete(cancel);
        res.off("close", cancel);
        resolve(fired);
      };
      const cancel = (): void => done(false);
      const timer = setTimeout(() => done(true), ms);
      cancels.add(cancel);
      res.on("close", cancel);
    });

  const pickReply = async (state: RouteState, recorded: RecordedRequest): Promise<ScriptedReply> => {
    const { script } = state;
    const index = state.played;
    state.played += 1;
    if (typeof script === "function") return await script(recorded);
    if (Array.isArray(script)) {
      const reply = script[Math.min(index, script.length - 1)];
      if (reply === undefined) throw new Error("empty reply array");
      return reply;
    }
    return script;
  };

  const send = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    reply: ScriptedReply,
  ): Promise<void> => {
    const delay = clampWait(reply.delayMs);
    if (delay > 0 && !(await wait(delay, res))) return;
    if (closing || res.destroyed) return;

    if (reply.reset) {
      req.socket.resetAndDestroy();
      return;
    }
    if (reply.hang) return; // the socket stays open until the client gives up or close() runs

    const { bytes, json } = encodeBody(reply);
    res.statusCode = reply.status ?? 200;
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    if (json && !hasHeader(reply.headers, "content-type")) res.setHeader("content-type", "application/json");

    const trickle = reply.trickle;
    if (trickle === undefined || bytes.length === 0) {
      res.end(bytes);
      return;
    }
    const chunkBytes = Math.max(1, Math.floor(trickle.chunkBytes));
    const interval = clampWait(trickle.intervalMs);
    if (!hasHeader(reply.headers, "content-length")) res.setHeader("content-length", bytes.length);
    res.flushHeaders();
    for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
      if (offset > 0 && !(await wait(interval, res))) return;
      if (closing || res.destroyed) return;
      const chunk = bytes.subarray(offset, offset + chunkBytes);
      if (offset + chunkBytes >= bytes.length) res.end(chunk);
      else res.write(chunk);
    }
  };

  const replyError = (res: http.ServerResponse, status: number, message: string): void => {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    res.statusCode = status;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ error: message }));
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if (size + chunk.length > MAX_BODY_BYTES) {
        if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
        tooLarge = true; // keep draining so the client can read the 413
      } else {
        chunks.push(chunk);
      }
      size += chunk.length;
    }
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = (req.method ?? "GET").toUpperCase();
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body,
      json: parseJson(body),
    };
    requests.push(recorded);
    if (closing) return;

    if (tooLarge) return replyError(res, 413, `request body larger than ${MAX_BODY_BYTES} bytes`);
    const state = table.get(routeKey(method, url.pathname));
    if (state === undefined) return replyError(res, 404, "no route");

    let reply: ScriptedReply;
    try {
      reply = await pickReply(state, recorded);
    } catch (error) {
      return replyError(res, 500, `script failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await send(req, res, reply);
  };

  const server = http.createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      replyError(
        res,
        500,
        `scripted server failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // A client that goes away mid-request must not crash the test process.
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve, reject) => {
      closing = true;
      for (const cancel of [...cancels]) cancel();
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    });
    return closed;
  };

  return { url: `http://127.0.0.1:${port}`, requests, route, close };
}
