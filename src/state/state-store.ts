/**
 * Shared state — pauses, engine health, cached results, spend counters — behind one small
 * key/value interface with two real implementations: files in the state directory (several
 * processes on one machine) and Redis (a fleet). Values are JSON and expire by themselves.
 * Everything else in the code talks to this interface only.
 */
export interface StateStore {
  readonly kind: "file" | "redis" | "memory";
  /**
   * Where the state lives, the same for every store opened on it in this process (a state
   * directory, a Redis address), so what a process keeps beside it can be shared by those stores.
   * Undefined for memory, which no other store sees.
   */
  readonly place?: string | undefined;
  /** The value under `key`, or undefined when absent or expired. */
  get<T>(key: string): Promise<T | undefined>;
  /** Stores `value` under `key` until `ttlMs` from now. */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /**
   * Atomic read-modify-write: `change` sees the current value (undefined when absent) and returns the
   * new one, kept for `ttlMs`. No update by another process is lost; `change` may run more than once.
   */
  update<T>(key: string, change: (current: T | undefined) => T, ttlMs: number): Promise<T>;
  /**
   * Atomically adds `by` to the counter under `key` unless the result would pass `limit`. A new
   * counter expires `ttlMs` after it is created; adding does not extend it.
   */
  increment(key: string, by: number, options: { limit?: number; ttlMs: number }): Promise<CounterResult>;
  /**
   * Removes every entry of `namespace` (the keys `namespace:…`), expired or not, and returns those
   * that had not expired: each by the rest of its key, with its value. For `doctor --reset`.
   */
  clear(namespace: string): Promise<ClearedEntry[]>;
  /** Lines about the store itself (e.g. Redis unreachable), for the report's notes. */
  readonly warnings: readonly string[];
  /** Releases connections; the store must not be used afterwards. */
  close(): Promise<void>;
}

/** An entry `clear` removed: `name` is its key after `namespace:`. */
export interface ClearedEntry {
  name: string;
  value: unknown;
}

export interface CounterResult {
  /** The counter after the call. */
  value: number;
  /** False when adding would have passed the limit (the counter is unchanged). */
  applied: boolean;
}

/**
 * The largest value a store keeps or reads (its JSON text): a cache entry of 20 results is tens of
 * kilobytes; anything near this bound is not state of ours.
 */
export const MAX_STATE_VALUE_BYTES = 1024 * 1024;
