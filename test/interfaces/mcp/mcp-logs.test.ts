import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { BIN } from "../../helpers/run-bin.js";

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-mcp-logs-"));

/**
 * The built `core-search mcp`, its one search service on a closed port: each call fails to connect,
 * and the test reads what the server wrote on stderr.
 */
async function stderrOfFailingCalls(env: Record<string, string> = {}): Promise<string> {
  expect(existsSync(BIN), "run `npm run build` first").toBe(true);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env: {
      PATH: process.env.PATH ?? "",
      TMPDIR: process.env.TMPDIR ?? "",
      EXA_API_KEY: "k",
      EXA_BASE_URL: "http://127.0.0.1:1",
      CORE_SEARCH_ORDER: "exa",
      CORE_SEARCH_KEYLESS: "off",
      CORE_SEARCH_CACHE_TTL: "0",
      CORE_SEARCH_STATE_DIR: mkdtempSync(join(STATE_DIR, "state-")),
      ...env,
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "logs-test", version: "0.0.0" });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: "web_search", arguments: { query: "sodium batteries" } });
    expect(result.isError).toBe(true);
  } finally {
    await client.close();
  }
  return stderr;
}

describe("the MCP server's log of a failed call", () => {
  it("is one readable line, without a stack and without saying the cause twice", async () => {
    const stderr = await stderrOfFailingCalls();
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toStrictEqual([
      expect.stringMatching(
        /^core-search: warning: search attempt failed: Request to http:\/\/127\.0\.0\.1:1\/search failed: ECONNREFUSED \(provider exa, outcome network, \d+ ms\)$/,
      ),
    ]);
  }, 30_000);

  it("is JSON with the stack when LOG_LEVEL is debug", async () => {
    const stderr = await stderrOfFailingCalls({ LOG_LEVEL: "debug" });
    const failures = stderr
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string; err?: { message: string; stack?: string } })
      .filter((record) => record.msg === "search attempt failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]?.err?.message).toBe("Request to http://127.0.0.1:1/search failed: ECONNREFUSED");
    expect(failures[0]?.err?.stack).toMatch(/\n {4}at /);
  }, 30_000);
});
