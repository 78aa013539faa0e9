import { z } from "zod";
import { ProviderError } from "../errors.js";
import { MAX_PASSAGES_PER_HIT, MAX_RESULTS_PER_REPLY, requestedCount, toIsoDate } from "./hit-fields.js";
import type { McpToolResult } from "./keyless-mcp.js";
import { createKeylessProvider, type KeylessSettings } from "./keyless-provider.js";
import type { Category, SearchProvider, SearchRequest } from "./search-provider.js";
import { passagesField, replyList, toHits } from "./to-hits.js";

// --- settings ---------------------------------------------------------------------------------

/** `url` overrides https://mcp.exa.ai/mcp. */
export type ExaMcpSettings = KeylessSettings;

const TOOL = "web_search_exa";
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
  return createKeylessProvider("exa-mcp", settings, "https://mcp.exa.ai/mcp", async (request, client) => {
    const { args, warnings } = buildArguments(request);
    const result = await client.callTool(TOOL, args, request.signal);
    const hits = toHits(parseResults(result), request.limit, hitFields, {
      snippetChars: MAX_HIGHLIGHT_CHARS,
    });
    return { hits, unresponsiveEngines: [], warnings };
  });
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
  const numResults = requestedCount(request.limit);
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
const jsonResultSchema = z.object({
  url: z.unknown(),
  title: z.unknown().optional(),
  publishedDate: z.unknown().optional(),
  highlights: passagesField,
  text: z.unknown().optional(),
});

const jsonResultsSchema = z.object({ results: replyList() });

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
 * `---` inside the previous result's text and is kept with it. Results past the first
 * `MAX_RESULTS_PER_REPLY`, and body lines past the first `MAX_PASSAGES_PER_HIT`, are not read.
 */
function parseTextBlocks(text: string): ExaResult[] {
  const results: ExaResult[] = [];
  for (const chunk of text.split(SEPARATOR)) {
    const parsed = parseChunk(chunk);
    const previous = results.at(-1);
    if (parsed.url !== undefined) {
      if (results.length === MAX_RESULTS_PER_REPLY) break;
      results.push(parsed);
    } else if (previous !== undefined && previous.body.length < MAX_PASSAGES_PER_HIT)
      previous.body.push(chunk);
  }
  return results;
}

function parseChunk(chunk: string): ExaResult {
  const result: ExaResult = { title: undefined, url: undefined, published: undefined, body: [] };
  let inBody = false;
  for (const line of chunk.split(/\r?\n/)) {
    if (inBody) {
      if (result.body.length === MAX_PASSAGES_PER_HIT) break;
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
  return parsed.data.results
    .flatMap((raw) => {
      const item = jsonResultSchema.safeParse(raw);
      return item.success ? [item.data] : [];
    })
    .map((r) => ({
      title: typeof r.title === "string" ? r.title : undefined,
      url: typeof r.url === "string" ? r.url : undefined,
      published: typeof r.publishedDate === "string" ? r.publishedDate : undefined,
      body: (r.highlights ?? [])
        .filter((h): h is string => typeof h === "string")
        .concat(r.highlights === undefined && typeof r.text === "string" ? [r.text] : []),
    }));
}

// --- hits -------------------------------------------------------------------------------------

function hitFields(result: ExaResult) {
  return {
    title: result.title === "N/A" ? "" : result.title,
    snippet: result.body.join(" "),
    publishedAt: toIsoDate(result.published),
  };
}
