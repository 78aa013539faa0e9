/**
 * `corroborate(question, { read: N })`: the pages of the leading origins are read, judged on the
 * passages that bear on the claim, and quoted exactly; a page that cannot be read — one that never
 * answers, a body far too large, a gzip bomb, a redirect loop, a private address — is a failed read
 * with a reason, and the question still ends within its deadline. By default (`read: "auto"`) only
 * the pages whose snippet leaves the stance uncertain, and that bear on the label, are read.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { InvalidInputError } from "../../src/errors.js";
import { explainReport } from "../../src/interfaces/cli/explain.js";
import { progressLine } from "../../src/interfaces/cli/progress.js";
import { createStyle } from "../../src/interfaces/cli/style.js";
import type { StanceJudge } from "../../src/judge/stance.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { READ_TIMEOUT_MS_RANGE } from "../../src/operations/input-ranges.js";
import type { ProgressEvent } from "../../src/operations/progress-events.js";
import { read } from "../../src/operations/read.js";
import type { SearchHit, SearchProvider } from "../../src/providers/search-provider.js";
import { renderCompact } from "../../src/report/render-compact.js";
import { renderMarkdown } from "../../src/report/render-markdown.js";
import { type Report, reportSchema } from "../../src/report/report-schema.js";
import { startScriptedServer } from "../helpers/scripted-server.js";

const QUESTION = "Does cracking knuckles cause arthritis?";

const page = (title: string, paragraphs: string[]) => `<!doctype html>
<html lang="en"><head><title>${title}</title><script>var tracker = "SCRIPT-TEXT";</script></head>
<body><nav><a href="/">Home</a> <a href="/health">Health</a> <a href="/about">About us</a></nav>
<article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}</article>
<footer>FOOTER-TEXT · Contact · Privacy · Cookies</footer></body></html>`;

/** A snippet that takes no side, over a body that does. */
const STUDY = page("Your joints and that popping sound", [
  "Many people wonder about the popping sound their joints make when they stretch their fingers in the morning.",
  "The sound comes from gas bubbles collapsing in the fluid that lubricates the joint.",
  "A doctor cracked the knuckles of one hand for sixty years and found no arthritis in either hand. Studies of hundreds of adults found no link between cracking knuckles and arthritis.",
]);
/** A snippet that already takes the page's side, clearly. */
const CLEAR = page("Knuckle cracking and arthritis", [
  "Cracking knuckles does not cause arthritis, a review of the studies finds.",
  "Habitual crackers had arthritis no more often than people who never crack their knuckles.",
]);
const PASSING = page("Ten habits of office workers", [
  "Office workers drink coffee, check their phones and sit for long hours.",
  "Some crack their knuckles during meetings, which colleagues find annoying.",
]);

/** Each page's host: its own loopback address, so the per-host limit does not put them in a queue. */
const HOSTS = [
  "127.0.0.2",
  "127.0.0.3",
  "127.0.0.4",
  "127.0.0.5",
  "127.0.0.6",
  "127.0.0.7",
  "127.0.0.8",
  "127.0.0.9",
  "127.0.0.10",
  "127.0.0.11",
];
const servers: Server[] = [];
const urls: Record<string, string> = {};
const bomb = gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x61));

function handle(path: string, res: import("node:http").ServerResponse): void {
  if (path === "/study") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(STUDY);
  else if (path === "/passing") res.writeHead(200, { "content-type": "text/html" }).end(PASSING);
  else if (path === "/clear") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(CLEAR);
  else if (path.startsWith("/hangs"))
    res.writeHead(200, { "content-type": "text/html" }).write("<html><body><p>");
  else if (path === "/bomb")
    res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bomb);
  else if (path === "/blocked") res.writeHead(403, { "content-type": "text/html" }).end("Access denied");
  else if (path === "/loop-a") res.writeHead(302, { location: "/loop-b" }).end();
  else if (path === "/loop-b") res.writeHead(302, { location: "/loop-a" }).end();
  else if (path === "/huge") {
    // 50 MiB sent as fast as the reader takes it, with no length announced.
    res.writeHead(200, { "content-type": "text/html" });
    const chunk = Buffer.alloc(1024 * 1024, 0x62);
    let sent = 0;
    const more = () => {
      while (sent < 50 && !res.destroyed) {
        sent++;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end();
    };
    more();
  } else res.writeHead(404).end();
}

