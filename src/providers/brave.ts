import { z } from "zod";
import { ProviderError } from "../errors.js";
import { pageOffset, requestedCount, toIsoDate } from "./hit-fields.js";
import { createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { SearchProvider, SearchRequest, TimeRange } from "./search-provider.js";
import { passagesField, replyList, resultFields, texts, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

export type BraveSettings = KeyedProviderSettings;

const WEB_PATH = "/res/v1/web/search";
const NEWS_PATH = "/res/v1/news/search";
/** Documented limit of `q`. */
const MAX_QUERY_CHARS = 400;
const FRESHNESS: Record<TimeRange, string> = { day: "pd", week: "pw", month: "pm", year: "py" };

// --- factory ----------------------------------------------------------------------------------

export function createBraveProvider(settings: BraveSettings): SearchProvider {
  return createKeyedProvider("brave", settings, {
    documentedBase: "https://api.search.brave.com",
    auth: (apiKey) => ({ "x-subscription-token": apiKey }),
    async search(request, vendor) {
      const { news, query, warnings } = buildQuery(request);
      const reply = await vendor.send({
        path: news ? NEWS_PATH : WEB_PATH,
        method: "GET",
        query,
        errorCode: readErrorCode,
        quotaCodes: QUOTA_CODES,
      });
      const results = news ? newsResults(reply) : webResults(reply);
      return {
        hits: toHits(results, request.limit, hitFields, { schema: resultSchema }),
        unresponsiveEngines: [],
        warnings,
      };
    },
  });
}

// --- request ----------------------------------------------------------------------------------

/**
 * News goes to Brave's news endpoint; web search is asked for web results only (no videos,
 * discussions, …) and without `<strong>` decorations. Brave has no science or IT vertical.
 */
function buildQuery(request: SearchRequest): {
  news: boolean;
  query: Record<string, string | number | undefined>;
  warnings: string[];
} {
  const warnings: string[] = [];
  const news = request.categories.includes("news");
  for (const category of request.categories) {
    if (category === "science" || category === "it") {
      warnings.push(`category "${category}" not supported by Brave: searched without it`);
    } else if (category === "general" && news) {
      warnings.push(`category "general" not searched: Brave searched news only`);
    }
  }
  let q = request.query.trim();
  if (q.length > MAX_QUERY_CHARS) {
    q = q.slice(0, MAX_QUERY_CHARS);
    warnings.push(`query shortened to ${MAX_QUERY_CHARS} characters for Brave`);
  }
  const query: Record<string, string | number | undefined> = {
    q,
    count: requestedCount(request.limit),
    freshness: request.timeRange ? FRESHNESS[request.timeRange] : undefined,
    search_lang: request.language,
    safesearch: request.safeSearch,
    offset: pageOffset(request.page),
    goggles: domainGoggle(request),
  };
  if (!news) {
    query.result_filter = "web";
    query.text_decorations = "false";
  }
  return { news, query, warnings };
}

/**
 * Brave has no domain parameter; an inline Goggle (no registration needed) is its documented way to
 * keep only some sites (`$discard` then `$site=` per site) or drop some (`$discard,site=` per site).
 */
function domainGoggle(request: SearchRequest): string | undefined {
  const rules = [
    ...(request.includeDomains?.length
      ? ["$discard", ...request.includeDomains.map((d) => `$site=${d}`)]
      : []),
    ...(request.excludeDomains ?? []).map((d) => `$discard,site=${d}`),
  ];
  return rules.length > 0 ? rules.join("\n") : undefined;
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.object({
  ...resultFields,
  description: z.unknown().optional(),
  extra_snippets: passagesField,
  page_age: z.unknown().optional(),
});

// Brave leaves the `web` block out entirely when nothing matched; `type`/`query` still come.
const webResponseSchema = z.object({
  type: z.string().optional(),
  query: z.unknown().optional(),
  web: z.object({ results: replyList() }).optional(),
});

const newsResponseSchema = z.object({
  type: z.string().optional(),
  results: replyList().optional(),
});

function webResults(reply: unknown): unknown[] {
  const parsed = webResponseSchema.safeParse(reply);
  if (parsed.success && parsed.data.web) return parsed.data.web.results;
  if (parsed.success && parsed.data.type === "search" && parsed.data.query !== undefined) return [];
  throw badShape(parsed.success ? undefined : parsed.error);
}

function newsResults(reply: unknown): unknown[] {
  const parsed = newsResponseSchema.safeParse(reply);
  if (parsed.success && parsed.data.results) return parsed.data.results;
  if (parsed.success && parsed.data.type === "news") return [];
  throw badShape(parsed.success ? undefined : parsed.error);
}

function badShape(cause: unknown): ProviderError {
  return new ProviderError("Brave returned JSON of an unexpected shape", {
    provider: "brave",
    outcome: "bad_response",
    cause,
  });
}

// --- errors -----------------------------------------------------------------------------------

/**
 * Both 429s: `RATE_LIMITED` is the per-second limit (retry soon), `QUOTA_LIMITED` the monthly
 * quota (Brave has no 402), so only the latter pauses as a spent allowance.
 */
const QUOTA_CODES = ["QUOTA_LIMITED"] as const;

/**
 * ⚠️ The documented error body has an `errors` array; real replies have been captured with a
 * single `error` object instead. Both are read.
 */
function readErrorCode(body: unknown): string | undefined {
  const envelope = body as { error?: { code?: unknown }; errors?: { code?: unknown }[] } | null;
  const code =
    envelope?.error?.code ?? (Array.isArray(envelope?.errors) ? envelope.errors[0]?.code : undefined);
  return typeof code === "string" ? code : undefined;
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>) {
  return {
    title: result.title,
    snippet: result.description,
    fallbackSnippet: texts(result.extra_snippets).join(" "),
    publishedAt: pageAgeDate(result.page_age),
  };
}

/**
 * `page_age` is an ISO date-time without a zone ("2026-03-09T00:00:00"), which JavaScript would
 * read as local time and so shift the day east of UTC; it is read as UTC.
 */
function pageAgeDate(value: unknown): string | null {
  if (
    typeof value === "string" &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value.trim())
  ) {
    return toIsoDate(`${value.trim()}Z`);
  }
  return toIsoDate(value);
}
