/**
 * Runs that outlive a connection:
 *
 *   POST   /v1/runs              the body of POST /v1/corroborate → 202 {id, status, events}
 *   GET    /v1/runs/{id}         → {id, status, question, startedAt, endedAt?, error?, report?}
 *   GET    /v1/runs/{id}/events  Server-Sent Events: each event with its `id:`; `Last-Event-ID`
 *                                resumes after it; comment lines keep an idle stream open
 *   DELETE /v1/runs/{id}         cancels a running run, or removes a finished one
 *
 * Every server sharing the state store answers for every run; a stream polls the store for the
 * runs of other servers and is woken by its own server's writes for its own.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../../config/config.js";
import type { Report } from "../../report/report-schema.js";
import type { RunEvent } from "../../runs/run-events.js";
import { isRunId } from "../../runs/run-id.js";
import { seenAt } from "../../runs/run-status.js";
import { HttpError } from "./http-error.js";
import { doneEvent } from "./run-event-writer.js";
import type { RunContext, RunHost, RunView } from "./run-host.js";

export const RUNS_PATH = "/v1/runs";

export interface RunsApiOptions {
  host: RunHost;
  config: Config;
  /** A corroboration from the body of `POST /v1/corroborate` (checked as that endpoint checks it). */
  corroboration: (body: unknown) => { question: string; start: (context: RunContext) => Promise<Report> };
  /** Event streams open at once on this server; more are answered 503 BUSY. */
  maxStreams: number;
  /** How often a stream looks for new events of a run another server runs. */
  pollMs: number;
  /** How long a stream may go without a byte before a comment line is sent. */
  heartbeatMs: number;
}

export interface RunsApi {
  /** Whether `path` is one of the runs' (`/v1/runs`, `/v1/runs/…`). */
  serves(path: string): boolean;
  /**
   * Answers a request: a JSON answer to send, or undefined when the answer was streamed. `body`
   * reads the request's JSON body within the server's limits.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: () => Promise<unknown>,
    signal: AbortSignal,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> } | undefined>;
  /** Ends every open stream (the server is closing: clients resume on another one). */
  endStreams(): void;
}

const STREAM_RETRY_AFTER_SECONDS = 2;
/** What a client's EventSource waits before it reconnects (the `retry:` field). */
const RECONNECT_MS = 1_000;
const LAST_EVENT_ID = /^\d{1,9}$/u;

