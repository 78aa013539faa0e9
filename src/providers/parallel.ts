import { z } from "zod";
import { cleanText, MAX_SNIPPET_CHARS, requestedCount, toIsoDate } from "./hit-fields.js";
import { createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { SearchProvider, SearchRequest, TimeRange } from "./search-provider.js";
import { passagesField, replyList, resultFields, texts, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

export interface ParallelSettings extends KeyedProviderSettings {
  /** Clock for the start of a time range; milliseconds since the epoch. */
  now?: () => number;
}

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 365 };
/** Documented limits: objective ≤ 5000 characters, each search query ≤ 200. */
const MAX_OBJECTIVE_CHARS = 5000;
const MAX_QUERY_CHARS = 200;
/** Excerpts beyond the snippet cap would only be cut again. */
const EXCERPT_CHARS = MAX_SNIPPET_CHARS;
const MAX_VENDOR_WARNINGS = 3;

// --- factory ----------------------------------------------------------------------------------

export function createParallelProvider(settings: ParallelSettings): SearchProvider {
  const now = settings.now ?? Date.now;
  return createKeyedProvider("parallel", settings, {
    documentedBase: "https://api.parallel.ai",
    auth: (apiKey) => ({ "x-api-key": apiKey }),
    async search(request, vendor) {
      const { body, warnings } = buildBody(request, now());
      const reply = await vendor.send({
        path: "/v1/search",
        method: "POST",
        json: body,
        errorCode: readErrorCode,
        quotaCodes: [BILLING],
      });
      const data = vendor.parse(searchResponseSchema, reply);
      return {
        hits: toHits(data.results, request.limit, hitFields, { schema: resultSchema }),
        unresponsiveEngines: [],
        warnings: [...warnings, ...vendorWarnings(data.warnings)],
      };
    },
  });
}

// --- request ----------------------------------------------------------------------------------

/**
 * The GA `/v1/search` body: the query is both the objective and the one keyword query (the
 * keyword query shortened to the documented length). Parallel has no category or topic filter;
 * recency (`after_date`, inclusive, YYYY-MM-DD) and domains are its `source_policy`.
 */
function buildBody(
  request: SearchRequest,
  nowMs: number,
): { body: Record<string, unknown>; warnings: string[] } {
  const warnings = request.categories
    .filter((category) => category !== "general")
    .map((category) => `category "${category}" not supported by Parallel: searched without it`);
  const advanced: Record<string, unknown> = {
    max_results: requestedCount(request.limit),
    excerpt_settings: { max_chars_per_result: EXCERPT_CHARS },
  };
  const policy: Record<string, unknown> = {};
  if (request.includeDomains?.length) policy.include_domains = request.includeDomains;
  if (request.excludeDomains?.length) policy.exclude_domains = request.excludeDomains;
  if (request.timeRange) {
    const start = new Date(nowMs - RANGE_DAYS[request.timeRange] * DAY_MS);
    policy.after_date = start.toISOString().slice(0, 10);
  }
  if (Object.keys(policy).length > 0) advanced.source_policy = policy;
  return {
    body: {
      objective: request.query.slice(0, MAX_OBJECTIVE_CHARS),
      search_queries: [shorten(request.query, MAX_QUERY_CHARS)],
      advanced_settings: advanced,
    },
    warnings,
  };
}

function shorten(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return space > max * 0.6 ? cut.slice(0, space) : cut;
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.object({
  ...resultFields,
  // Required in v1; null is seen from the legacy beta endpoint, so both are tolerated.
  excerpts: passagesField,
  publish_date: z.unknown().optional(),
});

const searchResponseSchema = z.object({
  results: replyList(),
  warnings: replyList().nullish().catch(undefined),
});

function vendorWarnings(entries: unknown[] | null | undefined): string[] {
  const out: string[] = [];
  for (const entry of entries ?? []) {
    const message = cleanText((entry as { message?: unknown } | null)?.message, 200);
    if (message !== "") out.push(`Parallel: ${message}`);
  }
  return out.slice(0, MAX_VENDOR_WARNINGS);
}

// --- errors -----------------------------------------------------------------------------------

/**
 * Parallel's error envelope `{type: "error", error: {ref_id, message, detail?}}` carries no
 * machine code. ❓ Its reply to an exhausted balance is undocumented (a 402 is assumed, a 403 is
 * possible), so a billing-worded message is read as this code and pauses like a 402 would.
 */
const BILLING = "billing";
const BILLING_WORDS = /\b(?:credits?|balance|billing|payment|insufficient funds|top[- ]?up)\b/i;

function readErrorCode(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" && BILLING_WORDS.test(message) ? BILLING : undefined;
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>) {
  return {
    title: result.title,
    snippet: texts(result.excerpts).map(plainText).join(" "),
    publishedAt: toIsoDate(result.publish_date),
  };
}

/**
 * Excerpts are markdown; headings, emphasis and link syntax are noise in a one-line snippet. A link
 * is read without brackets in its text and with one level of parentheses in its address (wiki
 * addresses): each `[` or `(` then ends the text before it, so an excerpt of brackets is read once,
 * not once from each of them.
 */
function plainText(markdown: string): string {
  return markdown
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/(\*\*|__)(.*?)\1/g, "$2")
    .replace(/`+/g, "");
}
