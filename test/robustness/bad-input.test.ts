/**
 * Bad input, one table per way in: questions and options through the library, the CLI, settings,
 * MCP tool calls, the HTTP API, and what search services send back. Each kind gets a clear error
 * (InvalidInputError / exit code 2 / HTTP 4xx / MCP isError, with a message naming the problem) or
 * a recorded attempt; nothing crashes, and nothing usable is silently lost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, configFromObject, loadConfig } from "../../src/config/config.js";
import { ConfigError, InvalidInputError } from "../../src/errors.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { type HttpApi, startHttpApi } from "../../src/interfaces/server/http-api.js";
import { assess } from "../../src/operations/assess.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { search } from "../../src/operations/search.js";
import { MAX_SNIPPET_CHARS, MAX_TITLE_CHARS } from "../../src/providers/hit-fields.js";
import { everyCallFailed } from "../../src/report/failure-cause.js";
import { renderMarkdown } from "../../src/report/render-markdown.js";
import { type Report, reportSchema } from "../../src/report/report-schema.js";
import { type FakeEngine, page, startFakeSearxng } from "../helpers/fake-searxng.js";
import { runCliWith } from "../helpers/run-cli.js";
import { type ScriptedReply, type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name, i) => ({
  name,
  categories: name === "arxiv" ? ["science"] : ["general", "news"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

let stateDir: string;
let searx: ScriptedServer;
/** Settings for a healthy local SearXNG; keyless off so nothing leaves the machine. */
let healthy: Config;
beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "core-search-bad-input-"));
  searx = await startFakeSearxng(ENGINES);
  healthy = configFromObject({ searxngUrl: searx.url, keyless: "off", cacheTtlMs: 0, stateDir });
});
afterAll(async () => {
  await searx.close();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The error a promise rejected with, failing if it resolved. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => new Error("expected a rejection, got a result"),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(Error);
  return outcome as Error;
}

/** A report that is whole: schema-valid, renderable, every call with a status. */
function expectWholeReport(report: Report): void {
  expect(reportSchema.safeParse(report).success).toBe(true);
  expect(() => renderMarkdown(report)).not.toThrow();
  for (const call of report.calls) {
    if (call.status !== "skipped") expect(call.attempts.length).toBeGreaterThan(0);
  }
}

// ---------------------------------------------------------------------------------------------
// Questions through the library
// ---------------------------------------------------------------------------------------------

describe("questions through the library", () => {
  it.each<[kind: string, question: unknown, problem: RegExp]>([
    ["empty", "", /question is empty/],
    ["whitespace only", "  \t\n  ", /question is empty/],
    [
      "non-breaking and zero-width spaces only",
      "\u00a0\u200b\u200b\u00a0",
      /question (is empty|has nothing)/,
    ],
    ["100 KB", "Is coffee safe? ".repeat(6_400), /question is too long/],
    ["1,001 characters after trimming", `Is ${"a".repeat(1_000)} safe?`, /question is too long/],
    ["control characters", "Is coffee\u0007 safe?", /control characters/],
    ["an ANSI escape", "Is coffee \u001b[31msafe?", /control characters/],
    ["a NUL byte", "Is coffee\u0000 safe?", /control characters/],
    ["a lone high surrogate", "Is coffee \ud83d safe?", /lone surrogate/],
    ["a lone low surrogate", "Is coffee \ude00 safe?", /lone surrogate/],
    ["only punctuation", "?!?... ;;", /nothing to search for/],
    ["a number", 123, /question must be a string/],
    ["null", null, /question must be a string/],
    ["undefined", undefined, /question must be a string/],
    ["an object", { question: "Is coffee safe?" }, /question must be a string/],
  ])("refuses a question that is %s", async (_kind, question, problem) => {
    const error = await rejection(corroborate(question as string, { read: 0, config: healthy }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toMatch(problem);
  });

  it.each([
    ["right-to-left (Arabic)", "هل القهوة آمنة للحوامل؟"],
    ["right-to-left (Hebrew) with an emoji", "האם קפה בריא? ☕️"],
    ["emoji and a ZWJ sequence", "Is 👩‍🔬 lab coffee safe? ☕️🔥"],
    ["CJK", "咖啡对健康安全吗？"],
    ["a line separator inside", "Is coffee\u2028safe?"],
  ])("answers a question in %s", async (_kind, question) => {
    const before = searx.requests.length;
    const report = await corroborate(question, { read: 0, config: healthy });
    expectWholeReport(report);
    // It was really searched, with the question as written (whitespace collapsed).
    expect(searx.requests.length).toBeGreaterThan(before);
    expect(report.question).toBe(question.replace(/\s+/g, " "));
    expect(report.evidence.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Options through the library (JavaScript callers can pass anything)
// ---------------------------------------------------------------------------------------------

describe("options through the library", () => {
  const question = "Is coffee safe?";
  it.each<[kind: string, run: () => Promise<unknown>, problem: RegExp]>([
    ["corroborate options null", () => corroborate(question, null as never), /options must be an object/],
    [
      "corroborate options a string",
      () => corroborate(question, "fast" as never),
      /options must be an object/,
    ],
    [
      "limit a string",
      () => corroborate(question, { config: healthy, limit: "5" as never }),
      /limit must be/,
    ],
    ["limit 0", () => corroborate(question, { config: healthy, limit: 0 }), /limit must be/],
    ["limit 999", () => corroborate(question, { config: healthy, limit: 999 }), /limit must be/],
    ["limit 2.5", () => corroborate(question, { config: healthy, limit: 2.5 }), /limit must be/],
    ["limit NaN", () => corroborate(question, { config: healthy, limit: Number.NaN }), /limit must be/],
    [
      "deadlineMs negative",
      () => corroborate(question, { config: healthy, deadlineMs: -1 }),
      /deadlineMs must be/,
    ],
    [
      "deadlineMs Infinity",
      () => corroborate(question, { config: healthy, deadlineMs: Number.POSITIVE_INFINITY }),
      /deadlineMs must be/,
    ],
    ["config a string", () => corroborate(question, { config: "fast" as never }), /options\.config must be/],
    [
      "config an empty object",
      () => corroborate(question, { config: {} as never }),
      /options\.config must be/,
    ],
    [
      "signal not an AbortSignal",
      () => corroborate(question, { config: healthy, signal: "stop" as never }),
      /options\.signal must be an AbortSignal/,
    ],
    [
      "logger not a logger",
      () => corroborate(question, { config: healthy, logger: {} as never }),
      /options\.logger must be/,
    ],
    ["search options null", () => search("coffee", null as never), /options must be an object/],
    [
      "search categories a string",
      () => search("coffee", { config: healthy, categories: "news" as never }),
      /categories must be a list/,
    ],
    [
      "search categories unknown",
      () => search("coffee", { config: healthy, categories: ["images" as never] }),
      /Unknown category "images"/,
    ],
    [
      "search time range unknown",
      () => search("coffee", { config: healthy, timeRange: "decade" as never }),
      /Unknown time range "decade"/,
    ],
    ["search query a number", () => search(42 as never, { config: healthy }), /query must be a string/],
    ["assess input null", () => assess(null as never), /claim must be a string/],
    [
      "assess evidence not a list",
      () => assess({ claim: "Coffee is safe", evidence: "a.org" as never }),
      /evidence must be a list/,
    ],
    [
      "assess evidence item without url",
      () => assess({ claim: "Coffee is safe", evidence: [{ title: "t" } as never] }),
      /evidence item 1 needs a url/,
    ],
  ])("refuses %s", async (_kind, run, problem) => {
    const error = await rejection(run());
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.message).toMatch(problem);
  });
});

// ---------------------------------------------------------------------------------------------
// The CLI (in-process) and settings
// ---------------------------------------------------------------------------------------------

describe("the CLI", () => {
  const env = () => ({
    SEARXNG_URL: searx.url,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: stateDir,
    CORE_SEARCH_CACHE_TTL: "0",
  });

  it.each<[kind: string, argv: string[], problem: RegExp, stdin?: string]>([
    ["an unknown flag", ["Is coffee safe?", "--frobnicate"], /frobnicate/],
    ["a non-numeric --limit", ["Is coffee safe?", "--limit", "abc"], /--limit/],
    ["--limit 0", ["Is coffee safe?", "--limit", "0"], /limit/],
    ["--limit 999", ["Is coffee safe?", "--limit", "999"], /limit/],
    ["a negative --deadline-ms", ["Is coffee safe?", "--deadline-ms", "-5"], /deadline-ms/],
    ["--deadline-ms below the minimum", ["Is coffee safe?", "--deadline-ms", "5"], /deadline/i],
    ["--limit without a value", ["Is coffee safe?", "--limit"], /limit/],
    ["an empty question", [""], /empty|question/],
    ["a whitespace question", ["   "], /empty|question/],
    ["a question with a NUL byte", ["Is coffee\u0000 safe?"], /control characters/],
    ["a 100 KB question", ["Is coffee safe? ".repeat(6_400)], /too long/],
    ["two questions unquoted", ["Is", "coffee", "safe?"], /quote/i],
    ["search with an unknown category", ["search", "coffee", "--categories", "images"], /images/],
    ["search with an unknown time range", ["search", "coffee", "--time-range", "decade"], /decade/],
    ["assess without --claim", ["assess", "--evidence", "-"], /--claim/],
    [
      "assess with a missing file",
      ["assess", "--claim", "x", "--evidence", "/nonexistent/e.jsonl"],
      /nonexistent|read/,
    ],
    [
      "assess with evidence that is not JSON",
      ["assess", "--claim", "Coffee is safe", "--evidence", "-"],
      /line 1/,
      "not json\n",
    ],
  ])("exits 2 on %s", async (_kind, argv, problem, stdin) => {
    const before = searx.requests.length;
    const { code, stdout, stderr } = await runCliWith(argv, env(), stdin);
    expect(code).toBe(2);
    expect(stderr).toMatch(problem);
    // Nothing that looks like a result on stdout, nothing searched.
    expect(stdout).toBe("");
    expect(searx.requests.length).toBe(before);
  });

  it.each<[kind: string, settings: Record<string, string>, names: string[]]>([
    ["SEARXNG_URL not a URL", { SEARXNG_URL: "not a url" }, ["SEARXNG_URL"]],
    ["SEARXNG_URL with another scheme", { SEARXNG_URL: "ftp://127.0.0.1:21" }, ["SEARXNG_URL"]],
    ["EXA_BASE_URL with a query string", { EXA_BASE_URL: "https://gw.example/exa?x=1" }, ["EXA_BASE_URL"]],
    ["CORE_SEARCH_LIMIT=abc", { CORE_SEARCH_LIMIT: "abc" }, ["CORE_SEARCH_LIMIT"]],
    ["CORE_SEARCH_LIMIT=0", { CORE_SEARCH_LIMIT: "0" }, ["CORE_SEARCH_LIMIT"]],
    ["CORE_SEARCH_DEADLINE_MS=-1", { CORE_SEARCH_DEADLINE_MS: "-1" }, ["CORE_SEARCH_DEADLINE_MS"]],
    ["CORE_SEARCH_KEYLESS=maybe", { CORE_SEARCH_KEYLESS: "maybe" }, ["CORE_SEARCH_KEYLESS"]],
    ["an API key with a line break", { EXA_API_KEY: "abc\ndef" }, ["EXA_API_KEY"]],
    ["CORE_SEARCH_CACHE_TTL=forever", { CORE_SEARCH_CACHE_TTL: "forever" }, ["CORE_SEARCH_CACHE_TTL"]],
    [
      "several at once",
      { SEARXNG_URL: "::", CORE_SEARCH_LIMIT: "abc", CORE_SEARCH_DEADLINE_MS: "-1" },
      ["SEARXNG_URL", "CORE_SEARCH_LIMIT", "CORE_SEARCH_DEADLINE_MS"],
    ],
  ])("exits 2 naming the setting on %s", async (_kind, settings, names) => {
    const { code, stdout, stderr } = await runCliWith(["Is coffee safe?", "--json"], {
      ...env(),
      ...settings,
    });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    for (const name of names) expect(stderr).toContain(name);
    // One message for all of them, not one failure at a time.
    expect(stderr.match(/Invalid configuration/g)?.length ?? 0).toBeLessThanOrEqual(1);
    // The library refuses the same settings with one ConfigError.
    expect(() => loadConfig({ ...env(), ...settings })).toThrow(ConfigError);
  });

  it("runs with unknown CORE_SEARCH_ORDER names dropped, and says so", async () => {
    const { code, stdout } = await runCliWith(["Is coffee safe?", "--json", "--read", "0"], {
      ...env(),
      CORE_SEARCH_ORDER: "searxng,googol,exa",
    });
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expectWholeReport(report);
    expect(report.notes.join("\n")).toMatch(/CORE_SEARCH_ORDER.*"googol"/);
    expect(report.evidence.length).toBeGreaterThan(0);
  });

  it("refuses an order of nothing but unknown names, rather than spend on every service", async () => {
    const { code, stderr } = await runCliWith(["search", "coffee", "--json"], {
      ...env(),
      CORE_SEARCH_ORDER: "googol,yahoo",
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/CORE_SEARCH_ORDER names no known service \("googol", "yahoo"\)/);
  });
});

// ---------------------------------------------------------------------------------------------
// MCP tool calls
// ---------------------------------------------------------------------------------------------

describe("MCP tool calls", () => {
  let client: Client;
  beforeAll(async () => {
    const server = createMcpServer({ config: healthy });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: "bad-input", version: "0.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    await client.listTools();
  });
  afterAll(async () => {
    await client.close();
  });

  const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
    (result.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");

  it.each<[kind: string, name: string, args: Record<string, unknown>, problem: RegExp]>([
    ["a question that is a number", "corroborate", { question: 42 }, /question/],
    ["no question", "corroborate", {}, /question/],
    ["a limit that is a string", "corroborate", { question: "Is coffee safe?", limit: "5" }, /limit/],
    ["a limit of 0", "corroborate", { question: "Is coffee safe?", limit: 0 }, /limit/],
    ["a negative deadline", "corroborate", { question: "Is coffee safe?", deadlineMs: -1 }, /deadlineMs/],
    [
      "a question with a NUL byte",
      "corroborate",
      { question: "Is coffee\u0000 safe?" },
      /control characters/,
    ],
    ["a question of punctuation", "corroborate", { question: "?!?" }, /nothing to search for/],
    ["a 100 KB question", "corroborate", { question: "x".repeat(100_000) }, /question/],
    ["evidence that is not a list", "assess", { claim: "Coffee is safe", evidence: "a.org" }, /evidence/],
    ["evidence items without url", "assess", { claim: "Coffee is safe", evidence: [{ title: "t" }] }, /url/],
    [
      "an unknown category",
      "web_search",
      { query: "coffee", categories: ["images"] },
      /Unknown category "images"/,
    ],
    ["a query that is an object", "web_search", { query: { q: "coffee" } }, /query/],
  ])("answers isError on %s", async (_kind, name, args, problem) => {
    const before = searx.requests.length;
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(problem);
    expect(searx.requests.length).toBe(before);
  });

  it("still answers a good call after all of them", async () => {
    const result = await client.callTool({ name: "web_search", arguments: { query: "coffee" } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/site\d\.org/);
  });
});

// ---------------------------------------------------------------------------------------------
// The HTTP API
// ---------------------------------------------------------------------------------------------

describe("the HTTP API", () => {
  let api: HttpApi;
  beforeAll(async () => {
    api = await startHttpApi({ config: healthy });
  });
  afterAll(async () => {
    await api.close();
  });

  async function post(path: string, body: string | Buffer, contentType = "application/json") {
    const res = await request(`${api.url}${path}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    const text = await res.body.text();
    return {
      status: res.statusCode,
      error: (JSON.parse(text) as { error?: { code: string; message: string } }).error,
    };
  }

  it.each<
    [kind: string, path: string, body: string | Buffer, status: number, problem: RegExp, type?: string]
  >([
    ["malformed JSON", "/v1/corroborate", '{"question": "Is coffee', 400, /not valid JSON/],
    ["a question that is a number", "/v1/corroborate", '{"question": 1}', 400, /question must be a string/],
    ["no question", "/v1/corroborate", "{}", 400, /question is required/],
    [
      "a limit that is a string",
      "/v1/corroborate",
      '{"question": "Is coffee safe?", "limit": "5"}',
      400,
      /limit/,
    ],
    [
      "a negative deadline",
      "/v1/corroborate",
      '{"question": "Is coffee safe?", "deadlineMs": -1}',
      400,
      /deadlineMs/,
    ],
    [
      "an unknown field",
      "/v1/corroborate",
      '{"question": "Is coffee safe?", "lang": "en"}',
      400,
      /unknown field/,
    ],
    ["a body that is null", "/v1/corroborate", "null", 400, /the body/],
    ["a body that is a list", "/v1/corroborate", '["Is coffee safe?"]', 400, /the body/],
    ["an empty question", "/v1/corroborate", '{"question": "  "}', 400, /question is empty/],
    [
      "a question with a NUL byte",
      "/v1/corroborate",
      '{"question": "Is coffee\\u0000 safe?"}',
      400,
      /control/,
    ],
    [
      "a question with a lone surrogate",
      "/v1/corroborate",
      '{"question": "Is \\ud800 safe?"}',
      400,
      /surrogate/,
    ],
    [
      "bytes that are not UTF-8",
      "/v1/corroborate",
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      400,
      /UTF-8/,
    ],
    ["a huge body", "/v1/corroborate", `{"question": "${"x".repeat(2 * 1024 * 1024)}"}`, 413, /larger than/],
    [
      "a body that is not JSON",
      "/v1/corroborate",
      "question=coffee",
      415,
      /must be JSON/,
      "application/x-www-form-urlencoded",
    ],
    [
      "categories that are not a list",
      "/v1/search",
      '{"query": "coffee", "categories": "news"}',
      400,
      /categories must be a list/,
    ],
    [
      "evidence that is not a list",
      "/v1/assess",
      '{"claim": "Coffee is safe", "evidence": {}}',
      400,
      /evidence must be a list/,
    ],
    [
      "evidence items without url",
      "/v1/assess",
      '{"claim": "Coffee is safe", "evidence": [{}]}',
      400,
      /evidence item 1 needs a url/,
    ],
  ])("answers %s with a JSON error", async (_kind, path, body, status, problem, type) => {
    const before = searx.requests.length;
    const answer = await post(path, body, type);
    expect(answer.status).toBe(status);
    expect(answer.error?.message).toMatch(problem);
    expect(searx.requests.length).toBe(before);
  });

  it("is still up afterwards", async () => {
    const res = await request(`${api.url}/healthz`);
    expect(res.statusCode).toBe(200);
    await res.body.text();
  });
});

// ---------------------------------------------------------------------------------------------
// What a search service sends back
// ---------------------------------------------------------------------------------------------

describe("replies from a search service", () => {
  let vendor: ScriptedServer;
  let reply: (req: { json: unknown }) => ScriptedReply;
  beforeAll(async () => {
    vendor = await startScriptedServer();
    vendor.route("POST", "/search", (req) => reply(req));
  });
  afterAll(async () => {
    await vendor.close();
  });
  const exaConfig = () =>
    configFromObject({
      keys: { exa: "exa-test-key" },
      baseUrls: { exa: vendor.url },
      order: ["exa"],
      keyless: "off",
      cacheTtlMs: 0,
      stateDir: mkdtempSync(join(tmpdir(), "core-search-replies-")),
    });
  const results = (items: unknown[]) => ({ body: { requestId: "r", results: items } });
  const good = (n: number) => ({
    url: `https://good-${n}.example.org/article`,
    title: `Good page ${n}`,
    highlights: [`Coffee study ${n} finds moderate drinking is safe for most adults.`],
  });
  const json = { "content-type": "application/json" };

  it.each<[kind: string, play: ScriptedReply, outcome: string]>([
    [
      "an HTML page instead of JSON",
      {
        body: "<!doctype html><html><body>Just a moment</body></html>",
        headers: { "content-type": "text/html" },
      },
      "bad_response",
    ],
    [
      "truncated JSON",
      { body: '{"results": [{"url": "https://a.org/x", "tit', headers: json },
      "bad_response",
    ],
    ["an empty body", { body: "", headers: json }, "bad_response"],
    ["JSON null", { body: "null", headers: json }, "bad_response"],
    ["results that are not a list", { body: { results: { url: "https://a.org/" } } }, "bad_response"],
    [
      "100,000 nested arrays",
      { body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`, headers: json },
      "bad_response",
    ],
    [
      "a gzip bomb",
      {
        body: gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20)),
        headers: { ...json, "content-encoding": "gzip" },
      },
      "too_large",
    ],
    ["a huge body", { body: Buffer.alloc(5 * 1024 * 1024, 0x20), headers: json }, "too_large"],
    [
      "gzip that is not gzip",
      { body: "plain text", headers: { ...json, "content-encoding": "gzip" } },
      "bad_body",
    ],
    [
      "an unknown content encoding",
      { body: "\u0001\u0002binary", headers: { ...json, "content-encoding": "zstd" } },
      "bad_response",
    ],
    ["a 200 with an error body", { body: { error: "internal", tag: "INTERNAL" } }, "bad_response"],
    ["a redirect", { status: 302, headers: { location: "https://elsewhere.example/" } }, "http_302"],
    [
      "a 429 with an unreadable Retry-After",
      { status: 429, headers: { "retry-after": "soon" }, body: {} },
      "http_429",
    ],
  ])("records %s as a failed attempt", async (_kind, play, outcome) => {
    reply = () => play;
    const report = await corroborate("Is coffee safe?", { config: exaConfig(), deadlineMs: 5000, read: 0 });
    expectWholeReport(report);
    // The keyless tier is off: recorded as not configured.
    const attempts = report.calls.flatMap((c) => c.attempts).filter((a) => a.outcome !== "no_key");
    expect(attempts.length).toBeGreaterThan(0);
    for (const attempt of attempts) expect(attempt).toMatchObject({ provider: "exa", outcome });
    expect(everyCallFailed(report)).toBe(true);
    expect(report.confidence).toBe("low-coverage");
    // The markdown's table of calls shows it too (with `_` escaped).
    expect(renderMarkdown(report).replaceAll("\\_", "_")).toContain(`exa: ${outcome}`);
  });

  it.each<[kind: string, play: () => ScriptedReply, check: (report: Report) => void]>([
    [
      "JSON sent as text/plain",
      () => ({
        body: JSON.stringify({ results: [good(1), good(2)] }),
        headers: { "content-type": "text/plain" },
      }),
      (report) => expect(report.evidence.map((e) => e.domain)).toContain("good-1.example.org"),
    ],
    [
      "javascript: and data: URLs among good ones",
      () =>
        results([
          { url: "javascript:alert(document.cookie)", title: "click me", highlights: ["x"] },
          good(1),
          {
            url: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
            title: "data",
            highlights: ["y"],
          },
          { url: "JaVaScRiPt:alert(1)", title: "mixed case" },
          { url: " javascript:alert(2)", title: "leading space" },
          good(2),
        ]),
      (report) => {
        const everything = JSON.stringify(report) + renderMarkdown(report);
        expect(everything.toLowerCase()).not.toContain("javascript:");
        expect(everything).not.toContain("data:text");
        expect(report.evidence.map((e) => e.domain)).toEqual(
          expect.arrayContaining(["good-1.example.org", "good-2.example.org"]),
        );
      },
    ],
    [
      "non-http schemes and relative URLs",
      () =>
        results([
          { url: "ftp://files.example/a.pdf", title: "ftp" },
          { url: "file:///etc/passwd", title: "file" },
          { url: "mailto:someone@example.org", title: "mail" },
          { url: "chrome-extension://abc/page.html", title: "ext" },
          { url: "/relative/path", title: "relative" },
          { url: "https://", title: "no host" },
          {
            url: "https://escape.example.org/\u001b]8;;https://evil.example/\u0007x",
            title: "escape in url",
          },
          { url: "https://newline.example.org/a\nb", title: "newline in url" },
          good(1),
        ]),
      (report) => {
        expect(report.evidence.map((e) => e.url)).toEqual([good(1).url]);
        expect(JSON.stringify(report)).not.toMatch(
          /ftp:|file:|mailto:|chrome-extension:|\/relative\/path|escape\.example|newline\.example/,
        );
      },
    ],
    [
      "results with missing or wrong fields",
      () =>
        results([
          null,
          42,
          "https://a-string.example/",
          { title: "no url" },
          { url: 17, title: "numeric url" },
          {
            url: "https://no-title.example.org/page",
            highlights: ["A page without a title says coffee is safe."],
          },
          {
            url: "https://odd-types.example.org/page",
            title: { nested: true },
            highlights: [3, null, "Text"],
          },
          good(1),
        ]),
      (report) => {
        // The usable ones are all kept, titles or not.
        expect(report.evidence.map((e) => e.domain).sort()).toEqual([
          "good-1.example.org",
          "no-title.example.org",
          "odd-types.example.org",
        ]);
        const untitled = report.evidence.find((e) => e.domain === "no-title.example.org");
        expect(untitled?.title).toBe("");
        expect(renderMarkdown(report)).toContain("no-title.example.org");
      },
    ],
    [
      "duplicate JSON keys",
      () => ({
        body: `{"results": [{"url": "https://a.example/"}], "results": [{"url": "javascript:alert(1)", "url": "${good(1).url}", "title": "first", "title": "Good page 1"}]}`,
        headers: json,
      }),
      (report) => {
        // JSON.parse keeps the last of each: the way every JSON reader in the chain sees it.
        expect(report.evidence.map((e) => [e.url, e.title])).toEqual([[good(1).url, "Good page 1"]]);
      },
    ],
    [
      "1,000 results from one domain",
      () =>
        results(
          Array.from({ length: 1_000 }, (_, i) => ({
            url: `https://flood.example.org/page-${i}`,
            title: `Flood page ${i}`,
            highlights: [`Flood text ${i}`],
          })),
        ),
      (report) => {
        // Bounded: each call keeps its limit; every unique page is listed, at most MAX_PER_DOMAIN of
        // a domain count toward the label, and the notes say which do not.
        for (const call of report.calls) expect(call.hits).toBeLessThanOrEqual(5);
        expect(report.evidence.length).toBeLessThanOrEqual(report.calls.reduce((sum, c) => sum + c.hits, 0));
        expect(report.notes.join("\n")).toMatch(/shown but not counted toward the label: e4, e5/);
        expect(JSON.stringify(report).length).toBeLessThan(200_000);
      },
    ],
    [
      "1,000 results from 1,000 domains",
      () =>
        results(
          Array.from({ length: 1_000 }, (_, i) => ({
            url: `https://site-${i}.example.org/page`,
            title: `Site ${i}`,
            highlights: [`Text ${i}`],
          })),
        ),
      (report) => {
        for (const call of report.calls) expect(call.hits).toBeLessThanOrEqual(5);
        expect(report.evidence.length).toBeLessThanOrEqual(5 * report.calls.length);
        expect(report.evidence.length).toBeGreaterThan(0);
      },
    ],
    [
      "extremely long titles and snippets",
      () =>
        results([
          {
            url: "https://long.example.org/a",
            title: "Coffee ".repeat(20_000),
            highlights: ["safe ".repeat(200_000)],
          },
          { url: "https://long2.example.org/b", title: "x".repeat(100_000), text: "y".repeat(1_000_000) },
        ]),
      (report) => {
        expect(report.evidence).toHaveLength(2);
        for (const evidence of report.evidence) {
          expect(evidence.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
          expect(evidence.snippet.length).toBeLessThanOrEqual(MAX_SNIPPET_CHARS);
          expect(evidence.title.endsWith("…")).toBe(true);
        }
      },
    ],
    [
      "terminal escapes and control characters in titles and snippets",
      () =>
        results([
          {
            url: "https://escapes.example.org/a",
            title: "Coffee \u001b[2J\u001b]8;;https://evil.example/\u0007is safe\u001b]8;;\u0007\u0000",
            highlights: ["Moderate \u001b[31mcoffee\u001b[0m drinking\u0008\u0008 is safe\u009b1m."],
          },
        ]),
      (report) => {
        // The fields themselves (JSON.stringify would escape them) and the markdown printed to a terminal.
        const everything =
          report.evidence.map((e) => `${e.title}\n${e.snippet}`).join("\n") + renderMarkdown(report);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
        expect(everything).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
        expect(report.evidence[0]?.title).toMatch(/^Coffee .*is safe/);
      },
    ],
    [
      "lone surrogates and odd Unicode in text",
      () =>
        results([
          {
            url: "https://unicode.example.org/%F0%9F%98%80",
            title: "Caf\u00e9 \ud800 study \u202eevil\u202c",
            highlights: ["R\u00e9sum\u00e9 \udfff"],
          },
        ]),
      (report) => {
        expect(report.evidence).toHaveLength(1);
        expect(() => JSON.parse(JSON.stringify(report))).not.toThrow();
      },
    ],
  ])("keeps what is usable from %s", async (_kind, play, check) => {
    reply = play;
    const report = await corroborate("Is coffee safe?", { config: exaConfig(), deadlineMs: 5000, read: 0 });
    expectWholeReport(report);
    check(report);
  });
});