export function createRunsApi(options: RunsApiOptions): RunsApi {
  const { host, config } = options;
  const streams = new Set<AbortController>();
  let closed = false;

  /** The run at `id`, or 404. */
  const found = async (id: string): Promise<RunView> => {
    const view = isRunId(id) ? await host.look(id) : undefined;
    if (!view)
      throw new HttpError(
        404,
        "NOT_FOUND",
        `no run ${JSON.stringify(id.slice(0, 40))}: never started, or removed`,
      );
    return view;
  };

  const stream = async (
    res: ServerResponse,
    id: string,
    view: RunView,
    after: number,
    signal: AbortSignal,
  ): Promise<void> => {
    if (closed) throw new HttpError(503, "SHUTTING_DOWN", "the server is shutting down");
    if (streams.size >= options.maxStreams) {
      throw new HttpError(
        503,
        "BUSY",
        `${options.maxStreams} event streams are open on this server; retry shortly`,
        {
          "retry-after": String(STREAM_RETRY_AFTER_SECONDS),
        },
      );
    }
    const own = new AbortController();
    streams.add(own);
    const ended = AbortSignal.any([signal, own.signal]);
    // Woken by this server's writes of the run's events, so its own runs' streams need no polling.
    let fresh = false;
    let wake: (() => void) | undefined;
    const unsubscribe = host.subscribe(id, () => {
      fresh = true;
      wake?.();
    });
    let lastWrite = Date.now();
    const write = (text: string) => {
      res.write(text);
      lastWrite = Date.now();
    };
    try {
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        // Proxies that buffer answers (nginx) pass this one on as it comes.
        "x-accel-buffering": "no",
      });
      write(`retry: ${RECONNECT_MS}\n\n`);
      let sent = after;
      let ending = false;
      while (!ended.aborted) {
        fresh = false;
        const log = await host.events.read(id);
        if (!log) {
          // A run kept without a list of events (not started over HTTP, or its list was forgotten).
          if (sent === 0 && view.stored) write(eventText(storedDone(view)));
          break;
        }
        for (const event of log.events) {
          if (event.id <= sent) continue;
          write(eventText(event));
          sent = event.id;
        }
        if (log.ended) break;
        if (!host.owns(id)) {
          // Another server's run: gone, or its server gone without marking it (then marked here).
          const current = await host.look(id);
          if (!current) break;
          if (current.state.status !== "running") {
            // Ended: its last event is on its way, unless its server stopped before writing it.
            if (ending) {
              await host.seal(current);
              continue;
            }
            ending = true;
          }
        }
        if (!fresh) await pause(Math.min(options.pollMs, lastWrite + options.heartbeatMs - Date.now()));
        if (Date.now() - lastWrite >= options.heartbeatMs) write(": keep-alive\n\n");
      }
    } finally {
      unsubscribe();
      streams.delete(own);
      res.end();
    }

    function pause(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          ended.removeEventListener("abort", done);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        ended.addEventListener("abort", done, { once: true });
        wake = done;
      });
    }
  };

  return {
    serves: (path) => path === RUNS_PATH || path.startsWith(`${RUNS_PATH}/`),
    async handle(req, res, path, body, signal) {
      if (config.runs === "off") {
        throw new HttpError(404, "NOT_FOUND", "runs are off on this server (CORE_SEARCH_RUNS=off)");
      }
      const [id, rest, ...more] = path.slice(RUNS_PATH.length + 1).split("/");
      const method = req.method ?? "GET";
      if (path === RUNS_PATH) {
        allow(method, ["POST"], path);
        const { question, start } = options.corroboration(await body());
        const run = await host.submit(question, start);
        return {
          status: 202,
          body: {
            id: run.id,
            status: run.status,
            queued: run.queued,
            events: `${RUNS_PATH}/${run.id}/events`,
          },
          headers: { location: `${RUNS_PATH}/${run.id}` },
        };
      }
      if (id === undefined || more.length > 0 || (rest !== undefined && rest !== "events")) {
        throw new HttpError(404, "NOT_FOUND", `no such endpoint: ${JSON.stringify(path.slice(0, 100))}`);
      }
      if (rest === "events") {
        allow(method, ["GET"], path);
        const after = lastEventId(req.headers["last-event-id"]);
        await stream(res, id, await found(id), after, signal);
        return undefined;
      }
      allow(method, ["GET", "DELETE"], path);
      const view = await found(id);
      if (method === "GET") return { status: 200, body: described(view) };
      if (view.state.status === "running") {
        const outcome = await host.cancel(id);
        return outcome === "cancelled"
          ? { status: 200, body: { id, status: "cancelled" } }
          : { status: 202, body: { id, status: "running", cancelling: true } };
      }
      await host.runs.remove(id);
      return { status: 200, body: { id, status: view.state.status, deleted: true } };
    },
    endStreams() {
      closed = true;
      for (const own of streams) own.abort();
    },
  };
}

function allow(method: string, methods: readonly string[], path: string): void {
  if (!methods.includes(method)) {
    throw new HttpError(405, "METHOD_NOT_ALLOWED", `${path} accepts ${methods.join(" and ")} only`, {
      allow: methods.join(", "),
    });
  }
}

function lastEventId(header: string | string[] | undefined): number {
  const value = (Array.isArray(header) ? header[0] : header)?.trim() ?? "";
  if (value === "") return 0;
  if (!LAST_EVENT_ID.test(value))
    throw new HttpError(400, "INVALID_INPUT", "Last-Event-ID must be the id of an event of this run");
  return Number(value);
}

/** A run as `GET /v1/runs/{id}` shows it. */
function described({ state, stored }: RunView): Record<string, unknown> {
  const run = seenAt(state, Date.now());
  return {
    id: run.id,
    status: run.status,
    question: run.question,
    startedAt: run.startedAt,
    ...(run.endedAt ? { endedAt: run.endedAt } : {}),
    ...(run.status === "running" ? { queued: run.queued } : {}),
    ...(run.error ? { error: run.error } : {}),
    ...(run.status === "done" && stored ? { report: stored.report } : {}),
  };
}

/** The one event of a run kept without a list: it is done. */
function storedDone(view: RunView): RunEvent {
  const { type, data } = doneEvent(view.state.id, { status: "done", report: view.stored?.report });
  return { id: 1, type, at: view.state.endedAt ?? view.state.startedAt, data };
}

function eventText(event: RunEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event.data, type: event.type, at: event.at })}\n\n`;
}
