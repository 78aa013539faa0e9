import { setMaxListeners } from "node:events";
import { createMemoryStore } from "./memory-store.js";
import type { StateStore } from "./state-store.js";
import { withinWaiting } from "./waiting-bound.js";

/** After a failure, the shared store is left alone this long before it is tried again. */
export const RETRY_SHARED_STATE_MS = 30_000;
/**
 * The longest one operation of the shared store may take, whatever the store: a backstop for a
 * stall nothing else bounds. It covers waiting for a state-directory lock held by another process
 * (about 2.5 s at worst) and a Redis connection being set up on a loaded machine; Redis bounds each
 * connection attempt and command to a second itself (redis-store.ts).
 */
export const STATE_OPERATION_TIMEOUT_MS = 3_000;

/**
 * The shared store, falling back to in-process state when it fails or stalls: one warning, the rest
 * of the run (or the next 30 s of a long-lived server) in memory, then the shared store again by
 * itself. A failing store never fails a search, and no operation waits on it longer than
 * `timeoutMs`; when one fails, the others still waiting on it give up at once. What the run learns
 * is mirrored in memory, so a store that dies mid-run does not make it forget a pause it just saw.
 */
export function withMemoryFallback(
  primary: StateStore,
  options: { retryAfterMs?: number; timeoutMs?: number; clock?: () => number } = {},
): StateStore {
  const clock = options.clock ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? RETRY_SHARED_STATE_MS;
  const timeoutMs = options.timeoutMs ?? STATE_OPERATION_TIMEOUT_MS;
  const memory = createMemoryStore(clock);
  const ownWarnings: string[] = [];
  let retryAt = 0;
  // Aborted when the shared store fails: every operation still waiting on it stops waiting.
  let outage = newOutage();

  const giveUp = (error: unknown): void => {
    retryAt = clock() + retryAfterMs;
    if (ownWarnings.length === 0) {
      ownWarnings.push(
        `Shared state (${primary.kind}) failed: ${stateFailure(error)}; state is kept in this process for now`,
      );
    }
    outage.abort(error);
    outage = newOutage();
  };

  const attempt = async <R>(work: (store: StateStore) => Promise<R>): Promise<R> => {
    if (clock() >= retryAt) {
      try {
        return await withinWaiting(work(primary), timeoutMs, outage.signal);
      } catch (error) {
        // Only the first of the operations that fail together is the reason.
        if (clock() >= retryAt) giveUp(error);
      }
    }
    return work(memory);
  };

  return {
    kind: primary.kind,
    place: primary.place,
    get: (key) => attempt((store) => store.get(key)),
    async set(key, value, ttlMs) {
      await memory.set(key, value, ttlMs);
      await attempt((store) => store.set(key, value, ttlMs));
    },
    async update(key, change, ttlMs) {
      const next = await attempt((store) => store.update(key, change, ttlMs));
      await memory.set(key, next, ttlMs);
      return next;
    },
    async increment(key, by, counter) {
      const result = await attempt((store) => store.increment(key, by, counter));
      if (result.applied) await memory.set(key, result.value, counter.ttlMs);
      return result;
    },
    async clear(namespace) {
      // What the run mirrored in memory goes too; the shared store says what it held.
      const mirrored = await memory.clear(namespace);
      const shared = await attempt((store) => store.clear(namespace));
      const named = new Set(shared.map((entry) => entry.name));
      return [...shared, ...mirrored.filter((entry) => !named.has(entry.name))];
    },
    get warnings() {
      return [...ownWarnings, ...primary.warnings];
    },
    async close() {
      await withinWaiting(primary.close(), timeoutMs).catch(() => {});
      await memory.close();
    },
  };
}

/** A short reason without credentials: error codes and messages never carry a URL's user:password. */
export function stateFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const clean = message.replace(/\/\/[^/@\s]*@/g, "//").slice(0, 160);
  return typeof code === "string" && !clean.includes(code) ? `${code} ${clean}` : clean;
}

/**
 * Every operation waiting on the shared store listens here, one listener each: a server running
 * many questions at once has far more than Node's default of 10, none of them a leak.
 */
function newOutage(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
