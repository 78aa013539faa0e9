import type { StateStore } from "../state/state-store.js";

/**
 * A run's events, for its event stream: one append-only list per run on the state store, so every
 * server sharing the store can serve it and resume it where a client left off. Each event gets the
 * next number of its run (`id`, from 1), given by the list itself as it is appended to, so the
 * numbers stay the same wherever and however often the list is read.
 *
 * The list is bounded: at most `MAX_EVENTS` events of at most `MAX_EVENT_BYTES` each (longer texts
 * cut), `MAX_LOG_BYTES` in all. Past that, events are counted (`omitted`) instead of kept; the last
 * event, which ends the list, is always kept.
 */

export interface RunEvent {
  /** 1, 2, 3, … within the run. */
  id: number;
  type: string;
  /** ISO 8601. */
  at: string;
  data: Record<string, unknown>;
}

export interface EventLog {
  version: 1;
  events: RunEvent[];
  /** Events left out because the list was full. */
  omitted: number;
  /** The list's JSON size, kept as it grows. */
  bytes: number;
  /** True once the run's last event is in: nothing is appended after it. */
  ended: boolean;
}

export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
}

export const MAX_EVENTS = 500;
export const MAX_EVENT_BYTES = 4 * 1024;
const MAX_LOG_BYTES = 512 * 1024;
/** Texts longer than this are cut in an event that would be too large with them. */
const CUT_TEXT_CHARS = 200;

export const RUN_EVENTS_KEY = (id: string) => `run-events:${id}`;

export interface RunEvents {
  /** Starts a run's empty list. */
  create(id: string): Promise<void>;
  /**
   * Appends events in order; with `end`, the last of them ends the list. Nothing is appended to an
   * ended list (or to one removed): then `appended` is false.
   */
  append(
    id: string,
    events: readonly NewEvent[],
    options?: { end?: boolean },
  ): Promise<{ appended: boolean }>;
  read(id: string): Promise<EventLog | undefined>;
}

export function openRunEvents(state: StateStore, keepMs: number): RunEvents {
  return {
    async create(id) {
      await state.set(RUN_EVENTS_KEY(id), emptyLog(), keepMs);
    },
    async append(id, events, options = {}) {
      let appended = false;
      await state.update<EventLog | null>(
        RUN_EVENTS_KEY(id),
        (current) => {
          appended = false;
          // A list that is gone was removed with its run: it is not started again.
          if (current?.version !== 1 || current.ended) return current ?? null;
          const log: EventLog = { ...current, events: [...current.events] };
          events.forEach((event, index) => {
            const last = options.end === true && index === events.length - 1;
            const kept = boundedEvent(event, (log.events.at(-1)?.id ?? 0) + 1);
            const size = Buffer.byteLength(JSON.stringify(kept)) + 1;
            if (!last && (log.events.length >= MAX_EVENTS - 1 || log.bytes + size > MAX_LOG_BYTES)) {
              log.omitted += 1;
              return;
            }
            if (last && log.omitted > 0) kept.data = { ...kept.data, omitted: log.omitted };
            log.events.push(kept);
            log.bytes += size;
          });
          if (options.end === true) log.ended = true;
          appended = true;
          return log;
        },
        keepMs,
      );
      return { appended };
    },
    async read(id) {
      const log = await state.get<EventLog | null>(RUN_EVENTS_KEY(id));
      return log?.version === 1 ? log : undefined;
    },
  };
}

function emptyLog(): EventLog {
  const log: EventLog = { version: 1, events: [], omitted: 0, bytes: 0, ended: false };
  log.bytes = Buffer.byteLength(JSON.stringify(log));
  return log;
}

/** The event as it is kept: within `MAX_EVENT_BYTES`, its long texts cut if need be. */
function boundedEvent(event: NewEvent, id: number): RunEvent {
  const kept: RunEvent = {
    id,
    type: event.type.slice(0, 40),
    at: new Date().toISOString(),
    data: event.data,
  };
  if (Buffer.byteLength(JSON.stringify(kept)) <= MAX_EVENT_BYTES) return kept;
  const cut = JSON.parse(
    JSON.stringify(event.data, (_key, value: unknown) =>
      typeof value === "string" && value.length > CUT_TEXT_CHARS
        ? `${value.slice(0, CUT_TEXT_CHARS)}…`
        : value,
    ),
  ) as Record<string, unknown>;
  kept.data = cut;
  if (Buffer.byteLength(JSON.stringify(kept)) <= MAX_EVENT_BYTES) return kept;
  kept.data = { cut: "the event was too large to keep" };
  return kept;
}
