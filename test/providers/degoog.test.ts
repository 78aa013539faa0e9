import type { MockAgent } from "undici";
import { describe, expect, it } from "vitest";
import type { ProviderError } from "../../src/errors.js";
import { createDegoogProvider } from "../../src/providers/degoog.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import { said } from "../helpers/failures.js";
import {
  type ContractFixture,
  EVERY_OPTION,
  providerFailure,
  providerFixture,
  searchRequest,
  useMockNetwork,
} from "../helpers/provider-harness.js";

type Fixture = ContractFixture;

const fixture = (name: string) => providerFixture<Fixture>(name);

const native = fixture("degoog");
const searxShaped = fixture("degoog-searx");

const ORIGIN = "http://degoog.test:4444";
const PASSWORD = "canary-pass-5f3a";

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density", overrides);

interface Sent {
  path: string | undefined;
  headers: Record<string, string>;
}

describe("degoog provider", () => {
  const network = useMockNetwork();

  const provider = (url: string = ORIGIN, timeoutMs?: number) =>
    createDegoogProvider({
      url,
      http: network.http(),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });

  /** Answers /api/search and records what was sent (path and lower-cased headers). */
  function answer(status: number, body: unknown, headers: Record<string, string> = {}): Sent {
    const sent: Sent = { path: undefined, headers: {} };
    network.agent
      .get(ORIGIN)
      .intercept({
        path: (path) => {
          sent.path = path;
          return path.startsWith("/api/search?");
        },
        method: "GET",
        headers: (h) => {
          sent.headers = Object.fromEntries(
            Object.entries(h as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
          );
          return true;
        },
      })
      .reply(status, typeof body === "string" ? body : JSON.stringify(body), {
        headers: { "content-type": "application/json", ...headers },
      });
    return sent;
  }

  const failure = providerFailure;

  it("maps the native reply: http(s) only (ftp dropped, plain http kept), engines from sources, failed engines reported", async () => {
    answer(200, native.response.body);
    const result = await provider().search(request());
    expect(result.hits).toEqual([
      {
        url: "https://en.wikipedia.org/wiki/Solid-state_battery",
        title: "Solid-state battery - Wikipedia",
        snippet:
          "A solid-state battery is an electrical battery that uses a solid electrolyte for ionic conduction between the electrodes.",
        publishedAt: null,
        engines: ["duckduckgo", "google"],
        rank: 1,
      },
      {
        url: "http://labnotes.example.edu/~kim/battery/density.html",
        title: "Battery lab notes: pouch cell energy density",
        snippet: "Measured 412 Wh/kg on a 2 Ah pouch cell; see the spreadsheet for the mass budget.",
        publishedAt: null,
        engines: ["duckduckgo"],
        rank: 2,
      },
    ]);
    expect(result.unresponsiveEngines).toEqual([{ engine: "startpage", reason: "timeout" }]);
    expect(result.warnings).toEqual([]);
    const raw = native.response.body.results as { url: string }[];
    expect(raw.some((r) => r.url.startsWith("ftp://"))).toBe(true); // the fixture does carry one
  });

  it("accepts the SearXNG-shaped reply: content as snippet, engine ids as names, unresponsive_engines", async () => {
    answer(200, searxShaped.response.body);
    const result = await provider().search(request());
    expect(result.hits).toEqual([
      {
        url: "https://en.wikipedia.org/wiki/Solid-state_battery",
        title: "Solid-state battery - Wikipedia",
        snippet:
          "A solid-state battery is an electrical battery that uses a solid electrolyte for ionic conduction between the electrodes.",
        publishedAt: null,
        engines: ["duckduckgo", "google"],
        rank: 1,
      },
    ]);
    expect(result.unresponsiveEngines).toEqual([{ engine: "startpage", reason: "Timeout" }]);
  });

  it.each<[string, Partial<SearchRequest>, Record<string, string>, string[], string[]]>([
    ["general, no range", {}, { type: "web" }, ["time", "lang"], []],
    [
      "news in the last week",
      { categories: ["news"], timeRange: "week" },
      { type: "news", time: "week" },
      [],
      [],
    ],
    [
      "science in the last year",
      { categories: ["science"], timeRange: "year" },
      { type: "web", time: "year" },
      [],
      ['category "science" not supported: searched without it'],
    ],
    [
      "it in the last day",
      { categories: ["it"], timeRange: "day" },
      { type: "web", time: "day" },
      [],
      ['category "it" not supported: searched without it'],
    ],
    [
      "general and news in the last month",
      { categories: ["general", "news"], timeRange: "month" },
      { type: "news", time: "month" },
      [],
      ['categories "general" and "news" cannot be combined: searched news only'],
    ],
    [
      "named engines",
      { engines: ["mojeek", "wiby"] },
      { type: "web", "mojeek-engine": "true", "wiby-engine": "true" },
      [],
      ["engine restriction not supported: asked mojeek, wiby and the instance's default engines also ran"],
    ],
  ])("sends GET /api/search for %s", async (_name, overrides, expected, absent, warnings) => {
    const sent = answer(200, { results: [] });
    const result = await provider().search(request(overrides));
    const url = new URL(sent.path ?? "", ORIGIN);
    expect(url.pathname).toBe("/api/search");
    expect(url.searchParams.get("q")).toBe("solid-state battery energy density");
    expect(url.searchParams.get("page")).toBe("1");
    for (const [name, value] of Object.entries(expected)) expect(url.searchParams.get(name)).toBe(value);
    for (const name of absent) expect(url.searchParams.has(name)).toBe(false);
    expect(sent.headers.accept).toBe("application/json");
    expect(sent.headers.authorization).toBeUndefined();
    expect(result.warnings).toEqual(warnings);
  });

  it("sends the language as lang and the page; it has no safe-search or domain parameter", async () => {
    const sent = answer(200, { results: [] });
    await provider().search(request(EVERY_OPTION));
    expect(Object.fromEntries(new URL(sent.path ?? "", ORIGIN).searchParams)).toEqual({
      q: "solid-state battery energy density",
      type: "web",
      lang: "de",
      page: "2",
    });
  });

  it.each([
    [5, 5],
    [50, 20],
  ])(
    "returns at most min(limit %i, 20) hits, ranked 1..n, titles and snippets capped",
    async (limit, count) => {
      const results = Array.from({ length: 30 }, (_, i) => ({
        url: `https://site${i}.example/page`,
        title: "t".repeat(1000),
        snippet: "word ".repeat(1000),
        sources: ["Google"],
      }));
      answer(200, { results });
      const { hits } = await provider().search(request({ limit }));
      expect(hits).toHaveLength(count);
      expect(hits.map((h) => h.rank)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(hits[0]?.url).toBe("https://site0.example/page");
      expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
      expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
    },
  );

  it("returns no hits for an empty answer", async () => {
    answer(200, { results: [], engineTimings: [{ name: "Google", time: 10, resultCount: 0, status: "ok" }] });
    expect(await provider().search(request())).toEqual({ hits: [], unresponsiveEngines: [], warnings: [] });
  });

  const tooMany = native.errors.find((e) => e.status === 429);
  const denied = native.errors.find((e) => e.status === 401);
  const badQuery = native.errors.find((e) => e.status === 400);

  it.each<[string, number, unknown, Record<string, string>, string, ProviderError["pause"], RegExp]>([
    [
      "429 with Retry-After",
      429,
      tooMany?.body,
      tooMany?.headers ?? {},
      "http_429",
      { reason: "rate_limit", retryAfterMs: 37_000 },
      /status 429/,
    ],
    ["429 without Retry-After", 429, tooMany?.body, {}, "http_429", { reason: "rate_limit" }, /status 429/],
    ["401 (key guard on)", 401, denied?.body, {}, "http_401", undefined, /search API key/],
    ["400", 400, badQuery?.body, {}, "http_400", undefined, /status 400/],
    ["503", 503, "Service Unavailable", {}, "http_503", undefined, /status 503/],
    [
      "HTML instead of JSON",
      200,
      "<html><body>degoog</body></html>",
      {},
      "bad_response",
      undefined,
      /not JSON/,
    ],
    ["malformed JSON", 200, '{"results": [', {}, "bad_response", undefined, /not JSON/],
    ["JSON of the wrong shape", 200, { results: "nope" }, {}, "bad_response", undefined, /unexpected shape/],
  ])("%s becomes the recorded outcome", async (_name, status, body, headers, outcome, pause, message) => {
    answer(status, body, headers);
    const error = await failure(provider().search(request()));
    expect(error.outcome).toBe(outcome);
    expect(error.pause).toEqual(pause);
    expect(error.message).toMatch(message);
  });

  it("stops reading an oversized body", async () => {
    answer(200, `{"results":[],"pad":"${"x".repeat(5 * 1024 * 1024)}"}`);
    expect((await failure(provider().search(request()))).outcome).toBe("too_large");
  });

  it("gives up after its timeout", async () => {
    network.agent
      .get(ORIGIN)
      .intercept({ path: (p) => p.startsWith("/api/search?") })
      .reply(200, { results: [] })
      .delay(2_000);
    expect((await failure(provider(ORIGIN, 50).search(request()))).outcome).toBe("timeout");
  });

  it("stops when the caller aborts", async () => {
    network.agent
      .get(ORIGIN)
      .intercept({ path: (p) => p.startsWith("/api/search?") })
      .reply(200, { results: [] })
      .delay(2_000);
    const controller = new AbortController();
    const pending = provider().search(request({ signal: controller.signal }));
    controller.abort();
    expect((await failure(pending)).outcome).toBe("aborted");
  });

  it("keeps a path prefix of the address", async () => {
    const paths: string[] = [];
    network.agent
      .get(ORIGIN)
      .intercept({
        path: (p) => {
          paths.push(p);
          return p.startsWith("/degoog/api/search?");
        },
      })
      .reply(200, { results: [] });
    await provider(`${ORIGIN}/degoog/`).search(request());
    expect(paths.at(-1)).toMatch(/^\/degoog\/api\/search\?/);
  });

  describe("credentials in the address", () => {
    const url = `http://alice:${PASSWORD}@degoog.test:4444`;

    it("become a Basic header, not part of the request path", async () => {
      const sent = answer(200, native.response.body);
      const result = await provider(url).search(request());
      expect(result.hits).toHaveLength(2);
      expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`alice:${PASSWORD}`).toString("base64")}`);
      expect(sent.path).not.toContain(PASSWORD);
    });

    it.each<[string, (agent: MockAgent) => void, string, number | undefined]>([
      [
        "502",
        (a) =>
          a
            .get(ORIGIN)
            .intercept({ path: (p) => p.startsWith("/api/search?") })
            .reply(502, "bad gateway"),
        "http_502",
        undefined,
      ],
      [
        "401",
        (a) =>
          a
            .get(ORIGIN)
            .intercept({ path: (p) => p.startsWith("/api/search?") })
            .reply(401, denied?.body as object),
        "http_401",
        undefined,
      ],
      [
        "timeout",
        (a) =>
          a
            .get(ORIGIN)
            .intercept({ path: (p) => p.startsWith("/api/search?") })
            .reply(200, {})
            .delay(2_000),
        "timeout",
        50,
      ],
      ["no route to the host", () => {}, "network", undefined],
    ])("never appear in the error after a %s", async (_name, setup, outcome, timeoutMs) => {
      setup(network.agent);
      const error = await failure(provider(url, timeoutMs).search(request()));
      expect(error.outcome).toBe(outcome);
      expect(said(error)).not.toContain(PASSWORD);
    });
  });

  it.each([undefined, "", "  "])(
    "is unconfigured without an address (%j) and refuses to search",
    async (url) => {
      const unconfigured = createDegoogProvider({ url, http: network.http() });
      expect(unconfigured.configured).toBe(false);
      expect((await failure(unconfigured.search(request()))).outcome).toBe("no_key");
    },
  );

  it("is configured with an address", () => {
    expect(provider().configured).toBe(true);
  });
});
