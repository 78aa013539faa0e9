import { z } from "zod";
import type { HttpClient } from "../http/http-client.js";
import {
  cleanText,
  isHttpUrl,
  MAX_RESULTS_PER_REQUEST,
  MAX_SNIPPET_CHARS,
  MAX_TITLE_CHARS,
  toIsoDate,
} from "./hit-fields.js";
import type { SearchHit, SearchProvider, SearchRequest, SearchResponse } from "./search-provider.js";
import { endpoint, notConfigured, parseReply, requestJson, withoutSecret } from "./vendor-request.js";

// --- settings ---------------------------------------------------------------------------------

export interface YoucomSettings {
  /** Sent as `X-API-Key: <key>`. */
  apiKey?: string | undefined;
  /**
   * Replaces https://ydc-index.io (scheme, host and optional path prefix). Older You.com pages name
   * https://api.ydc-index.io instead; the SDK and current docs use the default.
   */
  baseUrl?: string | undefined;
  http: HttpClient;
  timeoutMs?: number;
}

const DOCUMENTED_BASE = "https://ydc-index.io";
const SEARCH_PATH = "/v1/search";
const DEFAULT_TIMEOUT_MS = 12_000;

// --- factory ----------------------------------------------------------------------------------

export function createYoucomProvider(settings: YoucomSettings): SearchProvider {
  const apiKey = settings.apiKey ? settings.apiKey : undefined;
  const url = endpoint(settings.baseUrl, DOCUMENTED_BASE, SEARCH_PATH);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: "youcom",
    configured: apiKey !== undefined,
    async search(request: SearchRequest): Promise<SearchResponse> {
      if (apiKey === undefined) {
        throw notConfigured("youcom", "You.com", "YDC_API_KEY");
      }
      const reply = await requestJson({
        http: settings.http,
        provider: "youcom",
        label: "You.com",
        url,
        method: "GET",
        query: buildQuery(request),
        headers: { "x-api-key": apiKey, accept: "application/json" },
        timeoutMs,
        signal: request.signal,
        errorCode: (error) => withoutSecret(errorMessage(error), apiKey),
      });
      const data = parseReply(responseSchema, reply, "youcom", "You.com");
      const web = data.results.web ?? [];
      const news = data.results.news ?? [];
      const wantsNews = request.categories.includes("news");
      return {
        hits: toHits(wantsNews ? interleave(news, web) : interleave(web, news), request.limit),
        unresponsiveEngines: [],
        warnings: categoryWarnings(request, news.length > 0),
      };
    },
  };
}

// --- request ----------------------------------------------------------------------------------

function buildQuery(request: SearchRequest): Record<string, string | number | undefined> {
  return {
    query: request.query,
    // `count` applies to the web and the news section separately; the merged list is cut to the limit.
    count: Math.max(1, Math.min(Math.floor(request.limit), MAX_RESULTS_PER_REQUEST)),
    // A time word inside the query can widen this window (You.com keeps the broader of the two).
    freshness: request.timeRange ?? undefined,
  };
}

/**
 * You.com has no category or topic parameter. News comes back in its own section only when its
 * classifier reads the query as news, so "news" counts as honoured when that section is there.
 */
function categoryWarnings(request: SearchRequest, gotNews: boolean): string[] {
  return [...new Set(request.categories)].flatMap((c) => {
    if (c === "general") return [];
    if (c === "news") {
      return gotNews
        ? []
        : [
            'category "news" not supported: searched without it (news results come only when the query reads as news, and none came back)',
          ];
    }
    return [`category "${c}" not supported: searched without it`];
  });
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.looseObject({
  url: z.unknown(),
  title: z.unknown().optional(),
  description: z.unknown().optional(),
  // Web results only: query-relevant passages, richer than the page description.
  snippets: z.array(z.unknown()).optional().catch(undefined),
  page_age: z.unknown().optional(),
});

// Either section may be missing (news only appears with news intent).
const responseSchema = z.looseObject({
  results: z.looseObject({
    web: z.array(z.unknown()).nullish(),
    news: z.array(z.unknown()).nullish(),
  }),
});

// --- errors -----------------------------------------------------------------------------------

// 401/403/500 bodies are documented as `{"detail": "<message>"}`; 402 and 429 bodies are not
// documented and are read the same way when they match. There is no separate code, so the message
// stands in for one; validation errors may carry a list in `detail`, which is ignored.
const errorSchema = z.looseObject({ detail: z.unknown().optional() });

function errorMessage(body: unknown): string | undefined {
  const parsed = errorSchema.safeParse(body);
  return parsed.success && typeof parsed.data.detail === "string" ? parsed.data.detail : undefined;
}

/** A vendor message that quotes the key is not repeated anywhere. */

// --- hits -------------------------------------------------------------------------------------

/** Two ranked lists as one: rank 1 of each, then rank 2 of each, …; the first section leads. */
function interleave(first: readonly unknown[], second: readonly unknown[]): unknown[] {
  const merged: unknown[] = [];
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    if (i < first.length) merged.push(first[i]);
    if (i < second.length) merged.push(second[i]);
  }
  return merged;
}

function toHits(results: readonly unknown[], limit: number): SearchHit[] {
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  for (const raw of results) {
    if (hits.length >= limit) break;
    const parsed = resultSchema.safeParse(raw);
    if (!parsed.success || !isHttpUrl(parsed.data.url) || seen.has(parsed.data.url)) continue;
    seen.add(parsed.data.url);
    hits.push(toHit(parsed.data, hits.length + 1));
  }
  return hits;
}

function toHit(result: z.infer<typeof resultSchema>, rank: number): SearchHit {
  const passages = (result.snippets ?? []).filter((s): s is string => typeof s === "string").join(" ");
  return {
    url: result.url as string,
    title: cleanText(result.title, MAX_TITLE_CHARS),
    snippet: cleanText(passages, MAX_SNIPPET_CHARS) || cleanText(result.description, MAX_SNIPPET_CHARS),
    publishedAt: publishedDay(result.page_age),
    engines: [],
    rank,
  };
}

/**
 * `page_age` is an ISO timestamp without a zone ("2026-09-02T08:30:00"), which Date.parse would
 * read as local time; its leading `YYYY-MM-DD` is the day as the source gave it.
 */
function publishedDay(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const isoDay = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(value.trim())?.[1];
  return toIsoDate(isoDay ?? value);
}
