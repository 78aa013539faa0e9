import { z } from "zod";
import { ProviderError } from "../errors.js";
import { toIsoDate } from "./hit-fields.js";
import type { McpToolResult } from "./keyless-mcp.js";
import { createKeylessProvider, type KeylessSettings, keylessSessionId } from "./keyless-provider.js";
import type { SearchProvider, SearchRequest } from "./search-provider.js";
import { passagesField, replyList, resultFields, texts, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

/** `url` overrides https://search.parallel.ai/mcp. */
export type ParallelMcpSettings = KeylessSettings;

const TOOL = "web_search";

// --- factory ----------------------------------------------------------------------------------

export function createParallelMcpProvider(settings: ParallelMcpSettings): SearchProvider {
  return createKeylessProvider(
    "parallel-mcp",
    settings,
    "https://search.parallel.ai/mcp",
    async (request, client) => {
      const result = await client.callTool(TOOL, buildArguments(request), request.signal);
      return {
        hits: toHits(parseResults(result), request.limit, hitFields),
        unresponsiveEngines: [],
        warnings: warningsFor(request),
      };
    },
  );
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

const searchResultSchema = z.object({
  ...resultFields,
  publish_date: z.unknown().optional(),
  excerpts: passagesField,
});

const searchOutputSchema = z.object({ results: replyList() });

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

function hitFields(result: SearchResult) {
  return {
    title: result.title,
    snippet: texts(result.excerpts).join(" "),
    publishedAt: toIsoDate(result.publish_date),
  };
}
