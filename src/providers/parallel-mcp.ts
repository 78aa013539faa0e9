import { z } from "zod";
import { ProviderError } from "../errors.js";
import type { HttpClient } from "../http/http-client.js";
import { cleanText, isHttpUrl, MAX_SNIPPET_CHARS, MAX_TITLE_CHARS, toIsoDate } from "./hit-fields.js";
import { createMcpClient, keylessEndpoint, keylessSessionId, type McpToolResult } from "./keyless-mcp.js";
import type { SearchHit, SearchProvider, SearchRequest, SearchResponse } from "./search-provider.js";

// --- settings ---------------------------------------------------------------------------------

export interface ParallelMcpSettings {
  /** Endpoint override (`PARALLEL_MCP_URL`); default https://search.parallel.ai/mcp. */
  url?: string;
  http: HttpClient;
  timeoutMs?: number;
  /** Decided by the caller: only when Parallel has no key and keyless search is not switched off. */
  enabled: boolean;
}

const DOCUMENTED_URL = "https://search.parallel.ai/mcp";
const TOOL = "web_search";
const DEFAULT_TIMEOUT_MS = 12_000;

// --- factory ----------------------------------------------------------------------------------

export function createParallelMcpProvider(settings: ParallelMcpSettings): SearchProvider {
  const client = createMcpClient({
    http: settings.http,
    provider: "parallel-mcp",
    label: "Parallel MCP",
    url: keylessEndpoint(settings.url, DOCUMENTED_URL),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    keyHint: "set PARALLEL_API_KEY to use the keyed API",
  });

  return {
    name: "parallel-mcp",
    configured: settings.enabled,
    async search(request: SearchRequest): Promise<SearchResponse> {
      if (!settings.enabled) {
        throw new ProviderError("Parallel MCP keyless search is not enabled", {
          provider: "parallel-mcp",
          outcome: "no_key",
        });
      }
      const result = await client.callTool(TOOL, buildArguments(request), request.signal);
      return {
        hits: toHits(parseResults(result), request.limit),
        unresponsiveEngines: [],
        warnings: warningsFor(request),
      };
    },
  };
}

// --- request ----------------------------------------------------------------------------------

/**
 * The anonymous tool takes an objective, queries and a session id; it has no count, category or
 * date parameter (the server fixes the result count, so hits are cut to the limit here). It is
 * unclear whether `objective` is required, so both are sent. `session_id` groups free-tier
 * requests: a random per-process value; the optional `model_name` analytics field is left out.
 */
function buildArguments(request: SearchRequest): Record<string, unknown> {
  return {
    objective: request.query,
    search_queries: [request.query],
    session_id: keylessSessionId(),
  };
}

function warningsFor(request: SearchRequest): string[] {
  const warnings = request.categories
    .filter((category) => category !== "general")
    .map((category) => `category "${category}" not supported: searched without it`);
  if (request.timeRange !== null) {
    warnings.push(`time range "${request.timeRange}" not supported: searched without it`);
  }
  return warnings;
}

// --- response schema (only the fields read) ---------------------------------------------------

const searchResultSchema = z.looseObject({
  url: z.unknown(),
  title: z.unknown().optional(),
  publish_date: z.unknown().optional(),
  excerpts: z.array(z.unknown()).nullable().optional().catch(undefined),
});

const searchOutputSchema = z.looseObject({ results: z.array(z.unknown()) });

type SearchResult = z.infer<typeof searchResultSchema>;

/** `structuredContent` when the server sent it, else the JSON carried in the text blocks. */
function parseResults(result: McpToolResult): SearchResult[] {
  const candidates = [result.structuredContent, ...result.texts.map(parseJsonOrUndefined)];
  for (const candidate of candidates) {
    const parsed = searchOutputSchema.safeParse(candidate);
    if (parsed.success) {
      return parsed.data.results.flatMap((raw) => {
        const item = searchResultSchema.safeParse(raw);
        return item.success ? [item.data] : [];
      });
    }
  }
  throw new ProviderError("Parallel MCP returned a tool result without search results", {
    provider: "parallel-mcp",
    outcome: "bad_response",
  });
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// --- hits -------------------------------------------------------------------------------------

function toHits(results: SearchResult[], limit: number): SearchHit[] {
  return results
    .filter((r) => isHttpUrl(r.url))
    .slice(0, limit)
    .map((r, index) => toHit(r, index + 1));
}

function toHit(result: SearchResult, rank: number): SearchHit {
  const excerpts = (result.excerpts ?? []).filter((e): e is string => typeof e === "string");
  return {
    url: result.url as string,
    title: cleanText(result.title, MAX_TITLE_CHARS),
    snippet: cleanText(excerpts.join(" "), MAX_SNIPPET_CHARS),
    publishedAt: toIsoDate(result.publish_date),
    engines: [],
    rank,
  };
}
