import type { ProviderName, SearchProvider } from "../providers/search-provider.js";

/**
 * Requests in flight per stage, shared by every call of one run, so four parallel calls never
 * exceed a service's documented rate: Brave's free plan allows one request a second and the
 * keyless endpoints are a shared free tier; self-hosted metasearch takes what its host can.
 */
export const MAX_IN_FLIGHT: Record<ProviderName, number> = {
  searxng: 4,
  degoog: 4,
  exa: 2,
  parallel: 2,
  nimble: 2,
  tavily: 2,
  youcom: 2,
  firecrawl: 2,
  brave: 1,
  "exa-mcp": 1,
  "parallel-mcp": 1,
};

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
