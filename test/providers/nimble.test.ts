import { describe, expect, it } from "vitest";
import { createNimbleProvider, type NimbleSettings } from "../../src/providers/nimble.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";
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

const fixture = providerFixture<Fixture>("nimble");
const errorBody = (status: number) => fixture.errors.find((e) => e.status === status)?.body;

const ORIGIN = "https://sdk.nimbleway.com";
const KEY = TEST_KEY;
const NOW = Date.UTC(2026, 8, 28, 12, 0, 0);

type Sent = SentRequest;

const request = (overrides: Partial<SearchRequest> = {}) => searchRequest("solid-state battery", overrides);

describe("nimble provider", () => {
  const network = useMockNetwork();

  const provider = (overrides: Partial<NimbleSettings> = {}) =>
    createNimbleProvider({
      apiKey: KEY,
      http: network.http(),
      clock: () => NOW,
      ...overrides,
    });

  /** One POST /v2/search on `origin`, recording what was sent. */
  const intercept = (sent: Sent = {}, origin = ORIGIN, path = "/v2/search") =>
    network.intercept(sent, origin, path);

  it("maps the documented reply to ranked hits with days for absolute and relative dates", async () => {
    intercept().reply(200, fixture.response.body);
    const result = await provider().search(request({ categories: ["news"], timeRange: "week" }));
    expect(result).toEqual({
      hits: [
        {
          url: "https://news.example/autos/solid-state-delay",
          title: "Automaker delays solid-state launch to 2028",
          snippet: "The company cited yields at its pilot line as the reason for the two-year delay.",
          publishedAt: "2026-09-26", // "2 days ago" from NOW
          engines: [],
          rank: 1,
        },
        {
          url: "https://finance-daily.example/2026/09/25/sulfide-plant",
          title: "Start-up raises $120M for sulfide electrolyte plant",
          snippet: "The funding round values the company at $900M.",
          publishedAt: "2026-09-25",
          engines: [],
          rank: 2,
        },
        {
          url: "https://www.tech-review.example/energy/solid-state-cost",
          title: "Why solid-state cells are still expensive",
          snippet: "Dry rooms, lithium foil and low yields dominate the cost.",
          publishedAt: null,
          engines: [],
          rank: 3,
        },
      ],
      unresponsiveEngines: [],
      warnings: [],
    });
  });

  it.each<[string, Partial<SearchRequest>, Record<string, unknown>, string[]]>([
    ["general, no time range", {}, { focus: "general", max_results: 10 }, []],
    [
      "news for a week, limit over the cap",
      { categories: ["news"], timeRange: "week", limit: 50 },
      { focus: "news", time_range: "week", max_results: 20 },
      [],
    ],
    [
      "science for a year",
      { categories: ["science"], timeRange: "year", limit: 3 },
      { focus: "academic", time_range: "year", max_results: 3 },
      [],
    ],
    ["it for a day", { categories: ["it"], timeRange: "day" }, { focus: "coding", time_range: "day" }, []],
    ["month", { timeRange: "month" }, { focus: "general", time_range: "month" }, []],
    ["no categories", { categories: [] }, { focus: "general" }, []],
    [
      "science and it: one focus, the other named",
      { categories: ["science", "it"] },
      { focus: "academic" },
      ['category "it" not supported together with "science": searched without it'],
    ],
    [
      "general and news",
      { categories: ["general", "news"] },
      { focus: "news" },
      ['category "general" not supported together with "news": searched without it'],
    ],
  ])("sends %s", async (_name, overrides, expected, warnings) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const result = await provider().search(request(overrides));
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v2/search");
    expect(sent.headers?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers?.["content-type"]).toBe("application/json");
    expect(sent.body).toMatchObject({ query: "solid-state battery", search_depth: "lite", ...expected });
    if (!("time_range" in expected)) expect(sent.body).not.toHaveProperty("time_range");
    expect(JSON.stringify(sent.body)).not.toContain(KEY);
    expect(result.warnings).toEqual(warnings);
  });

  it("sends the language as locale and the domain lists; no safe-search or page parameter exists", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request(EVERY_OPTION));
    expect(sent.body).toEqual({
      query: "solid-state battery",
      max_results: 10,
      focus: "general",
      search_depth: "lite",
      locale: "de",
      include_domains: ["who.int", "nih.gov"],
      exclude_domains: ["pinterest.com"],
    });
  });

  it("returns no hits for an empty result list", async () => {
    intercept().reply(200, { request_id: "x", total_results: 0, results: [] });
    expect(await provider().search(request())).toEqual({ hits: [], unresponsiveEngines: [], warnings: [] });
  });

  it("keeps web pages only, stops at the limit and caps long fields", async () => {
    const results = [
      { url: "ftp://files.example/a", title: "ftp" },
      { url: "javascript:alert(1)", title: "js" },
      { title: "no url" },
      "not an object",
      ...Array.from({ length: 30 }, (_, i) => ({
        url: `https://site${i}.example/page`,
        title: "t".repeat(1000),
        description: "word ".repeat(1000),
      })),
    ];
    intercept().reply(200, { results });
    const { hits } = await provider().search(request({ limit: 5 }));
    expect(hits.map((h) => [h.url, h.rank])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [`https://site${i}.example/page`, i + 1]),
    );
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
  });

  it.each([
    ["content when there is no description", { content: "from content" }, "from content", null],
    ["a relative hour", { additional_data: { publish_date_raw: "an hour ago" } }, "", "2026-09-28"],
    ["yesterday", { additional_data: { publish_date_raw: "yesterday" } }, "", "2026-09-27"],
    ["months ago left undated", { additional_data: { publish_date_raw: "3 months ago" } }, "", null],
    ["a bare year left undated", { additional_data: { publish_date: "2024" } }, "", null],
    ["a timestamp", { additional_data: { publish_date: "2026-09-20T23:30:00" } }, "", "2026-09-20"],
    ["additional_data of another type", { additional_data: "n/a" }, "", null],
  ])("reads %s", async (_name, extra, snippet, publishedAt) => {
    intercept().reply(200, { results: [{ url: "https://a.example/", title: "A", ...extra }] });
    const { hits } = await provider().search(request());
    expect(hits[0]).toMatchObject({ snippet, publishedAt });
  });

  it.each<[number, Record<string, string>, unknown, { reason: string; retryAfterMs?: number } | undefined]>([
    [401, {}, errorBody(401), undefined],
    [422, {}, errorBody(422), undefined],
    [402, {}, errorBody(402), { reason: "quota" }],
    [429, { "retry-after": "30" }, errorBody(429), { reason: "rate_limit", retryAfterMs: 30_000 }],
    [429, {}, errorBody(429), { reason: "rate_limit" }],
    [500, {}, { success: "false", task_id: "t-1", message: "collection failed" }, undefined],
    [503, { "content-type": "text/html" }, "<html><body>Service Unavailable</body></html>", undefined],
  ])("status %i becomes http_<status> with its pause", async (status, headers, body, pause) => {
    intercept().reply(status, typeof body === "string" ? body : JSON.stringify(body), { headers });
    const error = await providerFailure(provider().search(request()));
    expect(error.outcome).toBe(`http_${status}`);
    expect(error.status).toBe(status);
    expect(error.pause).toEqual(pause);
    expect(error.message).toMatch(new RegExp(`^Nimble request failed with status ${status}`));
  });

  it("names the vendor's message in the error", async () => {
    intercept().reply(401, errorBody(401) as object);
    const error = await providerFailure(provider().search(request()));
    expect(error.vendorCode).toBe("Invalid API key");
    expect(error.message).toBe("Nimble request failed with status 401 (Invalid API key)");
  });

  it.each([
    ["malformed JSON", '{"results": [', "not JSON"],
    ["HTML instead of JSON", "<!doctype html><title>Just a moment...</title>", "not JSON"],
    [
      "a failed collection",
      JSON.stringify({ success: "false", task_id: "t", message: "m" }),
      "unexpected shape",
    ],
    ["results that are not a list", JSON.stringify({ results: "none" }), "unexpected shape"],
  ])("a 2xx with %s is a bad_response", async (_name, body, message) => {
    intercept().reply(200, body);
    const error = await providerFailure(provider().search(request()));
    expect(error.outcome).toBe("bad_response");
    expect(error.message).toContain(message);
  });

  transportContract({
    name: "nimble",
    intercept,
    provider,
    request,
    emptyBody: { results: [] },
    override: {
      baseUrl: "https://gateway.example/nimble/",
      origin: "https://gateway.example",
      path: "/nimble/v2/search",
      body: fixture.response.body,
      hits: 3,
    },
    oversizedBody: `{"results":["${"x".repeat(5 * 1024 * 1024)}"]}`,
  });

  it.each([
    ["a status error", 401, { detail: "Invalid API key" }],
    ["a message that quotes the key", 401, { detail: `Invalid API key ${KEY}` }],
    ["a collection failure that quotes the key", 500, { message: `bad key ${KEY}` }],
    ["a quota error", 402, errorBody(402)],
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
