import { z } from "zod";
import { ProviderError } from "../errors.js";
import { cleanText, isHttpUrl, requestedCount, toIsoDate } from "./hit-fields.js";
import { bearer, createKeyedProvider, type KeyedProviderSettings } from "./keyed-provider.js";
import type { Category, SearchHit, SearchProvider, SearchRequest } from "./search-provider.js";
import { replyList, resultFields, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

/** The key is sent as `Authorization: Bearer`; `baseUrl` may point at a self-hosted Firecrawl. */
export interface FirecrawlSettings extends KeyedProviderSettings {
  /** Clock for relative news dates ("2 days ago"); tests pin it. */
  now?: () => number;
}

/** Firecrawl's cloud; `FIRECRAWL_API_URL` replaces it (the documented paths are appended). */
export const FIRECRAWL_DOCUMENTED_BASE = "https://api.firecrawl.dev";

// --- factory ----------------------------------------------------------------------------------

export function createFirecrawlProvider(settings: FirecrawlSettings): SearchProvider {
  const now = settings.now ?? Date.now;
  return createKeyedProvider("firecrawl", settings, {
    documentedBase: FIRECRAWL_DOCUMENTED_BASE,
    auth: bearer,
    async search(request, vendor) {
      const { body, warnings } = buildBody(request);
      const reply = await vendor.send({
        path: "/v2/search",
        method: "POST",
        json: body,
        errorCode: firecrawlErrorCode,
      });
      const parsed = responseSchema.safeParse(reply);
      if (!parsed.success || parsed.data.success === false) {
        throw new ProviderError("Firecrawl returned JSON of an unexpected shape", {
          provider: "firecrawl",
          outcome: "bad_response",
          cause: parsed.success ? undefined : parsed.error,
        });
      }
      const vendorWarning = cleanText(parsed.data.warning, 300);
      return {
        hits: firecrawlHits(parsed.data.data, body.limit, now()),
        unresponsiveEngines: [],
        warnings: vendorWarning ? [...warnings, `Firecrawl warned: ${vendorWarning}`] : warnings,
      };
    },
  });
}

// --- request ----------------------------------------------------------------------------------

/**
 * The request body. Firecrawl validates it strictly (an unknown key is a 400), so only documented
 * keys are sent. Two separate dimensions carry the categories: `sources` picks the result kind
 * (web, news) and `categories` narrows web results to research papers or GitHub.
 */
interface FirecrawlBody {
  query: string;
  limit: number;
  sources: ("web" | "news")[];
  categories?: ("research" | "github")[];
  tbs?: string;
  lang?: string;
  safe?: boolean;
  includeDomains?: readonly string[];
  excludeDomains?: readonly string[];
}

const TBS: Record<NonNullable<SearchRequest["timeRange"]>, string> = {
  day: "qdr:d",
  week: "qdr:w",
  month: "qdr:m",
  year: "qdr:y",
};

function buildBody(request: SearchRequest): { body: FirecrawlBody; warnings: string[] } {
  const asked: readonly Category[] = request.categories.length > 0 ? request.categories : ["general"];
  const sources: FirecrawlBody["sources"] = [];
  if (asked.some((category) => category !== "news")) sources.push("web");
  if (asked.includes("news")) sources.push("news");
  const categories: NonNullable<FirecrawlBody["categories"]> = [];
  if (asked.includes("science")) categories.push("research");
  if (asked.includes("it")) categories.push("github");

  const warnings: string[] = [];
  if (asked.includes("general") && categories.length > 0) {
    warnings.push(
      `category "general" narrowed to ${categories.join(" and ")} results: Firecrawl applies categories to every web result`,
    );
  }

  // `limit` counts per source kind; the merged answer is cut to the same number below.
  const body: FirecrawlBody = {
    query: request.query,
    limit: requestedCount(request.limit),
    sources,
    ...(categories.length > 0 ? { categories } : {}),
    ...(request.timeRange ? { tbs: TBS[request.timeRange] } : {}),
    ...(request.language ? { lang: request.language } : {}),
    // One switch: moderate and strict both turn it on.
    ...(request.safeSearch ? { safe: request.safeSearch !== "off" } : {}),
    ...domainLists(request, warnings),
  };
  return { body, warnings };
}

/** Firecrawl takes one domain list per request: with both, the included ones are sent. */
function domainLists(
  request: SearchRequest,
  warnings: string[],
): Pick<FirecrawlBody, "includeDomains" | "excludeDomains"> {
  const include = request.includeDomains ?? [];
  const exclude = request.excludeDomains ?? [];
  if (include.length > 0 && exclude.length > 0) {
    warnings.push(
      "excludeDomains not sent: Firecrawl takes one domain list per search, so its results were filtered by address instead",
    );
  }
  if (include.length > 0) return { includeDomains: include };
  return exclude.length > 0 ? { excludeDomains: exclude } : {};
}

// --- response schema (only the fields read) ---------------------------------------------------

const itemSchema = z.object({
  ...resultFields,
  description: z.unknown().optional(),
  snippet: z.unknown().optional(),
  date: z.unknown().optional(),
  position: z.number().optional().catch(undefined),
});

const groupedSchema = z.object({
  web: replyList().optional().catch(undefined),
  news: replyList().optional().catch(undefined),
  // ⚠️ Not in the v2 types; one client tolerates it, so it is read when present.
  results: replyList().optional().catch(undefined),
});

const responseSchema = z.object({
  success: z.boolean().optional().catch(undefined),
  // ⚠️ v2 groups results by kind; v1 answered with a flat array, which a self-hosted or older
  // deployment may still send. Both are accepted.
  data: z.union([replyList(), groupedSchema]),
  warning: z.unknown().optional(),
});

// --- errors -----------------------------------------------------------------------------------

/**
 * Error bodies are `{success:false, error, code?, details?}` on every endpoint; `code` (BAD_REQUEST
 * on a rejected body, SCRAPE_ALL_ENGINES_FAILED, …) is the vendor code. Status alone decides the
 * rest: 402 is the quota, 429 the rate limit.
 */
export function firecrawlErrorCode(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

// --- hits -------------------------------------------------------------------------------------

function firecrawlHits(
  data: z.infer<typeof responseSchema>["data"],
  limit: number,
  now: number,
): SearchHit[] {
  const groups = Array.isArray(data) ? [data] : [data.web ?? [], data.news ?? [], data.results ?? []];
  // Each kind is ranked on its own; interleaving by position keeps web and news both in the cut.
  const items = groups
    .flatMap((group, kind) =>
      group
        .map((raw) => itemSchema.safeParse(raw))
        .flatMap((r) => (r.success && isHttpUrl(r.data.url) ? [r.data] : []))
        .map((item, index) => ({ item, kind, order: item.position ?? index + 1 })),
    )
    .sort((a, b) => a.order - b.order || a.kind - b.kind)
    .map(({ item }) => item);
  return toHits(items, limit, (item: Item) => hitFields(item, now), { uniqueUrls: true });
}

type Item = z.infer<typeof itemSchema>;

function hitFields(item: Item, now: number) {
  return {
    title: item.title,
    snippet: withoutEmphasis(item.description ?? item.snippet),
    publishedAt: newsDate(item.date, now),
  };
}

/** Highlights (on by default) mark the matching words with markdown bold. */
function withoutEmphasis(value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\*\*|__/g, "") : value;
}

/**
 * News dates are free text: "2 days ago", "Sep 29, 2026". Relative ages up to weeks are resolved
 * against the clock; months and years ago are too coarse to give a day and stay null, and so does
 * a date without a year ("Mar 3"), which a lenient date parser would put in 2001.
 */
function newsDate(value: unknown, now: number): string | null {
  if (typeof value !== "string") return null;
  const relative = /^\s*(\d{1,3})\s+(minute|min|hour|day|week)s?\s+ago\s*$/i.exec(value);
  if (relative) {
    const unit = (relative[2] ?? "").toLowerCase();
    const ms = { minute: 60_000, min: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 }[unit];
    return ms === undefined ? null : new Date(now - Number(relative[1]) * ms).toISOString().slice(0, 10);
  }
  return /\b\d{4}\b/.test(value) ? toIsoDate(value) : null;
}
