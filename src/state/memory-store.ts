import type { ClearedEntry, CounterResult, StateStore } from "./state-store.js";

interface Entry {
  value: unknown;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * State in this process only: what a run falls back to when the shared store fails, and what tests
 * and injected providers use. Operations are synchronous underneath, so they are atomic.
 */
/** Every this many writes, expired entries are dropped: a long-lived server must not keep them all. */
const PRUNE_EVERY = 256;

export function createMemoryStore(clock: () => number = Date.now): StateStore {
  const entries = new Map<string, Entry>();
  let writes = 0;
  const store = (key: string, entry: Entry): void => {
    entries.set(key, entry);
    if (++writes % PRUNE_EVERY !== 0) return;
    const now = clock();
    for (const [k, e] of entries) if (e.expiresAt <= now) entries.delete(k);
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= clock()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Values are copied in and out, as a store across processes would, so callers cannot share objects.
  const copy = <T>(value: T): T => (value === undefined ? value : (structuredClone(value) as T));
  return {
    kind: "memory",
    async get<T>(key: string) {
      return copy(live(key)?.value as T | undefined);
    },
    async set(key, value, ttlMs) {
      store(key, { value: copy(value), expiresAt: clock() + ttlMs });
    },
    async update<T>(key: string, change: (current: T | undefined) => T, ttlMs: number) {
      const next = change(copy(live(key)?.value as T | undefined));
      store(key, { value: copy(next), expiresAt: clock() + ttlMs });
      return next;
    },
    async increment(key, by, { limit, ttlMs }): Promise<CounterResult> {
      const entry = live(key);
      const current = typeof entry?.value === "number" ? entry.value : 0;
      if (limit !== undefined && current + by > limit) return { value: current, applied: false };
      store(key, { value: current + by, expiresAt: entry?.expiresAt ?? clock() + ttlMs });
      return { value: current + by, applied: true };
    },
    async clear(namespace) {
      const prefix = `${namespace}:`;
      const cleared: ClearedEntry[] = [];
      for (const key of [...entries.keys()]) {
        if (!key.startsWith(prefix)) continue;
        const entry = live(key);
        if (entry) cleared.push({ name: key.slice(prefix.length), value: copy(entry.value) });
        entries.delete(key);
      }
      return cleared;
    },
    warnings: [],
    async close() {
      entries.clear();
    },
  };
}
