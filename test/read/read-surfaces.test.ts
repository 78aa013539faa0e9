/**
 * Reading a page through every surface: the library's `read`, `core-search read`, `POST /v1/read`
 * and the MCP tool `read_page` read the same local page alike, and refuse a loopback address alike
 * unless private addresses are allowed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../src/config/config.js";
import { ReadFailure } from "../../src/errors.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { type HttpApi, startHttpApi } from "../../src/interfaces/server/http-api.js";
import { read } from "../../src/operations/read.js";
import { minimalPdf } from "../fixtures/pages/minimal-pdf.js";
import { runCliWith } from "../helpers/run-cli.js";
import { startScriptedServer } from "../helpers/scripted-server.js";

const ARTICLE = `<!doctype html>
<html lang="en"><head><title>Coffee and the heart</title>
<meta property="article:published_time" content="2024-03-05T08:00:00Z">
<link rel="canonical" href="https://news.example.org/coffee-heart">
<script>window.tracking = "SCRIPT-TEXT";</script><style>.x{color:red}</style></head>
<body>
<nav><a href="/">Home</a> <a href="/menu">MENU-LINK</a></nav>
<article><h1>Coffee and the heart</h1>
<p>A cohort study of 380,000 adults found that two to three cups of coffee a day were linked to a lower risk of heart disease than drinking none.</p>
<p>The authors say the association held after adjusting for smoking, exercise and diet, and that it does not show cause and effect.</p>
<p>Readers asked whether decaffeinated coffee showed the same pattern; it did, though the link was weaker.</p>
</article>
<footer>FOOTER-TEXT · Contact · Privacy</footer>
</body></html>`;

let pages: Server;
let pageUrl: string;
let stateDir: string;
let allowed: Config;
let refusing: Config;
let env: Record<string, string>;

beforeAll(async () => {
  pages = createServer((req, res) => {
    if (req.url === "/report.pdf") {
      // Sent the way servers send files to download: the type says only "bytes".
      const pdf = minimalPdf({
        pages: [["Coffee intake and heart health: a pooled analysis"]],
        title: "Pooled analysis",
      });
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.from(pdf));
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE);
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/article`;
  stateDir = mkdtempSync(join(tmpdir(), "core-search-read-"));
  allowed = configFromObject({ stateDir, keyless: "off", allowPrivateAddresses: true });
  refusing = configFromObject({ stateDir, keyless: "off" });
  env = { CORE_SEARCH_STATE_DIR: stateDir, CORE_SEARCH_KEYLESS: "off", HOME: stateDir };
});
afterAll(() => {
  pages.closeAllConnections();
  pages.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/** What every surface must show of the article. */
function expectArticle(text: string): void {
  expect(text).toContain("two to three cups of coffee a day");
  expect(text).toContain("does not show cause and effect");
  for (const clutter of ["MENU-LINK", "FOOTER-TEXT", "SCRIPT-TEXT", "color:red"])
    expect(text).not.toContain(clutter);
}

