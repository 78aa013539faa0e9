import type { Logger } from "../../log/logger.js";
import type { Report } from "../../report/report-schema.js";
import type { NewEvent, RunEvents } from "../../runs/run-events.js";
import type { RunState, RunStatus } from "../../runs/run-status.js";

/**
 * How a run's events reach the state store (run-host.ts): in order, one write at a time, those
 * added while a write is out going together in the next, and the event that ends the list last.
 */

/** How a run ended. */
export type Outcome = {
  status: Exclude<RunStatus, "running">;
  report?: Pick<Report, "confidence" | "direction"> | undefined;
  error?: RunState["error"];
};

/** The event that ends a run's list. */
export function doneEvent(id: string, outcome: Outcome): NewEvent {
  return {
    type: "done",
    data: {
      status: outcome.status,
      ...(outcome.report
        ? { runId: id, confidence: outcome.report.confidence, direction: outcome.report.direction }
        : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
    },
  };
}

export interface EventWriter {
  /** Adds an event; events added while one write is out go together in the next. */
  add(event: NewEvent): void;
  /** Adds the last event and waits until it is written. */
  end(event: NewEvent): Promise<void>;
  /** Waits until what was added is written. */
  flushed(): Promise<void>;
}

/** Appends a run's events in order, one write at a time, telling `written` after each. */
export function eventWriter(events: RunEvents, id: string, written: () => void, logger: Logger): EventWriter {
  let pending: NewEvent[] = [];
  let ending = false;
  let ended = false;
  let writes: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    writes = writes.then(async () => {
      if (pending.length === 0) return;
      const batch = pending;
      const end = ending;
      pending = [];
      try {
        await events.append(id, batch, { end });
      } catch (error) {
        logger.warn({ err: error, run: id }, "run events not written");
      }
      written();
    });
    return writes;
  };
  return {
    add(event) {
      if (ended) return;
      pending.push(event);
      void flush();
    },
    end(event) {
      if (ended) return flush();
      ended = true;
      ending = true;
      pending.push(event);
      return flush();
    },
    flushed: flush,
  };
}
