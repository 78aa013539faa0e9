/**
 * Secrets: a canary in every provider key, in the credentials of SEARXNG_URL, DEGOOG_URL and the
 * proxy settings, and in the LLM judge's key. Every stage that fails quotes back everything it was
 * sent (headers, body, query) in every error field a vendor might use; one stage succeeds. The
 * canary must never appear in any report, envelope, markdown, doctor output, CLI output (in-process
 * and a spawned `node dist/bin.cjs` at LOG_LEVEL=debug), MCP result, HTTP answer, log line, error
 * message, or file in the state directory.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../src/config/config.js";
import { ConfigError } from "../../src/errors.js";
import { runCli } from "../../src/interfaces/cli/run-cli.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { startHttpApi } from "../../src/interfaces/server/http-api.js";
import { createLogger, type Logger } from "../../src/log/logger.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { diagnose, renderDiagnosis } from "../../src/operations/doctor.js";
import { search, toEnvelope } from "../../src/operations/search.js";
import { renderMarkdown } from "../../src/report/render-markdown.js";
import {
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startScriptedServer,
} from "../helpers/scripted-server.js";

const BIN = fileURLToPath(new URL("../../dist/bin.cjs", import.meta.url));

/** One canary per setting, so a leak names its source. */
const CANARY = {
  exa: "sk-canary-exa-4f1d9a",
  parallel: "sk-canary-parallel-8c2e71",
  brave: "sk-canary-brave-0b7f3c",
  nimble: "sk-canary-nimble-5e9a26",
  tavily: "tvly-canary-tavily-d3c814",
  youcom: "sk-canary-youcom-71aa0e",
  firecrawl: "fc-canary-firecrawl-2b6d5f",
  llm: "sk-canary-llm-9e4c07",
  searxng: "canary-searx-pass-6a1f",
  degoog: "canary-degoog-pass-3c8e",
  proxy: "canary-proxy-pass-7d2b",
} as const;

/** Every form a canary could leak in: as is, URL-encoded, and inside a Basic header. */
const LEAK_FORMS = [
  ...Object.values(CANARY),
  Buffer.from(`searx-user:${CANARY.searxng}`).toString("base64"),
  Buffer.from(`degoog-user:${CANARY.degoog}`).toString("base64"),
  Buffer.from(`proxy-user:${CANARY.proxy}`).toString("base64"),
];

function expectNoSecret(text: string, where: string): void {
  expect(text.length, `${where} is empty: nothing was checked`).toBeGreaterThan(0);
  for (const form of LEAK_FORMS) expect(text, `${where} leaks ${form}`).not.toContain(form);
  expect(text, `${where} leaks a canary`).not.toMatch(/canary/i);
}

/** Whatever the client sent that might be a credential, with its scheme word taken off. */
function credentialsOf(req: RecordedRequest): string[] {
  return [req.headers.authorization, req.headers["x-api-key"], req.headers["x-subscription-token"]]
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.replace(/^(Bearer|Basic)\s+/i, ""));
}

/**
 * A refusal that quotes back everything: the key in each error field vendors use (tag, code,
 * errors[].code, detail, message, error.message), and the whole request in a request id.
 */
function echo(status: number) {
  return (req: RecordedRequest): ScriptedReply => {
    const key = credentialsOf(req)[0] ?? "none";
    return {
      status,
      headers: { "x-echo-key": key, ...(status === 429 ? { "retry-after": "120" } : {}) },
      body: {
        tag: key,
        code: key,
        detail: `Invalid API key ${key}`,
        message: `Invalid API key ${key}`,
        error: { code: key, message: `Invalid API key ${key}`, type: key },
        errors: [{ code: key, detail: key }],
        success: false,
        requestId: JSON.stringify({ headers: req.headers, query: req.query, body: req.body }),
      },
    };
  };
}

const PAGES = ["alpha", "bravo", "charlie", "delta"].map((name, i) => ({
  url: `https://${name}.example.org/coffee-study-${i}`,
  title: `${name} study on coffee and health`,
  snippet: `Coffee is safe for most adults, the ${name} study finds.`,
}));

