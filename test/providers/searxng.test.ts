import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/errors.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";
import { createSearxngProvider } from "../../src/providers/searxng.js";
import { EVERY_OPTION, providerFixture, searchRequest, useMockNetwork } from "../helpers/provider-harness.js";

const fixture = (name: string) =>
  providerFixture<{
    response: { body: Record<string, unknown> };
    errors: { status: number; headers?: Record<string, string>; body: unknown }[];
  }>(name);

const BASE = "http://searxng.test:8080";

/** A MockAgent path matcher for /search that remembers every path it was shown. */
function searchPath(seen: string[]) {
  return (path: string) => {
    seen.push(path);
    return path.startsWith("/search?");
  };
}

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest("solid-state battery energy density", overrides);

describe("searxng provider", () => {
  const network = useMockNetwork();

  const provider = () => createSearxngProvider({ url: BASE, http: network.http() });

  /** The query string of the one /search request a search of `req` sends. */
  async function paramsOf(req: SearchRequest): Promise<URLSearchParams> {
    const paths: string[] = [];
    network.agent
      .get(BASE)
      .intercept({ path: searchPath(paths), method: "GET" })
      .reply(200, { results: [] });
    await provider().search(req);
    return new URL(paths.at(-1) ?? "", BASE).searchParams;
  }

  it("maps the documented reply to hits: http(s) only, sorted by score, engines kept, dates as days", async () => {
    const body = fixture("searxng").response.body;
    network.agent
      .get(BASE)
      .intercept({ path: (p) => p.startsWith("/search?"), method: "GET" })
      .reply(200, body);
    const result = await provider().search(request());
    expect(result.hits.length).toBeGreaterThan(0);
    for (const hit of result.hits) expect(hit.url).toMatch(/^https?:\/\//);
    expect(result.hits.map((h) => h.rank)).toEqual(result.hits.map((_, i) => i + 1));
    const wiki = result.hits.find((h) => h.url.includes("wikipedia"));
    expect(wiki?.engines).toEqual(["brave", "duckduckgo", "wikipedia"]);
    const arxiv = result.hits.find((h) => h.url.includes("arxiv"));
    expect(arxiv?.publishedAt).toBe("2026-03-09");
    expect(result.unresponsiveEngines).toEqual([
      { engine: "google", reason: "Suspended: access denied" },
      { engine: "semantic scholar", reason: "timeout" },
    ]);
    const raw = (body.results as { url: string }[]).filter((r) => !/^https?:/.test(r.url));
    expect(raw.length).toBeGreaterThan(0); // the fixture does carry a non-web result, and it was dropped
  });

  it("cleans engine names and reasons it reports as unresponsive", async () => {
    network.agent
      .get(BASE)
      .intercept({ path: (p) => p.startsWith("/search?"), method: "GET" })
      .reply(200, {
        results: [],
        unresponsive_engines: [
          ["bing\u001b[31m", "time\u0007out <b>now</b>"],
          ["", "nameless"],
          [42, "not a name"],
          ["mojeek", "x".repeat(500)],
          ["wiby"],
        ],
      });
    const result = await provider().search(request());
    // The escape sequence goes whole: no "[31m" is left to show.
    expect(result.unresponsiveEngines.map((e) => e.engine)).toEqual(["bing", "mojeek", "wiby"]);
    expect(result.unresponsiveEngines[0]?.reason).toBe("timeout now");
    expect(result.unresponsiveEngines[1]?.reason.length).toBeLessThanOrEqual(200);
    expect(result.unresponsiveEngines[2]?.reason).toBe("unavailable");
  });

  it("sends engines alone when the call names engines (engines + categories would select their union)", async () => {
    const params = await paramsOf(
      request({ engines: ["mojeek", "wiby"], categories: ["general"], timeRange: "year" }),
    );
    expect(params.get("engines")).toBe("mojeek,wiby");
    expect(params.has("categories")).toBe(false);
    expect(params.get("time_range")).toBe("year");
    expect(params.get("format")).toBe("json");
  });

  it("sends categories when no engines are named and omits time_range when there is none", async () => {
    const params = await paramsOf(request({ categories: ["news"], timeRange: null }));
    expect(params.get("categories")).toBe("news");
    expect(params.has("time_range")).toBe(false);
  });

  it("sends language, safesearch and pageno as documented; it has no domain parameter", async () => {
    const params = await paramsOf(request(EVERY_OPTION));
    expect(Object.fromEntries(params)).toEqual({
      q: "solid-state battery energy density",
      format: "json",
      categories: "general",
      language: "de",
      safesearch: "2",
      pageno: "2",
    });
  });

  it.each([
    ["off", "0"],
    ["moderate", "1"],
    ["strict", "2"],
  ] as const)("sends safeSearch %s as safesearch=%s", async (level, value) => {
    expect((await paramsOf(request({ safeSearch: level }))).get("safesearch")).toBe(value);
  });

  it("leaves language and safesearch to the instance and asks page 1 when none is set", async () => {
    const params = await paramsOf(request());
    expect([params.has("language"), params.has("safesearch"), params.get("pageno")]).toEqual([
      false,
      false,
      "1",
    ]);
  });

  it("caps results at the limit and long titles and snippets", async () => {
    const results = Array.from({ length: 30 }, (_, i) => ({
      url: `https://site${i}.example/page`,
      title: "t".repeat(1000),
      content: "word ".repeat(1000),
      engines: ["bing"],
      score: 30 - i,
    }));
    network.agent
      .get(BASE)
      .intercept({ path: (p) => p.startsWith("/search?") })
      .reply(200, { results });
    const { hits } = await provider().search(request({ limit: 5 }));
    expect(hits).toHaveLength(5);
    expect(hits[0]?.url).toBe("https://site0.example/page");
    expect(hits[0]?.title.length).toBeLessThanOrEqual(300);
    expect(hits[0]?.snippet.length).toBeLessThanOrEqual(1000);
  });

  it.each([
    [403, "text/html", fixture("searxng").errors[0]?.body, "http_403", /format=json/],
    [429, "text/html", "Too Many Requests", "http_429", /rate-limited/],
    [400, "application/json", { error: "No query" }, "http_400", /status 400/],
    [200, "text/html", "<html>not json</html>", "bad_response", /not JSON/],
    [200, "application/json", { results: "nope" }, "bad_response", /unexpected shape/],
  ])("status %i (%s) becomes the recorded outcome", async (status, type, body, outcome, message) => {
    network.agent
      .get(BASE)
      .intercept({ path: (p) => p.startsWith("/search?") })
      .reply(status, typeof body === "string" ? body : JSON.stringify(body), {
        headers: { "content-type": type },
      });
    const error = await provider()
      .search(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).outcome).toBe(outcome);
    expect((error as ProviderError).message).toMatch(message);
  });

  it("lifts credentials out of the address into a Basic header and never names them in errors", async () => {
    let auth: unknown;
    network.agent
      .get("http://searxng.test:8080")
      .intercept({
        path: (p) => p.startsWith("/search?"),
        headers: (h) => {
          auth = h.authorization;
          return true;
        },
      })
      .reply(502, "bad gateway");
    const error = (await createSearxngProvider({
      url: "http://alice:s3cret@searxng.test:8080",
      http: network.http(),
    })
      .search(request())
      .catch((e: unknown) => e)) as ProviderError;
    expect(auth).toBe(`Basic ${Buffer.from("alice:s3cret").toString("base64")}`);
    expect(error.outcome).toBe("http_502");
    expect(JSON.stringify({ m: error.message, s: String(error.stack) })).not.toContain("s3cret");
  });

  it("reads the engines of /config", async () => {
    network.agent
      .get(BASE)
      .intercept({ path: "/config" })
      .reply(200, fixture("searxng-config").response.body);
    const engines = await provider().engines(new AbortController().signal);
    expect(engines.find((e) => e.name === "duckduckgo")).toMatchObject({
      enabled: true,
      categories: ["general", "web"],
    });
  });

  it("drops a time range no selected engine supports and names engines a range leaves out", async () => {
    const seen: string[] = [];
    network.agent
      .get(BASE)
      .intercept({ path: "/config" })
      .reply(200, {
        engines: [
          { name: "arxiv", categories: ["science"], enabled: true, time_range_support: false },
          { name: "bing", categories: ["general"], enabled: true, time_range_support: true },
          { name: "duckduckgo", categories: ["general"], enabled: true, time_range_support: false },
        ],
      });
    network.agent
      .get(BASE)
      .intercept({ path: searchPath(seen) })
      .reply(200, { results: [] })
      .times(2);
    const searxng = provider();
    await searxng.engines(new AbortController().signal);
    const science = await searxng.search(request({ categories: ["science"], timeRange: "year" }));
    expect(new URL(seen[1] ?? "", BASE).searchParams.has("time_range")).toBe(false);
    expect(science.warnings).toEqual(['time range "year" not applied: arxiv cannot restrict by date']);
    const general = await searxng.search(request({ engines: ["bing", "duckduckgo"], timeRange: "year" }));
    expect(new URL(seen[2] ?? "", BASE).searchParams.get("time_range")).toBe("year");
    expect(general.warnings).toEqual(['duckduckgo left out by SearXNG: no support for time range "year"']);
  });

  it("is unconfigured without an address", () => {
    const unconfigured = createSearxngProvider({
      url: undefined,
      http: network.http(),
    });
    expect(unconfigured.configured).toBe(false);
  });
});
