import { PROVIDER_ROWS } from "../providers/registry.js";
import type { ProviderName, SearchProvider } from "../providers/search-provider.js";

/**
 * Requests in flight per stage, shared by every call of one run, so four parallel calls never
 * exceed a service's documented rate (the registry's `inFlight`).
 */
export const MAX_IN_FLIGHT = Object.fromEntries(
  PROVIDER_ROWS.map((row) => [row.name, row.inFlight]),
) as Record<ProviderName, number>;

/** The provider, with at most `limit` searches in flight; a queued search leaves when its signal aborts. */
export function limitInFlight(provider: SearchProvider, limit: number): SearchProvider {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };
  const acquire = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (active < limit) {
        active += 1;
        resolve();
        return;
      }
      const start = () => {
        signal.removeEventListener("abort", onAbort);
        active += 1;
        resolve();
      };
      const onAbort = () => {
        const index = waiting.indexOf(start);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      waiting.push(start);
    });
  return {
    name: provider.name,
    configured: provider.configured,
    async search(request) {
      await acquire(request.signal);
      try {
        return await provider.search(request);
      } finally {
        release();
      }
    },
  };
}