let mode: "fail" | "degoog-ok" = "fail";
let server: ScriptedServer;
let stateDir: string;
let env: Record<string, string>;
const logLines: string[] = [];
let logger: Logger;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "core-search-secrets-"));
  server = await startScriptedServer();
  const fail = (status: number) => (req: RecordedRequest) => echo(status)(req);
  const routes: [string, string, (req: RecordedRequest) => ScriptedReply][] = [
    ["GET", "/searx/config", fail(500)],
    ["GET", "/searx/search", fail(429)],
    ["POST", "/exa/search", fail(429)],
    ["POST", "/parallel/v1/search", fail(402)],
    ["GET", "/brave/res/v1/web/search", fail(429)],
    ["GET", "/brave/res/v1/news/search", fail(429)],
    ["POST", "/nimble/v2/search", fail(401)],
    ["POST", "/tavily/search", fail(432)],
    ["GET", "/youcom/v1/search", fail(403)],
    ["POST", "/firecrawl/v2/search", fail(500)],
    [
      "GET",
      "/degoog/api/search",
      (req) =>
        mode === "degoog-ok"
          ? { body: { results: PAGES.map((p) => ({ ...p, source: "bing-engine" })), engineTimings: [] } }
          : echo(503)(req),
    ],
  ];
  for (const [method, path, script] of routes) server.route(method, path, script);
  // The LLM judge: first a refusal quoting the key, then an "answer" that is the key again.
  server.route("POST", "/llm/chat/completions", [
    { status: 401, body: { error: { message: `Incorrect API key provided: ${CANARY.llm}` } } },
    {
      body: {
        choices: [{ message: { content: `I cannot do that with key ${CANARY.llm}` } }],
      },
    },
  ]);
  const url = new URL(server.url);
  const withCredentials = (user: string, password: string, path: string) =>
    `http://${user}:${password}@${url.host}${path}`;
  env = {
    SEARXNG_URL: withCredentials("searx-user", CANARY.searxng, "/searx"),
    DEGOOG_URL: withCredentials("degoog-user", CANARY.degoog, "/degoog"),
    EXA_API_KEY: CANARY.exa,
    PARALLEL_API_KEY: CANARY.parallel,
    BRAVE_SEARCH_API_KEY: CANARY.brave,
    NIMBLE_API_KEY: CANARY.nimble,
    TAVILY_API_KEY: CANARY.tavily,
    YDC_API_KEY: CANARY.youcom,
    FIRECRAWL_API_KEY: CANARY.firecrawl,
    EXA_BASE_URL: `${server.url}/exa`,
    PARALLEL_BASE_URL: `${server.url}/parallel`,
    BRAVE_SEARCH_BASE_URL: `${server.url}/brave`,
    NIMBLE_BASE_URL: `${server.url}/nimble`,
    TAVILY_BASE_URL: `${server.url}/tavily`,
    YDC_BASE_URL: `${server.url}/youcom`,
    FIRECRAWL_API_URL: `${server.url}/firecrawl`,
    CORE_SEARCH_LLM_URL: `${server.url}/llm`,
    CORE_SEARCH_LLM_MODEL: "judge-model",
    CORE_SEARCH_LLM_API_KEY: CANARY.llm,
    // Set, but never used for the local servers (NO_PROXY): its password must not show either.
    HTTP_PROXY: withCredentials("proxy-user", CANARY.proxy, ""),
    HTTPS_PROXY: withCredentials("proxy-user", CANARY.proxy, ""),
    NO_PROXY: "127.0.0.1,localhost",
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: stateDir,
    CORE_SEARCH_CACHE_TTL: "0",
    CORE_SEARCH_DEADLINE_MS: "10000",
    LOG_LEVEL: "debug",
  };
  logger = createLogger({ level: "trace", destination: { write: (line) => void logLines.push(line) } });
});

