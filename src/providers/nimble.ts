import { z } from "zod";
import { withoutSecret } from "../config/redact.js";
import { requestedCount, toIsoDate } from "./hit-fields.js";
import { bearer, createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { Category, SearchProvider, SearchRequest } from "./search-provider.js";
import { replyList, resultFields, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

/** The key is sent as `Authorization: Bearer <key>`. */
export interface NimbleSettings extends KeyedProviderSettings {
  /** Wall clock (epoch ms) for relative dates such as "2 days ago". */
  clock?: () => number;
}

/** Nimble's search modes ("focus") for our categories. */
const FOCUS: Record<Category, string> = {
  general: "general",
  news: "news",
  science: "academic",
  it: "coding",
};

// --- factory ----------------------------------------------------------------------------------

export function createNimbleProvider(settings: NimbleSettings): SearchProvider {
  const clock = settings.clock ?? Date.now;
  return createKeyedProvider("nimble", settings, {
    documentedBase: "https://sdk.nimbleway.com",
    auth: bearer,
    async search(request, vendor) {
      const { body, warnings } = buildBody(request);
      const reply = await vendor.send({
        path: "/v2/search",
        method: "POST",
        json: body,
        errorCode: (error) => withoutSecret(errorMessage(error), vendor.apiKey),
      });
      const data = vendor.parse(responseSchema, reply);
      const now = clock();
      const fields = (result: z.infer<typeof resultSchema>) => hitFields(result, now);
      return {
        hits: toHits(data.results, request.limit, fields, { schema: resultSchema }),
        unresponsiveEngines: [],
        warnings,
      };
    },
  });
}

// --- request ----------------------------------------------------------------------------------

function buildBody(request: SearchRequest): { body: Record<string, unknown>; warnings: string[] } {
  // One focus per request: the first specific category wins, the others are named in a warning.
  const primary = request.categories.find((c) => c !== "general") ?? "general";
  const warnings = [...new Set(request.categories)]
    .filter((c) => c !== primary)
    .map((c) => `category "${c}" not supported together with "${primary}": searched without it`);
  return {
    body: {
      query: request.query,
      max_results: requestedCount(request.limit),
      focus: FOCUS[primary],
      // "lite" returns title, URL and description only: all a hit needs, and the cheapest depth.
      search_depth: "lite",
      ...(request.timeRange ? { time_range: request.timeRange } : {}),
      ...(request.language ? { locale: request.language } : {}),
      ...(request.includeDomains?.length ? { include_domains: request.includeDomains } : {}),
      ...(request.excludeDomains?.length ? { exclude_domains: request.excludeDomains } : {}),
    },
    warnings,
  };
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.object({
  ...resultFields,
  description: z.unknown().optional(),
  content: z.unknown().optional(),
  // Free-form per source: an absolute `publish_date` or a relative `publish_date_raw` ("1 day ago").
  additional_data: z
    .object({ publish_date: z.unknown().optional(), publish_date_raw: z.unknown().optional() })
    .optional()
    .catch(undefined),
});

// A failed collection has been seen as `{"success": "false", "task_id", "message"}`; without a
// `results` array any 2xx body counts as the wrong shape.
const responseSchema = z.object({ results: replyList() });

// --- errors -----------------------------------------------------------------------------------

// The Search API's error bodies are not documented: `{"detail": "..."}` for validation and
// `{"message": "..."}` for failed collections are what integrations report, and CDN pages are not
// JSON at all. Whatever message is found serves as the vendor code; the status decides the outcome.
const errorSchema = z.object({ detail: z.unknown().optional(), message: z.unknown().optional() });

function errorMessage(body: unknown): string | undefined {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { detail, message } = parsed.data;
  if (typeof detail === "string") return detail;
  return typeof message === "string" ? message : undefined;
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>, now: number) {
  return {
    title: result.title,
    snippet: result.description,
    fallbackSnippet: result.content,
    publishedAt:
      publishedDay(result.additional_data?.publish_date) ??
      relativeDay(result.additional_data?.publish_date_raw, now),
  };
}

/** A date as the source wrote it: a leading `YYYY-MM-DD` is kept as is; a bare year is too vague. */
function publishedDay(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (/^\d{4}$/.test(trimmed)) return null;
  const isoDay = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(trimmed)?.[1];
  return toIsoDate(isoDay ?? trimmed);
}

const UNIT_MS: Record<string, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/**
 * "2 days ago", "an hour ago", "yesterday" → the day it points to. Months and years ago are left
 * undated: a day picked inside such a window would claim a precision the source did not give.
 */
function relativeDay(value: unknown, now: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  if (text === "today" || text === "just now") return new Date(now).toISOString().slice(0, 10);
  if (text === "yesterday") return new Date(now - 86_400_000).toISOString().slice(0, 10);
  const match = /^(\d{1,4}|an?|one)\s+(second|minute|hour|day|week)s?\s+ago$/.exec(text);
  const unit = match?.[2] === undefined ? undefined : UNIT_MS[match[2]];
  if (match?.[1] === undefined || unit === undefined) return null;
  const count = /^\d+$/.test(match[1]) ? Number(match[1]) : 1;
  return new Date(now - count * unit).toISOString().slice(0, 10);
}
