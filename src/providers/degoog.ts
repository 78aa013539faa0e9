import { z } from "zod";
import { ProviderError } from "../errors.js";
import type { HttpClient } from "../http/http-client.js";
import {
  cleanText,
  engineName,
  MAX_ENGINES_LISTED,
  MAX_RESULTS_PER_REQUEST,
  sortedEngineNames,
  toIsoDate,
} from "./hit-fields.js";
import { createKeyedProvider } from "./keyed-provider.js";
import type { Category, SearchProvider, SearchRequest, UnresponsiveEngine } from "./search-provider.js";
import { engineNameField, engineNamesField, replyList, resultFields, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

export interface DegoogSettings {
  /**
   * The instance's address, e.g. http://degoog.lan:4444. It may carry `user:pass@` for a fronting
   * proxy; the HTTP client sends those as a Basic header and never shows them. Degoog has no key of
   * its own for core-search to send (its optional guard is instance-side).
   */
  url?: string | undefined;
  http: HttpClient;
  timeoutMs?: number | undefined;
}

// --- factory ----------------------------------------------------------------------------------

export function createDegoogProvider(settings: DegoogSettings): SearchProvider {
  const { url, ...rest } = settings;
  return createKeyedProvider(
    "degoog",
    { ...rest, baseUrl: url },
    {
      async search(request, vendor) {
        const { query, warnings } = buildQuery(request);
        const body = await vendor
          .send({ path: "/api/search", method: "GET", query })
          .catch((error: unknown) => {
            throw explain(error);
          });
        const data = vendor.parse(responseSchema, body);
        const limit = Math.min(request.limit, MAX_RESULTS_PER_REQUEST);
        return {
          // Degoog already orders by its merged score; that order is kept.
          hits: toHits(data.results, limit, hitFields, { schema: resultSchema }),
          unresponsiveEngines: toUnresponsive(data),
          warnings,
        };
      },
    },
  );
}

// --- request ----------------------------------------------------------------------------------

/**
 * Degoog searches one tab per request (`type=web` or `type=news`) and has no result-count
 * parameter: everything its engines return comes back merged, and the hits are cut here.
 * `time` takes day/week/month/year as they are.
 */
function buildQuery(request: SearchRequest): {
  query: Record<string, string | number | undefined>;
  warnings: string[];
} {
  const warnings: string[] = [];
  const asked: readonly Category[] = request.categories.length > 0 ? request.categories : ["general"];
  const news = asked.includes("news");
  for (const category of asked) {
    if (category === "science" || category === "it") {
      warnings.push(`category "${category}" not supported: searched without it`);
    } else if (category === "general" && news) {
      warnings.push('categories "general" and "news" cannot be combined: searched news only');
    }
  }

  // Over GET an engine can only be switched on (`<id>=true`); engines left unnamed keep the
  // instance's defaults, so the restriction is partial and the call says so.
  const engineParams: Record<string, string> = {};
  for (const engine of request.engines) engineParams[engineId(engine)] = "true";
  if (request.engines.length > 0) {
    warnings.push(
      `engine restriction not supported: asked ${request.engines.join(", ")} and the instance's default engines also ran`,
    );
  }

  return {
    query: {
      q: request.query,
      type: news ? "news" : "web",
      time: request.timeRange ?? undefined,
      lang: request.language,
      page: request.page ?? 1,
      ...engineParams,
    },
    warnings,
  };
}

/** Degoog names engines `<folder>-engine` ("google-engine"); SearXNG names ("google") are mapped onto that. */
function engineId(name: string): string {
  const id = name.trim().toLowerCase().replace(/\s+/g, "-");
  return id.endsWith("-engine") ? id : `${id}-engine`;
}

// --- response schema (only the fields read) ---------------------------------------------------

// One schema for both reply shapes: the native one (`snippet`, `source`, `sources`,
// `engineTimings`) and the SearXNG-shaped one an instance sends when its compatibility layer
// answers (`content`, `engine`, `engines`, `unresponsive_engines`).
const resultSchema = z.object({
  ...resultFields,
  snippet: z.unknown().optional(),
  content: z.unknown().optional(),
  source: engineNameField,
  sources: engineNamesField,
  engine: engineNameField,
  engines: engineNamesField,
  publishedDate: z.unknown().optional(),
});

const engineTimingSchema = z.object({
  name: engineNameField,
  status: z.string().optional().catch(undefined),
  errorReason: z.string().optional().catch(undefined),
});

const responseSchema = z.object({
  results: replyList(),
  engineTimings: replyList(MAX_ENGINES_LISTED).optional().catch(undefined),
  unresponsive_engines: replyList(MAX_ENGINES_LISTED).optional().catch(undefined),
});

// --- errors -----------------------------------------------------------------------------------

/** Degoog's error bodies are plain sentences (`{"error":"Too many requests"}`), so no vendor code is read. */
function explain(error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.status !== 401) return error;
  return new ProviderError(
    `${error.message}: the instance enforces its search API key, which core-search does not send`,
    {
      provider: error.provider,
      outcome: error.outcome,
      status: 401,
      vendorCode: error.vendorCode,
      cause: error,
    },
  );
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>) {
  const single = result.source ?? result.engine;
  const engines = result.sources ?? result.engines ?? (single ? [single] : []);
  return {
    title: result.title,
    snippet: result.snippet ?? result.content,
    // The native reply carries no date; the SearXNG-shaped one always sends null today.
    publishedAt: toIsoDate(result.publishedDate),
    engines: sortedEngineNames(engines.map(searxngSpelling)),
  };
}

/** "Google" (display name) and "google-engine" (id) both become "google", SearXNG's spelling. */
function searxngSpelling(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/-engine$/, "");
}

function toUnresponsive(body: z.infer<typeof responseSchema>): UnresponsiveEngine[] {
  const out: UnresponsiveEngine[] = [];
  for (const raw of body.engineTimings ?? []) {
    const timing = engineTimingSchema.safeParse(raw);
    if (!timing.success) continue;
    const { name, status, errorReason } = timing.data;
    if (name === undefined || status === "ok" || (status === undefined && errorReason === undefined))
      continue;
    // The status and the reason are the instance's text: cleaned and bounded like any other.
    out.push({
      engine: searxngSpelling(name),
      reason: cleanText(status, 200) || cleanText(errorReason, 200) || "unavailable",
    });
  }
  for (const entry of body.unresponsive_engines ?? []) {
    const name = Array.isArray(entry) ? engineName(entry[0]) : undefined;
    if (name === undefined) continue;
    out.push({
      engine: searxngSpelling(name),
      reason: (Array.isArray(entry) && cleanText(entry[1], 200)) || "unavailable",
    });
  }
  return out.sort((a, b) => a.engine.localeCompare(b.engine));
}
