/**
 * Runs started over HTTP (`POST /v1/runs`), as one server holds them: a bounded number run at
 * once and a bounded line waits; each run's status and events go to the state store as they
 * happen, so any server sharing the store answers for it. The server holds a lease on each of its
 * runs and renews it while it runs; when it stops, whatever it still runs or holds in line is
 * marked `interrupted`, and a run whose lease ran out (its server vanished) is marked so by the
 * first server that looks at it.
 */
import { randomUUID } from "node:crypto";
import type { Config } from "../../config/config.js";
import type { Logger } from "../../log/logger.js";
import type { RunHooks } from "../../operations/corroborate.js";
import { errorOutput } from "../../operations/error-output.js";
import type { ProgressEvent, StageEvent } from "../../operations/progress-events.js";
import type { Report } from "../../report/report-schema.js";
import { openRunEvents, type RunEvents } from "../../runs/run-events.js";
import { newRunId } from "../../runs/run-id.js";
import type { StoredRun } from "../../runs/run-record.js";
import { openRunStatus, type RunState, type RunStatusStore, seenAt } from "../../runs/run-status.js";
import { keepableFor, openRunStore, type RunStore } from "../../runs/run-store.js";
import type { StateStore } from "../../state/state-store.js";
import { HttpError } from "./http-error.js";
import { doneEvent, type EventWriter, eventWriter, type Outcome } from "./run-event-writer.js";

/** What a run is given to run with: its own signal (not a request's) and where its events go. */
export interface RunContext {
  signal: AbortSignal;
  onProgress: (event: ProgressEvent) => void;
  hooks: RunHooks;
}

export interface RunHostOptions {
  state: StateStore;
  config: Config;
  logger: Logger;
  /** Runs at once on this server. */
  running: number;
  /** Runs waiting, first in first out, for one of those to finish; beyond that, 503 BUSY. */
  waiting: number;
  /** How long the server's word for a run of its own lasts; it is renewed every fifth of it. */
  leaseMs: number;
}

/** A run as the API shows it, whichever server ran it or runs it. */
export interface RunView {
  state: RunState;
  /** The stored run, for a finished one that was kept. */
  stored?: StoredRun | undefined;
}

export interface RunHost {
  readonly runs: RunStore;
  readonly events: RunEvents;
  /** Starts a run of `question` (or puts it in line) and returns its first status. */
  submit(question: string, start: (context: RunContext) => Promise<Report>): Promise<RunState>;
  /** Where a run stands; undefined when there is no such run (never kept, or removed). */
  look(id: string): Promise<RunView | undefined>;
  /**
   * Stops a running run: `cancelled` at once when it runs here; `cancelling` when it runs on
   * another server, which stops it at its next renewal.
   */
  cancel(id: string): Promise<"cancelled" | "cancelling">;
  /**
   * Ends the list of events of a run that ended without its last event (its server stopped between
   * the two writes), with the event its status implies; nothing when the list is already ended.
   */
  seal(view: RunView): Promise<void>;
  /** Whether this server runs (or holds in line) the run. */
  owns(id: string): boolean;
  /** Calls `listener` after each write of the run's events here; returns how to stop. */
  subscribe(id: string, listener: () => void): () => void;
  /** Stops taking runs, lets running ones finish for `graceMs`, then marks the rest interrupted. */
  close(graceMs: number): Promise<void>;
}

interface LocalRun {
  id: string;
  controller: AbortController;
  start: (context: RunContext) => Promise<Report>;
  writer: EventWriter;
  /** Settles when the question is over (and its slot free); set once it starts. */
  settled?: Promise<void> | undefined;
  /** Its end is recorded (status and last event). */
  recorded: boolean;
}

const RETRY_AFTER_SECONDS = 5;
/** After the grace period, how long stopped runs get to give their slots back. */
const ABORT_GRACE_MS = 1_000;