describe("read, the library", () => {
  it("returns the article's text, title, canonical address, date and language", async () => {
    const page = await read(pageUrl, { config: allowed });
    expectArticle(page.text);
    expect(page.title).toBe("Coffee and the heart");
    expect(page.canonicalUrl).toBe("https://news.example.org/coffee-heart");
    expect(page.publishedAt?.startsWith("2024-03-05")).toBe(true);
    expect(page.language).toBe("en");
    expect(page.kind).toBe("html");
    expect(page.finalUrl).toBe(pageUrl);
    expect(page.truncated).toBe(false);
    expect(page.chars).toBe(page.text.length);
  });

  it("cuts the text at maxChars from its start, so offsets stay the page's", async () => {
    const whole = await read(pageUrl, { config: allowed });
    const cut = await read(pageUrl, { config: allowed, maxChars: 1_000 });
    if (whole.text.length > 1_000) {
      expect(cut.truncated).toBe(true);
      expect(cut.text).toBe(whole.text.slice(0, 1_000));
    } else expect(cut.text).toBe(whole.text);
  });

  it("reads a PDF sent as application/octet-stream", async () => {
    const page = await read(pageUrl.replace("/article", "/report.pdf"), { config: allowed });
    expect(page.kind).toBe("pdf");
    expect(page.contentType).toBe("application/pdf");
    expect(page.text).toContain("Coffee intake and heart health");
    expect(page.title).toBe("Pooled analysis");
  });

  it("refuses a loopback address unless private addresses are allowed", async () => {
    const error = await read(pageUrl, { config: refusing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadFailure);
    expect((error as ReadFailure).reason).toBe("private_address");
  });

  it("rejects bad input before any connection", async () => {
    await expect(read("", { config: allowed })).rejects.toThrow(/url is required/);
    await expect(read(pageUrl, { config: allowed, maxChars: 5 })).rejects.toThrow(
      /maxChars must be an integer between/,
    );
  });
});

describe("core-search read", () => {
  it("prints the article's text under its title", async () => {
    const { code, stdout } = await runCliWith(["read", pageUrl], {
      ...env,
      CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "1",
    });
    expect(code).toBe(0);
    expect(stdout.startsWith("# Coffee and the heart")).toBe(true);
    expectArticle(stdout);
  });

  it("prints JSON with --json", async () => {
    const { code, stdout } = await runCliWith(["read", pageUrl, "--json"], {
      ...env,
      CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "1",
    });
    expect(code).toBe(0);
    expectArticle(JSON.parse(stdout).text);
  });

  it("refuses a loopback address with exit 2 and says why", async () => {
    const { code, stdout, stderr } = await runCliWith(["read", pageUrl], env);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/private or reserved address/);
  });

  it.each([
    "http://[::127.0.0.1]/",
    "http://[::ffff:0:7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:7f00:1::]/",
  ])(
    "refuses %s, a private IPv4 address inside IPv6, with exit 2 and asks Firecrawl nothing",
    async (address) => {
      const firecrawl = await startScriptedServer();
      try {
        const { code, stdout, stderr } = await runCliWith(["read", address], {
          ...env,
          FIRECRAWL_API_KEY: "fc-test",
          FIRECRAWL_API_URL: firecrawl.url,
        });
        expect(code).toBe(2);
        expect(stdout).toBe("");
        expect(stderr).toMatch(
          /private or reserved address; not read unless CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES=1/,
        );
        expect(firecrawl.requests).toEqual([]);
      } finally {
        await firecrawl.close();
      }
    },
  );
});

describe("POST /v1/read and the MCP tool read_page", () => {
  let api: HttpApi;
  let mcp: Client;
  beforeAll(async () => {
    api = await startHttpApi({ config: allowed });
    const server = createMcpServer({ config: allowed });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    mcp = new Client({ name: "read-test", version: "0.0.0" });
    await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
  });
  afterAll(async () => {
    await mcp.close();
    await api.close();
  });

  it("answers the page over HTTP, and a bad address with 422 and a reason", async () => {
    const ok = await request(`${api.url}/v1/read`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: pageUrl }),
    });
    expect(ok.statusCode).toBe(200);
    expectArticle(((await ok.body.json()) as { text: string }).text);
    const bad = await request(`${api.url}/v1/read`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "file:///etc/passwd" }),
    });
    expect(bad.statusCode).toBe(422);
    expect(((await bad.body.json()) as { error: { code: string } }).error.code).toBe("READ_FAILED");
  });

  it("gives MCP clients the page as structured content and fenced text", async () => {
    const result = await mcp.callTool({ name: "read_page", arguments: { url: pageUrl } });
    expect(result.isError).toBeFalsy();
    expectArticle((result.structuredContent as { text: string }).text);
    const [block] = result.content as { type: string; text: string }[];
    const fence = /<<<(page-[0-9a-f-]+)\n/.exec(block?.text ?? "")?.[1];
    expect(fence).toBeDefined();
    expect(block?.text).toContain(`${fence}>>>`);
    expect(block?.text).toMatch(/untrusted web content/);
  });
});
