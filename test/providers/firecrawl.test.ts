import { describe, expect, it } from "vitest";
import type { ProviderError } from "../../src/errors.js";
import { createFirecrawlProvider } from "../../src/providers/firecrawl.js";
import type { SearchRequest, SearchResponse } from "../../src/providers/search-provider.js";
import { said } from "../helpers/failures.js";
import {
  type ContractFixture,
  EVERY_OPTION,
  providerFailure,
  providerFixture,
  searchRequest,
  TEST_KEY,
  useMockNetwork,
} from "../helpers/provider-harness.js";

type Fixture = ContractFixture;

const fixture = providerFixture<Fixture>("firecrawl");
const errorBody = (status: number) => fixture.errors.find((e) => e.status === status);

const ORIGIN = "https://api.firecrawl.dev";
const KEY = TEST_KEY;
// 2026-10-01T12:00:00Z: "2 days ago" is 2026-09-29.
const NOW = Date.UTC(2026, 9, 1, 12);

/** The body keys Firecrawl's strict v2 search schema accepts (an unknown key is a 400). */
const DOCUMENTED_KEYS = new Set([
  "query",
  "limit",
  "sources",
  "categories",
  "tbs",
  "filter",
  "includeDomains",
  "excludeDomains",
  "lang",
  "country",
  "location",
  "safe",
  "timeout",
  "ignoreInvalidURLs",
  "highlights",
  "scrapeOptions",
]);

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density", overrides);

