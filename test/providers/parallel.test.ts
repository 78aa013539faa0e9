import { describe, expect, it } from "vitest";
import { createParallelProvider, type ParallelSettings } from "../../src/providers/parallel.js";
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
const fixture = (name: string) => providerFixture<Fixture>(name);
const ga = fixture("parallel");
const beta = fixture("parallel-beta");
const errorFixture = (status: number) => {
  const found = ga.errors.find((e) => e.status === status);
  if (!found) throw new Error(`fixture has no ${status}`);
  return found;
};

const ORIGIN = "https://api.parallel.ai";
const KEY = TEST_KEY;
const NOW = Date.parse("2026-10-01T12:00:00.000Z");

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density 2026", overrides);

type Sent = SentRequest;

describe("parallel provider", () => {
  const network = useMockNetwork();

  const provider = (settings: Partial<ParallelSettings> = {}) =>
    createParallelProvider({
      apiKey: KEY,
      http: network.http(),
      now: () => NOW,
      ...settings,
    });

  const intercept = (sent: Sent = {}, origin = ORIGIN, path = "/v1/search") =>
    network.intercept(sent, origin, path, "POST");

  const failure = (promise: Promise<unknown>) => providerFailure(promise, KEY);

  it("maps the documented v1 reply: excerpts joined as plain text, null title and date kept empty", async () => {
    intercept().reply(200, ga.response.body);
    const result = await provider().search(request());
    expect(result.warnings).toEqual([]);
    expect(result.hits).toEqual([
      {
        url: "https://arxiv.org/abs/2603.04417",
        title: "Sulfide Electrolytes with Lithium-Metal Anodes at 500 Wh/kg: A Cycling Study",
        snippet:
          "Results Pouch cells reached 503 Wh/kg at the cell level and retained 91% capacity after 800 cycles at 0.5C. A 40 nm interlayer suppressed dendrite penetration, the main driver of the longer cycle life.",
        publishedAt: "2026-03-09",
        engines: [],
        rank: 1,
      },
      expect.objectContaining({ publishedAt: "2026-02-18", rank: 2 }),
      {
        url: "https://www.energy-agency.example/reports/storage-outlook-2026.pdf",
        title: "",
        snippet:
          "Solid-state chemistries are expected to exceed 400 Wh/kg at pack level only after 2030 in the reference scenario.",
        publishedAt: null,
        engines: [],
        rank: 3,
      },
    ]);
  });

  it("tolerates the legacy beta reply shape (excerpts null, no session_id)", async () => {
    intercept().reply(200, beta.response.body);
    const { hits } = await provider().search(request());
    expect(hits.map((h) => [h.rank, h.snippet])).toEqual([
      [1, "Pouch cells reached 503 Wh/kg and kept 91% capacity after 800 cycles."],
      [2, "Dry rooms add an estimated 12-18% to cell cost."],
      [3, ""],
    ]);
  });

  it("sends POST /v1/search with the key in x-api-key, the query as objective and search query, at most 20 results", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request({ limit: 40 }));
    expect(sent.path).toBe("/v1/search");
    expect(sent.headers?.["x-api-key"]).toBe(KEY);
    expect(sent.headers?.["content-type"]).toBe("application/json");
    expect(sent.headers?.["parallel-beta"]).toBeUndefined();
    expect(sent.body).toEqual({
      objective: "solid-state battery energy density 2026",
      search_queries: ["solid-state battery energy density 2026"],
      advanced_settings: { max_results: 20, excerpt_settings: { max_chars_per_result: 1000 } },
    });
  });

  it("sends the domain lists in source_policy with the date; no language, safe-search or page parameter exists", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request({ ...EVERY_OPTION, timeRange: "week" }));
    expect(sent.body).toEqual({
      objective: "solid-state battery energy density 2026",
      search_queries: ["solid-state battery energy density 2026"],
      advanced_settings: {
        max_results: 10,
        excerpt_settings: { max_chars_per_result: 1000 },
        source_policy: {
          include_domains: ["who.int", "nih.gov"],
          exclude_domains: ["pinterest.com"],
          after_date: "2026-09-24",
        },
      },
    });
  });

  it("keeps a long query whole in the objective and shortens the keyword query to 200 characters", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const query = "battery ".repeat(40).trim();
    await provider().search(request({ query }));
    expect(sent.body?.objective).toBe(query);
    const [keywords] = (sent.body?.search_queries ?? []) as string[];
    expect(keywords?.length).toBeLessThanOrEqual(200);
    expect(query.startsWith(keywords ?? "x")).toBe(true);
  });

  it.each([
    [3, 3],
    [20, 20],
    [21, 20],
  ])("asks for min(limit %i, 20) = %i results", async (limit, count) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    await provider().search(request({ limit }));
    expect((sent.body?.advanced_settings as { max_results?: number } | undefined)?.max_results).toBe(count);
  });

  it.each([
    [["general"], []],
    [["news"], ['category "news" not supported by Parallel: searched without it']],
    [["science"], ['category "science" not supported by Parallel: searched without it']],
    [
      ["it", "news"],
      [
        'category "it" not supported by Parallel: searched without it',
        'category "news" not supported by Parallel: searched without it',
      ],
    ],
  ] as const)("warns about categories %j it cannot honour", async (categories, warnings) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const result = await provider().search(request({ categories }));
    expect(result.warnings).toEqual(warnings);
    expect(JSON.stringify(sent.body)).not.toMatch(/categor|topic/);
  });

  it.each([
    [null, undefined],
    ["day", "2026-09-30"],
    ["week", "2026-09-24"],
    ["month", "2026-08-31"],
    ["year", "2025-10-01"],
  ] as const)("maps time range %s to source_policy.after_date %s", async (timeRange, after) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: [] });
    const result = await provider().search(request({ timeRange }));
    const settings = sent.body?.advanced_settings as { source_policy?: { after_date: string } } | undefined;
    expect(settings?.source_policy?.after_date).toBe(after);
    expect(result.warnings).toEqual([]);
  });

  it("returns no hits for an empty result list and passes on Parallel's own warnings", async () => {
    intercept().reply(200, {
      search_id: "search_1",
      results: [],
      warnings: [{ type: "input_validation_warning", message: "Location XX is not supported." }],
    });
    expect(await provider().search(request())).toEqual({
      hits: [],
      unresponsiveEngines: [],
      warnings: ["Parallel: Location XX is not supported."],
    });
  });

  it("drops non-web URLs, caps fields and returns at most `limit` hits", async () => {
    intercept().reply(200, {
      results: [
        { url: "file:///etc/passwd", title: "f", excerpts: ["x"] },
        { url: "https://a.example/", title: "t".repeat(500), excerpts: ["word ".repeat(400)] },
        { url: "https://b.example/", title: "b", excerpts: ["[link text](https://x.example) and __bold__"] },
        { url: "https://c.example/", title: "c", excerpts: [] },
      ],
    });
    const { hits } = await provider().search(request({ limit: 2 }));
    expect(hits.map((h) => [h.url, h.rank])).toEqual([
      ["https://a.example/", 1],
      ["https://b.example/", 2],
    ]);
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
    expect(hits[1]?.snippet).toBe("link text and bold");
  });

  it.each([
    ["401 bad key", errorFixture(401), "http_401", undefined],
    ["402 credits (assumed shape)", errorFixture(402), "http_402", { reason: "quota" }],
    [
      "403 with a billing message",
      { status: 403, body: { type: "error", error: { ref_id: "e", message: "Insufficient credits" } } },
      "http_403",
      { reason: "quota" },
    ],
    [
      "403 forbidden",
      { status: 403, body: { type: "error", error: { ref_id: "e", message: "Forbidden" } } },
      "http_403",
      undefined,
    ],
    ["422 validation", errorFixture(422), "http_422", undefined],
    [
      "429 with Retry-After",
      { ...errorFixture(429), headers: { "Retry-After": "7" } },
      "http_429",
      { reason: "rate_limit", retryAfterMs: 7000 },
    ],
    ["429 without Retry-After", errorFixture(429), "http_429", { reason: "rate_limit" }],
    ["502", { status: 502, body: "Bad Gateway" }, "http_502", undefined],
  ])("%s → outcome %s, pause %o", async (_name, error, outcome, pause) => {
    intercept().reply(
      error.status,
      typeof error.body === "string" ? error.body : JSON.stringify(error.body),
      {
        headers: { "content-type": "application/json", ...("headers" in error ? error.headers : {}) },
      },
    );
    const failed = await failure(provider().search(request()));
    expect(failed.outcome).toBe(outcome);
    expect(failed.pause).toEqual(pause);
    expect(failed.message).toMatch(new RegExp(`^Parallel request failed with status ${error.status}`));
  });

  it.each([
    ["malformed JSON", '{"results": [', "application/json"],
    ["HTML instead of JSON", "<html><body>Service unavailable</body></html>", "text/html"],
    ["JSON of the wrong shape", '{"search_id": "s", "results": null}', "application/json"],
  ])("a 200 with %s → bad_response", async (_name, body, type) => {
    intercept().reply(200, body, { headers: { "content-type": type } });
    expect((await failure(provider().search(request()))).outcome).toBe("bad_response");
  });

  transportContract({
    name: "parallel",
    intercept,
    provider,
    request,
    emptyBody: { results: [] },
    oversizedBody: `{"results":["${"x".repeat(5 * 1024 * 1024)}"]}`,
    override: {
      baseUrl: "http://proxy.test:9000/parallel",
      origin: "http://proxy.test:9000",
      path: "/parallel/v1/search",
      body: ga.response.body,
      hits: 3,
    },
    warnings: {
      key: KEY,
      body: ga.response.body,
      request: { categories: ["news", "it"], timeRange: "month" },
    },
  });
});