beforeAll(async () => {
  const paths = [
    "/study",
    "/passing",
    "/hangs",
    "/huge",
    "/bomb",
    "/loop-a",
    "/blocked",
    "/clear",
    "/hangs-2",
    "/hangs-3",
  ];
  for (const [i, host] of HOSTS.entries()) {
    const server = createServer((req, res) => handle(req.url ?? "/", res));
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    const path = paths[i] as string;
    urls[path] = `http://${host}:${(server.address() as AddressInfo).port}${path}`;
  }
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-read-"));
const config = (allowPrivateAddresses: boolean) =>
  configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0, allowPrivateAddresses });

const SNIPPETS: Record<string, string> = {
  "/study": "Many people wonder about the popping sound their joints make when they stretch their fingers.",
  "/passing": "Office workers drink coffee, check their phones and sit for long hours.",
  "/clear": "Cracking knuckles does not cause arthritis, a review of the studies finds.",
  "/hangs-2": "Ten stretches for stiff hands after a long day at the keyboard.",
  "/hangs-again": "What your grandmother said about popping joints, and where she got it.",
};

/** One search service that finds the given pages, in this order, for every call. */
function finds(paths: readonly string[]): SearchProvider {
  return {
    name: "exa",
    configured: true,
    search: async () => ({
      hits: paths.map(
        (path, i): SearchHit => ({
          url: urls[path] as string,
          title: `Page ${path.slice(1)}`,
          snippet: SNIPPETS[path] ?? "A page about joints.",
          publishedAt: null,
          engines: [],
          rank: i + 1,
        }),
      ),
      unresponsiveEngines: [],
      warnings: [],
    }),
  };
}

/** Neither side: the built-in judge calls a snippet that does not name the subject unrelated. */
const NO_SIDE = expect.stringMatching(/^(neutral|unrelated)$/);

/** Contradicts what says "no link", takes no side on anything else; remembers what it was asked. */
const asked: string[] = [];
const judge: StanceJudge = {
  name: "scripted",
  kind: "llm",
  async judge(_claim, items) {
    asked.push(...items.map((i) => i.snippet));
    return items.map((i) =>
      /does not cause/.test(i.snippet)
        ? { stance: "contradict", score: 0.99 }
        : /no link/.test(i.snippet)
          ? { stance: "contradict", score: 0.9 }
          : { stance: "neutral", score: 0.3 },
    );
  },
};

const byPath = (report: Report, path: string) => report.evidence.find((e) => e.url === urls[path]);

