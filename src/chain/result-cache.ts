import { createHash } from "node:crypto";
import type { ProviderName, SearchHit, SearchRequest } from "../providers/search-provider.js";
import type { StateStore } from "../state/state-store.js";

/** What a cache entry holds: who answered, when, and the hits as tuples (smaller than objects). */
interface CacheEntry {
  provider: ProviderName;
  /** Epoch ms. */
  at: number;
  hits: [url: string, title: string, snippet: string, publishedAt: string | null, engines: string[]][];
}

export interface CachedResult {
  provider: ProviderName;
  at: number;
  hits: SearchHit[];
}

export interface CacheStats {
  hits: number;
  misses: number;
  /** Epoch ms of the first lookup counted, if any. */
  since: number | undefined;
}

export interface ResultCache {
  get(request: CacheableRequest): Promise<CachedResult | undefined>;
  put(request: CacheableRequest, provider: ProviderName, hits: readonly SearchHit[]): Promise<void>;
  /** Adds this run's hits and misses to the shared counters (once per run: the calls share locks). */
  flush(): Promise<void>;
}

export type CacheableRequest = Pick<
  SearchRequest,
  | "query"
  | "categories"
  | "timeRange"
  | "limit"
  | "engines"
  | "language"
  | "safeSearch"
  | "page"
  | "includeDomains"
  | "excludeDomains"
>;

/** The hit and miss counters are kept a month. */
const STATS_TTL_MS = 30 * 24 * 3_600_000;

/**
 * Results of a request that does not depend on which stage serves it (query, categories, time
 * range, limit, engines and the search options), kept `ttlMs` in the shared state store: the same
 * question asked twice in twenty minutes — by this process or another — is paid for once.
 */
export function createResultCache(
  state: StateStore,
  ttlMs: number,
  options: { scope?: string; clock?: () => number } = {},
): ResultCache {
  const clock = options.clock ?? Date.now;
  const scope = options.scope ?? "";
  // Counted here and written once by flush(): four parallel calls updating one counter would queue
  // on its lock for longer than the cache hit itself takes.
  const counted = { hits: 0, misses: 0 };
  const count = async (which: "hits" | "misses") => {
    counted[which] += 1;
  };
  return {
    async get(request) {
      const entry = await state.get<unknown>(cacheKey(request, scope));
      if (!isEntry(entry)) {
        await count("misses");
        return undefined;
      }
      await count("hits");
      return {
        provider: entry.provider,
        at: entry.at,
        hits: entry.hits.map(([url, title, snippet, publishedAt, engines], index) => ({
          url,
          title,
          snippet,
          publishedAt,
          engines,
          rank: index + 1,
        })),
      };
    },
    async put(request, provider, hits) {
      const entry: CacheEntry = {
        provider,
        at: clock(),
        hits: hits.map((h) => [h.url, h.title, h.snippet, h.publishedAt, h.engines]),
      };
      await state.set(cacheKey(request, scope), entry, ttlMs);
    },
    async flush() {
      const { hits, misses } = counted;
      counted.hits = 0;
      counted.misses = 0;
      if (hits + misses === 0) return;
      await Promise.all([
        hits > 0 ? state.increment("stats:cache-hits", hits, { ttlMs: STATS_TTL_MS }) : undefined,
        misses > 0 ? state.increment("stats:cache-misses", misses, { ttlMs: STATS_TTL_MS }) : undefined,
        // Written once, when counting starts; a read is cheaper than a locked update every run.
        state
          .get<number>("stats:cache-since")
          .then((since) =>
            since === undefined
              ? state.update<number>("stats:cache-since", (s) => s ?? clock(), STATS_TTL_MS)
              : since,
          ),
      ]);
    },
  };
}

export async function cacheStats(state: StateStore): Promise<CacheStats> {
  const [hits, misses, since] = await Promise.all([
    state.get<number>("stats:cache-hits"),
    state.get<number>("stats:cache-misses"),
    state.get<number>("stats:cache-since"),
  ]);
  return { hits: hits ?? 0, misses: misses ?? 0, since };
}

/**
 * A hash of the request's stage-independent parts, within a scope (which services are set up, so
 * two SearXNG instances sharing a state directory do not answer for each other); the query's own
 * text never becomes a file name.
 */
export function cacheKey(request: CacheableRequest, scope = ""): string {
  const canonical = JSON.stringify([
    scope,
    request.query.trim().replace(/\s+/g, " ").toLowerCase(),
    [...request.categories].sort(),
    request.timeRange,
    request.limit,
    [...(request.engines ?? [])].sort(),
    // Every option that changes the answer: a strict safe-search answer is never served for an
    // unfiltered one, nor page 1 for page 2. Absent options keep the keys cached before they existed.
    ...optionParts(request),
  ]);
  return `cache:${createHash("sha256").update(canonical).digest("hex").slice(0, 40)}`;
}

function optionParts(request: CacheableRequest): unknown[] {
  const parts = {
    language: request.language,
    safeSearch: request.safeSearch,
    page: request.page === 1 ? undefined : request.page,
    includeDomains: sortedOrUndefined(request.includeDomains),
    excludeDomains: sortedOrUndefined(request.excludeDomains),
  };
  return Object.entries(parts).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]]));
}

function sortedOrUndefined(list: readonly string[] | undefined): string[] | undefined {
  return list === undefined || list.length === 0 ? undefined : [...list].sort();
}

function isEntry(value: unknown): value is CacheEntry {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Partial<CacheEntry>;
  return (
    typeof e.provider === "string" && typeof e.at === "number" && Array.isArray(e.hits) && e.hits.length > 0
  );
}
