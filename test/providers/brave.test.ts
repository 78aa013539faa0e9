import { describe, expect, it } from "vitest";
import { type BraveSettings, createBraveProvider } from "../../src/providers/brave.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import {
  type ContractFixture,
  EVERY_OPTION,
  providerFailure,
  providerFixture,
  type SentRequest,
  searchRequest,
  TEST_KEY,
  useMockNetwork,
} from "../helpers/provider-harness.js";

type Fixture = ContractFixture;
const fixture = (name: string) => providerFixture<Fixture>(name);
const web = fixture("brave");
const news = fixture("brave-news");
const errorFixture = (file: Fixture, status: number, code: string) => {
  const found = file.errors.find((e) => e.status === status && JSON.stringify(e.body).includes(`"${code}"`));
  if (!found) throw new Error(`fixture has no ${status} ${code}`);
  return found;
};

const ORIGIN = "https://api.search.brave.com";
const WEB = "/res/v1/web/search";
const NEWS = "/res/v1/news/search";
const KEY = TEST_KEY;

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density 2026", overrides);

type Sent = SentRequest;

describe("brave provider", () => {
  const network = useMockNetwork();

  const provider = (settings: Partial<BraveSettings> = {}) =>
    createBraveProvider({ apiKey: KEY, http: network.http(), ...settings });

  /** Intercepts GET `path` on `origin` (any query string), recording what was sent. */
  const intercept = (sent: Sent = {}, path = WEB, origin = ORIGIN) =>
    network.intercept(sent, origin, path, "GET");

  const failure = (promise: Promise<unknown>) => providerFailure(promise, KEY);

  it("maps the documented web reply: description as snippet, page_age as a day, ranks from 1", async () => {
    intercept().reply(200, web.response.body);
    const result = await provider().search(request());
    expect(result.warnings).toEqual([]);
    expect(result.unresponsiveEngines).toEqual([]);
    expect(result.hits).toEqual([
      {
        url: "https://www.tech-review.example/energy/solid-state-2026",
        title: "Solid-state batteries explained: where energy density stands in 2026",
        snippet:
          "Cell makers now quote 450 to 500 Wh/kg for lab pouch cells, but pack-level figures remain far lower, and cycle life is the open question.",
        publishedAt: "2026-09-02",
        engines: [],
        rank: 1,
      },
      expect.objectContaining({
        url: "https://arxiv.org/abs/2603.04417",
        publishedAt: "2026-03-09",
        rank: 2,
      }),
      expect.objectContaining({
        url: "https://en.wikipedia.org/wiki/Solid-state_battery",
        publishedAt: null,
        rank: 3,
      }),
    ]);
  });

  it("reads page_age (no zone) as UTC, whatever the local zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14: local midnight is the previous day in UTC
    try {
      intercept().reply(200, web.response.body);
      const { hits } = await provider().search(request());
      expect(hits[1]?.publishedAt).toBe("2026-03-09");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("maps the documented news reply (results at top level)", async () => {
    intercept({}, NEWS).reply(200, news.response.body);
    const result = await provider().search(request({ categories: ["news"] }));
    expect(result.warnings).toEqual([]);
    expect(result.hits.map((h) => [h.rank, h.url, h.publishedAt])).toEqual([
      [1, "https://news.example/autos/solid-state-delay", "2026-09-27"],
      [2, "https://finance-daily.example/2026/09/25/sulfide-plant", "2026-09-25"],
      [3, "https://www.tech-review.example/energy/solid-state-cost", "2026-09-23"],
    ]);
    expect(result.hits[0]?.snippet).toBe(
      "The company cited yields at its pilot line as the reason for the two-year delay.",
    );
  });

  it("sends GET with the key in X-Subscription-Token, never in the URL, and at most 20 results", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, web.response.body);
    await provider().search(request({ limit: 50 }));
    expect(sent.headers?.["x-subscription-token"]).toBe(KEY);
    expect(sent.headers?.accept).toBe("application/json");
    expect(Object.fromEntries(sent.params ?? [])).toEqual({
      q: "solid-state battery energy density 2026",
      count: "20",
      result_filter: "web",
      text_decorations: "false",
    });
    expect(sent.params?.toString()).not.toContain(KEY);
  });

  it.each([WEB, NEWS])(
    "sends search_lang, safesearch, the page as offset and the domains as an inline Goggle to %s",
    async (path) => {
      const sent: Sent = {};
      intercept(sent, path).reply(200, { type: path === NEWS ? "news" : "search", query: {}, results: [] });
      const categories = path === NEWS ? (["news"] as const) : (["general"] as const);
      await provider().search(request({ ...EVERY_OPTION, categories }));
      expect(sent.params?.get("search_lang")).toBe("de");
      expect(sent.params?.get("safesearch")).toBe("strict");
      expect(sent.params?.get("offset")).toBe("1");
      // Keep only the included sites, then drop the excluded ones.
      expect(sent.params?.get("goggles")).toBe(
        "$discard\n$site=who.int\n$site=nih.gov\n$discard,site=pinterest.com",
      );
    },
  );

  it.each<[Partial<SearchRequest>, string | null, string | null]>([
    [
      { excludeDomains: ["pinterest.com", "quora.com"] },
      "$discard,site=pinterest.com\n$discard,site=quora.com",
      null,
    ],
    [{ page: 1, includeDomains: [] }, null, null],
    [{ page: 10 }, null, "9"],
  ])("sends %j without the options it does not set", async (options, goggles, offset) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { type: "search", query: { original: "q" } });
    await provider().search(request(options));
    expect(sent.params?.get("goggles")).toBe(goggles);
    expect(sent.params?.get("offset")).toBe(offset);
    expect([sent.params?.has("search_lang"), sent.params?.has("safesearch")]).toEqual([false, false]);
  });

  it.each([
    [3, "3"],
    [20, "20"],
    [21, "20"],
  ])("asks for min(limit %i, 20) = %s results", async (limit, count) => {
    const sent: Sent = {};
    intercept(sent).reply(200, { type: "search", query: { original: "q" } });
    await provider().search(request({ limit }));
    expect(sent.params?.get("count")).toBe(count);
  });

  it.each([
    [["general"], WEB, []],
    [["news"], NEWS, []],
    [["science"], WEB, ['category "science" not supported by Brave: searched without it']],
    [["it"], WEB, ['category "it" not supported by Brave: searched without it']],
    [["news", "science"], NEWS, ['category "science" not supported by Brave: searched without it']],
    [["general", "news"], NEWS, ['category "general" not searched: Brave searched news only']],
  ] as const)("categories %j → %s with warnings %j", async (categories, path, warnings) => {
    const sent: Sent = {};
    intercept(sent, path).reply(200, path === NEWS ? news.response.body : web.response.body);
    const result = await provider().search(request({ categories }));
    expect(sent.pathname).toBe(path);
    expect(result.warnings).toEqual(warnings);
    expect(result.hits.length).toBe(3);
  });

  it.each([
    [null, WEB, null],
    ["day", WEB, "pd"],
    ["week", NEWS, "pw"],
    ["month", WEB, "pm"],
    ["year", NEWS, "py"],
  ] as const)("maps time range %s to freshness (%s) %s", async (timeRange, path, freshness) => {
    const sent: Sent = {};
    intercept(sent, path).reply(200, { type: path === NEWS ? "news" : "search", query: {}, results: [] });
    const categories = path === NEWS ? (["news"] as const) : (["general"] as const);
    const result = await provider().search(request({ timeRange, categories }));
    expect(sent.params?.get("freshness")).toBe(freshness);
    expect(result.warnings).toEqual([]);
  });

  it.each([
    ["web reply without a web block", WEB, { type: "search", query: { original: "q" }, mixed: { main: [] } }],
    [
      "web reply with empty results",
      WEB,
      { type: "search", query: {}, web: { type: "search", results: [] } },
    ],
    ["news reply with empty results", NEWS, { type: "news", query: {}, results: [] }],
    ["news reply without results", NEWS, { type: "news", query: {} }],
  ])("returns no hits for a %s", async (_name, path, body) => {
    intercept({}, path).reply(200, body);
    const result = await provider().search(request({ categories: path === NEWS ? ["news"] : ["general"] }));
    expect(result).toEqual({ hits: [], unresponsiveEngines: [], warnings: [] });
  });

  it("drops non-web URLs, falls back to extra snippets, caps fields and returns at most `limit` hits", async () => {
    intercept().reply(200, {
      type: "search",
      web: {
        results: [
          { url: "javascript:alert(1)", title: "j", description: "x" },
          { url: "https://a.example/", title: "t".repeat(500), description: "word ".repeat(400) },
          { url: "https://b.example/", title: "b", description: "", extra_snippets: ["One.", "Two."] },
          { url: "https://c.example/", title: "c", description: "<strong>c</strong> text" },
        ],
      },
    });
    const { hits } = await provider().search(request({ limit: 2 }));
    expect(hits.map((h) => [h.url, h.rank])).toEqual([
      ["https://a.example/", 1],
      ["https://b.example/", 2],
    ]);
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
    expect(hits[1]?.snippet).toBe("One. Two.");
  });

  it("shortens a query over Brave's 400-character limit and says so", async () => {
    const sent: Sent = {};
    intercept(sent).reply(200, web.response.body);
    const result = await provider().search(request({ query: "q".repeat(450) }));
    expect(sent.params?.get("q")).toHaveLength(400);
    expect(result.warnings).toEqual(["query shortened to 400 characters for Brave"]);
  });

  it.each([
    [
      "422 bad key (errors array)",
      WEB,
      errorFixture(web, 422, "SUBSCRIPTION_TOKEN_INVALID"),
      "SUBSCRIPTION_TOKEN_INVALID",
      undefined,
    ],
    [
      "429 quota (errors array)",
      WEB,
      errorFixture(web, 429, "QUOTA_LIMITED"),
      "QUOTA_LIMITED",
      { reason: "quota" },
    ],
    [
      "429 rate (error object)",
      WEB,
      errorFixture(web, 429, "RATE_LIMITED"),
      "RATE_LIMITED",
      { reason: "rate_limit" },
    ],
    [
      "429 rate with Retry-After",
      WEB,
      { ...errorFixture(web, 429, "RATE_LIMITED"), headers: { "Retry-After": "2" } },
      "RATE_LIMITED",
      { reason: "rate_limit", retryAfterMs: 2000 },
    ],
    [
      "429 rate on news",
      NEWS,
      errorFixture(news, 429, "RATE_LIMITED"),
      "RATE_LIMITED",
      { reason: "rate_limit" },
    ],
    [
      "403 resource not allowed",
      WEB,
      {
        status: 403,
        body: { type: "ErrorResponse", errors: [{ code: "RESOURCE_NOT_ALLOWED", status: 403 }] },
      },
      "RESOURCE_NOT_ALLOWED",
      undefined,
    ],
    ["503 plain text", WEB, { status: 503, body: "Service Unavailable" }, undefined, undefined],
  ])("%s → outcome http_<status>, code %s, pause", async (_name, path, error, code, pause) => {
    intercept({}, path).reply(
      error.status,
      typeof error.body === "string" ? error.body : JSON.stringify(error.body),
      { headers: { "content-type": "application/json", ...("headers" in error ? error.headers : {}) } },
    );
    const categories = path === NEWS ? (["news"] as const) : (["general"] as const);
    const failed = await failure(provider().search(request({ categories })));
    expect(failed.outcome).toBe(`http_${error.status}`);
    expect(failed.vendorCode).toBe(code);
    expect(failed.pause).toEqual(pause);
    expect(failed.message).toMatch(new RegExp(`^Brave request failed with status ${error.status}`));
  });

  it.each([
    ["malformed JSON", WEB, '{"web": {"results": [', "application/json"],
    ["HTML instead of JSON", WEB, "<html><body>Bad gateway</body></html>", "text/html"],
    ["web results of the wrong type", WEB, '{"type":"search","web":{"results":"none"}}', "application/json"],
    ["an unrelated object", WEB, '{"hello":"world"}', "application/json"],
    ["news results of the wrong type", NEWS, '{"type":"news","results":{}}', "application/json"],
    ["a news reply that is not news", NEWS, '{"type":"search","web":{"results":[]}}', "application/json"],
  ])("a 200 with %s → bad_response", async (_name, path, body, type) => {
    intercept({}, path).reply(200, body, { headers: { "content-type": type } });
    const categories = path === NEWS ? (["news"] as const) : (["general"] as const);
    expect((await failure(provider().search(request({ categories })))).outcome).toBe("bad_response");
  });

  it("stops reading a body over the size cap → too_large", async () => {
    intercept().reply(200, `{"web":{"results":["${"x".repeat(5 * 1024 * 1024)}"]}}`);
    expect((await failure(provider().search(request()))).outcome).toBe("too_large");
  });

  it("gives up after its timeout → timeout", async () => {
    intercept().reply(200, web.response.body).delay(2000);
    expect((await failure(provider({ timeoutMs: 30 }).search(request()))).outcome).toBe("timeout");
  });

  it("stops when the caller aborts → aborted", async () => {
    const controller = new AbortController();
    network.agent
      .get(ORIGIN)
      .intercept({
        method: "GET",
        path: (p) => {
          controller.abort();
          return p.startsWith(`${WEB}?`);
        },
      })
      .reply(200, web.response.body)
      .delay(2000);
    expect((await failure(provider().search(request({ signal: controller.signal })))).outcome).toBe(
      "aborted",
    );
  });

  it.each([
    [["general"], "/brave/res/v1/web/search"],
    [["news"], "/brave/res/v1/news/search"],
  ] as const)(
    "sends %j to the base-URL override with the documented path appended",
    async (categories, path) => {
      const sent: Sent = {};
      intercept(sent, path, "http://127.0.0.1:8443").reply(
        200,
        categories[0] === "news" ? news.response.body : web.response.body,
      );
      const result = await provider({ baseUrl: "http://127.0.0.1:8443/brave" }).search(
        request({ categories }),
      );
      expect(sent.pathname).toBe(path);
      expect(result.hits).toHaveLength(3);
    },
  );

  it("is unconfigured without a key and then fails with no_key", async () => {
    const brave = createBraveProvider({ apiKey: "", http: network.http() });
    expect(brave.configured).toBe(false);
    expect((await failure(brave.search(request()))).outcome).toBe("no_key");
    expect(provider().configured).toBe(true);
  });

  it("never names the key in a warning", async () => {
    intercept({}, NEWS).reply(200, news.response.body);
    const result = await provider().search(
      request({ categories: ["news", "it", "science"], timeRange: "day" }),
    );
    expect(result.warnings).toHaveLength(2);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});
