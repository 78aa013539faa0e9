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

export interface TavilySettings {
  /** Sent as `Authorization: Bearer <key>` (never in the body, although Tavily still accepts that). */
  apiKey?: string | undefined;
  /** Replaces https://api.tavily.com (scheme, host and optional path prefix). */
  baseUrl?: string | undefined;
  http: HttpClient;
  timeoutMs?: number;
}

const DOCUMENTED_BASE = "https://api.tavily.com";
const SEARCH_PATH = "/search";
const DEFAULT_TIMEOUT_MS = 12_000;

// --- factory ----------------------------------------------------------------------------------

export function createTavilyProvider(settings: TavilySettings): SearchProvider {
  const apiKey = settings.apiKey ? settings.apiKey : undefined;
  const url = endpoint(settings.baseUrl, DOCUMENTED_BASE, SEARCH_PATH);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: "tavily",
    configured: apiKey !== undefined,
    async search(request: SearchRequest): Promise<SearchResponse> {
      if (apiKey === undefined) {
        throw notConfigured("tavily", "Tavily", "TAVILY_API_KEY");
      }
      const { body, warnings } = buildBody(request);
      // 432 (plan limit) and 433 (pay-as-you-go limit) are quota statuses in requestJson.
      const reply = await requestJson({
        http: settings.http,
        provider: "tavily",
        label: "Tavily",
        url,
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, accept: "application/json" },
        json: body,
        timeoutMs,
        signal: request.signal,
        errorCode: (error) => withoutSecret(errorMessage(error), apiKey),
      });
      const data = parseReply(responseSchema, reply, "tavily", "Tavily");
      return { hits: toHits(data.results, request.limit), unresponsiveEngines: [], warnings };
    },
  };
}

// --- request ----------------------------------------------------------------------------------

function buildBody(request: SearchRequest): { body: Record<string, unknown>; warnings: string[] } {
  // Tavily's `topic` is general | news | finance, one per request: news is the only category it
  // can narrow to; science and it have no counterpart.
  const categories = [...new Set(request.categories)];
  const topic = categories.includes("news") ? "news" : "general";
  const warnings = categories.flatMap((c) => {
    if (c === topic) return [];
    if (c === "general")
      return [`category "general" not supported together with "news": searched without it`];
    return [`category "${c}" not supported: searched without it`];
  });
  return {
    body: {
      query: request.query,
      topic,
      search_depth: "basic",
      max_results: requestedCount(request.limit),
      ...(request.timeRange ? { time_range: request.timeRange } : {}),
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    },
    warnings,
  };
}

function requestedCount(limit: number): number {
  return Math.max(1, Math.min(Math.floor(limit), MAX_RESULTS_PER_REQUEST));
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.looseObject({
  url: z.unknown(),
  title: z.unknown().optional(),
  content: z.unknown().optional(),
  // Not in Tavily's current API description, yet present in real replies (mostly with topic news)
  // as an RFC 1123 date ("Sun, 27 Sep 2026 06:10:00 GMT"): optional, any other form ignored.
  published_date: z.unknown().optional(),
});

const responseSchema = z.looseObject({ results: z.array(z.unknown()) });

// --- errors -----------------------------------------------------------------------------------

// Tavily's error bodies are `{"detail": {"error": "<message>"}}`; it sends no separate code, so the
// message stands in for one. A bare `{"detail": "<message>"}` is read the same way.
const errorSchema = z.looseObject({ detail: z.unknown().optional() });

function errorMessage(body: unknown): string | undefined {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { detail } = parsed.data;
  if (typeof detail === "string") return detail;
  if (typeof detail === "object" && detail !== null && "error" in detail) {
    const { error } = detail as { error: unknown };
    return typeof error === "string" ? error : undefined;
  }
  return undefined;
}

/** A vendor message that quotes the key is not repeated anywhere. */

// --- hits -------------------------------------------------------------------------------------

function toHits(results: readonly unknown[], limit: number): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const raw of results) {
    if (hits.length >= limit) break;
    const parsed = resultSchema.safeParse(raw);
    if (parsed.success && isHttpUrl(parsed.data.url)) hits.push(toHit(parsed.data, hits.length + 1));
  }
  return hits;
}

function toHit(result: z.infer<typeof resultSchema>, rank: number): SearchHit {
  return {
    url: result.url as string,
    title: cleanText(result.title, MAX_TITLE_CHARS),
    snippet: cleanText(result.content, MAX_SNIPPET_CHARS),
    publishedAt: toIsoDate(result.published_date),
    engines: [],
    rank,
  };
}
