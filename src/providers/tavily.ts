import { z } from "zod";
import { withoutSecret } from "../config/redact.js";
import { requestedCount, toIsoDate } from "./hit-fields.js";
import { bearer, createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { SearchProvider, SearchRequest } from "./search-provider.js";
import { replyList, resultFields, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

/** The key is sent as `Authorization: Bearer <key>` (never in the body, although Tavily still accepts that). */
export type TavilySettings = KeyedProviderSettings;

// --- factory ----------------------------------------------------------------------------------

export function createTavilyProvider(settings: TavilySettings): SearchProvider {
  return createKeyedProvider("tavily", settings, {
    documentedBase: "https://api.tavily.com",
    auth: bearer,
    async search(request, vendor) {
      const { body, warnings } = buildBody(request);
      // 432 (plan limit) and 433 (pay-as-you-go limit) are quota statuses in requestJson.
      const reply = await vendor.send({
        path: "/search",
        method: "POST",
        json: body,
        errorCode: (error) => withoutSecret(errorMessage(error), vendor.apiKey),
      });
      const data = vendor.parse(responseSchema, reply);
      return {
        hits: toHits(data.results, request.limit, hitFields, { schema: resultSchema }),
        unresponsiveEngines: [],
        warnings,
      };
    },
  });
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
      ...(request.includeDomains?.length ? { include_domains: request.includeDomains } : {}),
      ...(request.excludeDomains?.length ? { exclude_domains: request.excludeDomains } : {}),
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    },
    warnings,
  };
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.object({
  ...resultFields,
  content: z.unknown().optional(),
  // Not in Tavily's current API description, yet present in real replies (mostly with topic news)
  // as an RFC 1123 date ("Sun, 27 Sep 2026 06:10:00 GMT"): optional, any other form ignored.
  published_date: z.unknown().optional(),
});

const responseSchema = z.object({ results: replyList() });

// --- errors -----------------------------------------------------------------------------------

// Tavily's error bodies are `{"detail": {"error": "<message>"}}`; it sends no separate code, so the
// message stands in for one. A bare `{"detail": "<message>"}` is read the same way.
const errorSchema = z.object({ detail: z.unknown().optional() });

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

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>) {
  return { title: result.title, snippet: result.content, publishedAt: toIsoDate(result.published_date) };
}
