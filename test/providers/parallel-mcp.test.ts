import { hostname, userInfo } from "node:os";
import { beforeEach, describe, expect, it } from "vitest";
import { createParallelMcpProvider } from "../../src/providers/parallel-mcp.js";
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
}>("parallel-mcp");

const ORIGIN = "https://search.parallel.ai";
const SSE = { "content-type": "text/event-stream" };
const JSON_TYPE = { "content-type": "application/json" };

interface Message {
  jsonrpc: string;
  id?: number;
  method: string;
  params?: { name?: string; arguments?: Record<string, unknown>; protocolVersion?: string };
}

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: Message;
}

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density breakthroughs", overrides);

const results = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    url: `https://site${i + 1}.example/page`,
    title: `Result ${i + 1}`,
    publish_date: "2026-04-01",
    excerpts: [`Excerpt ${i + 1}.`],
  }));

/** A JSON-RPC tool result for request `id` carrying `output` as text (and as structured content). */
function toolReply(id: number, output: unknown, structured = false) {
  return {
    jsonrpc: "2.0",
    id,
    result: {
      content: [{ type: "text", text: JSON.stringify(output) }],
      ...(structured ? { structuredContent: output } : {}),
    },
  };
}

const errorOf = providerFailure;

describe("parallel-mcp provider", () => {
  const network = useMockNetwork();
  let sent: Sent[];
  beforeEach(() => {
    sent = [];
  });

  const provider = (settings: { url?: string; timeoutMs?: number; enabled?: boolean } = {}) =>
    createParallelMcpProvider({ http: network.http(), enabled: true, ...settings });

  /** A fake endpoint: every POST is recorded and answered by `answer`. */
  function serve(answer: (message: Message, headers: Record<string, string>) => Answer, origin = ORIGIN) {
    return network.agent
      .get(origin)
      .intercept({ path: () => true, method: "POST" })
      .reply((options) => {
        const body = JSON.parse(String(options.body)) as Message;
        const headers = { ...(options.headers as Record<string, string>) };
        sent.push({ path: options.path, headers, body });
        const out = answer(body, headers);
        return {
          statusCode: out.status,
          data: out.body,
          responseOptions: { headers: out.headers ?? JSON_TYPE },
        };
      });
  }

  const once = (status: number, body: unknown, headers: Record<string, string> = JSON_TYPE) =>
    serve(() => ({ status, body: typeof body === "string" ? body : JSON.stringify(body), headers }));

  it("maps the documented reply (structuredContent) to hits", async () => {
    once(200, fixture.response.body);
    const result = await provider().search(request());
    expect(result.hits).toEqual([
      {
        url: "https://arxiv.org/abs/2603.04417",
        title: "Sulfide Electrolytes with Lithium-Metal Anodes at 500 Wh/kg: A Cycling Study",
        snippet: "Pouch cells reached 503 Wh/kg and kept 91% capacity after 800 cycles.",
        publishedAt: "2026-03-09",
        engines: [],
        rank: 1,
      },
      expect.objectContaining({ url: "https://www.tech-review.example/energy/solid-state-2026", rank: 2 }),
      expect.objectContaining({
        url: "https://battery-notes.example/posts/energy-density-claims",
        publishedAt: null,
        rank: 3,
      }),
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("prefers structuredContent over the text copy", async () => {
    const reply = toolReply(1, { results: results(1) });
    (reply.result as Record<string, unknown>).structuredContent = {
      results: [{ url: "https://structured.example/", title: "S", excerpts: [] }],
    };
    once(200, reply);
    const { hits } = await provider().search(request());
    expect(hits.map((h) => h.url)).toEqual(["https://structured.example/"]);
  });

  it.each([
    [
      "plain JSON with the results only as text",
      JSON.stringify(toolReply(1, { results: results(2) })),
      JSON_TYPE,
    ],
    [
      "an SSE stream with a notification first",
      [
        `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: {} })}`,
        `event: message\ndata: ${JSON.stringify(toolReply(1, { results: results(2) }, true))}`,
        "",
      ].join("\n\n"),
      SSE,
    ],
    [
      "a batch array",
      JSON.stringify([toolReply(5, { results: [] }), toolReply(1, { results: results(2) })]),
      JSON_TYPE,
    ],
    [
      "an SSE stream that ends without the closing blank line",
      `event: message\r\ndata: ${JSON.stringify(toolReply(1, { results: results(2) }))}`,
      SSE,
    ],
    [
      "an SSE stream labelled as JSON",
      `event: message\ndata: ${JSON.stringify(toolReply(1, { results: results(2) }))}\n\n`,
      JSON_TYPE,
    ],
  ])("reads %s", async (_name, body, headers) => {
    once(200, body, headers);
    const { hits } = await provider().search(request());
    expect(hits.map((h) => [h.rank, h.url, h.snippet])).toEqual([
      [1, "https://site1.example/page", "Excerpt 1."],
      [2, "https://site2.example/page", "Excerpt 2."],
    ]);
  });

  it("sends web_search with objective, queries and a random per-process session id, nothing else", async () => {
    once(200, toolReply(1, { results: [] })).times(2);
    // The tool takes no search option: none is sent (the chain warns of them and filters domains).
    await provider().search(request(EVERY_OPTION));
    await provider().search(request({ query: "second question" }));
    const [first, second] = sent;
    expect(first?.path).toBe("/mcp");
    expect(first?.headers.accept).toBe("application/json, text/event-stream");
    expect(first?.body).toMatchObject({
      jsonrpc: "2.0",
      method: "tools/call",
      params: { name: "web_search" },
    });
    const args = first?.body.params?.arguments ?? {};
    expect(Object.keys(args).sort()).toEqual(["objective", "search_queries", "session_id"]);
    expect(args.objective).toBe(request().query);
    expect(args.search_queries).toEqual([request().query]);
    expect(args.session_id).toMatch(
      /^core-search-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    // Stable within the process, even across provider instances.
    expect(second?.body.params?.arguments?.session_id).toBe(args.session_id);
    expect(second?.body.params?.arguments?.objective).toBe("second question");
  });

  it.each([
    [["general"], null, []],
    [["news"], null, ['category "news" not supported: searched without it']],
    [
      ["science", "it"],
      null,
      [
        'category "science" not supported: searched without it',
        'category "it" not supported: searched without it',
      ],
    ],
    [["general"], "month", ['time range "month" not supported: searched without it']],
  ] as const)("categories %j with time range %s warn %j", async (categories, timeRange, warnings) => {
    once(200, toolReply(1, { results: results(1) }));
    const result = await provider().search(request({ categories, timeRange }));
    expect(result.warnings).toEqual(warnings);
    expect(result.hits).toHaveLength(1);
  });

  it("cuts the server's fixed result count to the limit, drops non-web URLs and caps long fields", async () => {
    const many = [
      { url: "ftp://files.example/x", title: "ftp", excerpts: ["no"] },
      ...results(6).map((r) => ({ ...r, title: "t".repeat(1000), excerpts: ["word ".repeat(400)] })),
    ];
    once(200, toolReply(1, { results: many }));
    const { hits } = await provider().search(request({ limit: 4 }));
    expect(hits.map((h) => h.rank)).toEqual([1, 2, 3, 4]);
    expect(hits[0]?.url).toBe("https://site1.example/page");
    for (const hit of hits) {
      expect(hit.title.length).toBeLessThanOrEqual(300);
      expect(hit.snippet.length).toBeLessThanOrEqual(1000);
    }
  });

  it("answers empty results with no hits", async () => {
    once(200, toolReply(1, { search_id: "search_1", results: [] }));
    expect((await provider().search(request())).hits).toEqual([]);
  });

  it.each([
    [
      "documented HTTP 429 without Retry-After",
      (fixture.errors[0] as FixtureReply).status,
      (fixture.errors[0] as FixtureReply).body,
      JSON_TYPE,
      { reason: "rate_limit" },
    ],
    [
      "HTTP 429 with Retry-After and a plain body",
      429,
      "Too Many Requests",
      { "content-type": "text/plain", "retry-after": "30" },
      { reason: "rate_limit", retryAfterMs: 30_000 },
    ],
    [
      "isError result saying the quota is exceeded",
      200,
      {
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "text", text: "Free tier quota exceeded, try later" }], isError: true },
      },
      JSON_TYPE,
      { reason: "rate_limit" },
    ],
  ])("%s → http_429 with a rate-limit pause", async (_name, status, body, headers, pause) => {
    once(status, body, headers);
    const error = await errorOf(provider().search(request()));
    expect(error.outcome).toBe("http_429");
    expect(error.pause).toEqual(pause);
    expect(error.message).toMatch(/Parallel MCP free-tier rate limit reached.*PARALLEL_API_KEY/);
  });

  it.each([
    [
      "documented isError result",
      200,
      (fixture.errors[1] as FixtureReply).body,
      JSON_TYPE,
      "tool_error",
      /tool reported an error: Error: search_queries must contain at least one query/,
    ],
    [
      "JSON-RPC error",
      200,
      { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
      JSON_TYPE,
      "rpc_error",
      /JSON-RPC error -32601: Method not found/,
    ],
    ["HTTP 500", 500, "Internal Server Error", { "content-type": "text/plain" }, "http_500", /status 500/],
    [
      "malformed SSE",
      200,
      'event: message\ndata: {"jsonrpc": "2.0", "id": 1, "result": \n\n',
      SSE,
      "bad_response",
      /no JSON-RPC reply/,
    ],
    [
      "HTML instead of JSON",
      200,
      "<!doctype html><p>maintenance</p>",
      { "content-type": "text/html" },
      "bad_response",
      /no JSON-RPC reply/,
    ],
    [
      "text that is not JSON",
      200,
      { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "Here are results: …" }] } },
      JSON_TYPE,
      "bad_response",
      /without search results/,
    ],
    [
      "JSON of another shape",
      200,
      toolReply(1, { items: results(1) }),
      JSON_TYPE,
      "bad_response",
      /without search results/,
    ],
  ])("%s (status %i) → outcome %s", async (_name, status, body, headers, outcome, message) => {
    once(status, body, headers);
    const error = await errorOf(provider().search(request()));
    expect(error.outcome).toBe(outcome);
    expect(error.pause).toBeUndefined();
    expect(error.message).toMatch(message);
  });

  it("stops reading a body over the size cap", async () => {
    once(200, `{"pad":"${"x".repeat(5 * 1024 * 1024)}"}`);
    expect((await errorOf(provider().search(request()))).outcome).toBe("too_large");
  });

  it("times out a server that answers too late", async () => {
    once(200, toolReply(1, { results: results(1) })).delay(500);
    expect((await errorOf(provider({ timeoutMs: 50 }).search(request()))).outcome).toBe("timeout");
  });

  it("stops when the caller aborts, before or during the call", async () => {
    once(200, toolReply(1, { results: results(1) })).delay(500);
    const controller = new AbortController();
    const pending = provider().search(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    expect((await errorOf(pending)).outcome).toBe("aborted");
    const error = await errorOf(provider().search(request({ signal: AbortSignal.abort() })));
    expect(error.outcome).toBe("aborted");
  });

  it("sends nothing that identifies the user or the machine", async () => {
    once(200, toolReply(1, { results: results(1) }));
    await provider().search(request());
    const call = sent[0] as Sent;
    const allowed = ["accept", "accept-encoding", "content-length", "content-type", "user-agent"];
    expect(Object.keys(call.headers).filter((name) => !allowed.includes(name.toLowerCase()))).toEqual([]);
    expect(call.body.params?.arguments).not.toHaveProperty("model_name");
    const everything = JSON.stringify(call).toLowerCase();
    for (const identifier of [userInfo().username, hostname()].filter((s) => s.length > 3)) {
      expect(everything).not.toContain(identifier.toLowerCase());
    }
  });

  it.each([
    ["a base with a path prefix", "https://gateway.test/parallel/", "/parallel/mcp"],
    ["the full endpoint", "https://gateway.test/parallel/mcp", "/parallel/mcp"],
  ])("uses the endpoint override given as %s", async (_name, url, path) => {
    serve(
      () => ({ status: 200, body: JSON.stringify(toolReply(1, { results: results(1) })) }),
      "https://gateway.test",
    );
    const { hits } = await provider({ url }).search(request());
    expect(hits).toHaveLength(1);
    expect(sent.map((s) => s.path)).toEqual([path]);
  });

  it("is configured exactly when the caller enables it", async () => {
    expect(provider().configured).toBe(true);
    const off = provider({ enabled: false });
    expect(off.configured).toBe(false);
    expect((await errorOf(off.search(request()))).outcome).toBe("no_key");
    expect(sent).toEqual([]);
  });

  describe("when the server requires a session", () => {
    /** A server that wants `initialize` first and then the session id it handed out. */
    function sessionServer(options: { expireAfter?: number } = {}) {
      let sessions = 0;
      let toolCalls = 0;
      let current: string | undefined;
      return serve((message, headers) => {
        if (message.method === "initialize") {
          sessions += 1;
          current = `session-${sessions}`;
          return {
            status: 200,
            body: `event: message\ndata: ${JSON.stringify({
              jsonrpc: "2.0",
              id: message.id,
              result: {
                protocolVersion: "2025-06-18",
                capabilities: { tools: {} },
                serverInfo: { name: "x" },
              },
            })}\n\n`,
            headers: { ...SSE, "mcp-session-id": current },
          };
        }
        if (message.method === "notifications/initialized") return { status: 202, body: "" };
        const session = headers["mcp-session-id"];
        if (session === undefined) {
          return {
            status: 400,
            body: JSON.stringify({
              jsonrpc: "2.0",
              error: { code: -32000, message: "Bad Request: No valid session ID provided" },
              id: null,
            }),
          };
        }
        if (session !== current) return { status: 404, body: "Session not found" };
        toolCalls += 1;
        if (options.expireAfter !== undefined && toolCalls % options.expireAfter === 0) current = undefined;
        return { status: 200, body: JSON.stringify(toolReply(message.id ?? 0, { results: results(1) })) };
      }).persist();
    }

    it("initializes, sends the session id and protocol version, and keeps the session for later calls", async () => {
      sessionServer();
      const parallel = provider();
      expect((await parallel.search(request())).hits).toHaveLength(1);
      expect((await parallel.search(request())).hits).toHaveLength(1);
      expect(sent.map((s) => s.body.method)).toEqual([
        "tools/call",
        "initialize",
        "notifications/initialized",
        "tools/call",
        "tools/call",
      ]);
      expect(sent[1]?.headers["mcp-session-id"]).toBeUndefined();
      expect(sent[1]?.body.params?.protocolVersion).toBe("2025-06-18");
      for (const later of sent.slice(2)) {
        expect(later.headers["mcp-session-id"]).toBe("session-1");
        expect(later.headers["mcp-protocol-version"]).toBe("2025-06-18");
      }
      // Request ids are not reused within a session.
      const ids = sent.flatMap((s) => (s.body.id === undefined ? [] : [s.body.id]));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("starts a new session when the server forgets the old one (404)", async () => {
      sessionServer({ expireAfter: 1 });
      const parallel = provider();
      await parallel.search(request());
      expect((await parallel.search(request())).hits).toHaveLength(1);
      const calls = sent
        .filter((s) => s.body.method === "tools/call")
        .map((s) => s.headers["mcp-session-id"]);
      expect(calls).toEqual([undefined, "session-1", "session-1", "session-2"]);
    });

    it("tries the handshake once per call, then reports the refusal", async () => {
      serve((message) =>
        message.method === "initialize"
          ? { status: 200, body: JSON.stringify({ jsonrpc: "2.0", id: message.id, result: {} }) }
          : message.method === "notifications/initialized"
            ? { status: 202, body: "" }
            : { status: 400, body: "Bad Request: Mcp-Session-Id header is required" },
      ).persist();
      const error = await errorOf(provider().search(request()));
      expect(error.outcome).toBe("http_400");
      expect(sent.map((s) => s.body.method)).toEqual([
        "tools/call",
        "initialize",
        "notifications/initialized",
        "tools/call",
      ]);
    });

    it.each([
      ["Invalid params", /status 400: Invalid params/],
      ["Invalid session_id: longer than 1000 characters", /status 400: Invalid session_id/],
    ])("does not start a handshake for an ordinary 400 (%s)", async (text, message) => {
      once(400, { jsonrpc: "2.0", error: { code: -32602, message: text }, id: null });
      const error = await errorOf(provider().search(request()));
      expect(error.outcome).toBe("http_400");
      expect(error.message).toMatch(message);
      expect(sent).toHaveLength(1);
    });
  });
});