export function createRunHost(options: RunHostOptions): RunHost {
  const { state, config, logger, leaseMs } = options;
  const keep = config.runsKeep;
  const statuses: RunStatusStore = openRunStatus(state, keep);
  const events = openRunEvents(state, keep.ms);
  const runs = openRunStore(state, config);
  // Events are kept as runs are: addresses masked, the settings' secrets taken out.
  const keepable = keepableFor(config);
  const add = (run: LocalRun, type: string, data: Record<string, unknown>) =>
    run.writer.add({ type, data: keepable(data) ?? { cut: "the event held a key of the settings" } });
  /** This server, as named in the runs it owns. */
  const owner = randomUUID();
  const local = new Map<string, LocalRun>();
  const line: LocalRun[] = [];
  let running = 0;
  /** Runs given a slot that are still being written down. */
  let starting = 0;
  let closing = false;
  const listeners = new Map<string, Set<() => void>>();
  const notify = (id: string) => {
    for (const listener of listeners.get(id) ?? []) listener();
  };

  /** Records a run's end once: its status (if still running) and then its last event. */
  const record = async (run: LocalRun, outcome: Outcome): Promise<void> => {
    if (run.recorded) return;
    run.recorded = true;
    const ended = await statuses
      .change(
        run.id,
        () => ({
          status: outcome.status,
          endedAt: new Date().toISOString(),
          queued: false,
          error: outcome.error,
        }),
        { owner },
      )
      .catch((error: unknown) => {
        logger.warn({ err: error, run: run.id }, "run status not written");
        return undefined;
      });
    // Ended elsewhere (its lease was taken for lost) or removed: the list is not for this server to end.
    if (ended) await run.writer.end(doneEvent(run.id, outcome));
    else await run.writer.flushed();
  };

  const begin = (run: LocalRun, wasQueued: boolean): void => {
    running++;
    run.settled = (async () => {
      let outcome: Outcome;
      try {
        if (wasQueued) await statuses.change(run.id, () => ({ queued: false }), { owner });
        const report = await run.start({
          signal: run.controller.signal,
          onProgress: ({ type, ...data }) => add(run, type, data),
          hooks: {
            id: run.id,
            state,
            stopped: run.controller.signal,
            onStage: ({ type, ...data }: StageEvent) => add(run, type, data),
          },
        });
        outcome =
          report.runId === run.id
            ? { status: "done", report }
            : {
                status: "failed",
                error: {
                  code: "NOT_KEPT",
                  message:
                    report.notes.find((note) => /^The run was not kept/u.test(note)) ??
                    "the run was not kept",
                },
              };
      } catch (error) {
        const output = errorOutput(error);
        if (!output.expected) logger.error({ err: error, run: run.id }, "run failed");
        outcome = { status: "failed", error: { code: output.code, message: output.message } };
      }
      const reason = run.controller.signal.reason as unknown;
      if (run.controller.signal.aborted)
        outcome = { status: reason === "cancelled" ? "cancelled" : "interrupted" };
      await record(run, outcome);
    })().finally(() => {
      running--;
      local.delete(run.id);
      next();
    });
  };

  const next = (): void => {
    if (closing) return;
    while (running + starting < options.running && line.length > 0) {
      const run = line.shift();
      if (run) begin(run, true);
    }
  };

  // Renews the lease on every run held here, and hears of cancellations asked of other servers.
  let renewing = false;
  const renew = async (): Promise<void> => {
    if (renewing) return;
    renewing = true;
    try {
      await Promise.all(
        [...local.values()].map(async (run) => {
          const current = await statuses
            .change(run.id, () => ({ leaseUntil: Date.now() + leaseMs }), { owner })
            .catch(() => null);
          if (current === null || run.recorded) return; // The store failed: next time.
          // Removed, or taken for lost by another server.
          if (current === undefined) await stop(run, "interrupted");
          else if (current.cancelRequested) await cancelHere(run);
        }),
      );
    } finally {
      renewing = false;
    }
  };
  const renewal = setInterval(() => void renew(), Math.max(1, Math.floor(leaseMs / 5)));
  renewal.unref();

  /** Stops a run: one in line is recorded at once, a running one when its question gives up. */
  const stop = async (run: LocalRun, reason: "cancelled" | "interrupted"): Promise<void> => {
    const queued = line.indexOf(run);
    if (queued < 0) {
      run.controller.abort(reason);
      return;
    }
    line.splice(queued, 1);
    local.delete(run.id);
    await record(run, { status: reason });
  };

  const cancelHere = async (run: LocalRun): Promise<void> => {
    await stop(run, "cancelled");
    await record(run, { status: "cancelled" });
  };

  /** Marks a run whose owner's lease ran out: interrupted, with its last event. */
  const expire = async (id: string): Promise<RunState | undefined> => {
    const ended = await statuses.change(id, (run) =>
      seenAt(run, Date.now()).status === "interrupted"
        ? { status: "interrupted", endedAt: new Date().toISOString() }
        : undefined,
    );
    if (ended) await events.append(id, [doneEvent(id, { status: "interrupted" })], { end: true });
    return ended;
  };

  return {
    runs,
    events,
    async submit(question, start) {
      if (closing) throw new HttpError(503, "SHUTTING_DOWN", "the server is shutting down");
      const free = running + starting < options.running;
      if (!free && line.length >= options.waiting) {
        throw new HttpError(
          503,
          "BUSY",
          `${options.running} runs are running on this server and ${options.waiting} are waiting; retry shortly`,
          { "retry-after": String(RETRY_AFTER_SECONDS) },
        );
      }
      const id = newRunId();
      const run: LocalRun = {
        id,
        controller: new AbortController(),
        start,
        writer: eventWriter(events, id, () => notify(id), logger),
        recorded: false,
      };
      const first: RunState = {
        version: 1,
        id,
        status: "running",
        question: question.slice(0, 300),
        startedAt: new Date().toISOString(),
        queued: !free,
        owner,
        leaseUntil: Date.now() + leaseMs,
      };
      // The place is held while the run is written down, so runs asked for at once cannot pass the caps.
      if (free) starting++;
      else line.push(run);
      local.set(id, run);
      try {
        await events.create(id);
        await statuses.create(first);
      } catch (error) {
        local.delete(id);
        if (free) starting--;
        else line.splice(line.indexOf(run), 1);
        throw error;
      }
      if (free) {
        starting--;
        begin(run, false);
      }
      return first;
    },
    async look(id) {
      const current = await statuses.get(id);
      if (current) {
        const seen = seenAt(current, Date.now());
        // Its server is gone: marked here (a store that fails leaves that to the next look).
        const lost = seen.status === "interrupted" && current.status === "running";
        const runState = lost ? ((await expire(id).catch(() => undefined)) ?? seen) : seen;
        return { state: runState, stored: runState.status === "done" ? await runs.get(id) : undefined };
      }
      const stored = await runs.get(id);
      return stored && { state: stateOfStored(stored), stored };
    },
    async cancel(id) {
      const run = local.get(id);
      if (run) {
        await cancelHere(run);
        return "cancelled";
      }
      await statuses.change(id, () => ({ cancelRequested: true }));
      return "cancelling";
    },
    async seal({ state: run, stored }) {
      if (run.status === "running") return;
      const outcome = { status: run.status, report: stored?.report, error: run.error };
      await events.append(run.id, [doneEvent(run.id, outcome)], { end: true });
    },
    owns: (id) => local.has(id),
    subscribe(id, listener) {
      const set = listeners.get(id) ?? new Set();
      set.add(listener);
      listeners.set(id, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    async close(graceMs) {
      closing = true;
      await Promise.all([...line].map((run) => stop(run, "interrupted")));
      const settled = () => Promise.all([...local.values()].map((run) => run.settled));
      await within(settled(), graceMs);
      const left = [...local.values()];
      await Promise.all(left.map((run) => stop(run, "interrupted")));
      await Promise.all(left.map((run) => record(run, { status: "interrupted" })));
      await within(settled(), ABORT_GRACE_MS);
      clearInterval(renewal);
    },
  };
}
/** The status of a run kept without one (by the CLI, MCP or the library, or after its status was forgotten). */
function stateOfStored(stored: StoredRun): RunState {
  const ended = Date.parse(stored.summary.at);
  return {
    version: 1,
    id: stored.summary.id,
    status: "done",
    question: stored.summary.question,
    startedAt: new Date(ended - stored.summary.ms).toISOString(),
    endedAt: stored.summary.at,
    queued: false,
    owner: "",
    leaseUntil: 0,
  };
}

/** Waits for `work`, or `ms` at most. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
