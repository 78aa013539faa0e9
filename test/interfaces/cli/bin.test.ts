import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { reportSchema } from "../../../src/report/report-schema.js";
import { page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { type ScriptedServer, startScriptedServer } from "../../helpers/scripted-server.js";

/** The built binary as a child process: its stdout and stderr are pipes, so it must not draw progress or colour. */
const BIN = fileURLToPath(new URL("../../../dist/bin.cjs", import.meta.url));
const run = promisify(execFile);
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-bin-"));

/** The binary's environment: no keyless tier, no cache, a state directory of its own, and `env`. */
function binEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: STATE_DIR,
    CORE_SEARCH_CACHE_TTL: "0",
    ...env,
  };
}

/** Settings for Exa alone, at `url`. */
const exaAt = (url: string) => ({ EXA_API_KEY: "test-key", EXA_BASE_URL: url, CORE_SEARCH_ORDER: "exa" });

async function coreSearch(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: binEnv(env),
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the built core-search binary", () => {
  beforeAll(() => {
    expect(existsSync(BIN), "run `npm run build` first").toBe(true);
  });

  it("prints a command's help", async () => {
    const { code, stdout, stderr } = await coreSearch(["plan", "--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^Usage: core-search plan "<question>" \[--json\] \[--limit N\]\n/);
    expect(stdout).toContain("Examples:\n  core-search plan ");
  });

  it("answers a question with --explain: the JSON report on stdout, the explanation on stderr, no progress or colour", async () => {
    server = await startFakeSearxng(
      ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name, i) => ({
        name,
        categories: name === "arxiv" ? ["science"] : ["general"],
        results: [page(`site${i}.org`), page(`other${i}.org`)],
      })),
    );
    const { code, stdout, stderr } = await coreSearch(
      ["Is intermittent fasting safe?", "--json", "--explain", "--read", "0"],
      {
        SEARXNG_URL: server.url,
        // Would allow colour on a terminal; these are pipes.
        FORCE_COLOR: "1",
      },
    );
    expect(code).toBe(0);
    const report = reportSchema.parse(JSON.parse(stdout));
    expect(report.calls.filter((c) => c.status === "ok").map((c) => c.id)).toEqual([1, 3, 4]);
    expect(stderr).toMatch(/^Plan\n/);
    expect(stderr).toMatch(/\nSearXNG preflight\n {2}ok in \d+ ms/);
    expect(stderr).toMatch(/\n {4}searxng {2}ok +\d+ ms · \d+ hits\n/);
    expect(stderr).toContain("\nDedup\n");
    expect(stderr).toContain(`\nLabel\n  ${report.confidence}`);
    expect(stderr).not.toContain("searching");
    expect(stderr).not.toContain("\u001b[");
  });

  // A command that answers once ends itself once its output is written (bin.ts): the code it
  // answered with must survive that, and so must the whole of its output.
  it("keeps a question's exit code when every call failed: 3, with the failures on stderr", async () => {
    server = await startScriptedServer({ "POST /search": { status: 500, body: { error: "down" } } });
    const { code, stdout, stderr } = await coreSearch(
      ["Is intermittent fasting safe?", "--json"],
      exaAt(server.url),
    );
    expect(code).toBe(3);
    const report = reportSchema.parse(JSON.parse(stdout));
    expect(report.calls.every((call) => call.status !== "ok")).toBe(true);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(stderr).toContain("every planned call failed");
  });

  it("writes the whole of a large report before it ends, to a reader that drains it slowly", async () => {
    // Each call gets 20 pages of its own, with long passages: a report far larger than a pipe holds.
    const reply = (call: number) => ({
      body: {
        results: Array.from({ length: 20 }, (_, i) => ({
          url: `https://site${call}-${i}.example.org/report/${i}`,
          title: `Report ${call}-${i} on intermittent fasting`,
          highlights: [
            `Findings ${call}-${i}: ${"the trial measured outcomes over twelve weeks. ".repeat(18)}`,
          ],
        })),
      },
    });
    server = await startScriptedServer({ "POST /search": [0, 1, 2, 3, 4].map(reply) });
    const child = spawn(process.execPath, [BIN, "Is intermittent fasting safe?", "--json", "--limit", "20"], {
      env: binEnv(exaAt(server.url)),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise((resolve) => child.on("close", resolve));
    // Nothing is read until the process has had time to fill the pipe and wait on it.
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    child.stdout.resume();
    const code = await closed;
    expect(code).toBe(0);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.length).toBeGreaterThan(65_536);
    const report = reportSchema.parse(JSON.parse(text));
    // Three planned calls × 20 different pages, every one of them in the report.
    expect(report.evidence.length).toBe(60);
  });
});
