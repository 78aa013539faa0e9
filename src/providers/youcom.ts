import { z } from "zod";
import { withoutSecret } from "../config/redact.js";
import { pageOffset, requestedCount, toIsoDate } from "./hit-fields.js";
import { createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { SearchProvider, SearchRequest } from "./search-provider.js";
import { passagesField, replyList, resultFields, texts, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

/**
 * The key is sent as `X-API-Key: <key>`. Older You.com pages name https://api.ydc-index.io as the
 * address; the SDK and current docs use https://ydc-index.io.
 */
export type YoucomSettings = KeyedProviderSettings;

// --- factory ----------------------------------------------------------------------------------

export function createYoucomProvider(settings: YoucomSettings): SearchProvider {
  return createKeyedProvider("youcom", settings, {
    documentedBase: "https://ydc-index.io",
    auth: (apiKey) => ({ "x-api-key": apiKey }),
    async search(request, vendor) {
      const reply = await vendor.send({
        path: "/v1/search",
        method: "GET",
        query: buildQuery(request),
        errorCode: (error) => withoutSecret(errorMessage(error), vendor.apiKey),
      });
      const data = vendor.parse(responseSchema, reply);
      const web = data.results.web ?? [];
      const news = data.results.news ?? [];
      const wantsNews = request.categories.includes("news");
      return {
        hits: toHits(wantsNews ? interleave(news, web) : interleave(web, news), request.limit, hitFields, {
          schema: resultSchema,
          uniqueUrls: true,
        }),
        unresponsiveEngines: [],
        warnings: categoryWarnings(request, news.length > 0),
      };
    },
  });
}

// --- request ----------------------------------------------------------------------------------

function buildQuery(request: SearchRequest): Record<string, string | number | undefined> {
  return {
    query: request.query,
    // `count` applies to the web and the news section separately; the merged list is cut to the limit.
    count: requestedCount(request.limit),
    // A time word inside the query can widen this window (You.com keeps the broader of the two).
    freshness: request.timeRange ?? undefined,
    language: request.language,
    safesearch: request.safeSearch,
    offset: pageOffset(request.page),
    // Over GET a domain list is one comma-separated value.
    include_domains: request.includeDomains?.join(",") || undefined,
    exclude_domains: request.excludeDomains?.join(",") || undefined,
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

const resultSchema = z.object({
  ...resultFields,
  description: z.unknown().optional(),
  // Web results only: query-relevant passages, richer than the page description.
  snippets: passagesField,
  page_age: z.unknown().optional(),
});

// Either section may be missing (news only appears with news intent).
const responseSchema = z.object({
  results: z.object({
    web: replyList().nullish(),
    news: replyList().nullish(),
  }),
});

// --- errors -----------------------------------------------------------------------------------

// 401/403/500 bodies are documented as `{"detail": "<message>"}`; 402 and 429 bodies are not
// documented and are read the same way when they match. There is no separate code, so the message
// stands in for one; validation errors may carry a list in `detail`, which is ignored.
const errorSchema = z.object({ detail: z.unknown().optional() });

function errorMessage(body: unknown): string | undefined {
  const parsed = errorSchema.safeParse(body);
  return parsed.success && typeof parsed.data.detail === "string" ? parsed.data.detail : undefined;
}

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

function hitFields(result: z.infer<typeof resultSchema>) {
  return {
    title: result.title,
    snippet: texts(result.snippets).join(" "),
    fallbackSnippet: result.description,
    publishedAt: publishedDay(result.page_age),
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
