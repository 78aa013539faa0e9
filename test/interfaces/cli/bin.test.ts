import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { reportSchema } from "../../../src/report/report-schema.js";
import { page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

/** The built binary as a child process: its stdout and stderr are pipes, so it must not draw progress or colour. */
const BIN = fileURLToPath(new URL("../../../dist/bin.js", import.meta.url));
const run = promisify(execFile);
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-bin-"));

async function coreSearch(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? "",
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: STATE_DIR,
        CORE_SEARCH_CACHE_TTL: "0",
        ...env,
      },
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
      ["Is intermittent fasting safe?", "--json", "--explain"],
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
});
