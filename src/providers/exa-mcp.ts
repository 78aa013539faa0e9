import { z } from "zod";
import { ProviderError } from "../errors.js";
import type { HttpClient } from "../http/http-client.js";
import { cleanText, isHttpUrl, MAX_RESULTS_PER_REQUEST, MAX_TITLE_CHARS, toIsoDate } from "./hit-fields.js";
import { createMcpClient, keylessEndpoint, type McpToolResult } from "./keyless-mcp.js";
import type {
  Category,
  SearchHit,
  SearchProvider,
  SearchRequest,
  SearchResponse,
} from "./search-provider.js";

// --- settings ---------------------------------------------------------------------------------

export interface ExaMcpSettings {
  /** Endpoint override (`EXA_MCP_URL`); default https://mcp.exa.ai/mcp. */
  url?: string;
  http: HttpClient;
  timeoutMs?: number;
  /** Decided by the caller: only when Exa has no key and keyless search is not switched off. */
  enabled: boolean;
}

const DOCUMENTED_URL = "https://mcp.exa.ai/mcp";
const TOOL = "web_search_exa";
const DEFAULT_TIMEOUT_MS = 12_000;
/** Highlights (or page text) are cut to this many characters for the snippet. */
const MAX_HIGHLIGHT_CHARS = 600;

/**
 * The tool takes only `query` and `numResults`; the server lifts a `category:<name>` token out of
 * the query into Exa's category (company, people, news, publication, personal site). `publication`
 * is what Exa now calls research papers.
 */
const CATEGORY_TOKENS: Partial<Record<Category, string>> = { news: "news", science: "publication" };

// --- factory ----------------------------------------------------------------------------------

export function createExaMcpProvider(settings: ExaMcpSettings): SearchProvider {
  const client = createMcpClient({
    http: settings.http,
    provider: "exa-mcp",
    label: "Exa MCP",
    url: keylessEndpoint(settings.url, DOCUMENTED_URL),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    keyHint: "set EXA_API_KEY to use the keyed API",
  });

  return {
    name: "exa-mcp",
    configured: settings.enabled,
    async search(request: SearchRequest): Promise<SearchResponse> {
      if (!settings.enabled) {
        throw new ProviderError("Exa MCP keyless search is not enabled", {
          provider: "exa-mcp",
          outcome: "no_key",
        });
      }
      const { args, warnings } = buildArguments(request);
      const result = await client.callTool(TOOL, args, request.signal);
      return { hits: toHits(parseResults(result), request.limit), unresponsiveEngines: [], warnings };
    },
  };
}

// --- request ----------------------------------------------------------------------------------

function buildArguments(request: SearchRequest): { args: Record<string, unknown>; warnings: string[] } {
  const warnings: string[] = [];
  let token: string | undefined;
  for (const category of request.categories) {
    if (category === "general") continue;
    const mapped = CATEGORY_TOKENS[category];
    if (mapped !== undefined && token === undefined) token = mapped;
    else if (mapped !== undefined) {
      warnings.push(`category "${category}" not supported alongside another category: searched without it`);
    } else warnings.push(`category "${category}" not supported: searched without it`);
  }
  if (request.timeRange !== null) {
    warnings.push(`time range "${request.timeRange}" not supported: searched without it`);
  }
  const numResults = Math.max(1, Math.min(request.limit, MAX_RESULTS_PER_REQUEST));
  const query = token === undefined ? request.query : `${request.query} category:${token}`;
  return { args: { query, numResults }, warnings };
}

// --- response ---------------------------------------------------------------------------------

interface ExaResult {
  title: string | undefined;
  url: string | undefined;
  published: string | undefined;
  body: string[];
}

// Older server versions answered with the API's JSON instead of text blocks.
const jsonResultsSchema = z.looseObject({
  results: z.array(
    z.looseObject({
      url: z.unknown(),
      title: z.unknown().optional(),
      publishedDate: z.unknown().optional(),
      highlights: z.array(z.unknown()).optional().catch(undefined),
      text: z.unknown().optional(),
    }),
  ),
});

const HEADER_LINE = /^([A-Za-z][A-Za-z ]{0,30}):[ \t]?(.*)$/;
const SEPARATOR = /\r?\n[ \t]*---[ \t]*\r?\n/;

function parseResults(result: McpToolResult): ExaResult[] {
  if (result.texts.length === 0) {
    throw new ProviderError("Exa MCP returned a tool result without text", {
      provider: "exa-mcp",
      outcome: "bad_response",
    });
  }
  const text = result.texts.join("\n\n---\n\n").trim();
  if (text === "" || /^no search results found/i.test(text)) return [];
  const blocks = parseTextBlocks(text);
  if (blocks.length > 0) return blocks;
  const json = parseJsonResults(text);
  if (json !== undefined) return json;
  throw new ProviderError("Exa MCP returned text in an unexpected format", {
    provider: "exa-mcp",
    outcome: "bad_response",
  });
}

/**
 * Per result: `Title:`, `URL:`, `Published:`, `Author:` lines, then `Highlights:` with one highlight
 * per line or `Text: …`; results are separated by a `---` line. A chunk without a `URL:` line is a
 * `---` inside the previous result's text and is kept with it.
 */
function parseTextBlocks(text: string): ExaResult[] {
  const results: ExaResult[] = [];
  for (const chunk of text.split(SEPARATOR)) {
    const parsed = parseChunk(chunk);
    const previous = results.at(-1);
    if (parsed.url !== undefined) results.push(parsed);
    else if (previous !== undefined) previous.body.push(chunk);
  }
  return results;
}

function parseChunk(chunk: string): ExaResult {
  const result: ExaResult = { title: undefined, url: undefined, published: undefined, body: [] };
  let inBody = false;
  for (const line of chunk.split(/\r?\n/)) {
    if (inBody) {
      result.body.push(line);
      continue;
    }
    const header = HEADER_LINE.exec(line.trim());
    if (header === null) continue;
    const name = (header[1] ?? "").toLowerCase();
    const value = (header[2] ?? "").trim();
    if (name === "highlights" || name === "text" || name === "summary") {
      inBody = true;
      if (value !== "") result.body.push(value);
    } else if (name === "title") result.title = value;
    else if (name === "url") result.url = value;
    else if (name === "published" || name === "published date") result.published = value;
  }
  return result;
}

function parseJsonResults(text: string): ExaResult[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = jsonResultsSchema.safeParse(json);
  if (!parsed.success) return undefined;
  return parsed.data.results.map((r) => ({
    title: typeof r.title === "string" ? r.title : undefined,
    url: typeof r.url === "string" ? r.url : undefined,
    published: typeof r.publishedDate === "string" ? r.publishedDate : undefined,
    body: (r.highlights ?? [])
      .filter((h): h is string => typeof h === "string")
      .concat(r.highlights === undefined && typeof r.text === "string" ? [r.text] : []),
  }));
}

// --- hits -------------------------------------------------------------------------------------

function toHits(results: ExaResult[], limit: number): SearchHit[] {
  return results
    .filter((r) => isHttpUrl(r.url))
    .slice(0, limit)
    .map((r, index) => toHit(r, index + 1));
}

function toHit(result: ExaResult, rank: number): SearchHit {
  const title = result.title === undefined || result.title === "N/A" ? "" : result.title;
  return {
    url: result.url as string,
    title: cleanText(title, MAX_TITLE_CHARS),
    snippet: cleanText(result.body.join(" "), MAX_HIGHLIGHT_CHARS),
    publishedAt: toIsoDate(result.published),
    engines: [],
    rank,
  };
}
