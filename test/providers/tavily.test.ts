import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import { createTavilyProvider, type TavilySettings } from "../../src/providers/tavily.js";
import {
  type ContractFixture,
  EVERY_OPTION,
  exposedText,
  providerFailure,
  providerFixture,
  type SentRequest,
  searchRequest,
  TEST_KEY,
  transportContract,
  useMockNetwork,
} from "../helpers/provider-harness.js";

type Fixture = ContractFixture<{ results: Record<string, unknown>[] }>;

const fixture = providerFixture<Fixture>("tavily");
const errorBody = (status: number) => fixture.errors.find((e) => e.status === status)?.body;

const ORIGIN = "https://api.tavily.com";
const KEY = TEST_KEY;

type Sent = SentRequest;

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density", overrides);

describe("tavily provider", () => {
  const network = useMockNetwork();

  const provider = (overrides: Partial<TavilySettings> = {}) =>
    createTavilyProvider({ apiKey: KEY, http: network.http(), ...overrides });

  /** One POST /search on `origin`, recording what was sent. */
  const intercept = (sent: Sent = {}, origin = ORIGIN, path = "/search") =>
    network.intercept(sent, origin, path);

  it("maps the documented reply to ranked hits with RFC 1123 dates as days", async () => {
    intercept().reply(200, fixture.response.body);
    const result = await provider().search(request({ categories: ["news"], timeRange: "week", limit: 3 }));
    expect(result).toEqual({
      hits: [
        {
          url: "https://news.example/autos/solid-state-delay",
          title: "Automaker delays solid-state launch to 2028",
          snippet:
            "The company cited yields at its pilot line as the reason for the two-year delay, while reaffirming a 450 Wh/kg cell target.",
          publishedAt: "2026-09-27",
          engines: [],
          rank: 1,
        },
        {
          url: "https://finance-daily.example/2026/09/25/sulfide-plant",
          title: "Start-up raises $120M for sulfide electrolyte plant",
          snippet:
            "The funding round values the company at $900M; the plant is sized for 2 GWh of cells per year.",
          publishedAt: "2026-09-25",
          engines: [],
          rank: 2,
        },
        {
          url: "https://www.tech-review.example/energy/solid-state-cost",
          title: "Why solid-state cells are still expensive",
          snippet: "Dry rooms, lithium foil and low yields dominate the cost of solid-state cells today.",
          publishedAt: "2026-09-23",
          engines: [],
          rank: 3,
        },
      ],
      unresponsiveEngines: [],
      warnings: [],
    });
  });

  it.each<[string, Partial<SearchRequest>, Record<string, unknown>, string[]]>([
    ["general, no time range", {}, { topic: "general", max_results: 10 }, []],
    [
      "news for a week, limit over the cap",
      { categories: ["news"], timeRange: "week", limit: 50 },
      { topic: "news", time_range: "week", max_results: 20 },
      [],
    ],
    ["a day", { timeRange: "day", limit: 1 }, { topic: "general", time_range: "day", max_results: 1 }, []],
    ["a month", { timeRange: "month" }, { topic: "general", time_range: "month" }, []],
    [
      "science for a year",
      { categories: ["science"], timeRange: "year" },
      { topic: "general", time_range: "year" },
      ['category "science" not supported: searched without it'],
    ],
    [
      "it",
      { categories: ["it"] },
      { topic: "general" },
      ['category "it" not supported: searched without it'],
    ],
    [
      "news with science",
      { categories: ["science", "news"] },
      { topic: "news" },
      ['category "science" not supported: searched without it'],
    ],
    [
      "general with news",
      { categories: ["general", "news"] },
      { topic: "news" },
      ['category "general" not supported together with "news": searched without it'],
    ],
    ["no categories", { categories: [] }, { topic: "general" }, []],
  ])("sends %s", async (_name, overrides, expected, warnings) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const result = await provider().search(request(overrides));
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/search");
    expect(sent.headers?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers?.["content-type"]).toBe("application/json");
    expect(sent.body).toMatchObject({
      query: "solid-state battery energy density",
      search_depth: "basic",
      include_answer: false,
      include_raw_content: false,
      ...expected,
    });
    if (!("time_range" in expected)) expect(sent.body).not.toHaveProperty("time_range");
    expect(sent.body).not.toHaveProperty("api_key");
    expect(JSON.stringify(sent.body)).not.toContain(KEY);
    expect(result.warnings).toEqual(warnings);
  });

  it("sends the domain lists; no language, safe-search or page parameter exists", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request(EVERY_OPTION));
    expect(sent.body).toEqual({
      query: "solid-state battery energy density",
      topic: "general",
      search_depth: "basic",
      max_results: 10,
      include_domains: ["who.int", "nih.gov"],
      exclude_domains: ["pinterest.com"],
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    });
  });

  it("returns no hits for an empty result list", async () => {
    intercept().reply(200, { query: "q", answer: null, images: [], results: [], response_time: 0.2 });
    expect(await provider().search(request())).toEqual({ hits: [], unresponsiveEngines: [], warnings: [] });
  });

  it("keeps web pages only, stops at the limit, caps long fields and tolerates missing dates", async () => {
    const results = [
      { url: "ftp://files.example/a", title: "ftp" },
      { url: "mailto:someone@example.org", title: "mail" },
      { title: "no url" },
      null,
      ...Array.from({ length: 30 }, (_, i) => ({
        url: `https://site${i}.example/page`,
        title: "t".repeat(1000),
        content: "word ".repeat(1000),
        published_date: i === 0 ? "not a date" : undefined,
      })),
    ];
    intercept().reply(200, { results });
    const { hits } = await provider().search(request({ limit: 5 }));
    expect(hits.map((h) => [h.url, h.rank])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [`https://site${i}.example/page`, i + 1]),
    );
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
    expect(hits.map((h) => h.publishedAt)).toEqual([null, null, null, null, null]);
  });

  it.each<[number, Record<string, string>, unknown, { reason: string; retryAfterMs?: number } | undefined]>([
    [401, {}, errorBody(401), undefined],
    [400, {}, { detail: { error: "Invalid topic" } }, undefined],
    [432, {}, errorBody(432), { reason: "quota" }],
    [433, {}, errorBody(433), { reason: "quota" }],
    [429, { "retry-after": "12" }, errorBody(429), { reason: "rate_limit", retryAfterMs: 12_000 }],
    [429, {}, errorBody(429), { reason: "rate_limit" }],
    [500, {}, { detail: { error: "Internal Server Error" } }, undefined],
    [502, { "content-type": "text/html" }, "<html><body>Bad Gateway</body></html>", undefined],
  ])("status %i becomes http_<status> with its pause", async (status, headers, body, pause) => {
    intercept().reply(status, typeof body === "string" ? body : JSON.stringify(body), { headers });
    const error = await providerFailure(provider().search(request()));
    expect(error.outcome).toBe(`http_${status}`);
    expect(error.status).toBe(status);
    expect(error.pause).toEqual(pause);
    expect(error.message).toMatch(new RegExp(`^Tavily request failed with status ${status}`));
  });

  it.each([
    [
      { detail: { error: "Unauthorized: missing or invalid API key." } },
      "Unauthorized: missing or invalid API key.",
    ],
    [{ detail: "Not authenticated" }, "Not authenticated"],
    [{ detail: { error: 42 } }, undefined],
    [{ message: "other shape" }, undefined],
  ])("reads the vendor's message from %j", async (body, vendorCode) => {
    intercept().reply(401, JSON.stringify(body));
    expect((await providerFailure(provider().search(request()))).vendorCode).toBe(vendorCode);
  });

  it.each([
    ["malformed JSON", '{"results": [', "not JSON"],
    ["HTML instead of JSON", "<!doctype html><title>Tavily</title>", "not JSON"],
    ["no results list", JSON.stringify({ query: "q", answer: "yes" }), "unexpected shape"],
    ["results that are not a list", JSON.stringify({ results: {} }), "unexpected shape"],
  ])("a 2xx with %s is a bad_response", async (_name, body, message) => {
    intercept().reply(200, body);
    const error = await providerFailure(provider().search(request()));
    expect(error.outcome).toBe("bad_response");
    expect(error.message).toContain(message);
  });

  transportContract({
    name: "tavily",
    intercept,
    provider,
    request,
    emptyBody: { results: [] },
    override: {
      baseUrl: "http://127.0.0.1:9999/proxy/tavily",
      origin: "http://127.0.0.1:9999",
      path: "/proxy/tavily/search",
      body: fixture.response.body,
      hits: 3,
    },
    oversizedBody: `{"results":["${"x".repeat(5 * 1024 * 1024)}"]}`,
  });

  it.each([
    ["a bad-key error", 401, errorBody(401)],
    ["a message that quotes the key", 401, { detail: { error: `Invalid API key: ${KEY}` } }],
    ["a flat message that quotes the key", 400, { detail: `key ${KEY} rejected` }],
    ["a quota error", 432, errorBody(432)],
  ])("keeps the key out of %s", async (_name, status, body) => {
    intercept().reply(status, JSON.stringify(body));
    const error = await providerFailure(provider().search(request()));
    expect(exposedText(error)).not.toContain(KEY);
  });

  it("keeps the key out of transport errors and warnings", async () => {
    intercept().reply(200, { results: [] }).delay(1_000);
    const timeout = await providerFailure(provider({ timeoutMs: 20 }).search(request()));
    expect(exposedText(timeout)).not.toContain(KEY);
    intercept().reply(200, { results: [] });
    const { warnings } = await provider().search(request({ categories: ["news", "science", "it"] }));
    expect(warnings.length).toBe(2);
    expect(warnings.join(" ")).not.toContain(KEY);
  });
});
