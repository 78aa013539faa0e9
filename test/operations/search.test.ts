import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { InvalidInputError } from "../../src/errors.js";
import { search, toEnvelope } from "../../src/operations/search.js";
import { page, startFakeSearxng } from "../helpers/fake-searxng.js";
import { type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-search-"));
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("search()", () => {
  it("returns the first stage's hits and the envelope other tools read", async () => {
    server = await startFakeSearxng([
      { name: "bing", categories: ["general"], results: [page("a.org"), page("b.org")] },
    ]);
    const outcome = await search("solid-state batteries", {
      config: configFromObject({
        searxngUrl: server.url,
        keyless: "off",
        stateDir: STATE_DIR,
        cacheTtlMs: 0,
      }),
    });
    expect(outcome.provider).toBe("searxng");
    const [a, b] = [page("a.org"), page("b.org")];
    expect(toEnvelope(outcome)).toEqual({
      success: true,
      data: {
        web: [
          { title: a.title, url: a.url, description: a.content, position: 1 },
          { title: b.title, url: b.url, description: b.content, position: 2 },
        ],
      },
    });
  });

  it("ends by the deadline when every one of the nine stages hangs", async () => {
    server = await startScriptedServer();
    for (const path of [
      "/search",
      "/v1/search",
      "/res/v1/web/search",
      "/v2/search",
      "/api/search",
      "/config",
    ]) {
      server.route("GET", path, { hang: true });
      server.route("POST", path, { hang: true });
    }
    const base = server.url;
    const config = configFromObject({
      searxngUrl: base,
      degoogUrl: base,
      keys: { exa: "k", parallel: "k", brave: "k", nimble: "k", tavily: "k", youcom: "k", firecrawl: "k" },
      baseUrls: {
        exa: base,
        parallel: base,
        brave: base,
        nimble: base,
        tavily: base,
        youcom: base,
        firecrawl: base,
      },
      keyless: "off",
      stateDir: STATE_DIR,
      cacheTtlMs: 0,
    });
    const outcome = await search("anything", { config, deadlineMs: 400 });
    expect(outcome.status).toBe("failed");
    expect(outcome.attempts[0]).toMatchObject({ provider: "searxng", outcome: "deadline" });
    expect(outcome.attempts.every((a) => a.outcome === "deadline")).toBe(true);
    expect(toEnvelope(outcome)).toEqual({ success: false, error: "core-search: searxng: deadline" });
  });

  it("sends the options to SearXNG, filters its results by domain and says what it could not apply", async () => {
    server = await startFakeSearxng([
      {
        name: "bing",
        categories: ["general"],
        results: [page("www.who.int"), page("spam.example"), page("nih.gov"), page("cdc.gov")],
      },
      { name: "mojeek", categories: ["general"], results: [page("who.int", "other")] },
    ]);
    const outcome = await search("fasting", {
      config: configFromObject({
        searxngUrl: server.url,
        keyless: "off",
        stateDir: STATE_DIR,
        cacheTtlMs: 0,
      }),
      language: "DE",
      safeSearch: "moderate",
      page: 2,
      includeDomains: ["who.int", "nih.gov"],
      engines: ["bing"],
    });
    expect(server.requests.at(-1)?.query).toMatchObject({
      engines: "bing",
      language: "de",
      safesearch: "1",
      pageno: "2",
    });
    expect(outcome.hits.map((hit) => hit.url)).toEqual([
      "https://www.who.int/article",
      "https://nih.gov/article",
    ]);
    expect(outcome.warnings).toEqual([
      "searxng: includeDomains not supported: its results were filtered by address instead (2 of 4 kept)",
    ]);
  });

  it.each([
    [{ limit: 0 }, /limit/],
    [{ limit: 21 }, /limit/],
    [{ categories: ["images"] as never }, /Unknown category "images"/],
    [{ timeRange: "decade" as never }, /Unknown time range "decade"/],
    [{ page: 11 }, /page must be an integer between 1 and 10/],
    [{ language: "en-US" }, /language must be a two-letter ISO 639-1 language code/],
    [{ safeSearch: "high" as never }, /safeSearch must be one of off, moderate, strict/],
    [{ includeDomains: ["https://who.int/"] }, /includeDomains item 1 must be a domain name/],
    [
      { includeDomains: ["who.int"], excludeDomains: ["WHO.int"] },
      /cannot be both included and excluded: who.int/,
    ],
    [{ engines: ["bing;rm"] }, /engines item 1 must be a SearXNG engine name/],
  ])("refuses %o", async (options, message) => {
    const config = configFromObject({
      searxngUrl: "http://127.0.0.1:9",
      keyless: "off",
      stateDir: STATE_DIR,
      cacheTtlMs: 0,
    });
    await expect(search("q", { config, ...options })).rejects.toThrow(InvalidInputError);
    await expect(search("q", { config, ...options })).rejects.toThrow(message);
  });
});

/**
 * A CONNECT proxy on 127.0.0.1 (undici tunnels through CONNECT) that sends every tunnel to `target`,
 * recording the authority each client asked for.
 */
async function startTunnelProxy(
  target: number,
): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const proxy = createServer();
  proxy.on("connect", (req, client: Socket, head: Buffer) => {
    asked.push(req.url ?? "");
    const upstream = connect(target, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => socket.destroy());
      socket.on("close", () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

describe("outgoing proxy", () => {
  it("sends requests through HTTP_PROXY, and not for hosts in NO_PROXY", async () => {
    server = await startFakeSearxng([{ name: "bing", categories: ["general"], results: [page("a.org")] }]);
    const proxy = await startTunnelProxy(Number(new URL(server.url).port));
    try {
      const through = configFromObject({
        searxngUrl: "http://searx.example.invalid:8080",
        keyless: "off",
        stateDir: STATE_DIR,
        cacheTtlMs: 0,
        proxy: { http: proxy.url },
      });
      const outcome = await search("q", { config: through, deadlineMs: 5000 });
      expect(outcome.provider).toBe("searxng");
      expect(proxy.asked).toEqual(["searx.example.invalid:8080"]);

      const bypassed = configFromObject({
        ...through,
        proxy: { http: proxy.url, noProxy: "searx.example.invalid" },
      });
      const direct = await search("q", { config: bypassed, deadlineMs: 5000 });
      expect(direct.status).toBe("failed");
      expect(proxy.asked).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
