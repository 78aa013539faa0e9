import type { ProviderName } from "../providers/search-provider.js";
import { createMemoryStore } from "../state/memory-store.js";
import type { StateStore } from "../state/state-store.js";

/**
 * Pauses after a quota (402/432/433) or rate-limit (429) answer, kept in the shared state store so
 * the next process — on this machine or, with Redis, anywhere in the fleet — does not spend its
 * first request re-discovering an exhausted key. Each pause expires in the store by itself.
 */
export interface Pause {
  /** Epoch milliseconds. */
  until: number;
  reason: "quota" | "rate_limit";
  /** What the service said, e.g. "HTTP 402 NO_MORE_CREDITS". */
  detail: string;
}

/** Longer than any pause (24 h for a quota), so a shorter pause written later cannot cut one short. */
const PAUSE_ENTRY_TTL_MS = 25 * 3_600_000;

export interface PauseStore {
  get(provider: ProviderName, now: number): Promise<Pause | undefined>;
  /** Keeps whichever of this and the current pause ends later; `now` is `pause.until`'s clock (epoch ms). */
  set(provider: ProviderName, pause: Pause, now: number): Promise<void>;
  /** Forgets every pause (`doctor --reset`); returns those that had not ended by `now`. */
  clear(now: number): Promise<{ provider: string; pause: Pause }[]>;
}

export function createPauseStore(state: StateStore): PauseStore {
  return {
    async get(provider, now) {
      const pause = await state.get<unknown>(`pause:${provider}`);
      return isPause(pause) && pause.until > now ? pause : undefined;
    },
    async set(provider, pause, now) {
      // Parallel calls (or processes) can hear a 402 and a 429 at once: the pause that ends later wins,
      // atomically. The entry lives as long as the longest pause could; `get` ignores one that ended.
      await state.update<unknown>(
        `pause:${provider}`,
        (current) => (isPause(current) && current.until > pause.until ? current : pause),
        Math.max(PAUSE_ENTRY_TTL_MS, pause.until - now),
      );
    },
    async clear(now) {
      return (await state.clear("pause")).flatMap(({ name, value }) =>
        isPause(value) && value.until > now ? [{ provider: name, pause: value }] : [],
      );
    },
  };
}

/** Pauses that live and die with one run (injected providers, tests). */
export function createMemoryPauseStore(): PauseStore {
  return createPauseStore(createMemoryStore());
}

function isPause(value: unknown): value is Pause {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Partial<Pause>;
  return (
    typeof p.until === "number" &&
    (p.reason === "quota" || p.reason === "rate_limit") &&
    typeof p.detail === "string"
  );
}
