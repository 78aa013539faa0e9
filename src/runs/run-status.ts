import type { StateStore } from "../state/state-store.js";
import { RUN_EVENTS_KEY } from "./run-events.js";

/**
 * Where a run started over HTTP stands, on the state store every server of a fleet shares. The
 * server running it (its owner) holds a lease it renews while the run goes on; a run still
 * `running` after its lease ran out lost its server without being marked, and counts as
 * `interrupted` wherever it is looked at.
 */

export const RUN_STATUSES = ["running", "done", "failed", "cancelled", "interrupted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunState {
  version: 1;
  id: string;
  status: RunStatus;
  /** The question asked (at most 300 characters). */
  question: string;
  /** ISO 8601. */
  startedAt: string;
  endedAt?: string | undefined;
  /** Waiting on its server for a free slot. */
  queued: boolean;
  /** The server running it, and until when (epoch ms) it answers for it. */
  owner: string;
  leaseUntil: number;
  /** Asked to stop through another server; its owner stops it at its next renewal. */
  cancelRequested?: boolean | undefined;
  /** Why it failed. */
  error?: { code: string; message: string } | undefined;
}

export const RUN_STATUS_KEY = (id: string) => `run-status:${id}`;
/** Runs started over HTTP, newest first: those that fall off it are forgotten (status and events). */
const STARTED_KEY = "runs-index:started";
/**
 * The list holds the keep count at most, and never more than this (an entry is ~60 bytes, the
 * store's values 1 MiB at most); runs past it are still removed when their keep time is up.
 */
const MAX_STARTED = 5_000;
/** What removing writes: a value gone a moment later (the stores have no delete). */
const GONE_MS = 1;

export interface RunStatusStore {
  /** Records a run that starts now, and forgets the oldest past the keep count. */
  create(state: RunState): Promise<void>;
  /** The run's status as stored (a lost lease is not applied: see {@link seenAt}). */
  get(id: string): Promise<RunState | undefined>;
  /**
   * Changes a running run: undefined (nothing changed) when it is no longer running or is gone,
   * when `owner` is given and is not the run's, or when `change` gives undefined.
   */
  change(
    id: string,
    change: (state: RunState) => Partial<RunState> | undefined,
    options?: { owner?: string },
  ): Promise<RunState | undefined>;
}

export function openRunStatus(state: StateStore, keep: { count: number; ms: number }): RunStatusStore {
  return {
    async create(run) {
      await state.set(RUN_STATUS_KEY(run.id), run, keep.ms);
      const dropped: string[] = [];
      await state.update<{ id: string; at: number }[]>(
        STARTED_KEY,
        (current) => {
          const oldest = Date.now() - keep.ms;
          const listed = [
            { id: run.id, at: Date.now() },
            ...(current ?? []).filter((entry) => entry.id !== run.id),
          ];
          const room = Math.min(keep.count, MAX_STARTED);
          dropped.splice(0, dropped.length, ...listed.slice(room).map((entry) => entry.id));
          return listed.slice(0, room).filter((entry) => entry.at >= oldest);
        },
        keep.ms,
      );
      await forgetTrail(state, dropped);
    },
    async get(id) {
      const run = await state.get<RunState | null>(RUN_STATUS_KEY(id));
      return run?.version === 1 ? run : undefined;
    },
    async change(id, change, options = {}) {
      let changed: RunState | undefined;
      await state.update<RunState | null>(
        RUN_STATUS_KEY(id),
        (current) => {
          changed = undefined;
          if (current?.version !== 1 || current.status !== "running") return current ?? null;
          if (options.owner !== undefined && current.owner !== options.owner) return current;
          const fields = change(current);
          if (fields === undefined) return current;
          changed = { ...current, ...fields };
          return changed;
        },
        keep.ms,
      );
      return changed;
    },
  };
}

/** The run as seen at `now`: a running run whose lease ran out is `interrupted`. */
export function seenAt(run: RunState, now: number): RunState {
  return run.status === "running" && run.leaseUntil < now ? { ...run, status: "interrupted" } : run;
}

/** Removes the status and events of runs (the run itself is the run store's). */
export async function forgetTrail(state: StateStore, ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.flatMap((id) => [
      state.set(RUN_STATUS_KEY(id), null, GONE_MS),
      state.set(RUN_EVENTS_KEY(id), null, GONE_MS),
    ]),
  );
}