afterAll(async () => {
  await server.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const config = (): Config => loadConfig(env);

describe("a canary in every secret setting", () => {
  it("is sent where it belongs, so a leak would have had something to leak", async () => {
    mode = "fail";
    await search("coffee health", { config: config(), logger });
    const sent = server.requests.flatMap(credentialsOf).join(" ");
    for (const name of ["exa", "parallel", "brave", "nimble", "tavily", "youcom", "firecrawl"] as const) {
      expect(sent).toContain(CANARY[name]);
    }
    expect(sent).toContain(Buffer.from(`searx-user:${CANARY.searxng}`).toString("base64"));
    expect(sent).toContain(Buffer.from(`degoog-user:${CANARY.degoog}`).toString("base64"));
  });

  it("never shows in library reports, envelopes, markdown or log lines, failing or not", async () => {
    const outputs: string[] = [];
    mode = "fail";
    const failed = await corroborate("Is coffee safe?", { read: 0, config: config(), logger });
    expect(failed.calls.filter((c) => c.status === "failed").length).toBeGreaterThan(0);
    const failedSearch = await search("is coffee safe", { config: config(), logger, categories: ["news"] });
    expect(failedSearch.status).toBe("failed");
    outputs.push(JSON.stringify(failed), renderMarkdown(failed), JSON.stringify(failedSearch));
    outputs.push(JSON.stringify(toEnvelope(failedSearch)));

    mode = "degoog-ok";
    const served = await corroborate("Is coffee safe?", { read: 0, config: config(), logger });
    expect(served.evidence.length).toBeGreaterThan(0);
    // The LLM judge was asked and refused: its note is there, the key is not.
    expect(server.requests.some((r) => r.path === "/llm/chat/completions")).toBe(true);
    expect(served.notes.join("\n")).toMatch(/LLM judge/);
    const servedSearch = await search("coffee safety", { config: config(), logger });
    expect(servedSearch.provider).toBe("degoog");
    outputs.push(JSON.stringify(served), renderMarkdown(served), JSON.stringify(toEnvelope(servedSearch)));

    expectNoSecret(outputs.join("\n"), "library output");
    expect(logLines.length).toBeGreaterThan(0);
    expectNoSecret(logLines.join(""), "log lines");
  });

  it("never shows in doctor's diagnosis, even for stages paused with an echoing answer", async () => {
    const diagnosis = await diagnose(config());
    // The echoing 429 and 402 answers left pauses behind; their details are shown.
    expect(diagnosis.stages.some((s) => s.state === "paused")).toBe(true);
    expectNoSecret(JSON.stringify(diagnosis), "doctor --json");
    expectNoSecret(renderDiagnosis(diagnosis), "doctor");
  });

  it("never shows in the CLI's stdout or stderr (in-process, with progress and --explain)", async () => {
    for (const next of ["fail", "degoog-ok"] as const) {
      mode = next;
      for (const argv of [
        ["Is coffee safe?", "--read", "0"],
        ["Is coffee safe?", "--json", "--explain", "--read", "0"],
        ["search", "coffee safety", "--explain"],
        ["search", "coffee safety", "--json"],
        ["doctor"],
        ["doctor", "--json"],
        ["plan", "Is coffee safe?", "--json"],
      ]) {
        let stdout = "";
        let stderr = "";
        const code = await runCli(argv, {
          stdout: (t) => (stdout += t),
          stderr: (t) => (stderr += t),
          // In-process, the logger writes to this process's fd 2; the spawned run below checks the logs.
          env: { ...env, LOG_LEVEL: "silent" },
          isTTY: { stdout: false, stderr: true },
        } as Parameters<typeof runCli>[1]);
        expect([0, 3], `${argv.join(" ")}: ${stderr}`).toContain(code);
        expectNoSecret(`${stdout}\n${stderr}`, `core-search ${argv.join(" ")} (${next})`);
      }
    }
  });

  it("never shows in a spawned core-search at LOG_LEVEL=debug", async () => {
    expect(existsSync(BIN), "dist/bin.cjs is missing: run npm run build").toBe(true);
    mode = "degoog-ok";
    const run = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [BIN, ...args], {
          env: { PATH: process.env.PATH ?? "", HOME: stateDir, ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, output }));
      });
    const [full, lookup] = await Promise.all([
      run(["Is coffee safe?", "--json", "--deadline-ms", "8000", "--read", "0"]),
      run(["search", "coffee safety", "--json"]),
    ]);
    expect(full.code, full.output.slice(-2000)).toBe(0);
    expect(lookup.code, lookup.output.slice(-2000)).toBe(0);
    // Debug logging really was on: the chain's attempts are in the output.
    expect(full.output).toMatch(/"level":\s*(20|30|40)/);
    expectNoSecret(full.output, "spawned core-search");
    expectNoSecret(lookup.output, "spawned core-search search");
  }, 30_000);

  it("never shows in MCP tool results, failing or not", async () => {
    const mcp = createMcpServer({ config: config(), logger });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "secrets", version: "0.0.0" });
    await Promise.all([mcp.connect(serverSide), client.connect(clientSide)]);
    try {
      const results: unknown[] = [];
      for (const next of ["fail", "degoog-ok"] as const) {
        mode = next;
        results.push(
          await client.callTool({ name: "corroborate", arguments: { question: "Is coffee safe?", read: 0 } }),
          await client.callTool({ name: "web_search", arguments: { query: "coffee safety" } }),
          await client.callTool({
            name: "assess",
            arguments: {
              claim: "Coffee is safe",
              evidence: PAGES.map(({ url, title, snippet }) => ({ url, title, snippet })),
            },
          }),
          await client.callTool({ name: "corroborate", arguments: { question: 42 } }),
        );
      }
      expect((results[0] as { isError?: boolean }).isError).toBe(true);
      expectNoSecret(JSON.stringify(results), "MCP results");
    } finally {
      await client.close();
    }
    // Settings that cannot be used, with canaries in the bad values.
    const broken = new ConfigError([]);
    let problems: ConfigError = broken;
    try {
      loadConfig({
        ...env,
        EXA_API_KEY: `${CANARY.exa} extra`,
        SEARXNG_URL: `http://u:${CANARY.searxng}@host:99999`,
      });
    } catch (error) {
      problems = error as ConfigError;
    }
    expect(problems).not.toBe(broken);
    expectNoSecret(`${problems.message}\n${problems.problems.join("\n")}`, "ConfigError");
    const refused = createMcpServer({ config: problems, logger });
    const [c2, s2] = InMemoryTransport.createLinkedPair();
    const client2 = new Client({ name: "secrets-2", version: "0.0.0" });
    await Promise.all([refused.connect(s2), client2.connect(c2)]);
    try {
      const answer = await client2.callTool({ name: "web_search", arguments: { query: "coffee" } });
      expect(answer.isError).toBe(true);
      expectNoSecret(JSON.stringify(answer), "MCP with bad settings");
    } finally {
      await client2.close();
    }
    expectNoSecret(logLines.join(""), "log lines after MCP");
  });

  it("never shows in HTTP API answers, errors included", async () => {
    const api = await startHttpApi({ config: config(), logger });
    try {
      const answers: string[] = [];
      const post = async (path: string, body: string) => {
        const res = await request(`${api.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        answers.push(`${res.statusCode} ${JSON.stringify(res.headers)} ${await res.body.text()}`);
        return res.statusCode;
      };
      mode = "fail";
      expect(await post("/v1/corroborate", JSON.stringify({ question: "Is coffee safe?", read: 0 }))).toBe(
        200,
      );
      expect(await post("/v1/search", JSON.stringify({ query: "is coffee safe" }))).toBe(502);
      expect(await post("/v1/corroborate", '{"question": "Is coffee')).toBe(400);
      expect(await post("/v1/corroborate", JSON.stringify({ question: 1, key: "x" }))).toBe(400);
      mode = "degoog-ok";
      expect(await post("/v1/search", JSON.stringify({ query: "coffee safety" }))).toBe(200);
      expect(
        await post(
          "/v1/assess",
          JSON.stringify({
            claim: "Coffee is safe",
            evidence: PAGES.map(({ url, title, snippet }) => ({ url, title, snippet })),
          }),
        ),
      ).toBe(200);
      expectNoSecret(answers.join("\n"), "HTTP answers");
    } finally {
      await api.close();
    }
    expectNoSecret(logLines.join(""), "log lines after HTTP");
  });

  it("never lands in the state directory", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(stateDir);
    expect(files.length).toBeGreaterThan(0);
    expectNoSecret(files.map((f) => `${f}\n${readFileSync(f, "utf8")}`).join("\n"), "state directory");
  });
});
