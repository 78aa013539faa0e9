import type { ProviderName, SearchHit } from "../providers/search-provider.js";
import { pageKeys } from "./canonical-url.js";

export interface FoundBy {
  call: number;
  provider: ProviderName;
  engines: string[];
  rank: number;
}

/** One unique page, before judging: every hit that led to it stays visible in `foundBy`. */
export interface MergedItem {
  url: string;
  canonicalUrl: string;
  domain: string;
  title: string;
  snippet: string;
  publishedAt: string | null;
  foundBy: FoundBy[];
}

export interface HitFromCall {
  call: number;
  provider: ProviderName;
  hit: SearchHit;
}

export interface MergeResult {
  items: MergedItem[];
  /** Hits dropped because their URL could not be read as an http(s) page. */
  invalidUrls: number;
}

/**
 * Exact dedup on the canonical URL. The same page found by independent indexes is itself a signal,
 * so provenance is merged, never discarded. Items keep the order of first appearance (call, rank).
 */
export function mergeHits(hits: readonly HitFromCall[]): MergeResult {
  const byKey = new Map<string, MergedItem>();
  let invalidUrls = 0;
  const ordered = [...hits].sort((a, b) => a.call - b.call || a.hit.rank - b.hit.rank);
  for (const { call, provider, hit } of ordered) {
    // Memoized: an address seen before (in another call, or worked out ahead) costs a look-up.
    const keys = pageKeys(hit.url);
    if (keys === null) {
      invalidUrls += 1;
      continue;
    }
    const key = keys.canonical;
    const foundBy: FoundBy = { call, provider, engines: hit.engines, rank: hit.rank };
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, {
        url: hit.url,
        canonicalUrl: key,
        domain: keys.domain,
        title: hit.title,
        snippet: hit.snippet,
        publishedAt: hit.publishedAt,
        foundBy: [foundBy],
      });
      continue;
    }
    existing.foundBy.push(foundBy);
    // Keep the fullest text any index gave for the page.
    if (hit.snippet.length > existing.snippet.length) existing.snippet = hit.snippet;
    if (!existing.title && hit.title) existing.title = hit.title;
    existing.publishedAt ??= hit.publishedAt;
  }
  return { items: [...byKey.values()], invalidUrls };
}
