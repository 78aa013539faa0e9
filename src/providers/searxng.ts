import { z } from "zod";
import { ProviderError } from "../errors.js";
import type { HttpClient, HttpResponse } from "../http/http-client.js";
import { cleanText, engineName, MAX_ENGINES_LISTED, sortedEngineNames, toIsoDate } from "./hit-fields.js";
import { toProviderError } from "./provider-error.js";
import { missingSetting, providerRow } from "./registry.js";
import type {
  SafeSearch,
  SearchProvider,
  SearchRequest,
  SearchResponse,
  UnresponsiveEngine,
} from "./search-provider.js";
import { engineNameField, engineNamesField, replyList, resultFields, toHits } from "./to-hits.js";
import { notConfigured } from "./vendor-request.js";

// --- settings ---------------------------------------------------------------------------------

export interface SearxngSettings {
  /** Base address, e.g. http://127.0.0.1:8888 (may carry user:pass@ for a fronting proxy). */
  url: string | undefined;
  http: HttpClient;
  timeoutMs?: number;
}

export interface SearxngEngineInfo {
  name: string;
  categories: string[];
  enabled: boolean;
  timeRangeSupport: boolean;
}

export interface SearxngProvider extends SearchProvider {
  readonly name: "searxng";
  /** The instance's engines from `GET /config` (used by the preflight). */
  engines(signal: AbortSignal): Promise<SearxngEngineInfo[]>;
  /** Engine facts known from elsewhere (a cached `/config`), so a search can adapt without asking. */
  useEngines(engines: readonly SearxngEngineInfo[]): void;
}

const DEFAULT_TIMEOUT_MS = 15_000;

// SearXNG's limiter rejects requests that do not look like a browser (Accept without text/html,
// no Accept-Language, bot user agents), even for format=json.
const HEADERS = {
  accept: "text/html,application/json;q=0.9",
  "accept-language": "en-US,en;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) core-search/0.1",
};

// --- factory ----------------------------------------------------------------------------------

export function createSearxngProvider(settings: SearxngSettings): SearxngProvider {
  const base = settings.url?.replace(/\/+$/, "");
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const get = async (
    path: string,
    query: Record<string, string | number | undefined>,
    signal: AbortSignal,
  ) => {
    if (!base) throw notConfigured("searxng", providerRow("searxng").label, missingSetting("searxng"));
    try {
      return await settings.http.send({ url: `${base}${path}`, query, headers: HEADERS, timeoutMs, signal });
    } catch (error) {
      throw toProviderError(error, "searxng");
    }
  };

  // Filled by engines(): lets search() see which engines a time range would silently exclude.
  let known: SearxngEngineInfo[] | undefined;

  return {
    name: "searxng",
    configured: base !== undefined,
    async search(request: SearchRequest): Promise<SearchResponse> {
      const { timeRange, warnings } = adaptTimeRange(request, known);
      const response = await get("/search", buildQuery({ ...request, timeRange }), request.signal);
      const body = parseBody(response, searchResponseSchema);
      return {
        // SearXNG's own order is by score; sorted here so a proxy or old instance cannot reorder it.
        hits: toHits(body.results, request.limit, hitFields, {
          schema: resultSchema,
          order: (a, b) => (b.score ?? 0) - (a.score ?? 0),
        }),
        unresponsiveEngines: toUnresponsive(body.unresponsive_engines),
        warnings,
      };
    },
    async engines(signal: AbortSignal): Promise<SearxngEngineInfo[]> {
      const response = await get("/config", {}, signal);
      const body = parseBody(response, configResponseSchema);
      known = body.engines.flatMap((raw) => {
        const engine = engineSchema.safeParse(raw);
        if (!engine.success || engine.data.name === undefined) return [];
        return [
          {
            name: engine.data.name,
            categories: engine.data.categories,
            enabled: engine.data.enabled,
            timeRangeSupport: engine.data.time_range_support,
          },
        ];
      });
      return known;
    },
    useEngines(engines) {
      known = [...engines];
    },
  };
}

// --- request ----------------------------------------------------------------------------------

const SAFE_SEARCH: Record<SafeSearch, number> = { off: 0, moderate: 1, strict: 2 };

function buildQuery(request: SearchRequest): Record<string, string | number | undefined> {
  // `engines` and `categories` together select the union of both, so a call restricted to named
  // engines must send `engines` alone.
  const selection =
    request.engines.length > 0
      ? { engines: request.engines.join(",") }
      : { categories: (request.categories.length > 0 ? request.categories : ["general"]).join(",") };
  return {
    q: request.query,
    format: "json",
    ...selection,
    time_range: request.timeRange ?? undefined,
    language: request.language,
    safesearch: request.safeSearch === undefined ? undefined : SAFE_SEARCH[request.safeSearch],
    // Engines that cannot page answer page 1 only; SearXNG leaves them out of later pages.
    pageno: request.page ?? 1,
  };
}

