import { hostname, userInfo } from "node:os";
import { beforeEach, describe, expect, it } from "vitest";
import { createExaMcpProvider } from "../../src/providers/exa-mcp.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import {
  EVERY_OPTION,
  providerFailure,
  providerFixture,
  searchRequest,
  useMockNetwork,
} from "../helpers/provider-harness.js";

interface FixtureReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

const fixture = providerFixture<{
  request: { body: unknown };
  response: FixtureReply;
  errors: FixtureReply[];
}>("exa-mcp");

const ORIGIN = "https://mcp.exa.ai";
const SSE = { "content-type": "text/event-stream" };
const JSON_TYPE = { "content-type": "application/json" };

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: {
    jsonrpc: string;
    id: number;
    method: string;
    params: { name: string; arguments: { query: string; numResults: number } };
  };
}

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density breakthroughs", overrides);

/** An SSE stream carrying one tool result whose text is `text`. */
function sseResult(text: string, id = 1): string {
  const message = { jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } };
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

function block(i: number, extra = ""): string {
  return `Title: Result ${i}\nURL: https://site${i}.example/page\nPublished: 2026-01-0${(i % 9) + 1}T00:00:00.000Z\nAuthor: N/A\nHighlights:\nHighlight of result ${i}.${extra}`;
}

const errorOf = providerFailure;

