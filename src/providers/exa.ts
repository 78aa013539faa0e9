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
import type { Category, SearchHit, SearchProvider, SearchRequest, TimeRange } from "./search-provider.js";
import { endpoint, notConfigured, parseReply, requestJson } from "./vendor-request.js";

// --- settings ---------------------------------------------------------------------------------

export interface ExaSettings {
  apiKey?: string;
  /** Replaces scheme, host and optional path prefix of https://api.exa.ai (EXA_BASE_URL). */
  baseUrl?: string;
  http: HttpClient;
  timeoutMs?: number;
  /** Characters of query-relevant highlights asked for per result (Exa caps this at 10 000). */
  highlightChars?: number;
  /** Clock for the start of a time range; milliseconds since the epoch. */
  now?: () => number;
}

const DOCUMENTED_BASE = "https://api.exa.ai";
const DEFAULT_TIMEOUT_MS = 12_000;
const DEFAULT_HIGHLIGHT_CHARS = 600;
const MAX_HIGHLIGHT_CHARS = 10_000;
const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 365 };

// --- factory ----------------------------------------------------------------------------------

export function createExaProvider(settings: ExaSettings): SearchProvider {
  const apiKey = settings.apiKey?.trim() || undefined;
  const url = endpoint(settings.baseUrl, DOCUMENTED_BASE, "/search");
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const highlightChars = clamp(settings.highlightChars ?? DEFAULT_HIGHLIGHT_CHARS, 1, MAX_HIGHLIGHT_CHARS);
  const now = settings.now ?? Date.now;

  return {
    name: "exa",
    configured: apiKey !== undefined,
    async search(request) {
      if (apiKey === undefined) {
        throw notConfigured("exa", "Exa", "EXA_API_KEY");
      }
      const { body, warnings } = buildBody(request, highlightChars, now());
      const reply = await requestJson({
        http: settings.http,
        provider: "exa",
        label: "Exa",
        url,
        method: "POST",
        headers: { "x-api-key": apiKey, accept: "application/json" },
        json: body,
        timeoutMs,
        signal: request.signal,
        errorCode: readErrorCode,
        quotaCodes: QUOTA_TAGS,
      });
      const data = parseReply(searchResponseSchema, reply, "exa", "Exa");
      return { hits: toHits(data.results, request.limit), unresponsiveEngines: [], warnings };
    },
  };
}

// --- request ----------------------------------------------------------------------------------

/**
 * Exa's own category for each of ours. ⚠️ Exa renamed `research paper` to `publication` (2026-07);
 * older deployments may only know the former, but unknown strings are accepted as hints, so the
 * current name is sent. Exa has no category for software/IT: `it` is searched without one.
 */
const CATEGORY: Record<Category, string | null | undefined> = {
  general: null,
  news: "news",
  science: "publication",
  it: undefined,
};

function buildBody(
  request: SearchRequest,
  highlightChars: number,
  nowMs: number,
): { body: Record<string, unknown>; warnings: string[] } {
  const warnings: string[] = [];
  let category: string | undefined;
  for (const wanted of request.categories) {
    const mapped = CATEGORY[wanted];
    if (mapped === null) continue;
    if (mapped === undefined) {
      warnings.push(`category "${wanted}" not supported by Exa: searched without it`);
    } else if (category === undefined) {
      category = mapped;
    } else if (mapped !== category) {
      // Exa takes a single category per search.
      warnings.push(`category "${wanted}" not applied: Exa takes one category per search`);
    }
  }
  const body: Record<string, unknown> = {
    query: request.query,
    type: "auto",
    numResults: clamp(request.limit, 1, MAX_RESULTS_PER_REQUEST),
    contents: { highlights: { maxCharacters: highlightChars } },
  };
  if (category !== undefined) body.category = category;
  if (request.timeRange) {
    body.startPublishedDate = new Date(nowMs - RANGE_DAYS[request.timeRange] * DAY_MS).toISOString();
  }
  return { body, warnings };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)));
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.looseObject({
  url: z.unknown(),
  title: z.unknown().optional(),
  highlights: z.array(z.unknown()).optional().catch(undefined),
  text: z.unknown().optional(),
  summary: z.unknown().optional(),
  publishedDate: z.unknown().optional(),
});

const searchResponseSchema = z.looseObject({ results: z.array(z.unknown()) });

// --- errors -----------------------------------------------------------------------------------

/** 402 already means "allowance gone"; the tags make it so whatever status they come with. */
const QUOTA_TAGS = ["NO_MORE_CREDITS", "API_KEY_BUDGET_EXCEEDED", "TEAM_BUDGET_EXCEEDED"] as const;

/** Exa errors are `{requestId, error, tag}`; the tag set is open-ended. */
function readErrorCode(body: unknown): string | undefined {
  const tag = (body as { tag?: unknown } | null)?.tag;
  return typeof tag === "string" ? tag : undefined;
}

// --- hits -------------------------------------------------------------------------------------

function toHits(results: unknown[], limit: number): SearchHit[] {
  return results
    .map((raw) => resultSchema.safeParse(raw))
    .flatMap((r) => (r.success && isHttpUrl(r.data.url) ? [r.data] : []))
    .slice(0, Math.max(0, limit))
    .map((result, index) => toHit(result, index + 1));
}

function toHit(result: z.infer<typeof resultSchema>, rank: number): SearchHit {
  const highlights = (result.highlights ?? []).filter(
    (h): h is string => typeof h === "string" && h.trim() !== "",
  );
  const snippet =
    highlights.length > 0
      ? highlights.join(" ")
      : typeof result.text === "string" && result.text.trim() !== ""
        ? result.text
        : result.summary;
  return {
    url: result.url as string,
    title: cleanText(result.title, MAX_TITLE_CHARS),
    snippet: cleanText(snippet, MAX_SNIPPET_CHARS),
    publishedAt: toIsoDate(result.publishedDate),
    engines: [],
    rank,
  };
}
