/**
 * `core-search mcp`: the tools on stdio. stdout carries the protocol only; logs go to stderr.
 */
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from "@modelcontextprotocol/sdk/types.js";
import { type Config, loadConfig } from "../../config/config.js";
import { ConfigError } from "../../errors.js";
import { loggerAt } from "../../log/silent-logger.js";
import { type AnalyseHits, analyseHits } from "../../operations/analyse-hits.js";
import {
  type AnalysisPool,
  defaultAnalysisThreads,
  openAnalysisPool,
} from "../../operations/analysis-pool.js";
import { MAX_INPUT_BYTES } from "../../operations/input-ranges.js";
import { openStateStore } from "../../state/open-state-store.js";
import { createMcpServer } from "./mcp-server.js";
import { BoundedStdioTransport } from "./stdio-transport.js";

export interface RunMcpServerOptions {
  env: Record<string, string | undefined>;
  stdin?: Readable | undefined;
  stdout?: Writable | undefined;
  /** The most bytes one message may have (default: room for the largest `assess` input). */
  maxMessageBytes?: number | undefined;
}

/**
 * Serves the tools on stdio until standard input ends (the client went away); calls still running
 * then finish and are answered first. Resolves with the exit code.
 */
export async function runMcpServer(options: RunMcpServerOptions): Promise<number> {
  let config: Config | ConfigError;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    config = error;
  }
  // A server's errors must reach its log even when LOG_LEVEL is unset (the library default is silent):
  // then one line of text per failure, for the person reading the client's log of the server;
  // LOG_LEVEL asks for pino's JSON records at its level (stacks at debug and trace).
  const chosen = options.env.LOG_LEVEL?.trim() ? undefined : "warn";
  const level = config instanceof ConfigError ? "warn" : (chosen ?? config.logLevel);
  const logger = await loggerAt(level, { lines: chosen !== undefined });
  if (config instanceof ConfigError) {
    // Serving anyway lets an agent see the problems in its tool results rather than a dead server.
    logger.error({ problems: config.problems }, "settings cannot be used; every tool call will say so");
  }
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  // One state store for the server's life: a Redis connection is opened once, not per tool call.
  const state = config instanceof ConfigError ? undefined : openStateStore(config);
  // As in the HTTP server: the part of a corroboration that only computes runs in worker threads
  // (one per core), so calls running at once do not wait on each other's judging. The pool opens
  // with the first call, not at start-up (clients start servers eagerly); until it is ready, calls
  // are analysed in process.
  const threads = config instanceof ConfigError ? 0 : defaultAnalysisThreads();
  let opening: Promise<AnalysisPool | undefined> | undefined;
  let pool: AnalysisPool | undefined;
  const openPool = (): void => {
    opening ??= openAnalysisPool({ threads, logger }).then(
      (opened) => {
        pool = opened;
        return opened;
      },
      (error: unknown) => {
        logger.warn({ err: error }, "no analysis threads; analysing in process");
        return undefined;
      },
    );
  };
  const analyse: AnalyseHits = (input) => {
    openPool();
    return pool ? pool.analyse(input) : analyseHits(input);
  };
  const server = createMcpServer({
    config,
    logger,
    state,
    analyse: threads > 0 ? analyse : undefined,
  });
  // Messages past the limit are refused one by one: the server stays up for the other calls.
  const transport = new BoundedStdioTransport(stdin, stdout, options.maxMessageBytes ?? MAX_INPUT_BYTES);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  // Refused and unreadable messages, replies to nothing: each is said on stderr, none ends the server.
  server.server.onerror = (error) => logger.warn({ err: error }, "MCP message not served");
  await server.connect(transport);
  const idle = trackPendingRequests(transport);
  let closing = false;
  const shutDown = (): void => {
    if (closing) return;
    closing = true;
    idle()
      .then(() => server.close())
      .catch((error: unknown) => logger.error({ err: error }, "closing the MCP server failed"));
  };
  stdin.once("end", shutDown);
  stdin.once("close", shutDown);
  // The client closed its end of our stdout: nobody can read answers any more.
  stdout.once("error", (error) => {
    logger.warn({ err: error }, "stdout closed");
    server.close().catch(() => {});
  });
  await closed;
  await (await opening)?.close();
  await state?.close();
  return 0;
}

/**
 * Counts requests not yet answered, so that closing (which aborts running handlers) can wait for
 * them. Must be called after `connect`, which installs the transport's message handler.
 */
function trackPendingRequests(transport: Transport): () => Promise<void> {
  const pending = new Set<string | number>();
  let waiters: (() => void)[] = [];
  const settle = (id: string | number): void => {
    if (!pending.delete(id) || pending.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) pending.add(message.id);
    onmessage?.(message, extra);
    // A cancelled request is never answered.
    if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
      const id = message.params?.requestId;
      if (typeof id === "string" || typeof id === "number") settle(id);
    }
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    try {
      await send(message, sendOptions);
    } finally {
      if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id !== undefined)
        settle(message.id);
    }
  };
  return () => (pending.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)));
}
