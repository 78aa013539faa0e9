/**
 * MCP over Streamable HTTP at /mcp of the HTTP API, spoken to by the SDK's own client over a real
 * socket on 127.0.0.1: the same tools as the stdio server, sessions, and the HTTP API's Host guard,
 * token, body limit and running caps.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  type CreateMessageRequest,
  CreateMessageRequestSchema,
  type CreateMessageResult,
} from "@modelcontextprotocol/sdk/types.js";
import { request } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { createMcpServer } from "../../../src/interfaces/mcp/mcp-server.js";
import { type HttpApi, type HttpApiOptions, startHttpApi } from "../../../src/interfaces/server/http-api.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, searxngReply, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { initializeRequest } from "../../helpers/mcp-messages.js";
import { BIN } from "../../helpers/run-bin.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby"].map((name, i) => ({
  name,
  categories: ["general", "news", "science"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-mcp-http-"));
const TOKEN = "a-token-of-32-characters-0123456";

const servers: ScriptedServer[] = [];
const apis: HttpApi[] = [];
const clients: Client[] = [];
const holds: (() => void)[] = [];
afterEach(async () => {
  for (const release of holds.splice(0)) release();
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const configWith = (settings: Partial<Config> = {}): Config =>
  configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0, ...settings });

async function apiInFrontOf(searx: ScriptedServer, options: Partial<HttpApiOptions> = {}): Promise<HttpApi> {
  servers.push(searx);
  const api = await startHttpApi({
    config: configWith({ searxngUrl: searx.url }),
    analysisThreads: 0,
    ...options,
  });
  apis.push(api);
  return api;
}

const healthyApi = async (options: Partial<HttpApiOptions> = {}) =>
  apiInFrontOf(await startFakeSearxng(ENGINES), options);

/** The SDK's client, connected over Streamable HTTP; `sampler` makes it offer sampling. */
async function connect(
  url: string,
  headers: Record<string, string> = {},
  sampler?: (request: CreateMessageRequest) => CreateMessageResult,
): Promise<Client> {
  const client = new Client(
    { name: "test", version: "0.0.0" },
    { capabilities: sampler === undefined ? {} : { sampling: {} } },
  );
  if (sampler !== undefined)
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => sampler(request));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  clients.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");

const INITIALIZE = initializeRequest(1);

