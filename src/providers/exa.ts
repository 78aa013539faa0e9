import { z } from "zod";
import { requestedCount, toIsoDate } from "./hit-fields.js";
import { createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { Category, SearchProvider, SearchRequest, TimeRange } from "./search-provider.js";
import { passagesField, replyList, resultFields, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

export interface ExaSettings extends KeyedProviderSettings {
  /** Characters of query-relevant highlights asked for per result (Exa caps this at 10 000). */
  highlightChars?: number;
  /** Clock for the start of a time range; milliseconds since the epoch. */
  now?: () => number;
}

const DEFAULT_HIGHLIGHT_CHARS = 600;
const MAX_HIGHLIGHT_CHARS = 10_000;
const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 365 };

// --- factory ----------------------------------------------------------------------------------

export function createExaProvider(settings: ExaSettings): SearchProvider {
  const highlightChars = clamp(settings.highlightChars ?? DEFAULT_HIGHLIGHT_CHARS, 1, MAX_HIGHLIGHT_CHARS);
  const now = settings.now ?? Date.now;
  return createKeyedProvider("exa", settings, {
    documentedBase: "https://api.exa.ai",
    auth: (apiKey) => ({ "x-api-key": apiKey }),
    async search(request, vendor) {
      const { body, warnings } = buildBody(request, highlightChars, now());
      const reply = await vendor.send({
        path: "/search",
        method: "POST",
        json: body,
        errorCode: readErrorCode,
        quotaCodes: QUOTA_TAGS,
      });
      const data = vendor.parse(searchResponseSchema, reply);
      return {
        hits: toHits(data.results, request.limit, hitFields, { schema: resultSchema }),
        unresponsiveEngines: [],
        warnings,
      };
    },
  });
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
    numResults: requestedCount(request.limit),
    contents: { highlights: { maxCharacters: highlightChars } },
  };
  if (category !== undefined) body.category = category;
  // Exa's one content filter is a switch: `moderation` drops unsafe results; "off" is its default.
  if (request.safeSearch !== undefined && request.safeSearch !== "off") body.moderation = true;
  if (request.includeDomains?.length) body.includeDomains = request.includeDomains;
  if (request.excludeDomains?.length) body.excludeDomains = request.excludeDomains;
  if (request.timeRange) {
    body.startPublishedDate = new Date(nowMs - RANGE_DAYS[request.timeRange] * DAY_MS).toISOString();
  }
  return { body, warnings };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(value)));
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.object({
  ...resultFields,
  highlights: passagesField,
  text: z.unknown().optional(),
  summary: z.unknown().optional(),
  publishedDate: z.unknown().optional(),
});

const searchResponseSchema = z.object({ results: replyList() });

// --- errors -----------------------------------------------------------------------------------

/** 402 already means "allowance gone"; the tags make it so whatever status they come with. */
const QUOTA_TAGS = ["NO_MORE_CREDITS", "API_KEY_BUDGET_EXCEEDED", "TEAM_BUDGET_EXCEEDED"] as const;

/** Exa errors are `{requestId, error, tag}`; the tag set is open-ended. */
function readErrorCode(body: unknown): string | undefined {
  const tag = (body as { tag?: unknown } | null)?.tag;
  return typeof tag === "string" ? tag : undefined;
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>) {
  const highlights = (result.highlights ?? []).filter(
    (h): h is string => typeof h === "string" && h.trim() !== "",
  );
  const snippet =
    highlights.length > 0
      ? highlights.join(" ")
      : typeof result.text === "string" && result.text.trim() !== ""
        ? result.text
        : result.summary;
  return { title: result.title, snippet, publishedAt: toIsoDate(result.publishedDate) };
}
