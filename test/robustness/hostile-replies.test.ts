/**
 * What a hostile search service can send to each provider's parser, played by a local fake:
 * replies with tens of thousands of entries, entries with long text or tens of thousands of engine
 * names, escape sequences in titles and snippets. Each reply is read only as far as its caps, and
 * nothing of the attack survives into the hits.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createHttpClient, type HttpClient } from "../../src/http/http-client.js";
import { createBraveProvider } from "../../src/providers/brave.js";
import { createDegoogProvider } from "../../src/providers/degoog.js";
import { createExaProvider } from "../../src/providers/exa.js";
import { createExaMcpProvider } from "../../src/providers/exa-mcp.js";
import { createFirecrawlProvider } from "../../src/providers/firecrawl.js";
import {
  MAX_ENGINE_NAME_CHARS,
  MAX_ENGINES_PER_HIT,
  MAX_RESULTS_PER_REPLY,
  MAX_SNIPPET_CHARS,
  MAX_TITLE_CHARS,
} from "../../src/providers/hit-fields.js";
import { createNimbleProvider } from "../../src/providers/nimble.js";
import { createParallelProvider } from "../../src/providers/parallel.js";
import { createParallelMcpProvider } from "../../src/providers/parallel-mcp.js";
import type { SearchProvider } from "../../src/providers/search-provider.js";
import { createSearxngProvider } from "../../src/providers/searxng.js";
import { createTavilyProvider } from "../../src/providers/tavily.js";
import { createYoucomProvider } from "../../src/providers/youcom.js";
import { searchRequest } from "../helpers/provider-harness.js";
import type { RecordedRequest } from "../helpers/scripted-server.js";
import { flood, good, TERMINAL_CONTROL, useHostileServer } from "./hostile-fakes.js";

const hostile = useHostileServer();
let http: HttpClient;
beforeAll(() => {
  http = createHttpClient();
});

/**
 * Far past the cap, yet cheap to build and send for every parser; the whole-run test of
 * hostile-runs.test.ts plays the 1.3 million entries of the original attack.
 */
const MANY = 20_000;

/** Answers a JSON-RPC tools/call with `result`, for the keyless MCP endpoints. */
const rpc = (result: unknown) => (req: RecordedRequest) => ({
  body: { jsonrpc: "2.0", id: (req.json as { id?: unknown } | null)?.id ?? null, result },
});

interface Subject {
  name: string;
  method: "GET" | "POST";
  /** The path the provider asks, under the test server. */
  path: string;
  provider: (base: string) => SearchProvider;
  /** The vendor's reply around a list of results. */
  reply: (items: unknown[]) => (req: RecordedRequest) => { body: unknown };
}

const plain = (wrap: (items: unknown[]) => unknown) => (items: unknown[]) => () => ({ body: wrap(items) });
const key = "test-key-hostile";
const SUBJECTS: Subject[] = [
  {
    name: "searxng",
    method: "GET",
    path: "/searxng/search",
    provider: (base) => createSearxngProvider({ url: `${base}/searxng`, http }),
    reply: plain((results) => ({ results })),
  },
  {
    name: "exa",
    method: "POST",
    path: "/exa/search",
    provider: (base) => createExaProvider({ apiKey: key, baseUrl: `${base}/exa`, http }),
    reply: plain((results) => ({ results })),
  },
  {
    name: "parallel",
    method: "POST",
    path: "/parallel/v1/search",
    provider: (base) => createParallelProvider({ apiKey: key, baseUrl: `${base}/parallel`, http }),
    reply: plain((results) => ({ search_id: "s", results })),
  },
  {
    name: "brave",
    method: "GET",
    path: "/brave/res/v1/web/search",
    provider: (base) => createBraveProvider({ apiKey: key, baseUrl: `${base}/brave`, http }),
    reply: plain((results) => ({ type: "search", web: { results } })),
  },
  {
    name: "nimble",
    method: "POST",
    path: "/nimble/v2/search",
    provider: (base) => createNimbleProvider({ apiKey: key, baseUrl: `${base}/nimble`, http }),
    reply: plain((results) => ({ results })),
  },
  {
    name: "tavily",
    method: "POST",
    path: "/tavily/search",
    provider: (base) => createTavilyProvider({ apiKey: key, baseUrl: `${base}/tavily`, http }),
    reply: plain((results) => ({ results })),
  },
  {
    name: "youcom",
    method: "GET",
    path: "/youcom/v1/search",
    provider: (base) => createYoucomProvider({ apiKey: key, baseUrl: `${base}/youcom`, http }),
    reply: plain((web) => ({ results: { web } })),
  },
  {
    name: "degoog",
    method: "GET",
    path: "/degoog/api/search",
    provider: (base) => createDegoogProvider({ url: `${base}/degoog`, http }),
    reply: plain((results) => ({ results })),
  },
  {
    name: "firecrawl",
    method: "POST",
    path: "/firecrawl/v2/search",
    provider: (base) => createFirecrawlProvider({ apiKey: key, baseUrl: `${base}/firecrawl`, http }),
    reply: plain((web) => ({ success: true, data: { web } })),
  },
  {
    name: "exa-mcp",
    method: "POST",
    path: "/exa-mcp/mcp",
    provider: (base) => createExaMcpProvider({ url: `${base}/exa-mcp`, http, enabled: true }),
    reply: (results) => rpc({ content: [{ type: "text", text: JSON.stringify({ results }) }] }),
  },
  {
    name: "parallel-mcp",
    method: "POST",
    path: "/parallel-mcp/mcp",
    provider: (base) => createParallelMcpProvider({ url: `${base}/parallel-mcp`, http, enabled: true }),
    reply: (results) => rpc({ structuredContent: { results }, content: [] }),
  },
];