describe("corroborate with read", () => {
  it("judges a page on its body where the snippet took no side, quoting it verbatim", async () => {
    const unread = await corroborate(QUESTION, {
      config: config(true),
      providers: [finds(["/study", "/passing"])],
      read: 0,
    });
    const report = await corroborate(QUESTION, {
      config: config(true),
      providers: [finds(["/study", "/passing"])],
      read: 3,
    });
    expect(reportSchema.safeParse(report).success).toBe(true);
    // Without reading, the snippet alone takes no side; nothing is read or quoted.
    expect(byPath(unread, "/study")).toMatchObject({
      stance: NO_SIDE,
      readStatus: "not-read",
      quote: null,
    });

    const study = byPath(report, "/study");
    expect(study).toMatchObject({ stance: "contradict", readStatus: "read", judge: "builtin" });
    const { text } = await read(urls["/study"] as string, { config: config(true) });
    expect(study?.quote?.text).toContain("no link between cracking knuckles and arthritis");
    expect(text.slice(study?.quote?.start, study?.quote?.end)).toBe(study?.quote?.text);
    expect(study?.quote?.text).not.toMatch(/SCRIPT-TEXT|FOOTER-TEXT|About us/);
    expect(report.contradicting).toContain(study?.id);

    // A page that names the subject only in passing is read and quoted where it names it.
    expect(byPath(report, "/passing")).toMatchObject({ readStatus: "read" });
    expect(byPath(report, "/passing")?.quote?.text).toContain("crack their knuckles");
    expect(report.notes.find((n) => n.startsWith("Read 2 of 2 pages"))).toContain(
      `${study?.id} unrelated → contradict`,
    );

    const markdown = renderMarkdown(report);
    expect(markdown).toContain(`no link between cracking knuckles and arthritis`);
    expect(markdown).toMatch(new RegExp(`characters ${study?.quote?.start}–${study?.quote?.end}`));
    expect(renderCompact(report)).toContain('page: "');
  });

  it("ends a page that never finishes, a 50 MiB body, a gzip bomb and a redirect loop as failed reads, within the deadline", async () => {
    const deadlineMs = 4_000;
    const events: ProgressEvent[] = [];
    const report = await corroborate(QUESTION, {
      onProgress: (event) => events.push(event),
      config: config(true),
      providers: [finds(["/hangs", "/huge", "/bomb", "/loop-a", "/study"])],
      judge,
      read: 5,
      deadlineMs,
    });
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(report.timing.totalMs).toBeLessThan(deadlineMs + 1_000);
    expect(
      Object.fromEntries(
        ["/hangs", "/huge", "/bomb", "/loop-a"].map((p) => [p, byPath(report, p)?.readStatus]),
      ),
    ).toEqual({
      "/hangs": "failed: timeout",
      "/huge": "failed: too_large",
      "/bomb": "failed: too_large",
      "/loop-a": "failed: redirect_loop",
    });
    // A failed read keeps its snippet's judgement and gives no quote; the good page is still read.
    expect(byPath(report, "/hangs")).toMatchObject({ stance: NO_SIDE, quote: null });
    expect(byPath(report, "/study")).toMatchObject({ readStatus: "read", stance: "contradict" });
    expect(report.notes.find((n) => n.startsWith("Read 1 of 5 pages"))).toMatch(
      /could not read .*\(timeout\)/,
    );
    expect(renderMarkdown(report)).toContain("page not read — timeout; judged on its snippet");
    // Each read is told as it ends, and --explain and the progress lines say how each went.
    const reads = events.flatMap((e) => (e.type === "page-read" ? [e] : []));
    expect(reads.map((e) => e.status).sort()).toEqual([
      "failed: redirect_loop",
      "failed: timeout",
      "failed: too_large",
      "failed: too_large",
      "read",
    ]);
    const plain = createStyle(false);
    const hang = reads.find((e) => e.status === "failed: timeout");
    expect(hang && progressLine(hang, plain)).toMatch(
      /^✗ e1 not read: timeout, \d+ ms — http:\/\/127\.0\.0\.4:/,
    );
    const explained = explainReport(report, events, plain);
    expect(explained).toContain("Pages read");
    expect(explained).toContain("e1 127.0.0.4 — failed: timeout; the snippet's stance stands");
    expect(explained).toMatch(/e5 127\.0\.0\.2 — read: contradict, on characters \d+–\d+/);
  });

  it("refuses a page on a private address unless private addresses are allowed, and never reads more than asked", async () => {
    const report = await corroborate(QUESTION, {
      config: config(false),
      providers: [finds(["/study", "/passing"])],
      read: 1,
    });
    const read = report.evidence.filter((e) => e.readStatus !== "not-read");
    expect(read.map((e) => [e.url, e.readStatus])).toEqual([[urls["/study"], "failed: private_address"]]);
    expect(byPath(report, "/study")).toMatchObject({ stance: NO_SIDE, quote: null });
  });

  it("judges the passages with the judge in use, and labels with what the pages said", async () => {
    asked.length = 0;
    const report = await corroborate(QUESTION, {
      config: config(true),
      providers: [finds(["/study", "/passing"])],
      judge,
      read: 2,
    });
    expect(byPath(report, "/study")).toMatchObject({ stance: "contradict", judge: "llm" });
    // The judge saw the passages, not the menus or the footer.
    expect(asked.some((text) => text.includes("no link between cracking knuckles"))).toBe(true);
    expect(asked.some((text) => /FOOTER-TEXT|SCRIPT-TEXT/.test(text))).toBe(false);
    expect(report.direction).toBe("refutes");
  });

  it("has Firecrawl read a page that refuses a plain client, under the key's settings, and says so", async () => {
    const firecrawl = await startScriptedServer({
      "POST /v2/scrape": {
        body: {
          success: true,
          data: {
            markdown:
              "# Knuckles\n\nA study of hundreds of adults found no link between cracking knuckles and arthritis.\n",
            metadata: { title: "Knuckles", statusCode: 200, url: urls["/blocked"] },
          },
        },
      },
    });
    try {
      const report = await corroborate(QUESTION, {
        config: configFromObject({
          keyless: "off",
          stateDir: STATE_DIR,
          cacheTtlMs: 0,
          allowPrivateAddresses: true,
          keys: { firecrawl: "fc-test-key" },
          baseUrls: { firecrawl: firecrawl.url },
        }),
        providers: [finds(["/blocked"])],
        judge,
        read: 1,
      });
      const blocked = byPath(report, "/blocked");
      expect(blocked).toMatchObject({ readStatus: "read", stance: "contradict" });
      expect(blocked?.quote?.text).toContain("no link between cracking knuckles and arthritis");
      expect(report.notes.find((n) => n.startsWith("Read 1 of 1 page"))).toContain("e1 by Firecrawl");
      expect(firecrawl.requests.map((r) => [r.path, (r.json as { url?: string }).url])).toEqual([
        ["/v2/scrape", urls["/blocked"]],
      ]);
    } finally {
      await firecrawl.close();
    }
  });

  it.each([11, -1, 1.5, "3", "Auto", ""])("rejects read: %s as bad input", async (value) => {
    await expect(
      corroborate(QUESTION, { config: config(true), providers: [finds(["/study"])], read: value as number }),
    ).rejects.toThrow(InvalidInputError);
  });
});