/** One raw POST to /mcp, as curl would send it. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(`${url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

describe("MCP at /mcp", () => {
  it("answers a plain POST of initialize with the server's name and a session id", async () => {
    const { url } = await healthyApi();
    const answer = await post(url, INITIALIZE);
    expect(answer.status).toBe(200);
    expect(answer.headers["mcp-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // The answer comes as one server-sent event.
    const data = /^data: (.+)$/m.exec(answer.text)?.[1];
    expect(JSON.parse(data ?? "null")).toMatchObject({
      id: 1,
      result: { serverInfo: { name: "core-search" }, capabilities: { tools: {} } },
    });
  });

  it("serves the same tools as the stdio server", async () => {
    const { url } = await healthyApi();
    const client = await connect(url);
    const stdio = createMcpServer({ config: configWith() });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const local = new Client({ name: "local", version: "0.0.0" });
    await Promise.all([stdio.connect(serverSide), local.connect(clientSide)]);
    clients.push(local);
    const names = (list: Awaited<ReturnType<Client["listTools"]>>) => list.tools.map((t) => t.name).sort();
    expect(names(await client.listTools())).toEqual(names(await local.listTools()));
    expect(names(await client.listTools())).toEqual(["assess", "corroborate", "read_page", "web_search"]);
  });

  it("runs corroborate and web_search against the configured services", async () => {
    const { url } = await healthyApi();
    const client = await connect(url);
    const report = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is intermittent fasting safe?", limit: 3, read: 0 },
    });
    expect(report.isError).toBeFalsy();
    expect(reportSchema.safeParse(report.structuredContent).success).toBe(true);
    const found = await client.callTool({ name: "web_search", arguments: { query: "intermittent fasting" } });
    expect(found.isError).toBeFalsy();
    expect((found.structuredContent as { provider: string }).provider).toBe("searxng");
    expect(textOf(found)).toMatch(/site\d\.org/);
  });

  it("lets a client's own model judge the stances (sampling), over its session", async () => {
    const { url } = await healthyApi();
    const asked: CreateMessageRequest[] = [];
    const client = await connect(url, {}, (request) => {
      asked.push(request);
      const judgements = [
        { id: 1, stance: "contradict", confidence: 0.9 },
        { id: 2, stance: "support", confidence: 0.8 },
      ];
      return {
        model: "client-model",
        role: "assistant",
        content: { type: "text", text: JSON.stringify({ judgements }) },
      };
    });
    const result = await client.callTool({
      name: "assess",
      arguments: {
        claim: "Cracking knuckles causes arthritis",
        judge: "sampling",
        evidence: [
          { url: "https://a.example/1", title: "No link between knuckle cracking and arthritis" },
          { url: "https://b.example/2", title: "Knuckle cracking damages joints, study says" },
        ],
      },
    });
    expect(result.isError).toBeFalsy();
    expect(asked).toHaveLength(1);
    const evidence = (result.structuredContent as { evidence: { stance: string; judge: string }[] }).evidence;
    expect(evidence.map((e) => [e.stance, e.judge])).toEqual([
      ["contradict", "sampling"],
      ["support", "sampling"],
    ]);
  });

  it("keeps sessions apart and forgets one the client ends", async () => {
    const { url } = await healthyApi();
    const first = await connect(url);
    const second = await connect(url);
    const idOf = (client: Client) => (client.transport as StreamableHTTPClientTransport).sessionId;
    expect(idOf(first)).toBeDefined();
    expect(idOf(first)).not.toBe(idOf(second));
    const ended = idOf(first) ?? "";
    await (first.transport as StreamableHTTPClientTransport).terminateSession();
    const answer = await post(
      url,
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { "mcp-session-id": ended },
    );
    expect(answer.status).toBe(404);
    expect((await second.listTools()).tools.length).toBe(4);
  });

  it.each([
    ["a request without a session that is not initialize", {}, 400],
    ["an unknown session", { "mcp-session-id": "00000000-0000-0000-0000-000000000000" }, 404],
    ["a session id that names the prototype", { "mcp-session-id": "__proto__" }, 404],
  ])("answers %s with %i", async (_, headers, status) => {
    const { url } = await healthyApi();
    const answer = await post(url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, headers);
    expect(answer.status).toBe(status);
  });

  it("refuses a new session past the cap with 503 BUSY, and takes one again once a session ends", async () => {
    const { url } = await healthyApi({ maxMcpSessions: 1 });
    const first = await connect(url);
    const refused = await post(url, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "BUSY" } });
    await (first.transport as StreamableHTTPClientTransport).terminateSession();
    expect((await post(url, INITIALIZE)).status).toBe(200);
  });

  it("closes a session left idle past its time; its client is told to initialize again", async () => {
    const { url } = await healthyApi({ mcpSessionIdleMs: 50 });
    const opened = await post(url, INITIALIZE);
    const id = String(opened.headers["mcp-session-id"]);
    await vi.waitFor(
      async () => {
        const answer = await post(
          url,
          { jsonrpc: "2.0", id: 2, method: "tools/list" },
          { "mcp-session-id": id },
        );
        expect(answer.status).toBe(404);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it("answers a tool call beyond the running cap and its line as busy, and runs it once there is room", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    holds.push(release);
    let searches = 0;
    const searx = await startFakeSearxng(ENGINES);
    searx.route("GET", "/search", async (req) => {
      searches++;
      await released;
      return searxngReply(ENGINES, req);
    });
    const { url } = await apiInFrontOf(searx, { concurrency: { search: 1 }, queue: { search: 0 } });
    const client = await connect(url);
    const held = client.callTool({ name: "web_search", arguments: { query: "first" } });
    await vi.waitFor(() => expect(searches).toBe(1));
    const busy = await client.callTool({ name: "web_search", arguments: { query: "second" } });
    expect(busy.isError).toBe(true);
    expect(textOf(busy)).toMatch(/^core-search is busy: 1 requests of this kind are running/);
    release();
    expect((await held).isError).toBeFalsy();
    expect(
      (await client.callTool({ name: "web_search", arguments: { query: "third" } })).isError,
    ).toBeFalsy();
  });

  it("shuts down without waiting out the grace period for a client's open notification stream", async () => {
    const api = await healthyApi({ shutdownGraceMs: 60_000 });
    const client = await connect(api.url);
    await client.listTools();
    // The test's timeout is far below the grace period: only a prompt close passes.
    await api.close();
  });
});

describe("/mcp is guarded like the rest of the API", () => {
  it("refuses another Host on loopback (DNS rebinding)", async () => {
    const { url } = await healthyApi();
    const answer = await post(url, INITIALIZE, { host: "attacker.example" });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "FORBIDDEN_HOST" } });
  });

  it("refuses a body over the limit with 413", async () => {
    const { url } = await healthyApi({ maxBodyBytes: 4096 });
    const answer = await post(url, { ...INITIALIZE, padding: "x".repeat(8192) });
    expect(answer.status).toBe(413);
  });

  it("asks for the token when there is one, and serves the client that sends it", async () => {
    const { url } = await healthyApi({ token: TOKEN });
    expect((await post(url, INITIALIZE)).status).toBe(401);
    expect((await post(url, INITIALIZE, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    await expect(connect(url)).rejects.toThrow();
    const client = await connect(url, { authorization: `Bearer ${TOKEN}` });
    expect((await client.listTools()).tools.length).toBe(4);
  });
});

describe("core-search serve (the built binary)", () => {
  it("answers an MCP initialize at POST /mcp, and serves a client's tool calls", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const child = spawn(process.execPath, [BIN, "serve", "--port", "0"], {
      env: {
        PATH: process.env.PATH ?? "",
        SEARXNG_URL: searx.url,
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: STATE_DIR,
        CORE_SEARCH_CACHE_TTL: "0",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = "";
        child.stderr?.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /serving on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stderr);
          if (match?.[1]) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
      });
      const answer = await post(url, INITIALIZE);
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/"serverInfo":\{"name":"core-search"/);
      const client = await connect(url);
      const found = await client.callTool({
        name: "web_search",
        arguments: { query: "intermittent fasting" },
      });
      expect(found.isError).toBeFalsy();
      await client.close();
      clients.splice(clients.indexOf(client), 1);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