/**
 * SearXNG silently leaves out every engine without time-range support when `time_range` is sent.
 * When that would leave no engine at all (arxiv for `science`, say), the range is dropped; when it
 * leaves out some, the call says which. Unknown engine lists (no preflight yet) change nothing.
 */
function adaptTimeRange(
  request: SearchRequest,
  known: readonly SearxngEngineInfo[] | undefined,
): { timeRange: SearchRequest["timeRange"]; warnings: string[] } {
  if (!request.timeRange || !known) return { timeRange: request.timeRange, warnings: [] };
  const categories = request.categories.length > 0 ? request.categories : ["general"];
  const selected = known.filter((engine) =>
    request.engines.length > 0
      ? request.engines.includes(engine.name)
      : engine.enabled && engine.categories.some((c) => (categories as readonly string[]).includes(c)),
  );
  if (selected.length === 0) return { timeRange: request.timeRange, warnings: [] };
  const without = selected.filter((engine) => !engine.timeRangeSupport).map((engine) => engine.name);
  if (without.length === selected.length) {
    return {
      timeRange: null,
      warnings: [
        `time range "${request.timeRange}" not applied: ${without.join(", ")} cannot restrict by date`,
      ],
    };
  }
  if (without.length > 0) {
    return {
      timeRange: request.timeRange,
      warnings: [
        `${without.join(", ")} left out by SearXNG: no support for time range "${request.timeRange}"`,
      ],
    };
  }
  return { timeRange: request.timeRange, warnings: [] };
}

// --- response schema (only the fields read) ---------------------------------------------------

const resultSchema = z.object({
  ...resultFields,
  content: z.unknown().optional(),
  engine: engineNameField,
  engines: engineNamesField,
  score: z.number().optional().catch(undefined),
  publishedDate: z.unknown().optional(),
});

const searchResponseSchema = z.object({
  results: replyList(),
  // searx 1.1.0 and SearXNG both send [[engine, message], …]; anything else is ignored.
  unresponsive_engines: replyList(MAX_ENGINES_LISTED).optional().catch(undefined),
});

/** Categories read per engine; SearXNG's engines have one to three. */
const MAX_CATEGORIES = 20;

/** An engine of `/config`; one whose name cannot be an engine's is left out. */
const engineSchema = z.object({
  name: engineNameField,
  categories: replyList(MAX_CATEGORIES)
    .transform((list) => list.filter((c): c is string => typeof c === "string"))
    .catch([]),
  enabled: z.boolean().catch(true),
  time_range_support: z.boolean().catch(false),
});

const configResponseSchema = z.object({ engines: replyList(MAX_ENGINES_LISTED) });

// --- errors -----------------------------------------------------------------------------------

function parseBody<T extends z.ZodType>(response: HttpResponse, schema: T): z.infer<T> {
  if (response.status !== 200) throw statusError(response);
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch (cause) {
    throw new ProviderError("SearXNG returned a reply that is not JSON", {
      provider: "searxng",
      outcome: "bad_response",
      status: response.status,
      cause,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ProviderError("SearXNG returned JSON of an unexpected shape", {
      provider: "searxng",
      outcome: "bad_response",
      status: response.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

function statusError(response: HttpResponse): ProviderError {
  const hint =
    response.status === 403
      ? ": the instance does not allow format=json (add json to search.formats) or a proxy blocked the request"
      : response.status === 429
        ? ": rate-limited by the instance's limiter (ask its admin to pass-list this client)"
        : "";
  return new ProviderError(`SearXNG request failed with status ${response.status}${hint}`, {
    provider: "searxng",
    outcome: `http_${response.status}`,
    status: response.status,
  });
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: z.infer<typeof resultSchema>) {
  const engines = result.engines ?? (result.engine ? [result.engine] : []);
  return {
    title: result.title,
    snippet: result.content,
    publishedAt: toIsoDate(result.publishedDate),
    engines: sortedEngineNames(engines),
  };
}

function toUnresponsive(entries: unknown[] | undefined): UnresponsiveEngine[] {
  const out: UnresponsiveEngine[] = [];
  for (const entry of entries ?? []) {
    // Names and reasons reach notes and the terminal: no control characters or markup, bounded.
    const engine = Array.isArray(entry) ? engineName(entry[0]) : undefined;
    if (engine === undefined) continue;
    out.push({ engine, reason: (Array.isArray(entry) && cleanText(entry[1], 200)) || "unavailable" });
  }
  return out.sort((a, b) => a.engine.localeCompare(b.engine));
}
