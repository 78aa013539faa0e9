// The two servers as they are deployed, each a `core-search` child process (dist/bin.cjs), for the
// benchmarks that measure them. Not a benchmark itself.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { checkServedReport, QUESTION, timed } from "./common.mjs";

const BIN = fileURLToPath(new URL("../dist/bin.cjs", import.meta.url));

/**
 * `core-search serve` in a child process: its default limits, settings from `env` (added to this
 * process's environment), its own event loop and worker threads. Resolves once it says where it serves.
 */
export async function startServe(env) {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0"], {
    env: { ...process.env, CORE_SEARCH_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const url = await new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString("utf8");
      const served = /serving on (\S+)/.exec(stderr);
      if (served) resolve(served[1]);
    });
    child.on("exit", (code) =>
      reject(new Error(`core-search serve exited (${code}): ${stderr.slice(-1000)}`)),
    );
  });
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** One `POST /v1/corroborate` of the bench question: its latency, status and body. */
export async function askServe(api, limit) {
  const { ms, result } = await timed(async () => {
    const response = await fetch(`${api.url}/v1/corroborate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: QUESTION, limit }),
    });
    return { status: response.status, body: await response.json() };
  });
  return { ms, ...result };
}

/**
 * `core-search mcp` in a child process with settings from `env` only, the way MCP clients run it,
 * with a connected client. `ask()` is one tool call of the bench question, checked to be served by
 * `provider` with `limit` hits a call; it resolves with its latency.
 */
export async function startMcp(env, { limit, provider = "searxng" }) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "core-search-bench", version: "0.0.0" });
  await client.connect(transport);
  return {
    async ask() {
      const { ms, result } = await timed(() =>
        client.callTool({ name: "corroborate", arguments: { question: QUESTION, limit } }),
      );
      if (result.isError) {
        const text = result.content.map((c) => c.text ?? "").join("\n");
        throw new Error(`MCP corroborate failed: ${text.slice(0, 300)}\n${stderr.slice(-1000)}`);
      }
      checkServedReport(result.structuredContent, limit, 4, provider);
      return ms;
    },
    close: () => client.close(),
  };
}
