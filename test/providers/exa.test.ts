import { describe, expect, it } from "vitest";
import { createExaProvider, type ExaSettings } from "../../src/providers/exa.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import {
  type ContractFixture,
  EVERY_OPTION,
  providerFailure,
  providerFixture,
  type SentRequest,
  searchRequest,
  TEST_KEY,
  transportContract,
  useMockNetwork,
} from "../helpers/provider-harness.js";

type Fixture = ContractFixture<{ results: Record<string, unknown>[] }>;
const fixture = providerFixture<Fixture>("exa");
const errorFixture = (status: number, tag: string) => {
  const found = fixture.errors.find((e) => e.status === status && (e.body as { tag?: string }).tag === tag);
  if (!found) throw new Error(`fixture has no ${status} ${tag}`);
  return found;
};

const ORIGIN = "https://api.exa.ai";
const KEY = TEST_KEY;
const NOW = Date.parse("2026-10-01T12:00:00.000Z");

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density breakthroughs", overrides);

type Sent = SentRequest;

describe("exa provider", () => {
  const network = useMockNetwork();

  const provider = (settings: Partial<ExaSettings> = {}) =>
    createExaProvider({
      apiKey: KEY,
      http: network.http(),
      now: () => NOW,
      ...settings,
    });

  /** Intercepts POST /search on `origin`, recording what was sent. */
  const intercept = (sent: Sent = {}, origin = ORIGIN, path = "/search") =>
    network.intercept(sent, origin, path, "POST");

  const failure = (promise: Promise<unknown>) => providerFailure(promise, KEY);

  it("maps the documented reply: joined highlights as snippet, dates as days, ranks from 1", async () => {
    intercept().reply(200, fixture.response.body);
    const result = await provider().search(request());
    expect(result.warnings).toEqual([]);
    expect(result.unresponsiveEngines).toEqual([]);
    expect(result.hits).toEqual([
      {
        url: "https://arxiv.org/pdf/2603.04417.pdf",
        title: "Sulfide Electrolytes with Lithium-Metal Anodes at 500 Wh/kg: A Cycling Study",
        snippet:
          "Pouch cells using the argyrodite electrolyte retained 91% of capacity after 800 cycles at 0.5C while reaching 503 Wh/kg at the cell level. Dendrite penetration was suppressed by a 40 nm interlayer, which the authors identify as the main reason for the improved cycle life.",
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
  });

  it("sends POST /search with the key in x-api-key, highlights of 600 characters and at most 20 results", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request({ limit: 50 }));
    expect(sent.path).toBe("/search");
    expect(sent.headers?.["x-api-key"]).toBe(KEY);
    expect(sent.headers?.["content-type"]).toBe("application/json");
    expect(sent.body).toEqual({
      query: "solid-state battery energy density breakthroughs",
      type: "auto",
      numResults: 20,
      contents: { highlights: { maxCharacters: 600 } },
    });
  });

  it("sends moderation and the domain lists as documented; no language or page parameter exists", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const result = await provider().search(request(EVERY_OPTION));
    expect(sent.body).toEqual({
      query: "solid-state battery energy density breakthroughs",
      type: "auto",
      numResults: 10,
      contents: { highlights: { maxCharacters: 600 } },
      moderation: true,
      includeDomains: ["who.int", "nih.gov"],
      excludeDomains: ["pinterest.com"],
    });
    expect(result.warnings).toEqual([]);
  });

  it.each([
    ["off", undefined],
    ["moderate", true],
    ["strict", true],
  ] as const)("turns moderation on for safeSearch %s: %s", async (safeSearch, moderation) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request({ safeSearch }));
    expect(sent.body?.moderation).toBe(moderation);
  });

  it.each([
    [{ limit: 3 }, 3, 600],
    [{ limit: 20, highlightChars: 1500 }, 20, 1500],
    [{ limit: 21, highlightChars: 50_000 }, 20, 10_000],
  ])(
    "asks for min(limit, 20) results and the configured highlight size (%o)",
    async (input, count, chars) => {
      const sent: Sent = {};
      intercept(sent).reply(200, { results: [] });
      const { limit, ...settings } = input;
      await provider(settings).search(request({ limit }));
      expect(sent.body?.numResults).toBe(count);
      expect(sent.body?.contents).toEqual({ highlights: { maxCharacters: chars } });
    },
  );

  it.each([
    [["general"], undefined, []],
    [["news"], "news", []],
    [["science"], "publication", []],
    [["it"], undefined, ['category "it" not supported by Exa: searched without it']],
    [["news", "science"], "news", ['category "science" not applied: Exa takes one category per search']],
    [
      ["general", "it", "science"],
      "publication",
      ['category "it" not supported by Exa: searched without it'],
    ],
  ] as const)("maps categories %j to Exa category %s", async (categories, category, warnings) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const result = await provider().search(request({ categories }));
    expect(sent.body?.category).toBe(category);
    expect(result.warnings).toEqual(warnings);
  });

  it.each([
    [null, undefined],
    ["day", "2026-09-30T12:00:00.000Z"],
    ["week", "2026-09-24T12:00:00.000Z"],
    ["month", "2026-08-31T12:00:00.000Z"],
    ["year", "2025-10-01T12:00:00.000Z"],
  ] as const)(
    "maps time range %s to startPublishedDate %s from the injected clock",
    async (timeRange, start) => {
      const sent: Sent = {};
      intercept(sent).reply(200, { results: [] });
      const result = await provider().search(request({ timeRange }));
      expect(sent.body?.startPublishedDate).toBe(start);
      expect(result.warnings).toEqual([]);
    },
  );

  it("returns no hits for an empty result list", async () => {
    intercept().reply(200, { requestId: "x", results: [] });
    expect(await provider().search(request())).toEqual({ hits: [], unresponsiveEngines: [], warnings: [] });
  });

  it("falls back to text, then summary, drops non-web URLs, caps fields and returns at most `limit` hits", async () => {
    intercept().reply(200, {
      results: [
        { url: "ftp://files.example/a.pdf", title: "ftp", highlights: ["x"] },
        { url: "https://a.example/", title: "a", text: "Full  text\nof a." },
        { url: "https://b.example/", title: null, highlights: [], summary: "Summary of b." },
        { url: "https://c.example/", title: "t".repeat(500), highlights: ["word ".repeat(400)] },
        { url: "https://d.example/", title: "d" },
      ],
    });
    const { hits } = await provider().search(request({ limit: 3 }));
    expect(hits.map((h) => [h.url, h.rank])).toEqual([
      ["https://a.example/", 1],
      ["https://b.example/", 2],
      ["https://c.example/", 3],
    ]);
    expect(hits[0]?.snippet).toBe("Full text of a.");
    expect(hits[1]).toMatchObject({ title: "", snippet: "Summary of b." });
    expect(hits[2]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[2]?.snippet.length).toBeLessThanOrEqual(1000);
  });

  it.each([
    ["401 bad key", errorFixture(401, "INVALID_API_KEY"), "http_401", "INVALID_API_KEY", undefined],
    ["402 credits", errorFixture(402, "NO_MORE_CREDITS"), "http_402", "NO_MORE_CREDITS", { reason: "quota" }],
    [
      "402 key budget",
      errorFixture(402, "API_KEY_BUDGET_EXCEEDED"),
      "http_402",
      "API_KEY_BUDGET_EXCEEDED",
      { reason: "quota" },
    ],
    [
      "429 with Retry-After",
      errorFixture(429, "RATE_LIMIT_EXCEEDED"),
      "http_429",
      "RATE_LIMIT_EXCEEDED",
      { reason: "rate_limit", retryAfterMs: 1000 },
    ],
    [
      "503",
      { status: 503, body: { requestId: "r", error: "Service unavailable", tag: "INTERNAL_ERROR" } },
      "http_503",
      "INTERNAL_ERROR",
      undefined,
    ],
  ])("%s → outcome %s, vendor code %s, pause %o", async (_name, error, outcome, code, pause) => {
    intercept().reply(error.status, JSON.stringify(error.body), {
      headers: { "content-type": "application/json", ...("headers" in error ? error.headers : {}) },
    });
    const failed = await failure(provider().search(request()));
    expect(failed.outcome).toBe(outcome);
    expect(failed.vendorCode).toBe(code);
    expect(failed.pause).toEqual(pause);
    expect(failed.message).toMatch(new RegExp(`^Exa request failed with status ${error.status}`));
  });

  it.each([
    ["malformed JSON", '{"results": [', "application/json"],
    ["HTML instead of JSON", "<!doctype html><html><body>Bad gateway</body></html>", "text/html"],
    ["JSON of the wrong shape", '{"results": "none"}', "application/json"],
    ["a JSON array", "[]", "application/json"],
  ])("a 200 with %s → bad_response", async (_name, body, type) => {
    intercept().reply(200, body, { headers: { "content-type": type } });
    expect((await failure(provider().search(request()))).outcome).toBe("bad_response");
  });

  transportContract({
    name: "exa",
    intercept,
    provider,
    request,
    emptyBody: { results: [] },
    oversizedBody: `{"results":["${"x".repeat(5 * 1024 * 1024)}"]}`,
    override: {
      baseUrl: "https://gateway.test/exa/",
      origin: "https://gateway.test",
      path: "/exa/search",
      body: fixture.response.body,
      hits: 3,
    },
    warnings: {
      key: KEY,
      body: fixture.response.body,
      request: { categories: ["it", "news", "science"], timeRange: "week" },
    },
  });
});
