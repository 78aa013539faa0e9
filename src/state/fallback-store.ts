import { createMemoryStore } from "./memory-store.js";
import type { StateStore } from "./state-store.js";

/** After a failure, the shared store is left alone this long before it is tried again. */
export const RETRY_SHARED_STATE_MS = 30_000;

/**
 * The shared store, falling back to in-process state when it fails: one warning, the rest of the
 * run (or the next 30 s of a long-lived server) in memory, then the shared store again by itself.
 * A failing store never fails a search. What the run learns is mirrored in memory, so a store that
 * dies mid-run does not make it forget a pause it just saw.
 */
export function withMemoryFallback(
  primary: StateStore,
  options: { retryAfterMs?: number; clock?: () => number } = {},
): StateStore {
  const clock = options.clock ?? Date.now;
  const retryAfterMs = options.retryAfterMs ?? RETRY_SHARED_STATE_MS;
  const memory = createMemoryStore(clock);
  const ownWarnings: string[] = [];
  let retryAt = 0;

  const attempt = async <R>(work: (store: StateStore) => Promise<R>): Promise<R> => {
    if (clock() >= retryAt) {
      try {
        return await work(primary);
      } catch (error) {
        retryAt = clock() + retryAfterMs;
        if (ownWarnings.length === 0) {
          ownWarnings.push(
            `Shared state (${primary.kind}) failed: ${reason(error)}; state is kept in this process for now`,
          );
        }
      }
    }
    return work(memory);
  };

  return {
    kind: primary.kind,
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
    get warnings() {
      return [...ownWarnings, ...primary.warnings];
    },
    async close() {
      await primary.close().catch(() => {});
      await memory.close();
    },
  };
}

/** A short reason without credentials: error codes and messages never carry a URL's user:password. */
function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const clean = message.replace(/\/\/[^/@\s]*@/g, "//").slice(0, 160);
  return typeof code === "string" && !clean.includes(code) ? `${code} ${clean}` : clean;
}
