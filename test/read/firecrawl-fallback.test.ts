/**
 * Firecrawl's scrape endpoint behind the direct read: a fake Firecrawl and the pages on 127.0.0.1,
 * read through the library's `read` with settings as the environment gives them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPauseStore } from "../../src/chain/pause-store.js";
import { QUOTA_PAUSE_MS } from "../../src/chain/stage-gate.js";
import { type Config, loadConfig } from "../../src/config/config.js";
import { read } from "../../src/operations/read.js";
import { pageFacts } from "../../src/report/render-page.js";
import { openStateStore } from "../../src/state/open-state-store.js";
import { readFailure, said } from "../helpers/failures.js";
import { type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

const KEY = "fc-canary-7d1e";

const ARTICLE_HTML =
  "<html lang='en'><head><title>Tea</title></head><body><article><p>Tea is read directly.</p></article></body></html>";

/** Markdown as Firecrawl sends it: CR LF line ends, runs of blank lines, trailing spaces. */
const MARKDOWN =
  "# Coffee and the heart\r\n\r\nA cohort study of 380,000 adults   found a lower risk.  \r\n\r\n\r\n\r\n" +
  "The authors say it does not show cause and effect.\r\n";

function scraped(pageUrl: string, metadata: Record<string, unknown> = {}) {
  return {
    success: true,
    data: {
      markdown: MARKDOWN,
      metadata: {
        title: "Coffee and the heart | Example News",
        language: "en",
        sourceURL: pageUrl,
        url: pageUrl,
        statusCode: 200,
        contentType: "text/html; charset=utf-8",
        publishedTime: "2024-03-05T08:00:00Z",
        ogUrl: "https://news.example.org/coffee-heart",
        proxyUsed: "stealth",
        ...metadata,
      },
    },
  };
}

let pages: ScriptedServer;
let firecrawl: ScriptedServer;
let stateDir: string;

beforeEach(async () => {
  pages = await startScriptedServer({
    "GET /article": { headers: { "content-type": "text/html; charset=utf-8" }, body: ARTICLE_HTML },
    "GET /blocked": { status: 403, headers: { "content-type": "text/html" }, body: "Access denied" },
    "GET /missing": { status: 404, headers: { "content-type": "text/html" }, body: "Not found" },
    "GET /hang": { hang: true },
    "GET /slow": { delayMs: 1_500, headers: { "content-type": "text/html" }, body: ARTICLE_HTML },
  });
  firecrawl = await startScriptedServer();
  stateDir = mkdtempSync(join(tmpdir(), "core-search-firecrawl-read-"));
});
afterEach(async () => {
  await Promise.all([pages.close(), firecrawl.close()]);
  rmSync(stateDir, { recursive: true, force: true });
});

/** Settings as the environment gives them: a Firecrawl key, the fake as its address, local pages allowed. */
function settings(env: Record<string, string> = {}): Config {
  return loadConfig({
    CORE_SEARCH_STATE_DIR: stateDir,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "1",
    FIRECRAWL_API_KEY: KEY,
    FIRECRAWL_API_URL: firecrawl.url,
    ...env,
  });
}

const scrapes = () => firecrawl.requests.filter((r) => r.method === "POST" && r.path === "/v2/scrape");