describe("exa-mcp provider", () => {
  const network = useMockNetwork();
  let sent: Sent[];
  beforeEach(() => {
    sent = [];
  });

  const provider = (settings: { url?: string; timeoutMs?: number; enabled?: boolean } = {}) =>
    createExaMcpProvider({ http: network.http(), enabled: true, ...settings });

  /** Replies to the next POST on `origin` and records what was sent. */
  function reply(status: number, body: string, headers: Record<string, string>, origin = ORIGIN) {
    return network.agent
      .get(origin)
      .intercept({ path: () => true, method: "POST" })
      .reply((options) => {
        sent.push({
          path: options.path,
          headers: { ...(options.headers as Record<string, string>) },
          body: JSON.parse(String(options.body)) as Sent["body"],
        });
        return { statusCode: status, data: body, responseOptions: { headers } };
      });
  }

  it("maps the documented SSE reply to hits", async () => {
    reply(200, fixture.response.body as string, SSE);
    const result = await provider().search(request());
    expect(result.hits).toEqual([
      {
        url: "https://arxiv.org/pdf/2603.04417.pdf",
        title: "Sulfide Electrolytes with Lithium-Metal Anodes at 500 Wh/kg: A Cycling Study",
        snippet:
          "Pouch cells using the argyrodite electrolyte retained 91% of capacity after 800 cycles at 0.5C while reaching 503 Wh/kg. Dendrite penetration was suppressed by a 40 nm interlayer.",
        publishedAt: "2026-03-09",
        engines: [],
        rank: 1,
      },
      expect.objectContaining({
        url: "https://www.electrochem-weekly.example/2026/02/solid-state-pilot-lines",
        publishedAt: "2026-02-18",
        rank: 2,
      }),
      expect.objectContaining({
        url: "https://battery-notes.example/posts/energy-density-claims",
        publishedAt: null,
        rank: 3,
      }),
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.unresponsiveEngines).toEqual([]);
  });

  it("sends one JSON-RPC tools/call with both accepted types and the result count capped at 20", async () => {
    reply(200, sseResult(block(1)), SSE);
    // The tool takes no search option: none is sent (the chain warns of them and filters domains).
    await provider().search(request({ limit: 50, ...EVERY_OPTION }));
    expect(sent).toHaveLength(1);
    const call = sent[0] as Sent;
    expect(call.path).toBe("/mcp");
    expect(call.headers.accept).toBe("application/json, text/event-stream");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toMatchObject({
      jsonrpc: "2.0",
      method: "tools/call",
      params: { name: "web_search_exa", arguments: { query: request().query, numResults: 20 } },
    });
    expect(typeof call.body.id).toBe("number");
    expect(Object.keys(call.body.params.arguments).sort()).toEqual(["numResults", "query"]);
  });

  it.each([
    [["general"], null, "", []],
    [["news"], null, " category:news", []],
    [["science"], null, " category:publication", []],
    [["it"], null, "", ['category "it" not supported: searched without it']],
    [
      ["news", "science"],
      null,
      " category:news",
      ['category "science" not supported alongside another category: searched without it'],
    ],
    [["general"], "week", "", ['time range "week" not supported: searched without it']],
    [
      ["it"],
      "day",
      "",
      [
        'category "it" not supported: searched without it',
        'time range "day" not supported: searched without it',
      ],
    ],
  ] as const)(
    "categories %j with time range %s → query suffix %j and warnings %j",
    async (categories, timeRange, suffix, warnings) => {
      reply(200, sseResult(block(1)), SSE);
      const result = await provider().search(request({ categories, timeRange }));
      expect(sent[0]?.body.params.arguments.query).toBe(`${request().query}${suffix}`);
      expect(result.warnings).toEqual(warnings);
    },
  );

  it("reads a plain JSON reply as well as SSE", async () => {
    const body = { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: block(4) }] } };
    reply(200, JSON.stringify(body), JSON_TYPE);
    const { hits } = await provider().search(request());
    expect(hits).toEqual([expect.objectContaining({ url: "https://site4.example/page", rank: 1 })]);
  });

  it("picks the reply whose id matches out of an SSE stream with notifications and comments first", async () => {
    const other = { jsonrpc: "2.0", id: 99, result: { content: [{ type: "text", text: block(7) }] } };
    const notification = { jsonrpc: "2.0", method: "notifications/message", params: { level: "info" } };
    const mine = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: block(2) }] },
    });
    const half = mine.indexOf('"result"');
    const body = [
      ": keep-alive",
      "",
      `event: message\nid: a1\ndata: ${JSON.stringify(notification)}`,
      "",
      `event: message\ndata: ${JSON.stringify(other)}`,
      "",
      // One message split over two data: lines (joined with a newline, which JSON allows).
      `event: message\r\ndata: ${mine.slice(0, half)}\r\ndata: ${mine.slice(half)}`,
      "",
    ].join("\n");
    reply(200, body, SSE);
    const { hits } = await provider().search(request());
    expect(hits.map((h) => h.url)).toEqual(["https://site2.example/page"]);
  });

  it("keeps results separated by --- lines apart, a --- inside a text with its result, and drops non-web URLs", async () => {
    const text = [
      block(1),
      "Title: Local file\nURL: file:///etc/passwd\nPublished: N/A\nAuthor: N/A\nText: not evidence",
      "Title: N/A\nURL: https://site3.example/page\nPublished: 2026-05-01\nAuthor: N/A\nText: First part.",
      "Second part after a horizontal rule.",
      block(5),
    ].join("\n\n---\n\n");
    reply(200, sseResult(text), SSE);
    const { hits } = await provider().search(request());
    expect(hits.map((h) => [h.rank, h.url])).toEqual([
      [1, "https://site1.example/page"],
      [2, "https://site3.example/page"],
      [3, "https://site5.example/page"],
    ]);
    expect(hits[1]).toMatchObject({
      title: "",
      snippet: "First part. Second part after a horizontal rule.",
      publishedAt: "2026-05-01",
    });
  });

  it("returns at most `limit` hits and caps highlights at 600 characters", async () => {
    const long = ` ${"highlight words ".repeat(200)}`;
    const text = Array.from({ length: 8 }, (_, i) => block(i + 1, long)).join("\n\n---\n\n");
    reply(200, sseResult(text), SSE);
    const { hits } = await provider().search(request({ limit: 3 }));
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      expect(hit.snippet.length).toBeLessThanOrEqual(600);
      expect(hit.snippet.length).toBeGreaterThan(500);
    }
  });

  it.each([
    ["the no-results text", sseResult("No search results found. Please try a different query.")],
    ["an empty text", sseResult("")],
  ])("answers %s with no hits", async (_name, body) => {
    reply(200, body, SSE);
    const result = await provider().search(request());
    expect(result.hits).toEqual([]);
  });

  it("reads the JSON results older server versions sent", async () => {
    const json = {
      results: [
        {
          url: "https://old.example/a",
          title: "Old",
          publishedDate: "2025-12-01",
          highlights: ["One.", "Two."],
        },
      ],
    };
    reply(200, sseResult(JSON.stringify(json)), SSE);
    const { hits } = await provider().search(request());
    expect(hits).toEqual([expect.objectContaining({ url: "https://old.example/a", snippet: "One. Two." })]);
  });

  it("pauses on the free-tier HTTP 429 (JSON-RPC −32000) with its Retry-After", async () => {
    const limited = fixture.errors[0] as FixtureReply;
    reply(limited.status, JSON.stringify(limited.body), limited.headers ?? {});
    const error = await errorOf(provider().search(request()));
    expect(error.outcome).toBe("http_429");
    expect(error.status).toBe(429);
    expect(error.pause).toEqual({ reason: "rate_limit", retryAfterMs: 41_000 });
    expect(error.vendorCode).toBe("-32000");
    expect(error.message).toMatch(/Exa MCP free-tier rate limit reached.*EXA_API_KEY/);
  });

  it.each([
    [
      "isError tool result with the upstream rate-limit text",
      200,
      (fixture.errors[1] as FixtureReply).body as string,
      SSE,
      "http_429",
      /free-tier rate limit/,
    ],
    [
      "JSON-RPC −32000 rate-limit error with status 200",
      200,
      `data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32000, message: "Too many requests, slow down" } })}\n\n`,
      SSE,
      "http_429",
      /free-tier rate limit/,
    ],
  ])(
    "%s (status %i) → %s with a rate-limit pause",
    async (_name, status, body, headers, outcome, message) => {
      reply(status, body, headers);
      const error = await errorOf(provider().search(request()));
      expect(error.outcome).toBe(outcome);
      expect(error.pause?.reason).toBe("rate_limit");
      expect(error.message).toMatch(message);
    },
  );

  it.each([
    [
      "JSON-RPC error",
      200,
      JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params: query" } }),
      JSON_TYPE,
      "rpc_error",
      /JSON-RPC error -32602: Invalid params: query/,
    ],
    [
      "isError tool result",
      200,
      `data: ${JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        result: {
          content: [{ type: "text", text: "web_search_exa error (400): query too long" }],
          isError: true,
        },
      })}\n\n`,
      SSE,
      "tool_error",
      /tool reported an error: web_search_exa error \(400\): query too long/,
    ],
    ["HTTP 503", 503, "upstream unavailable", { "content-type": "text/plain" }, "http_503", /status 503/],
    [
      "HTTP 401 (sign-in forced)",
      401,
      JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Unauthorized" }, id: null }),
      JSON_TYPE,
      "http_401",
      /status 401: Unauthorized/,
    ],
    [
      "malformed SSE data",
      200,
      "event: message\ndata: {not json\n\n",
      SSE,
      "bad_response",
      /no JSON-RPC reply/,
    ],
    [
      "SSE without the matching reply",
      200,
      `data: ${JSON.stringify({ jsonrpc: "2.0", id: 7, result: { content: [] } })}\n\n`,
      SSE,
      "bad_response",
      /no JSON-RPC reply/,
    ],
    ["an SSE stream of garbage", 200, "<<<>>>\n\n\n", SSE, "bad_response", /no JSON-RPC reply/],
    [
      "HTML instead of JSON",
      200,
      "<html><body>hello</body></html>",
      { "content-type": "text/html" },
      "bad_response",
      /no JSON-RPC reply/,
    ],
    [
      "a result without text",
      200,
      JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [] } }),
      JSON_TYPE,
      "bad_response",
      /without text/,
    ],
    [
      "text in an unknown format",
      200,
      sseResult("Here are some thoughts about batteries."),
      SSE,
      "bad_response",
      /unexpected format/,
    ],
    [
      "a reply without a result",
      200,
      JSON.stringify({ jsonrpc: "2.0", id: 1 }),
      JSON_TYPE,
      "bad_response",
      /without a result/,
    ],
  ])("%s (status %i) → outcome %s", async (_name, status, body, headers, outcome, message) => {
    reply(status, body, headers);
    const error = await errorOf(provider().search(request()));
    expect(error.outcome).toBe(outcome);
    expect(error.pause).toBeUndefined();
    expect(error.message).toMatch(message);
  });

  it("stops reading a body over the size cap", async () => {
    reply(200, `data: ${"x".repeat(5 * 1024 * 1024)}\n\n`, SSE);
    const error = await errorOf(provider().search(request()));
    expect(error.outcome).toBe("too_large");
  });

  it("times out a server that answers too late", async () => {
    reply(200, sseResult(block(1)), SSE).delay(500);
    const error = await errorOf(provider({ timeoutMs: 50 }).search(request()));
    expect(error.outcome).toBe("timeout");
  });

  it("stops when the caller aborts", async () => {
    reply(200, sseResult(block(1)), SSE).delay(500);
    const controller = new AbortController();
    const pending = provider().search(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    const error = await errorOf(pending);
    expect(error.outcome).toBe("aborted");
  });

  it("sends nothing that identifies the user or the machine", async () => {
    reply(200, sseResult(block(1)), SSE);
    await provider().search(request());
    const call = sent[0] as Sent;
    const allowed = ["accept", "accept-encoding", "content-length", "content-type", "user-agent"];
    expect(Object.keys(call.headers).filter((name) => !allowed.includes(name.toLowerCase()))).toEqual([]);
    expect(call.headers["user-agent"]).toBe("core-search/0.1");
    const everything = JSON.stringify(call).toLowerCase();
    for (const secret of [userInfo().username, hostname()].filter((s) => s.length > 3)) {
      expect(everything).not.toContain(secret.toLowerCase());
    }
  });

  it.each([
    ["a base with a path prefix", "https://gateway.test/exa", "/exa/mcp"],
    ["the full endpoint", "https://gateway.test/exa/mcp/", "/exa/mcp"],
    ["a bare origin", "http://gateway.test:8080", "/mcp"],
  ])("uses the endpoint override given as %s", async (_name, url, path) => {
    reply(200, sseResult(block(1)), SSE, new URL(url).origin);
    const { hits } = await provider({ url }).search(request());
    expect(hits).toHaveLength(1);
    expect(sent[0]?.path).toBe(path);
  });

  it("is configured exactly when the caller enables it", async () => {
    expect(provider({ enabled: true }).configured).toBe(true);
    const off = provider({ enabled: false });
    expect(off.configured).toBe(false);
    const error = await errorOf(off.search(request()));
    expect(error.outcome).toBe("no_key");
    expect(sent).toEqual([]);
  });
});
