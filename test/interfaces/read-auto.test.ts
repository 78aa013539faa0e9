/**
 * A plain question against a search service whose snippets take no side and pages that do (all on
 * 127.0.0.x): by default a few pages are read, judged on what they say and quoted verbatim, on the
 * CLI (its own process), over MCP, whose text names the sources read, and over HTTP; `--read 0`
 * reads none.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { startHttpApi } from "../../src/interfaces/server/http-api.js";
import { read } from "../../src/operations/read.js";
import type { Report } from "../../src/report/report-schema.js";
import { startFakeSearxng } from "../helpers/fake-searxng.js";
import { call } from "../helpers/http-call.js";
import { connectInMemory } from "../helpers/mcp-client.js";
import { runBin } from "../helpers/run-bin.js";
import type { ScriptedServer } from "../helpers/scripted-server.js";

const QUESTION = "Does cracking knuckles cause arthritis?";

/** Each page: the snippet a search service shows (no side), and a body that comes down on one. */
const PAGES = [
  {
    title: "Your joints and that popping sound",
    snippet: "Many people wonder about the popping sound their joints make when they stretch their fingers.",
    body: [
      "Many people wonder about the popping sound their joints make when they stretch their fingers in the morning.",
      "The sound comes from gas bubbles collapsing in the fluid that lubricates the joint.",
      "Studies of hundreds of adults found no link between cracking knuckles and arthritis.",
    ],
  },
  {
    title: "A doctor's sixty-year experiment on his own hands",
    snippet: "For six decades a physician cracked the knuckles of one hand and left the other alone.",
    body: [
      "For six decades a physician cracked the knuckles of one hand and left the other alone.",
      "At the end he examined both hands and found no arthritis in either, and no difference between them.",
      "Cracking your knuckles does not cause arthritis.",
    ],
  },
  {
    title: "Hand habits that worry parents",
    snippet: "Children pick up all kinds of hand habits at school, and parents often ask which ones matter.",
    body: [
      "Children pick up all kinds of hand habits at school, and parents often ask which ones matter.",
      "Nail biting can spread germs, and thumb sucking can move teeth.",
      "Knuckle cracking is harmless: researchers found no link between cracking knuckles and arthritis.",
    ],
  },
];

const html = (title: string, paragraphs: string[]) => `<!doctype html>
<html lang="en"><head><title>${title}</title></head>
<body><nav><a href="/">Home</a> <a href="/health">Health</a></nav>
<article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}</article>
<footer>Contact · Privacy</footer></body></html>`;

const servers: Server[] = [];
const urls: string[] = [];
let searxng: ScriptedServer;
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-read-auto-"));

beforeAll(async () => {
  for (const [i, page] of PAGES.entries()) {
    const body = html(page.title, page.body);
    const server = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body),
    );
    const host = `127.0.0.${20 + i}`;
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    urls.push(`http://${host}:${(server.address() as AddressInfo).port}/article`);
  }
  const results = PAGES.map((page, i) => ({
    url: urls[i] as string,
    title: page.title,
    content: page.snippet,
  }));
  searxng = await startFakeSearxng(
    ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name) => ({
      name,
      categories: name === "arxiv" ? ["science"] : ["general", "news"],
      results,
    })),
  );
});
afterAll(async () => {
  await searxng.close();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function ask(...flags: string[]): Promise<Report> {
  const { code, stdout, stderr } = await runBin([QUESTION, "--json", ...flags], {
    SEARXNG_URL: searxng.url,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: STATE_DIR,
    CORE_SEARCH_CACHE_TTL: "0",
    CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "1",
  });
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as Report;
}

describe("core-search reads uncertain pages by default", () => {
  it("reads one to three pages, takes their stances from the pages and quotes them verbatim; --read 0 reads none", async () => {
    const report = await ask();
    const pageRead = report.evidence.filter((e) => e.readStatus === "read");
    expect(pageRead.length).toBeGreaterThanOrEqual(1);
    expect(pageRead.length).toBeLessThanOrEqual(3);
    const config = configFromObject({ keyless: "off", stateDir: STATE_DIR, allowPrivateAddresses: true });
    for (const item of pageRead) {
      // Every page denies the claim; its snippet did not say so.
      expect(item.stance, item.url).toBe("contradict");
      const { text } = await read(item.url, { config });
      expect(item.quote).not.toBeNull();
      expect(text.slice(item.quote?.start, item.quote?.end)).toBe(item.quote?.text);
      expect(item.quote?.text).toMatch(
        /no link between cracking knuckles and arthritis|does not cause arthritis/,
      );
    }
    expect(report.notes.some((n) => n.startsWith(`Read ${pageRead.length} of `))).toBe(true);

    // Asked for by name, auto is the default.
    const named = await ask("--read", "auto");
    expect(named.evidence.map((e) => e.readStatus)).toEqual(report.evidence.map((e) => e.readStatus));

    const snippetsOnly = await ask("--read", "0");
    expect(snippetsOnly.evidence.map((e) => e.readStatus)).toEqual(
      snippetsOnly.evidence.map(() => "not-read"),
    );
    expect(snippetsOnly.evidence.every((e) => e.quote === null)).toBe(true);
  });
});

/** The settings of the in-process surfaces: the fake search service, pages on loopback allowed. */
const settings = () =>
  configFromObject({
    searxngUrl: searxng.url,
    keyless: "off",
    stateDir: STATE_DIR,
    cacheTtlMs: 0,
    allowPrivateAddresses: true,
  });

describe("the corroborate tool reads uncertain pages by default", () => {
  it("says in its text which sources were read and that the label rests on them", async () => {
    const config = settings();
    const client = await connectInMemory(createMcpServer({ config }));
    try {
      const result = await client.callTool({ name: "corroborate", arguments: { question: QUESTION } });
      const report = result.structuredContent as Report;
      const domains = report.evidence.filter((e) => e.readStatus === "read").map((e) => e.domain);
      expect(domains.length).toBeGreaterThanOrEqual(1);
      const text = (result.content as { text: string }[]).map((c) => c.text).join("\n");
      expect(text).toContain(
        `- pages read: ${domains.join(", ")}; their stances, and the label with them, rest on what the pages say`,
      );
    } finally {
      await client.close();
    }
  });
});

describe("POST /v1/corroborate reads uncertain pages by default", () => {
  it("reads one to three pages unless the body says read: 0", async () => {
    const api = await startHttpApi({ config: settings() });
    try {
      const question = (body: object) =>
        call(api.url, "/v1/corroborate", { body: { question: QUESTION, ...body } });
      const readByDefault = (await question({})).json as Report;
      const pageRead = readByDefault.evidence.filter((e) => e.readStatus === "read");
      expect(pageRead.length).toBeGreaterThanOrEqual(1);
      expect(pageRead.length).toBeLessThanOrEqual(3);
      expect(pageRead.every((e) => e.stance === "contradict")).toBe(true);
      const none = (await question({ read: 0 })).json as Report;
      expect(none.evidence.every((e) => e.readStatus === "not-read")).toBe(true);
    } finally {
      await api.close();
    }
  });
});
