import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { reportSchema } from "../../src/report/report-schema.js";
import { initializeRequest } from "../helpers/mcp-messages.js";
import {
  describeWithSearx,
  SEARX_HOOK_TIMEOUT_MS,
  SEARX_TEST_TIMEOUT_MS,
  type SearxServer,
  startSearx,
} from "../helpers/searx.js";

vi.setConfig({ testTimeout: SEARX_TEST_TIMEOUT_MS });

/**
 * The built binary started as `core-search mcp`, spoken to by the SDK's own stdio client, against the
 * real searx of test/fixtures/searx (a real metasearch server whose engines are fakes on loopback).
 */
const BIN = fileURLToPath(new URL("../../dist/bin.cjs", import.meta.url));
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-mcp-it-"));
// Set so that the test can show it never reaches stdout or stderr; its address is a closed port.
const FAKE_KEY = "exa-test-key-5f0c1d2e3b4a";

const serverEnv = (searxUrl: string): Record<string, string> => ({
  PATH: process.env.PATH ?? "",
  SEARXNG_URL: searxUrl,
  EXA_API_KEY: FAKE_KEY,
  EXA_BASE_URL: "http://127.0.0.1:9",
  // Keyless tier off (it would reach public endpoints) and state in a temporary folder.
  CORE_SEARCH_KEYLESS: "off",
  CORE_SEARCH_STATE_DIR: STATE_DIR,
  CORE_SEARCH_CACHE_TTL: "0",
  // Plenty of logs, all of which must stay on stderr.
  LOG_LEVEL: "debug",
});

async function reportValidator(): Promise<ValidateFunction> {
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, "schema"]);
  return new Ajv2020({ allErrors: true, strict: false }).compile(JSON.parse(stdout) as object);
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as { text?: string }[];
  return content.map((c) => c.text ?? "").join("\n");
}

describeWithSearx("core-search mcp (the built binary) against a real searx", () => {
  let searx: SearxServer;
  let validate: ValidateFunction;
  beforeAll(async () => {
    searx = await startSearx();
    validate = await reportValidator();
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    child = undefined;
  });

  it("lists the tools, corroborates, answers an invalid call with a clean error and keeps serving", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      env: serverEnv(searx.url),
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const client = new Client({ name: "integration-test", version: "0.0.0" });
    // Anything on stdout that is not a protocol message would surface here.
    const transportErrors: Error[] = [];
    client.onerror = (error) => transportErrors.push(error);
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe("core-search");
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["assess", "corroborate", "read_page", "web_search"]);

      const first = await client.callTool({
        name: "corroborate",
        arguments: { question: "Is intermittent fasting safe?", read: 0 },
      });
      expect(first.isError, textOf(first)).toBeFalsy();
      expect(validate(first.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      const report = reportSchema.parse(first.structuredContent);
      expect(report.calls.filter((c) => c.status === "ok").length).toBeGreaterThan(0);
      expect(report.calls.find((c) => c.status === "ok")?.provider).toBe("searxng");
      expect(report.evidence.length).toBeGreaterThan(0);
      expect(textOf(first)).toMatch(/^Finding: /);

      const invalid = await client.callTool({ name: "corroborate", arguments: { question: 7 } });
      expect(invalid.isError).toBe(true);
      // Worded by the operation's schema, as the library and the HTTP API word it.
      expect(textOf(invalid)).toBe("The question must be a string");
      const unknown = await client.callTool({ name: "summarize", arguments: {} });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toMatch(/Tool summarize not found/);

      const again = await client.callTool({
        name: "corroborate",
        arguments: { question: "Does coffee cause heart disease?", limit: 3, read: 0 },
      });
      expect(again.isError, textOf(again)).toBeFalsy();
      expect(validate(again.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      expect(reportSchema.parse(again.structuredContent).question).toBe("Does coffee cause heart disease?");

      const search = await client.callTool({
        name: "web_search",
        arguments: { query: "intermittent fasting" },
      });
      expect(search.isError, textOf(search)).toBeFalsy();
      expect((search.structuredContent as { provider: string }).provider).toBe("searxng");

      // The skill ships beside the code: the bundled command finds the package's prompts/ folder.
      const skill = await client.readResource({ uri: "core-search://skill" });
      expect(skill.contents[0]).toMatchObject({ text: expect.stringContaining("Re-judging a report") });
    } finally {
      await client.close();
    }
    expect(transportErrors).toEqual([]);
    expect(stderr).not.toContain(FAKE_KEY);
  }, 90_000);

  it("answers the calls in flight when stdin ends, then exits 0; stdout holds protocol messages only", async () => {
    const server = spawn(process.execPath, [BIN, "mcp"], {
      env: serverEnv(searx.url),
      stdio: ["pipe", "pipe", "pipe"],
    });
    child = server;
    let stdout = "";
    let stderr = "";
    server.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    server.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      server.once("close", (code, signal) => resolve([code, signal])),
    );
    const messages = [
      initializeRequest(1),
      { jsonrpc: "2.0", method: "notifications/initialized" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "corroborate", arguments: { question: "Is intermittent fasting safe?", read: 0 } },
      },
    ];
    // Everything at once, then end of input: the corroborate call is still running when stdin ends.
    server.stdin.end(`${messages.map((m) => JSON.stringify(m)).join("\n")}\n`);
    const [code, signal] = await exited;
    expect({ code, signal }, stderr).toEqual({ code: 0, signal: null });
    const lines = stdout.trimEnd().split("\n");
    const received = lines.map(
      (line) => JSON.parse(line) as { jsonrpc: string; id?: number; method?: string; result: unknown },
    );
    // Besides the replies, the server tells the client its list of kept runs changed.
    const replies = received.filter((m) => m.id !== undefined);
    const notifications = received.filter((m) => m.id === undefined).map((m) => [m.jsonrpc, m.method]);
    expect(notifications).toEqual([["2.0", "notifications/resources/list_changed"]]);
    expect(replies.map((r) => [r.jsonrpc, r.id])).toEqual([
      ["2.0", 1],
      ["2.0", 2],
    ]);
    const result = replies[1]?.result as { isError?: boolean; structuredContent: unknown };
    expect(result.isError).toBeFalsy();
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    expect(stdout + stderr).not.toContain(FAKE_KEY);
  }, 90_000);
});