interface Sent {
  path: string | undefined;
  method: string | undefined;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

describe("firecrawl provider", () => {
  const network = useMockNetwork();

  const provider = (options: { baseUrl?: string; timeoutMs?: number } = {}) =>
    createFirecrawlProvider({
      apiKey: KEY,
      http: network.http(),
      now: () => NOW,
      ...options,
    });

  /** Answers POST /v2/search at `origin` and records what was sent. */
  function answer(
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
    origin = ORIGIN,
    path = "/v2/search",
  ): Sent {
    const sent: Sent = { path: undefined, method: undefined, headers: {}, body: undefined };
    network.agent
      .get(origin)
      .intercept({
        path: (p) => {
          sent.path = p;
          return p === path;
        },
        method: (m) => {
          sent.method = m;
          return true;
        },
        headers: (h) => {
          sent.headers = Object.fromEntries(
            Object.entries(h as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
          );
          return true;
        },
        body: (b) => {
          sent.body = JSON.parse(b) as Record<string, unknown>;
          return true;
        },
      })
      .reply(status, typeof body === "string" ? body : JSON.stringify(body), {
        headers: { "content-type": "application/json", ...headers },
      });
    return sent;
  }

  const failure = providerFailure;

  it("merges data.web and data.news by position, strips highlight emphasis, resolves relative news dates", async () => {
    answer(200, fixture.response.body);
    const result = await provider().search(request({ categories: ["general", "news"] }));
    expect(result).toEqual<SearchResponse>({
      hits: [
        {
          url: "https://arxiv.org/abs/2603.04417",
          title: "Sulfide Electrolytes with Lithium-Metal Anodes at 500 Wh/kg: A Cycling Study",
          snippet:
            "Pouch cells reached 503 Wh/kg at cell level and retained 91% capacity after 800 cycles at 0.5C.",
          publishedAt: null,
          engines: [],
          rank: 1,
        },
        {
          url: "https://news.example/autos/solid-state-delay",
          title: "Automaker delays solid-state launch to 2028",
          snippet: "The company cited yields at its pilot line as the reason for the two-year delay.",
          publishedAt: "2026-09-29",
          engines: [],
          rank: 2,
        },
        {
          url: "https://www.tech-review.example/energy/solid-state-2026",
          title: "Solid-state batteries explained: where energy density stands in 2026",
          snippet:
            "Cell makers now quote 450 to 500 Wh/kg for lab pouch cells, but pack-level figures remain far lower.",
          publishedAt: null,
          engines: [],
          rank: 3,
        },
      ],
      unresponsiveEngines: [],
      warnings: [],
    });
  });

  it("cuts the merged answer to the limit", async () => {
    answer(200, fixture.response.body);
    const { hits } = await provider().search(request({ categories: ["general", "news"], limit: 2 }));
    expect(hits.map((h) => h.rank)).toEqual([1, 2]);
    expect(hits.map((h) => h.url)).toEqual([
      "https://arxiv.org/abs/2603.04417",
      "https://news.example/autos/solid-state-delay",
    ]);
  });

  it("sends the fixture's mapping: web + news, research, a month", async () => {
    const sent = answer(200, { success: true, data: { web: [] } });
    await provider().search(request({ categories: ["science", "news"], timeRange: "month", limit: 2 }));
    const documented = fixture.request.body;
    expect(sent.body).toEqual({
      query: documented.query,
      limit: documented.limit,
      sources: documented.sources,
      categories: documented.categories,
      tbs: documented.tbs,
    });
  });

  it.each<[string, Partial<SearchRequest>, Record<string, unknown>, string[]]>([
    ["general, no range", {}, { limit: 10, sources: ["web"] }, []],
    [
      "news in the last week",
      { categories: ["news"], timeRange: "week" },
      { limit: 10, sources: ["news"], tbs: "qdr:w" },
      [],
    ],
    [
      "science in the last month",
      { categories: ["science"], timeRange: "month" },
      { limit: 10, sources: ["web"], categories: ["research"], tbs: "qdr:m" },
      [],
    ],
    [
      "it in the last day",
      { categories: ["it"], timeRange: "day" },
      { limit: 10, sources: ["web"], categories: ["github"], tbs: "qdr:d" },
      [],
    ],
    [
      "general and news in the last year",
      { categories: ["general", "news"], timeRange: "year" },
      { limit: 10, sources: ["web", "news"], tbs: "qdr:y" },
      [],
    ],
    [
      "general and science",
      { categories: ["general", "science"] },
      { limit: 10, sources: ["web"], categories: ["research"] },
      ['category "general" narrowed to research results: Firecrawl applies categories to every web result'],
    ],
    ["no categories", { categories: [] }, { limit: 10, sources: ["web"] }, []],
    ["a limit above 20", { limit: 50 }, { limit: 20, sources: ["web"] }, []],
    ["a limit of 3", { limit: 3 }, { limit: 3, sources: ["web"] }, []],
    [
      "every search option (no page parameter exists; one domain list per search)",
      EVERY_OPTION,
      { limit: 10, sources: ["web"], lang: "de", safe: true, includeDomains: ["who.int", "nih.gov"] },
      [
        "excludeDomains not sent: Firecrawl takes one domain list per search, so its results were filtered by address instead",
      ],
    ],
    [
      "safe search moderate, excluded domains",
      { safeSearch: "moderate", excludeDomains: ["pinterest.com"] },
      { limit: 10, sources: ["web"], safe: true, excludeDomains: ["pinterest.com"] },
      [],
    ],
    ["safe search off", { safeSearch: "off" }, { limit: 10, sources: ["web"], safe: false }, []],
  ])(
    "POSTs /v2/search with Bearer auth and a strict body for %s",
    async (_name, overrides, expected, warnings) => {
      const sent = answer(200, { success: true, data: { web: [], news: [] } });
      const result = await provider().search(request(overrides));
      expect(sent.method).toBe("POST");
      expect(sent.path).toBe("/v2/search");
      expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sent.headers["content-type"]).toBe("application/json");
      expect(sent.body).toEqual({ query: "solid-state battery energy density", ...expected });
      for (const key of Object.keys(sent.body ?? {})) expect(DOCUMENTED_KEYS.has(key)).toBe(true);
      expect(result.warnings).toEqual(warnings);
    },
  );

  it("uses the base-URL override with its path prefix, and keeps the key out of the URL", async () => {
    const sent = answer(200, fixture.response.body, {}, "https://gateway.example", "/firecrawl/v2/search");
    const { hits } = await provider({ baseUrl: "https://gateway.example/firecrawl/" }).search(request());
    expect(hits).toHaveLength(3);
    expect(sent.path).toBe("/firecrawl/v2/search");
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it.each<[string, unknown, string[]]>([
    [
      "a flat v1 array",
      { success: true, data: [{ url: "https://a.example/", title: "A", description: "a" }] },
      ["https://a.example/"],
    ],
    [
      "data.results",
      { success: true, data: { results: [{ url: "https://b.example/", title: "B", snippet: "b" }] } },
      ["https://b.example/"],
    ],
    [
      "non-web URLs and duplicates across kinds",
      {
        success: true,
        data: {
          web: [
            { url: "ftp://files.example/x", title: "ftp", position: 1 },
            { url: "https://c.example/", title: "C", position: 2 },
          ],
          news: [
            { url: "javascript:alert(1)", title: "js", position: 1 },
            { url: "https://c.example/", title: "C again", position: 2 },
          ],
        },
      },
      ["https://c.example/"],
    ],
    ["empty results", { success: true, data: { web: [] } }, []],
    ["no kinds at all", { success: true, data: {} }, []],
  ])("reads %s", async (_name, body, urls) => {
    answer(200, body);
    const { hits } = await provider().search(request());
    expect(hits.map((h) => h.url)).toEqual(urls);
    expect(hits.map((h) => h.rank)).toEqual(urls.map((_, i) => i + 1));
  });

  it.each<[string, string | undefined, string | null]>([
    ["minutes ago", "45 minutes ago", "2026-10-01"],
    ["hours ago", "13 hours ago", "2026-09-30"],
    ["a week ago", "1 week ago", "2026-09-24"],
    ["an absolute date", "Sep 29, 2026", "2026-09-29"],
    ["months ago (too coarse)", "3 months ago", null],
    ["a date without a year", "Mar 3", null],
    ["no date", undefined, null],
  ])("maps a news date given as %s", async (_name, date, expected) => {
    answer(200, { success: true, data: { news: [{ url: "https://n.example/", title: "N", date }] } });
    const { hits } = await provider().search(request({ categories: ["news"] }));
    expect(hits[0]?.publishedAt).toBe(expected);
  });

  it("caps long titles and snippets", async () => {
    answer(200, {
      success: true,
      data: {
        web: [{ url: "https://d.example/", title: "t".repeat(1000), description: "word ".repeat(1000) }],
      },
    });
    const { hits } = await provider().search(request());
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
  });

  it("passes Firecrawl's own warning on", async () => {
    answer(200, { success: true, data: { web: [] }, warning: "Some sources were unavailable" });
    const { warnings } = await provider().search(request());
    expect(warnings).toEqual(["Firecrawl warned: Some sources were unavailable"]);
  });

  it.each<
    [
      string,
      number,
      unknown,
      Record<string, string>,
      string,
      ProviderError["pause"],
      string | undefined,
      RegExp,
    ]
  >([
    ["402", 402, errorBody(402)?.body, {}, "http_402", { reason: "quota" }, undefined, /status 402/],
    [
      "429 with Retry-After",
      429,
      errorBody(429)?.body,
      errorBody(429)?.headers ?? {},
      "http_429",
      { reason: "rate_limit", retryAfterMs: 54_000 },
      undefined,
      /status 429/,
    ],
    [
      "429 without Retry-After",
      429,
      errorBody(429)?.body,
      {},
      "http_429",
      { reason: "rate_limit" },
      undefined,
      /status 429/,
    ],
    [
      "401 bad key",
      401,
      { success: false, error: "Unauthorized: Invalid token" },
      {},
      "http_401",
      undefined,
      undefined,
      /status 401/,
    ],
    [
      "400 strict body",
      400,
      errorBody(400)?.body,
      {},
      "http_400",
      undefined,
      "BAD_REQUEST",
      /status 400 \(BAD_REQUEST\)/,
    ],
    [
      "500",
      500,
      { success: false, error: "Internal server error" },
      {},
      "http_500",
      undefined,
      undefined,
      /status 500/,
    ],
    ["503", 503, "Service Unavailable", {}, "http_503", undefined, undefined, /status 503/],
    [
      "HTML instead of JSON",
      200,
      "<!doctype html><p>gateway</p>",
      {},
      "bad_response",
      undefined,
      undefined,
      /not JSON/,
    ],
    [
      "malformed JSON",
      200,
      '{"success": true, "data": {',
      {},
      "bad_response",
      undefined,
      undefined,
      /not JSON/,
    ],
    [
      "2xx without data",
      200,
      { success: true },
      {},
      "bad_response",
      undefined,
      undefined,
      /unexpected shape/,
    ],
    [
      "2xx saying it failed",
      200,
      { success: false, error: "Search failed", data: {} },
      {},
      "bad_response",
      undefined,
      undefined,
      /unexpected shape/,
    ],
  ])(
    "%s becomes the recorded outcome",
    async (_name, status, body, headers, outcome, pause, code, message) => {
      answer(status, body, headers);
      const error = await failure(provider().search(request()));
      expect(error.outcome).toBe(outcome);
      expect(error.pause).toEqual(pause);
      expect(error.vendorCode).toBe(code);
      expect(error.message).toMatch(message);
      expect(said(error)).not.toContain(KEY);
    },
  );

  it("stops reading an oversized body", async () => {
    answer(200, `{"success":true,"data":{"web":[]},"pad":"${"x".repeat(5 * 1024 * 1024)}"}`);
    const error = await failure(provider().search(request()));
    expect(error.outcome).toBe("too_large");
    expect(said(error)).not.toContain(KEY);
  });

  it("gives up after its timeout", async () => {
    network.agent
      .get(ORIGIN)
      .intercept({ path: "/v2/search", method: "POST" })
      .reply(200, { success: true, data: { web: [] } })
      .delay(2_000);
    const error = await failure(provider({ timeoutMs: 50 }).search(request()));
    expect(error.outcome).toBe("timeout");
    expect(said(error)).not.toContain(KEY);
  });

  it.each([
    ["before the request", true],
    ["while it is in flight", false],
  ])("stops when the caller aborts %s", async (_name, early) => {
    network.agent
      .get(ORIGIN)
      .intercept({ path: "/v2/search", method: "POST" })
      .reply(200, { success: true, data: { web: [] } })
      .delay(2_000);
    const controller = new AbortController();
    if (early) controller.abort();
    const pending = provider().search(request({ signal: controller.signal }));
    controller.abort();
    expect((await failure(pending)).outcome).toBe("aborted");
  });

  it("names no key in the error when the host cannot be reached", async () => {
    const error = await failure(provider().search(request()));
    expect(error.outcome).toBe("network");
    expect(said(error)).not.toContain(KEY);
  });

  it.each([undefined, "", "   "])(
    "is unconfigured without a key (%j) and refuses to search",
    async (apiKey) => {
      const unconfigured = createFirecrawlProvider({ apiKey, http: network.http() });
      expect(unconfigured.configured).toBe(false);
      expect((await failure(unconfigured.search(request()))).outcome).toBe("no_key");
    },
  );

  it("is configured with a key", () => {
    expect(provider().configured).toBe(true);
  });
});
