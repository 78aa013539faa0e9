/**
 * MCP over Streamable HTTP at `/mcp`: the tools of `core-search mcp` for clients elsewhere on a
 * network, or many agents sharing one server. Each client initializes a session of its own (its
 * own MCP server, so its capabilities — sampling — are its own); every session shares the server's
 * state, connections, analysis threads and the running caps and lines of the HTTP API.
 *
 * Bounded like the rest of the server: sessions are capped, a session idle for too long is closed
 * (its client initializes again), and the caller (http-api.ts) has already applied the Host guard,
 * the token, the body limit and the connection limits.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Dispatcher } from "undici";
import type { Config } from "../../config/config.js";
import type { Logger } from "../../log/logger.js";
import type { AnalyseHits } from "../../operations/analyse-hits.js";
import type { ExtractPage } from "../../read/extract-page.js";
import type { StateStore } from "../../state/state-store.js";
import { createMcpServer, type ToolGate, type ToolName } from "../mcp/mcp-server.js";
import { HttpError } from "./http-error.js";
import type { Lines, RequestKind } from "./routes.js";

export const MCP_PATH = "/mcp";
/** Sessions open at once, by default. */
export const DEFAULT_MAX_SESSIONS = 64;
/** A session without a request (nor an open stream) for this long is closed, by default. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

export interface McpEndpointOptions {
  config: Config;
  logger: Logger;
  state: StateStore | undefined;
  dispatcher: Dispatcher | undefined;
  analyse: AnalyseHits | undefined;
  extract: ExtractPage | undefined;
  lines: Lines;
  maxSessions?: number | undefined;
  sessionIdleMs?: number | undefined;
}

export interface McpEndpoint {
  /** Answers one request to `/mcp`; `body` is the parsed JSON of a POST. */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  /** Ends the sessions' notification streams (GET), which would otherwise hold a shutdown up. */
  endStreams(): void;
  /** Closes every session: calls still running are stopped. */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  close(): Promise<void>;
  /** Requests (and streams) of the session in progress. */
  active: number;
  lastSeen: number;
}

const KIND_OF_TOOL: Record<ToolName, RequestKind> = {
  corroborate: "corroborate",
  web_search: "search",
  assess: "assess",
  read_page: "read",
};

export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  // A Map: session ids come from clients, and no id can reach an object's prototype.
  const sessions = new Map<string, Session>();
  /** Sessions being initialized: not in the map yet, but counted against the cap. */
  let opening = 0;

  // Tool calls take their place in the same lines as the HTTP API's requests of their kind.
  const gate: ToolGate = async (tool, call, signal) => {
    try {
      return await options.lines[KIND_OF_TOOL[tool]].run(call, signal);
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== "BUSY") throw error;
      return { isError: true, content: [{ type: "text", text: `core-search is busy: ${error.message}.` }] };
    }
  };

  const open = async (): Promise<Session> => {
    const server = createMcpServer({
      config: options.config,
      logger: options.logger,
      state: options.state,
      dispatcher: options.dispatcher,
      analyse: options.analyse,
      extract: options.extract,
      gate,
    });
    const session: Session = {
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, session);
        },
      }),
      close: () => server.close(),
      active: 0,
      lastSeen: Date.now(),
    };
    // A DELETE from the client, or close() here: either way the session is gone.
    session.transport.onclose = () => {
      const id = session.transport.sessionId;
      if (id !== undefined && sessions.get(id) === session) sessions.delete(id);
    };
    await server.connect(session.transport);
    return session;
  };

  /** Closes the sessions idle longer than `idleMs`; streams in progress count as activity. */
  const closeIdle = async (now: number): Promise<void> => {
    const idle = [...sessions.values()].filter((s) => s.active === 0 && now - s.lastSeen > idleMs);
    await Promise.all(idle.map((session) => session.close().catch(() => {})));
  };
  const sweeper = setInterval(() => void closeIdle(Date.now()), Math.min(idleMs, 60_000));
  sweeper.unref();

  const serve = async (session: Session, req: IncomingMessage, res: ServerResponse, body: unknown) => {
    session.active++;
    session.lastSeen = Date.now();
    try {
      await session.transport.handleRequest(req, res, body);
    } finally {
      session.active--;
      session.lastSeen = Date.now();
    }
  };

  return {
    async handle(req, res, body) {
      const header = req.headers["mcp-session-id"];
      const id = Array.isArray(header) ? header[0] : header;
      if (id === undefined) {
        if (req.method !== "POST" || !isInitializeRequest(body)) {
          throw new HttpError(
            400,
            "INVALID_INPUT",
            "no MCP session: send an initialize request first, then its Mcp-Session-Id with every request",
          );
        }
        if (sessions.size + opening >= maxSessions) await closeIdle(Date.now());
        if (sessions.size + opening >= maxSessions) {
          throw new HttpError(503, "BUSY", `${maxSessions} MCP sessions are open; retry shortly`, {
            "retry-after": "2",
          });
        }
        opening++;
        try {
          await serve(await open(), req, res, body);
        } finally {
          opening--;
        }
        return;
      }
      const session = sessions.get(id);
      if (session === undefined) {
        // Clients answer 404 by initializing a new session (the MCP specification says so).
        throw new HttpError(
          404,
          "NOT_FOUND",
          "no such MCP session (closed or expired): initialize a new one",
        );
      }
      await serve(session, req, res, body);
    },
    endStreams() {
      for (const { transport } of sessions.values()) transport.closeStandaloneSSEStream();
    },
    async close() {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.close().catch(() => {})));
      sessions.clear();
    },
  };
}
