import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { request as rawRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { type HttpApi, type HttpApiOptions, startHttpApi } from "../../../src/interfaces/server/http-api.js";
import type { StanceJudge } from "../../../src/judge/stance.js";
import { createLogger } from "../../../src/log/logger.js";
import { defaultAnalysisThreads } from "../../../src/operations/analysis-pool.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { SIX_ENGINES, searxngReply, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { call, errorOf } from "../../helpers/http-call.js";
import { runCliWith } from "../../helpers/run-cli.js";
import { type ScriptedServer, startScriptedServer } from "../../helpers/scripted-server.js";

const BIN = fileURLToPath(new URL("../../../dist/bin.cjs", import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

const ENGINES = SIX_ENGINES;

// The keyless tier would reach public endpoints: it stays off, and state stays in a temporary folder.
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-http-"));
const configWith = (settings: Record<string, unknown> = {}): Config =>
  configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0, ...settings });

const servers: ScriptedServer[] = [];
const apis: HttpApi[] = [];
/** Work a test holds back, let go before its server closes, should the test fail half-way. */
const holds: (() => void)[] = [];
afterEach(async () => {
  for (const release of holds.splice(0)) release();
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function fakeSearxng(engines = ENGINES): Promise<ScriptedServer> {
  const server = await startFakeSearxng(engines);
  servers.push(server);
  return server;
}

async function api(options: Partial<HttpApiOptions> & { config: Config }): Promise<HttpApi> {
  const started = await startHttpApi(options);
  apis.push(started);
  return started;
}

/** An API in front of a healthy fake SearXNG. */
async function healthyApi(options: Partial<HttpApiOptions> = {}): Promise<HttpApi> {
  const searx = await fakeSearxng();
  return api({ config: configWith({ searxngUrl: searx.url }), ...options });
}

describe("HTTP API endpoints", () => {
  it("GET /healthz answers ok and the package version", async () => {
    const { url } = await api({ config: configWith() });
    const answer = await call(url, "/healthz");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json).toEqual({ ok: true, version: VERSION });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("POST /v1/corroborate returns a report that parses with the report schema", async () => {
    const { url } = await healthyApi();
    const answer = await call(url, "/v1/corroborate", {
      body: { question: "Is intermittent fasting safe?", read: 0, limit: 3 },
    });
    expect(answer.status).toBe(200);
    const report = reportSchema.parse(answer.json);
    expect(report.claim).toBe("Intermittent fasting is safe");
    expect(report.evidence.length).toBeGreaterThan(0);
    expect(report.calls.some((c) => c.status === "ok" && c.provider === "searxng")).toBe(true);
  });

  it("POST /v1/search returns the envelope other tools read", async () => {
    const searx = await fakeSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const answer = await call(url, "/v1/search", {
      body: { query: "intermittent fasting", categories: ["news"], timeRange: "week", limit: 2 },
    });
    expect(answer.status).toBe(200);
    const envelope = answer.json as { success: boolean; data: { web: Record<string, unknown>[] } };
    expect(envelope.success).toBe(true);
    expect(envelope.data.web).toHaveLength(2);
    expect(envelope.data.web[0]).toEqual({
      title: expect.any(String),
      url: expect.stringMatching(/^https:\/\//),
      description: expect.any(String),
      position: 1,
    });
    const asked = searx.requests.find((r) => r.path === "/search");
    expect(asked?.query).toMatchObject({ q: "intermittent fasting", categories: "news", time_range: "week" });
  });

  it("POST /v1/search answers 502 with the failure envelope when every stage failed", async () => {
    const searx = await startScriptedServer({ "GET /search": { status: 500, body: "down" } });
    servers.push(searx);
    const { url } = await api({ config: configWith({ searxngUrl: searx.url, order: ["searxng"] }) });
    const answer = await call(url, "/v1/search", { body: { query: "intermittent fasting" } });
    expect(answer.status).toBe(502);
    expect(answer.json).toEqual({ success: false, error: expect.stringMatching(/^core-search: /) });
  });

  it("POST /v1/assess judges and labels the evidence given", async () => {
    const { url } = await api({ config: configWith() });
    const answer = await call(url, "/v1/assess", {
      body: {
        claim: "Coffee causes cancer",
        evidence: [
          {
            url: "https://a.org/1",
            title: "Study finds coffee causes cancer",
            snippet: "Coffee causes cancer.",
          },
          { url: "https://b.org/2", text: "There is no evidence that coffee causes cancer." },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const result = answer.json as { claim: string; evidence: { url: string }[]; confidence: string };
    expect(result.claim).toBe("Coffee causes cancer");
    expect(result.evidence.map((e) => e.url)).toEqual(["https://a.org/1", "https://b.org/2"]);
    expect(["corroborated", "single-source", "contested", "low-coverage"]).toContain(result.confidence);
  });
});

describe("HTTP API errors", () => {
  it("answers a malformed JSON body with 400 and a JSON error, and keeps serving", async () => {
    const { url } = await healthyApi();
    const answer = await call(url, "/v1/corroborate", { body: '{"question": "Is it safe?"' });
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(errorOf(answer)).toEqual({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/not valid JSON/),
    });
    expect((await call(url, "/healthz")).status).toBe(200);
  });

  it("rejects a body that is not UTF-8", async () => {
    const { url } = await api({ config: configWith() });
    const res = await request(`${url}/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]),
    });
    expect(res.statusCode).toBe(400);
    expect(await res.body.json()).toMatchObject({ error: { code: "INVALID_INPUT" } });
  });

  it("answers an oversized body (2 MiB, declared length) with 413 and keeps serving", async () => {
    const { url } = await healthyApi();
    const huge = JSON.stringify({ question: "x".repeat(2 * 1024 * 1024) });
    const answer = await call(url, "/v1/corroborate", { body: huge });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(errorOf(answer)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: expect.stringMatching(/1048576 bytes/),
    });
    expect((await call(url, "/healthz")).status).toBe(200);
    const ok = await call(url, "/v1/corroborate", {
      body: { question: "Is intermittent fasting safe?", read: 0 },
    });
    expect(ok.status).toBe(200);
  });

  it("stops reading a chunked body once it passes the limit", async () => {
    const { url } = await api({ config: configWith(), maxBodyBytes: 1000 });
    const { port } = new URL(url);
    // No content-length: the server can only find out by counting, and must stop early.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = rawRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/v1/assess",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write(`{"claim":"${"y".repeat(600)}`);
      req.write("y".repeat(600));
      // The rest is never sent: the answer must come without it.
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    expect((await call(url, "/healthz")).status).toBe(200);
  });

  it.each([
    ["GET", "/v1/corroborate", "POST"],
    ["PUT", "/v1/search", "POST"],
    ["DELETE", "/v1/assess", "POST"],
    ["POST", "/healthz", "GET"],
  ] as const)("answers %s %s with 405 and Allow: %s", async (method, path, allow) => {
    const { url } = await api({ config: configWith() });
    const answer = await call(url, path, { method, ...(method === "GET" ? {} : { body: {} }) });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(allow);
    expect(errorOf(answer).code).toBe("METHOD_NOT_ALLOWED");
  });

  it.each([
    ["localhost", 200],
    ["[::1]", 200],
    ["127.0.0.1", 200],
    ["attacker.example", 403],
    ["127.0.0.1.nip.io", 403],
  ])("on loopback, answers Host %s with %i (DNS rebinding)", async (hostname, status) => {
    const { url } = await api({ config: configWith() });
    const res = await request(`${url}/healthz`, { headers: { host: `${hostname}:${new URL(url).port}` } });
    expect(res.statusCode).toBe(status);
    const body = (await res.body.json()) as { error?: { code: string } };
    if (status === 403) expect(body.error?.code).toBe("FORBIDDEN_HOST");
  });

  it("answers a request node:http cannot parse with a JSON 400", async () => {
    const { url } = await api({ config: configWith() });
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), "127.0.0.1");
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
      socket.write("NOT HTTP AT ALL\r\n\r\n");
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({
      error: { code: "INVALID_INPUT", message: "malformed HTTP request" },
    });
  });

  it("answers an unknown path with 404", async () => {
    const { url } = await api({ config: configWith() });
    // "/" is the page for people (page-routes.ts).
    for (const path of ["/v1/nope", "/v2/corroborate?x=1", "/r/x/y"]) {
      const answer = await call(url, path);
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe("NOT_FOUND");
    }
  });

  it.each([
    ["text/plain", 415],
    [null, 415],
    ["application/json; charset=latin1", 415],
    ["application/json; charset=utf-8", 200],
    ["Application/JSON", 200],
  ] as const)("content type %s → %i", async (contentType, status) => {
    const { url } = await api({ config: configWith() });
    const answer = await call(url, "/v1/assess", {
      body: { claim: "Coffee is safe", evidence: [] },
      contentType,
    });
    expect(answer.status).toBe(status);
    if (status === 415) expect(errorOf(answer).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it.each([
    ["/v1/corroborate", {}, "question is required"],
    ["/v1/corroborate", { question: 42 }, "question must be a string"],
    ["/v1/corroborate", { question: "Is it safe?", limit: 50 }, "limit must be an integer between 1 and 20"],
    [
      "/v1/corroborate",
      { question: "Is it safe?", deadlineMs: 10 },
      "deadlineMs must be an integer between 100",
    ],
    ["/v1/corroborate", { question: "Is it safe?", verbose: true }, 'unknown field "verbose"'],
    ["/v1/corroborate", ["Is it safe?"], "the body must be a JSON object"],
    ["/v1/corroborate", { question: "   " }, "The question is empty"],
    [
      "/v1/search",
      { query: "x", categories: ["videos"] },
      'Unknown category "videos" (known: general, news, science, it)',
    ],
    [
      "/v1/search",
      { query: "x", timeRange: "decade" },
      'Unknown time range "decade" (known: day, week, month, year)',
    ],
    ["/v1/assess", { claim: "Coffee is safe" }, "evidence is required"],
    ["/v1/assess", { claim: "Coffee is safe", evidence: [{ title: "t" }] }, "evidence item 1 needs a url"],
  ])("POST %s %j → 400 naming the problem", async (path, body, message) => {
    const searx = await fakeSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const answer = await call(url, path, { body });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe("INVALID_INPUT");
    expect(errorOf(answer).message).toContain(message);
    // Bad input never reaches the network.
    expect(searx.requests).toHaveLength(0);
  });

  it("answers 503 NOTHING_CONFIGURED with the setting to set when no stage can answer", async () => {
    const started = await api({ config: configWith() });
    expect(started.warnings.join("\n")).toMatch(/no search stage is configured/);
    for (const [path, body] of [
      ["/v1/corroborate", { question: "Is intermittent fasting safe?", read: 0 }],
      ["/v1/search", { query: "intermittent fasting" }],
    ] as const) {
      const answer = await call(started.url, path, { body });
      expect(answer.status).toBe(503);
      expect(errorOf(answer).code).toBe("NOTHING_CONFIGURED");
      expect(errorOf(answer).message).toMatch(/SEARXNG_URL/);
    }
    // What needs no search still works.
    expect((await call(started.url, "/healthz")).status).toBe(200);
  });

  it("never shows an API key, even when a service echoes it back", async () => {
    const CANARY = "canary-key-3f9c2a7d1e";
    // A vendor that puts whatever credentials it got into its error replies.
    const vendor = await startScriptedServer();
    servers.push(vendor);
    const echo = (req: { headers: Record<string, unknown>; body: string }) => ({
      status: 401,
      body: { error: `invalid key ${JSON.stringify(req.headers)} ${req.body}` },
    });
    vendor.route("GET", "/res/v1/web/search", echo);
    vendor.route("POST", "/search", echo);
    const searx = await startScriptedServer({
      "GET /config": { status: 500, body: CANARY },
      "GET /search": { status: 500, body: CANARY },
    });
    servers.push(searx);
    const config = configWith({
      searxngUrl: searx.url,
      order: ["searxng", "brave", "exa"],
      keys: { brave: CANARY, exa: CANARY },
      baseUrls: { brave: vendor.url, exa: vendor.url },
    });
    const { url } = await api({ config });
    const answers = [
      await call(url, "/healthz"),
      await call(url, "/v1/corroborate", { body: { question: "Is intermittent fasting safe?", read: 0 } }),
      await call(url, "/v1/search", { body: { query: "intermittent fasting" } }),
      await call(url, "/v1/corroborate", { body: { question: 1 } }),
      await call(url, "/v1/nope"),
    ];
    // The key did reach the vendor, so a leak would have had something to leak.
    expect(vendor.requests.length).toBeGreaterThan(0);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 502, 400, 404]);
    for (const answer of answers) {
      expect(answer.text).not.toContain(CANARY);
      expect(JSON.stringify(answer.headers)).not.toContain(CANARY);
    }
  });
});

describe("HTTP API limits and lifecycle", () => {
  /**
   * An API whose assessments are judged by a judge that holds every call until `release()`, with
   * room for one running and one waiting, and already that far: "Coffee is safe" runs (`first`),
   * "Tea is safe" waits (`second`, sent with `signal`). `logged(msg)` counts the server's log lines.
   */
  async function oneRunningOneWaiting(signal?: AbortSignal, shutdownGraceMs?: number) {
    const lines: { msg?: string }[] = [];
    const logger = createLogger({
      level: "debug",
      destination: { write: (line: string) => lines.push(JSON.parse(line) as { msg?: string }) },
    });
    const logged = (msg: string) => lines.filter((line) => line.msg === msg).length;
    let judged = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    holds.push(release);
    const held: StanceJudge = {
      name: "held",
      judge: async (_claim, items) => {
        judged++;
        await released;
        return items.map(() => ({ stance: "neutral" as const, score: 0.5 }));
      },
    };
    const searx = await fakeSearxng();
    const started = await api({
      config: configWith({ searxngUrl: searx.url }),
      logger,
      judge: held,
      concurrency: { assess: 1 },
      queue: { assess: 1 },
      shutdownGraceMs,
    });
    const assess = (claim: string, caller?: AbortSignal) =>
      request(`${started.url}/v1/assess`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ claim, evidence: [{ url: "https://a.org/1", snippet: `${claim}.` }] }),
        signal: caller,
      }).then(async (res) => ({ status: res.statusCode, json: (await res.body.json()) as unknown }));
    const first = assess("Coffee is safe");
    await vi.waitFor(() => expect(judged).toBe(1));
    const second = assess("Tea is safe", signal);
    await vi.waitFor(() => expect(logged("request waits for a slot")).toBe(1));
    return { api: started, assess, first, second, release, judged: () => judged, logged };
  }

  it("lets a request beyond the cap wait in line, then answers it", async () => {
    const held = await oneRunningOneWaiting();
    expect(held.judged()).toBe(1);
    held.release();
    expect((await held.first).status).toBe(200);
    expect((await held.second).status).toBe(200);
    expect(held.judged()).toBe(2);
  });

  it("answers 503 BUSY with Retry-After when the line is full; other kinds keep their own", async () => {
    const held = await oneRunningOneWaiting();
    const third = await call(held.api.url, "/v1/assess", {
      body: { claim: "Milk is safe", evidence: [{ url: "https://a.org/1", snippet: "Milk is safe." }] },
    });
    expect(third.status).toBe(503);
    expect(errorOf(third).code).toBe("BUSY");
    expect(third.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await call(held.api.url, "/healthz")).status).toBe(200);
    expect((await call(held.api.url, "/v1/search", { body: { query: "x" } })).status).toBe(200);
    held.release();
    expect([(await held.first).status, (await held.second).status]).toEqual([200, 200]);
    expect(held.judged()).toBe(2);
  });

  it("drops a waiting request whose caller hangs up: it leaves the line and never runs", async () => {
    const caller = new AbortController();
    const held = await oneRunningOneWaiting(caller.signal);
    caller.abort();
    await held.second.catch(() => {});
    // The server has finished with it (every request is logged once it is done) ...
    await vi.waitFor(() => expect(held.logged("request")).toBe(1));
    // ... and its place is free for the next one.
    const third = held.assess("Milk is safe");
    await vi.waitFor(() => expect(held.logged("request waits for a slot")).toBe(2));
    held.release();
    expect([(await held.first).status, (await third).status]).toEqual([200, 200]);
    expect(held.judged()).toBe(2);
  });

  it("answers a request still waiting when the server shuts down with 503 SHUTTING_DOWN", async () => {
    const held = await oneRunningOneWaiting(undefined, 50);
    const closed = held.api.close();
    const second = await held.second;
    expect(second.status).toBe(503);
    expect((second.json as { error: { code: string } }).error.code).toBe("SHUTTING_DOWN");
    held.release();
    await closed;
    expect(held.judged()).toBe(1);
  });

  it("lets 20 corroborations at once through with the default limits", async () => {
    const { url } = await healthyApi();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(url, "/v1/corroborate", {
          body: { question: `Is intermittent fasting safe for group ${i}?`, read: 0 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
  });

  it("close() lets a request finish within the grace period, then stops it with 503", async () => {
    const searx = await startScriptedServer({ "GET /config": { hang: true } });
    servers.push(searx);
    const started = await startHttpApi({
      config: configWith({ searxngUrl: searx.url, order: ["searxng"] }),
      shutdownGraceMs: 50,
    });
    const pending = call(started.url, "/v1/corroborate", {
      body: { question: "Is intermittent fasting safe?", read: 0 },
    });
    await vi.waitFor(() => expect(searx.requests.some((r) => r.path === "/config")).toBe(true));
    await started.close();
    const answer = await pending;
    expect(answer.status).toBe(503);
    expect(errorOf(answer).code).toBe("SHUTTING_DOWN");
    await expect(call(started.url, "/healthz")).rejects.toThrow();
  });

  it("close() does not wait for a body that never finishes arriving", async () => {
    const started = await startHttpApi({ config: configWith(), shutdownGraceMs: 0 });
    const socket = connect(Number(new URL(started.url).port), "127.0.0.1");
    socket.on("error", () => {});
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      "POST /v1/assess HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{",
    );
    // One answered request later, the server is reading the first one's body.
    expect((await call(started.url, "/healthz")).status).toBe(200);
    await started.close();
    await ended;
  });

  it("answers an unexpected failure with a bare 500 and logs the details to the logger only", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "error",
      destination: { write: (line: string) => lines.push(line) },
    });
    // A judge's bad answers are replaced by the built-in judge's; a judge that cannot even be named
    // is a fault of the program that gave it.
    const broken = {
      get name(): string {
        throw new TypeError("no name");
      },
      judge: async () => [],
    } as StanceJudge;
    const { url } = await api({ config: configWith(), logger, judge: broken });
    const answer = await call(url, "/v1/assess", {
      body: { claim: "Coffee is safe", evidence: [{ url: "https://a.org/1", snippet: "Coffee is safe." }] },
    });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({
      error: { code: "INTERNAL", message: "internal error; the server's log has the details" },
    });
    expect(lines.join("")).toMatch(/request failed.*TypeError|TypeError.*request failed/s);
    expect((await call(url, "/healthz")).status).toBe(200);
  });

  it("warns that a non-loopback address has no authentication", async () => {
    const started = await api({ config: configWith({ searxngUrl: "http://127.0.0.1:9" }), host: "0.0.0.0" });
    expect(started.warnings).toEqual([expect.stringMatching(/no authentication/)]);
    const loopback = await api({ config: configWith({ searxngUrl: "http://127.0.0.1:9" }) });
    expect(loopback.warnings).toEqual([]);
  });

  it("reports a port it cannot bind as an input error", async () => {
    const first = await api({ config: configWith() });
    const port = Number(new URL(first.url).port);
    await expect(startHttpApi({ config: configWith(), port })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringMatching(/cannot listen on 127\.0\.0\.1:\d+ \(EADDRINUSE\)/),
    });
  });
});

describe("core-search serve (in-process)", () => {
  it.each([
    [["serve", "--port", "70000"], /--port must be 0-65535/],
    [["serve", "--port", "abc"], /--port must be a whole number/],
  ])("%j exits 2 naming the problem", async (argv, message) => {
    const { code, stderr } = await runCliWith(argv, {
      SEARXNG_URL: "http://127.0.0.1:9",
      CORE_SEARCH_KEYLESS: "off",
      CORE_SEARCH_STATE_DIR: STATE_DIR,
      CORE_SEARCH_CACHE_TTL: "0",
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it("lists the command in --help", async () => {
    const { stdout } = await runCliWith(["--help"], {});
    expect(stdout).toMatch(/core-search serve \[--port N\] \[--host H\]/);
  });
});

describe("core-search serve (the built binary)", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  });

  /** `core-search serve ...args` against `searx`; its output is collected as it comes. */
  async function spawnServe(args: string[] = ["--port", "0"], searx?: ScriptedServer) {
    expect(existsSync(BIN), "run `npm run build` first").toBe(true);
    searx ??= await fakeSearxng();
    const proc = spawn(process.execPath, [BIN, "serve", ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SEARXNG_URL: searx.url,
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: STATE_DIR,
        CORE_SEARCH_CACHE_TTL: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(proc);
    const output = { stdout: "", stderr: "" };
    proc.stdout?.on("data", (chunk: Buffer) => (output.stdout += chunk.toString()));
    proc.stderr?.on("data", (chunk: Buffer) => (output.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
    return { proc, output, exited };
  }

  /** Resolves with the address the server prints once it listens. */
  function servingUrl({ proc, output }: Awaited<ReturnType<typeof spawnServe>>): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const look = () => {
        const match = /core-search: serving on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(output.stderr);
        if (match?.[1] && match[2] !== "0") resolve(match[1]);
      };
      proc.stderr?.on("data", look);
      look();
      proc.once("exit", (code) => reject(new Error(`exited early with ${code}: ${output.stderr}`)));
    });
  }

  it("serves until SIGTERM, then exits 0", async () => {
    const served = await spawnServe();
    const url = await servingUrl(served);
    const health = await call(url, "/healthz");
    expect(health.json).toEqual({ ok: true, version: VERSION });
    const answer = await call(url, "/v1/corroborate", {
      body: { question: "Is intermittent fasting safe?", read: 0 },
    });
    expect(answer.status).toBe(200);
    expect(reportSchema.safeParse(answer.json).success).toBe(true);
    served.proc.kill("SIGTERM");
    expect(await served.exited).toBe(0);
    expect(served.output.stdout).toBe("");
    expect(served.output.stderr).toMatch(/SIGTERM received, closing/);
    // The bundled command finds the worker module of the build, as the library does.
    const threads = defaultAnalysisThreads();
    expect(served.output.stderr).toContain(
      threads > 0 ? `analysing answers in ${threads} worker threads` : "analysing answers on the main thread",
    );
  });

  it("stops on SIGINT as on SIGTERM, letting a running question finish", async () => {
    const searx = await fakeSearxng();
    searx.route("GET", "/search", (req) => ({ ...searxngReply(ENGINES, req), delayMs: 500 }));
    const served = await spawnServe(["--port", "0"], searx);
    const url = await servingUrl(served);
    const answer = call(url, "/v1/corroborate", {
      body: { question: "Is intermittent fasting safe?", read: 0 },
    });
    // The server is told to stop while its searches are out.
    await vi.waitFor(() => expect(searx.requests.some((r) => r.path === "/search")).toBe(true));
    served.proc.kill("SIGINT");
    expect((await answer).status).toBe(200);
    expect(await served.exited).toBe(0);
    expect(served.output.stderr).toMatch(/SIGINT received, closing/);
  });

  it("exits 2 naming the address when the port is taken, and prints its help on stdout", async () => {
    const first = await spawnServe();
    const port = new URL(await servingUrl(first)).port;
    const second = await spawnServe(["--port", port]);
    expect(await second.exited).toBe(2);
    expect(second.output.stderr).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const help = await spawnServe(["--help"]);
    expect(await help.exited).toBe(0);
    expect(help.output.stdout).toMatch(/^Usage: core-search serve \[--port N\] \[--host H\]/);
  });
});
