import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import { createYoucomProvider, type YoucomSettings } from "../../src/providers/youcom.js";
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

type Fixture = ContractFixture<{
  results: { web: Record<string, unknown>[]; news: Record<string, unknown>[] };
}>;

const fixture = providerFixture<Fixture>("youcom");
const errorBody = (status: number) => fixture.errors.find((e) => e.status === status)?.body;
const errorHeaders = (status: number) => fixture.errors.find((e) => e.status === status)?.headers ?? {};

const ORIGIN = "https://ydc-index.io";
const KEY = TEST_KEY;

type Sent = SentRequest;

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density", overrides);

const page = (name: string) => ({
  url: `https://${name}.example/`,
  title: name,
  description: `${name} text`,
});

describe("you.com provider", () => {
  const network = useMockNetwork();

  const provider = (overrides: Partial<YoucomSettings> = {}) =>
    createYoucomProvider({ apiKey: KEY, http: network.http(), ...overrides });

  /** One GET /v1/search on `origin`, recording what was sent. */
  const intercept = (sent: Sent = {}, origin = ORIGIN, path = "/v1/search") =>
    network.intercept(sent, origin, path);

  it("maps the documented reply: web and news merged rank by rank, passages as snippets, days as given", async () => {
    intercept().reply(200, fixture.response.body);
    const result = await provider().search(request());
    expect(result).toEqual({
      hits: [
        {
          url: "https://www.tech-review.example/energy/solid-state-2026",
          title: "Solid-state batteries explained: where energy density stands in 2026",
          snippet:
            "Cell makers now quote 450 to 500 Wh/kg for lab pouch cells, but pack-level figures remain far lower. Cycle life beyond 1,000 cycles has only been shown at low C-rates.",
          publishedAt: "2026-09-02",
          engines: [],
          rank: 1,
        },
        {
          url: "https://news.example/autos/solid-state-delay",
          title: "Automaker delays solid-state launch to 2028",
          snippet: "The company cited yields at its pilot line.",
          publishedAt: "2026-09-27",
          engines: [],
          rank: 2,
        },
        {
          url: "https://en.wikipedia.org/wiki/Solid-state_battery",
          title: "Solid-state battery - Wikipedia",
          snippet:
            "A solid-state battery is an electrical battery that uses a solid electrolyte for ionic conduction between the electrodes.",
          publishedAt: null,
          engines: [],
          rank: 3,
        },
      ],
      unresponsiveEngines: [],
      warnings: [],
    });
  });

  it.each<[string, Partial<SearchRequest>, Record<string, string | null>, string[]]>([
    ["no time range", {}, { count: "10", freshness: null }, []],
    ["a day, limit over the cap", { timeRange: "day", limit: 50 }, { count: "20", freshness: "day" }, []],
    ["a week", { timeRange: "week", limit: 2 }, { count: "2", freshness: "week" }, []],
    ["a month", { timeRange: "month" }, { freshness: "month" }, []],
    [
      "a year for science",
      { categories: ["science"], timeRange: "year" },
      { freshness: "year" },
      ['category "science" not supported: searched without it'],
    ],
    ["it", { categories: ["it"] }, {}, ['category "it" not supported: searched without it']],
    [
      "news when no news section comes back",
      { categories: ["news"] },
      {},
      [
        'category "news" not supported: searched without it (news results come only when the query reads as news, and none came back)',
      ],
    ],
  ])("sends %s", async (_name, overrides, expected, warnings) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: { web: [page("a")] }, metadata: {} });
    const result = await provider().search(request(overrides));
    expect(sent.method).toBe("GET");
    expect(sent.headers?.["x-api-key"]).toBe(KEY);
    expect(sent.headers?.authorization).toBeUndefined();
    const url = new URL(sent.path ?? "", ORIGIN);
    expect(url.pathname).toBe("/v1/search");
    expect(url.searchParams.get("query")).toBe("solid-state battery energy density");
    for (const [name, value] of Object.entries(expected)) expect(url.searchParams.get(name)).toBe(value);
    expect(sent.path).not.toContain(KEY);
    expect(result.warnings).toEqual(warnings);
  });

  it("sends language, safesearch, the page as offset and the domains as comma-separated lists", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: { web: [page("a")] }, metadata: {} });
    await provider().search(request(EVERY_OPTION));
    expect(Object.fromEntries(sent.params ?? [])).toEqual({
      query: "solid-state battery energy density",
      count: "10",
      language: "de",
      safesearch: "strict",
      offset: "1",
      include_domains: "who.int,nih.gov",
      exclude_domains: "pinterest.com",
    });
  });

  it("sends none of them when none is set, and no offset for page 1", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, { results: { web: [page("a")] }, metadata: {} });
    await provider().search(request({ page: 1, includeDomains: [] }));
    expect(Object.fromEntries(sent.params ?? [])).toEqual({
      query: "solid-state battery energy density",
      count: "10",
    });
  });

  it.each<[string, Partial<SearchRequest>, unknown, string[]]>([
    [
      "web leads for general calls",
      {},
      { web: [page("w1"), page("w2"), page("w3")], news: [page("n1")] },
      ["w1", "n1", "w2", "w3"],
    ],
    [
      "news leads for news calls",
      { categories: ["news"] },
      { web: [page("w1"), page("w2")], news: [page("n1"), page("n2"), page("n3")] },
      ["n1", "w1", "n2", "w2", "n3"],
    ],
    ["news alone", {}, { news: [page("n1"), page("n2")] }, ["n1", "n2"]],
    ["a URL in both sections once", {}, { web: [page("a"), page("b")], news: [page("a")] }, ["a", "b"]],
    ["null sections", {}, { web: null, news: [page("n1")] }, ["n1"]],
    [
      "the limit over both sections",
      { limit: 3 },
      { web: [page("w1"), page("w2")], news: [page("n1"), page("n2")] },
      ["w1", "n1", "w2"],
    ],
  ])("merges %s", async (_name, overrides, results, titles) => {
    intercept().reply(200, { results });
    const { hits } = await provider().search(request(overrides));
    expect(hits.map((h) => h.title)).toEqual(titles);
    expect(hits.map((h) => h.rank)).toEqual(titles.map((_, i) => i + 1));
  });

  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago"])(
    "reads a zoneless page_age as the day written, also in %s",
    async (zone) => {
      const saved = process.env.TZ;
      process.env.TZ = zone;
      try {
        const web = [
          { ...page("late"), page_age: "2026-09-27T23:50:00" },
          { ...page("early"), page_age: "2026-09-27T00:10:00" },
          { ...page("zoned"), page_age: "2026-09-27T12:00:00Z" },
        ];
        intercept().reply(200, { results: { web } });
        const { hits } = await provider().search(request());
        expect(hits.map((h) => h.publishedAt)).toEqual(["2026-09-27", "2026-09-27", "2026-09-27"]);
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    },
  );

  it("returns no hits when both sections are empty or missing", async () => {
    intercept().reply(200, { results: { web: [] }, metadata: { request_uuid: "x" } });
    expect(await provider().search(request())).toEqual({ hits: [], unresponsiveEngines: [], warnings: [] });
  });

  it("keeps web pages only, caps long fields and falls back to the description", async () => {
    const web = [
      { url: "ftp://files.example/a", title: "ftp" },
      { url: "file:///etc/passwd", title: "file" },
      { title: "no url" },
      7,
      ...Array.from({ length: 30 }, (_, i) => ({
        url: `https://site${i}.example/page`,
        title: "t".repeat(1000),
        description: "word ".repeat(1000),
        snippets: i === 0 ? "not a list" : [],
        page_age: i === 0 ? "yesterday-ish" : undefined,
      })),
    ];
    intercept().reply(200, { results: { web } });
    const { hits } = await provider().search(request({ limit: 5 }));
    expect(hits.map((h) => [h.url, h.rank])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [`https://site${i}.example/page`, i + 1]),
    );
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet).toMatch(/^word word/);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
    expect(hits[0]?.publishedAt).toBeNull();
  });

  it.each<[number, Record<string, string>, unknown, { reason: string; retryAfterMs?: number } | undefined]>([
    [401, {}, errorBody(401), undefined],
    [403, {}, errorBody(403), undefined],
    [422, {}, { detail: [{ loc: ["query", "count"], msg: "bad", type: "value_error" }] }, undefined],
    [402, {}, errorBody(402), { reason: "quota" }],
    [429, errorHeaders(429), errorBody(429), { reason: "rate_limit" }],
    [429, { "retry-after": "5" }, errorBody(429), { reason: "rate_limit", retryAfterMs: 5_000 }],
    [500, {}, { detail: "Internal authentication error" }, undefined],
    [504, { "content-type": "text/html" }, "<html><body>Gateway Timeout</body></html>", undefined],
  ])("status %i becomes http_<status> with its pause", async (status, headers, body, pause) => {
    intercept().reply(status, typeof body === "string" ? body : JSON.stringify(body), { headers });
    const error = await providerFailure(provider().search(request()));
    expect(error.outcome).toBe(`http_${status}`);
    expect(error.status).toBe(status);
    expect(error.pause).toEqual(pause);
    expect(error.message).toMatch(new RegExp(`^You\\.com request failed with status ${status}`));
  });

  it("names the vendor's message in the error", async () => {
    intercept().reply(401, JSON.stringify(errorBody(401)));
    const error = await providerFailure(provider().search(request()));
    expect(error.message).toBe("You.com request failed with status 401 (Invalid or expired API key)");
  });

  it.each([
    ["malformed JSON", '{"results": {', "not JSON"],
    ["HTML instead of JSON", "<!doctype html><title>You.com</title>", "not JSON"],
    ["no results object", JSON.stringify({ metadata: {} }), "unexpected shape"],
    ["results as a list", JSON.stringify({ results: [] }), "unexpected shape"],
    ["a web section that is not a list", JSON.stringify({ results: { web: "none" } }), "unexpected shape"],
  ])("a 2xx with %s is a bad_response", async (_name, body, message) => {
    intercept().reply(200, body);
    const error = await providerFailure(provider().search(request()));
    expect(error.outcome).toBe("bad_response");
    expect(error.message).toContain(message);
  });

  transportContract({
    name: "youcom",
    intercept,
    provider,
    request,
    emptyBody: { results: {} },
    override: {
      baseUrl: "https://api.ydc-index.io",
      origin: "https://api.ydc-index.io",
      path: "/v1/search",
      body: fixture.response.body,
      hits: 3,
    },
    oversizedBody: `{"results":{"web":["${"x".repeat(5 * 1024 * 1024)}"]}}`,
  });

  it.each([
    ["a bad-key error", 401, errorBody(401)],
    ["a message that quotes the key", 401, { detail: `Invalid or expired API key ${KEY}` }],
    ["a quota error", 402, errorBody(402)],
    ["a rate limit", 429, errorBody(429)],
  ])("keeps the key out of %s", async (_name, status, body) => {
    intercept().reply(status, JSON.stringify(body));
    const error = await providerFailure(provider().search(request()));
    expect(exposedText(error)).not.toContain(KEY);
  });

  it("keeps the key out of transport errors and warnings", async () => {
    intercept().reply(200, { results: {} }).delay(1_000);
    const timeout = await providerFailure(provider({ timeoutMs: 20 }).search(request()));
    expect(exposedText(timeout)).not.toContain(KEY);
    intercept().reply(200, { results: {} });
    const { warnings } = await provider().search(request({ categories: ["news", "science", "it"] }));
    expect(warnings.length).toBe(3);
    expect(warnings.join(" ")).not.toContain(KEY);
  });
});