describe("corroborate with read auto, the default", () => {
  it("reads the page whose snippet takes no side, not the one whose snippet is already clear; read: 0 reads none", async () => {
    const ask = (read?: 0) =>
      corroborate(QUESTION, {
        config: config(true),
        providers: [finds(["/clear", "/study"])],
        judge,
        ...(read === undefined ? {} : { read }),
      });
    const report = await ask();
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(byPath(report, "/clear")).toMatchObject({
      stance: "contradict",
      readStatus: "not-read",
      quote: null,
    });
    const study = byPath(report, "/study");
    expect(study).toMatchObject({ stance: "contradict", readStatus: "read" });
    const { text } = await read(urls["/study"] as string, { config: config(true) });
    expect(text.slice(study?.quote?.start, study?.quote?.end)).toBe(study?.quote?.text);
    expect(report.notes).toContainEqual(
      `Read 1 of 1 page whose snippet left the stance uncertain and bears on the label (${study?.id}); the page changed the stance of ${study?.id} neutral → contradict; 1 other origin's page was not read: the snippet took a side clearly or could not change the label`,
    );
    // The label rests on what the page said: two origins now refute the claim.
    expect(report.contradicting).toEqual(expect.arrayContaining([study?.id, byPath(report, "/clear")?.id]));

    const none = await ask(0);
    expect(none.evidence.map((e) => e.readStatus)).toEqual(["not-read", "not-read"]);
    expect(byPath(none, "/study")).toMatchObject({ stance: "neutral", quote: null });
    expect(none.notes.join("\n")).not.toMatch(/^Read /m);
  });

  it("reads no more than three pages, the leading ones, when more snippets take no side", async () => {
    const report = await corroborate(QUESTION, {
      config: config(true),
      providers: [finds(["/passing", "/study", "/blocked", "/loop-a", "/huge"])],
      judge,
    });
    const tried = report.evidence.filter((e) => e.readStatus !== "not-read").map((e) => e.url);
    expect(tried).toEqual([urls["/passing"], urls["/study"], urls["/blocked"]]);
  });

  it("stays within its deadline when every page hangs, and names the pages it gave up on", async () => {
    // A second page on the first one's host waits for it, and is left when the deadline comes.
    urls["/hangs-again"] = (urls["/hangs"] as string).replace(/\/hangs$/, "/hangs-again");
    const report = await corroborate(QUESTION, {
      config: config(true),
      providers: [finds(["/hangs", "/hangs-2", "/hangs-again"])],
      judge,
      deadlineMs: 2_000,
    });
    expect(reportSchema.safeParse(report).success).toBe(true);
    // No page ever answers: the reads were given up at the deadline, far before a read's own timeout.
    expect(report.timing.totalMs).toBeLessThan(READ_TIMEOUT_MS_RANGE.default);
    expect(report.evidence.map((e) => [e.id, e.readStatus, e.quote])).toEqual([
      ["e1", "failed: timeout", null],
      ["e2", "failed: timeout", null],
      ["e3", "not-read", null],
    ]);
    expect(report.notes.find((n) => n.startsWith("Read 0 of 3 pages whose snippet left"))).toContain(
      "could not read e1 (timeout), e2 (timeout), which keep the snippet's stance; gave up on e3: the deadline left no time to read them",
    );
    expect(renderMarkdown(report)).toContain("page not read — timeout; judged on its snippet");
  });

  it("says so when no snippet is worth reading the page of", async () => {
    const report = await corroborate(QUESTION, {
      config: config(true),
      providers: [finds(["/clear"])],
      judge,
    });
    expect(report.evidence.map((e) => e.readStatus)).toEqual(["not-read"]);
    expect(report.notes).toContain(
      "Read no page: no snippet both left the stance uncertain and bore on the label (read: N reads the leading origins' pages anyway)",
    );
  });
});
