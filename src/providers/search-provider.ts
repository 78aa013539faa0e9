/**
 * The provider contract, types only. Every service (searxng, exa, brave, …) is a factory returning
 * a `SearchProvider`; nothing vendor-shaped leaves its own file.
 */

export const PROVIDER_NAMES = [
  "searxng",
  "exa",
  "parallel",
  "brave",
  "nimble",
  "tavily",
  "youcom",
  "degoog",
  "firecrawl",
  "exa-mcp",
  "parallel-mcp",
] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const CATEGORIES = ["general", "news", "science", "it"] as const;
export type Category = (typeof CATEGORIES)[number];

export const TIME_RANGES = ["day", "week", "month", "year"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export const SAFE_SEARCH_LEVELS = ["off", "moderate", "strict"] as const;
export type SafeSearch = (typeof SAFE_SEARCH_LEVELS)[number];

/**
 * The request's options a service may be unable to apply; which ones each can is its registry row's
 * `options`. `domains` covers `includeDomains` and `excludeDomains`.
 */
export const SEARCH_OPTIONS = ["language", "safeSearch", "page", "domains"] as const;
export type SearchOption = (typeof SEARCH_OPTIONS)[number];

export interface SearchRequest {
  query: string;
  categories: readonly Category[];
  /** Restrict to these engines (metasearch providers only); empty = the provider's default. */
  engines: readonly string[];
  timeRange: TimeRange | null;
  /** At most this many hits come back (providers never ask for more than 20). */
  limit: number;
  /** Results in this language (ISO 639-1, lower case); absent: the service's default. */
  language?: string | undefined;
  /** How much explicit content to filter out; absent: the service's default. */
  safeSearch?: SafeSearch | undefined;
  /** Which page of results, from 1; absent: the first. */
  page?: number | undefined;
  /** Only results on these hosts or their subdomains (lower-case hostnames); absent or empty: anywhere. */
  includeDomains?: readonly string[] | undefined;
  /** No results on these hosts or their subdomains. */
  excludeDomains?: readonly string[] | undefined;
  signal: AbortSignal;
}

export interface SearchHit {
  url: string;
  title: string;
  snippet: string;
  /** ISO date (YYYY-MM-DD) when the service gave one. */
  publishedAt: string | null;
  /** The underlying engines that found it (metasearch); empty for single-index services. */
  engines: string[];
  /** 1-based position in this provider's answer. */
  rank: number;
}

export interface UnresponsiveEngine {
  engine: string;
  reason: string;
}

export interface SearchResponse {
  hits: SearchHit[];
  /** Engines a metasearch server reported as failed for this query. */
  unresponsiveEngines: UnresponsiveEngine[];
  /** Parts of the request the provider could not honour (never dropped silently). */
  warnings: string[];
}

export interface SearchProvider {
  readonly name: ProviderName;
  /** False when the provider lacks its key or address: the chain records `no_key` and moves on. */
  readonly configured: boolean;
  /** Resolves with hits (possibly none) or rejects with a `ProviderError`. */
  search(request: SearchRequest): Promise<SearchResponse>;
}