describe("Firecrawl reads a page the direct read could not", () => {
  it("reads a page that refused the direct read (403), and says so", async () => {
    const pageUrl = `${pages.url}/blocked`;
    firecrawl.route("POST", "/v2/scrape", { body: scraped(pageUrl) });
    const page = await read(pageUrl, { config: settings() });
    expect(page.via).toBe("firecrawl");
    // Cleaned as every page's text is: one line end, one space, one blank line between paragraphs.
    expect(page.text).toBe(
      "# Coffee and the heart\n\nA cohort study of 380,000 adults found a lower risk.\n\n" +
        "The authors say it does not show cause and effect.",
    );
    expect(page.title).toBe("Coffee and the heart | Example News");
    expect(page.canonicalUrl).toBe("https://news.example.org/coffee-heart");
    expect(page.publishedAt?.startsWith("2024-03-05")).toBe(true);
    expect(page.language).toBe("en");
    expect(page.kind).toBe("html");
    expect(page.finalUrl).toBe(pageUrl);
    expect(pageFacts(page)).toContain("Read by: Firecrawl (the page could not be read directly)");

    const [sent] = scrapes();
    expect(scrapes()).toHaveLength(1);
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    // Firecrawl rejects unknown keys: only documented ones, and a timeout within the read's.
    expect(sent?.json).toEqual({
      url: pageUrl,
      formats: ["markdown"],
      onlyMainContent: true,
      timeout: expect.any(Number),
    });
    const timeout = (sent?.json as { timeout?: number } | undefined)?.timeout;
    expect(timeout).toBeGreaterThanOrEqual(1_000);
    expect(timeout).toBeLessThan(15_000);
  });

  it("does not ask Firecrawl for a page read directly", async () => {
    const page = await read(`${pages.url}/article`, { config: settings() });
    expect(page.via).toBe("direct");
    expect(page.text).toContain("Tea is read directly.");
    expect(pageFacts(page).join("\n")).not.toContain("Firecrawl");
    expect(scrapes()).toHaveLength(0);
  });

  it("leaves a page that hangs the rest of the read's time for Firecrawl", async () => {
    const pageUrl = `${pages.url}/hang`;
    firecrawl.route("POST", "/v2/scrape", { body: scraped(pageUrl) });
    const started = performance.now();
    const page = await read(pageUrl, { config: settings(), timeoutMs: 4_400 });
    expect(page.via).toBe("firecrawl");
    // The direct read had half the time, not all of it.
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it("leaves a short read's whole time to the direct read, when half would be too little for Firecrawl", async () => {
    const page = await read(`${pages.url}/slow`, { config: settings(), timeoutMs: 2_500 });
    expect(page.via).toBe("direct");
    expect(scrapes()).toHaveLength(0);
  });
});

describe("Firecrawl is not asked", () => {
  it("without a key: the direct read's failure stands", async () => {
    firecrawl.route("POST", "/v2/scrape", { body: scraped(`${pages.url}/blocked`) });
    const error = await readFailure(
      read(`${pages.url}/blocked`, { config: settings({ FIRECRAWL_API_KEY: "" }) }),
    );
    expect(error.reason).toBe("http_status");
    expect(error.status).toBe(403);
    expect(error.message).not.toMatch(/Firecrawl/);
    expect(firecrawl.requests).toHaveLength(0);
  });

  it.each([
    ["a private address the reader refuses", (base: string) => `${base}/blocked`, "private_address"],
    ["a private IPv4 address written as IPv6", () => "http://[::127.0.0.1]/blocked", "private_address"],
    ["an address that is not a web page's", () => "ftp://files.example.org/paper.pdf", "bad_address"],
  ])("for %s: it goes to no third party either", async (_what, address, reason) => {
    firecrawl.route("POST", "/v2/scrape", { body: scraped("https://files.example.org/paper.pdf") });
    const config = settings({ CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "0" });
    const error = await readFailure(read(address(pages.url), { config }));
    expect(error.reason).toBe(reason);
    expect(firecrawl.requests).toHaveLength(0);
  });

  it("for a page that is not there (404): gone for a browser too", async () => {
    firecrawl.route("POST", "/v2/scrape", { body: scraped(`${pages.url}/missing`) });
    const error = await readFailure(read(`${pages.url}/missing`, { config: settings() }));
    expect(error.status).toBe(404);
    expect(firecrawl.requests).toHaveLength(0);
  });

  it.each([
    ["its rate", { CORE_SEARCH_RATE: "firecrawl:1/min" }, /rate of 1\/min/],
    ["its allowance", { CORE_SEARCH_BUDGET: "firecrawl:1/day" }, /daily allowance of 1 requests used up/],
  ])("beyond %s: the next read is left to fail", async (_what, env, detail) => {
    const pageUrl = `${pages.url}/blocked`;
    firecrawl.route("POST", "/v2/scrape", { body: scraped(pageUrl) });
    expect((await read(pageUrl, { config: settings(env) })).via).toBe("firecrawl");
    const error = await readFailure(read(pageUrl, { config: settings(env) }));
    expect(error.reason).toBe("http_status");
    expect(error.message).toMatch(/Firecrawl was not asked/);
    expect(error.message).toMatch(detail);
    expect(scrapes()).toHaveLength(1);
  });
});

describe("when Firecrawl fails too", () => {
  it.each([
    [402, {}, "quota", QUOTA_PAUSE_MS],
    [429, { "retry-after": "30" }, "rate_limit", 30_000],
  ])(
    "a %i pauses it, shared with search, and the next read does not ask it",
    async (status, headers, reason, ms) => {
      const pageUrl = `${pages.url}/blocked`;
      firecrawl.route("POST", "/v2/scrape", {
        status,
        headers,
        body: { success: false, error: "Insufficient credits to perform this request." },
      });
      const before = Date.now();
      const first = await readFailure(read(pageUrl, { config: settings() }));
      // The direct read's reason is kept; Firecrawl's failure is told too.
      expect(first.reason).toBe("http_status");
      expect(first.status).toBe(403);
      expect(first.message).toContain("answered HTTP 403");
      expect(first.message).toContain(`Firecrawl could not read it either (HTTP ${status})`);

      // The pause search reads, in the state directory every process shares.
      const state = openStateStore(settings());
      const pause = await createPauseStore(state).get("firecrawl", Date.now());
      await state.close();
      expect(pause?.reason).toBe(reason);
      expect(pause?.until).toBeGreaterThanOrEqual(before + ms);

      const second = await readFailure(read(pageUrl, { config: settings() }));
      expect(second.reason).toBe("http_status");
      expect(second.message).toMatch(new RegExp(`Firecrawl was not asked \\(HTTP ${status}; paused until `));
      expect(scrapes()).toHaveLength(1);
    },
  );

  it.each([401, 500])("repeats nothing of a %i body that quotes the key", async (status) => {
    firecrawl.route("POST", "/v2/scrape", {
      status,
      body: { success: false, error: `Unauthorized: Invalid token ${KEY}`, code: KEY, details: { key: KEY } },
    });
    const error = await readFailure(read(`${pages.url}/blocked`, { config: settings() }));
    expect(error.message).toContain(`Firecrawl could not read it either (HTTP ${status})`);
    expect(said(error)).not.toContain(KEY);
    expect(scrapes()).toHaveLength(1);
  });

  it("does not take the page when Firecrawl was refused too", async () => {
    const pageUrl = `${pages.url}/blocked`;
    firecrawl.route("POST", "/v2/scrape", { body: scraped(pageUrl, { statusCode: 403 }) });
    const error = await readFailure(read(pageUrl, { config: settings() }));
    expect(error.status).toBe(403);
    expect(error.message).toContain("Firecrawl reached the page, which answered HTTP 403");
  });

  it("cools it down when it cannot be reached, and the next read does not wait for it", async () => {
    const pageUrl = `${pages.url}/blocked`;
    firecrawl.route("POST", "/v2/scrape", { reset: true });
    const first = await readFailure(read(pageUrl, { config: settings() }));
    expect(first.message).toMatch(
      /Firecrawl could not read it either \(.*failed: (ECONNRESET|UND_ERR_SOCKET)/,
    );
    const second = await readFailure(read(pageUrl, { config: settings() }));
    // The cool-down names the failure that started it.
    expect(second.message).toMatch(
      /Firecrawl was not asked \(could not be reached \((ECONNRESET|UND_ERR_SOCKET)\); skipped until /,
    );
    expect(scrapes()).toHaveLength(1);
  });

  it("ends at the read's timeout when Firecrawl hangs too", async () => {
    firecrawl.route("POST", "/v2/scrape", { hang: true });
    const started = performance.now();
    const error = await readFailure(read(`${pages.url}/hang`, { config: settings(), timeoutMs: 4_400 }));
    const took = performance.now() - started;
    expect(error.reason).toBe("timeout");
    expect(error.message).toContain("Firecrawl could not read it either (the read's time ran out)");
    expect(took).toBeGreaterThan(4_000);
    expect(took).toBeLessThan(5_400);
    expect(scrapes()).toHaveLength(1);
  }, 10_000);
});