describe.each(SUBJECTS)("$name's reply parser", (subject) => {
  const ask = async (items: unknown[]) => {
    hostile.server.route(subject.method, subject.path, subject.reply(items));
    return subject.provider(hostile.server.url).search(searchRequest("coffee safety", { limit: 10 }));
  };

  it(`reads the first ${MAX_RESULTS_PER_REPLY} entries of ${MANY}, and no further`, async () => {
    // Entries that are not results, the good ones after them: never reached.
    expect((await ask(flood(MANY, [good(1), good(2)]))).hits).toEqual([]);
    // The good ones first: found, the entries after them never looked at.
    const { hits } = await ask([good(1), good(2), ...flood(MANY)]);
    expect(hits.map((hit) => hit.url)).toEqual([good(1).url, good(2).url]);
  });

  it("cuts titles and snippets of 100,000 characters to their caps and drops overlong addresses", async () => {
    const huge = "coffee is safe <b>indeed</b> \u001b[31m ".repeat(3_000);
    const { hits } = await ask([
      { ...good(1), url: `https://long.example.org/${"a".repeat(5_000)}` },
      { ...good(2), title: huge },
      { ...good(3), content: huge, description: huge, snippet: huge, highlights: [huge] },
    ]);
    expect(hits.map((hit) => hit.url)).toEqual([good(2).url, good(3).url]);
    for (const hit of hits) {
      expect(hit.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
      expect(hit.snippet.length).toBeLessThanOrEqual(MAX_SNIPPET_CHARS);
      expect(`${hit.title}${hit.snippet}`).not.toMatch(TERMINAL_CONTROL);
    }
    expect(hits[0]?.title).toMatch(/^coffee is safe indeed coffee/);
  });
});

describe.each([
  ["searxng", "engines", (engines: unknown[]) => ({ results: [{ ...good(1), engines }] })],
  ["degoog", "sources", (sources: unknown[]) => ({ results: [{ ...good(1), sources }] })],
])("%s's engines per hit", (name, _field, body) => {
  const subject = SUBJECTS.find((s) => s.name === name) as Subject;
  it(`keeps at most ${MAX_ENGINES_PER_HIT} of 30,000 engine names, each a name`, async () => {
    const engines = [
      "google\u001b[2J",
      "x".repeat(MAX_ENGINE_NAME_CHARS + 1),
      42,
      ...Array.from({ length: 30_000 }, (_, i) => `engine${i}`),
    ];
    hostile.server.route(subject.method, subject.path, { body: body(engines) });
    const { hits } = await subject.provider(hostile.server.url).search(searchRequest("coffee"));
    const found = hits[0]?.engines ?? [];
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(MAX_ENGINES_PER_HIT);
    expect(found).toContain("google");
    for (const engine of found) {
      expect(engine.length).toBeLessThanOrEqual(MAX_ENGINE_NAME_CHARS);
      expect(engine).not.toMatch(TERMINAL_CONTROL);
    }
  });
});

describe("the keyless MCP client", () => {
  const subject = SUBJECTS.find((s) => s.name === "exa-mcp") as Subject;
  const search = () => subject.provider(hostile.server.url).search(searchRequest("coffee"));
  const expectNoReply = async () => {
    const error = await search().then(
      () => undefined,
      (e: unknown) => e as { outcome?: string; message?: string },
    );
    expect(error?.outcome).toBe("bad_response");
    expect(error?.message).toMatch(/no JSON-RPC reply/);
  };

  it(`reads the first messages of an event stream of ${MANY}, and no further`, async () => {
    hostile.server.route("POST", "/exa-mcp/mcp", (req) => ({
      headers: { "content-type": "text/event-stream" },
      body: `${"data: 0\n\n".repeat(MANY)}data: ${JSON.stringify({ jsonrpc: "2.0", id: (req.json as { id: number }).id, result: { content: [] } })}\n\n`,
    }));
    await expectNoReply();
  });

  it(`reads the first messages of a batch of ${MANY}, and no further`, async () => {
    hostile.server.route("POST", "/exa-mcp/mcp", (req) => ({
      body: [
        ...flood(MANY),
        { jsonrpc: "2.0", id: (req.json as { id: number }).id, result: { content: [] } },
      ],
    }));
    await expectNoReply();
  });

  it(`reads the first content blocks of ${MANY}, and no further`, async () => {
    const text = JSON.stringify({ results: [good(1)] });
    hostile.server.route("POST", "/exa-mcp/mcp", rpc({ content: [...flood(MANY), { type: "text", text }] }));
    const error = await search().then(
      () => undefined,
      (e: unknown) => e as { message?: string },
    );
    expect(error?.message).toMatch(/without text/);
  });
});
