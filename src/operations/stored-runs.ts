import { type Config, loadConfig } from "../config/config.js";
import { CoreSearchError, InvalidInputError } from "../errors.js";
import { isRunId } from "../runs/run-id.js";
import type { StoredRun } from "../runs/run-record.js";
import { openRunStore, type RunStore } from "../runs/run-store.js";
import { openStateStore } from "../state/open-state-store.js";
import type { StateStore } from "../state/state-store.js";

/**
 * Stored runs as the operations reach them: an id is checked before it reaches the store, and a run
 * that is not there is a `NOT_FOUND` error that says so.
 */

export interface RunsOptions {
  config?: Config | undefined;
  state?: StateStore | undefined;
}

/** The stored run `id`: `InvalidInputError` for what is no run id, `NOT_FOUND` when there is none. */
export async function readRun(runs: RunStore, id: string): Promise<StoredRun> {
  const stored = await runs.get(checkedId(id));
  if (!stored)
    throw new CoreSearchError(`No run ${id}: it was never kept here, or it has been removed`, {
      code: "NOT_FOUND",
    });
  return stored;
}

export function checkedId(id: string): string {
  if (!isRunId(id))
    throw new InvalidInputError(`"${String(id).slice(0, 40)}" is not a run id (22 letters and digits)`);
  return id;
}

/** Runs `act` on the run store of the given state, or of the configured one opened for the call. */
export async function withRuns<T>(options: RunsOptions, act: (runs: RunStore) => Promise<T>): Promise<T> {
  const config = options.config ?? loadConfig();
  const state = options.state ?? openStateStore(config);
  try {
    return await act(openRunStore(state, config));
  } finally {
    if (!options.state) await state.close();
  }
}
