import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  describeWithSearx,
  SEARX_HOOK_TIMEOUT_MS,
  SEARX_TEST_TIMEOUT_MS,
  type SearxServer,
  startSearx,
} from "../helpers/searx.js";

vi.setConfig({ testTimeout: SEARX_TEST_TIMEOUT_MS });

/**
 * The built CLI (what `npx core-search` runs) against the real searx of test/fixtures/searx: a real
 * metasearch server whose engines are fakes on loopback.
 */
const BIN = fileURLToPath(new URL("../../dist/bin.cjs", import.meta.url));
const run = promisify(execFile);
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-it-"));

async function coreSearch(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      // Keyless tier off (it would reach public endpoints) and state in a temporary folder.
      env: {
        PATH: process.env.PATH ?? "",
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: STATE_DIR,
        CORE_SEARCH_CACHE_TTL: "0",
        ...env,
      },
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

async function validator() {
  const schema = JSON.parse((await coreSearch(["schema"], {})).stdout) as object;
  return new Ajv2020({ allErrors: true, strict: false }).compile(schema);
}

interface ReportJson {
  confidence: string;
  notes: string[];
  calls: {
    role: string;
    status: string;
    attempts: { provider: string; outcome: string; detail?: string }[];
    unresponsiveEngines: { engine: string }[];
  }[];
  evidence: { foundBy: { engines: string[] }[] }[];
}

describeWithSearx("core-search CLI against a real searx", () => {
  let searx: SearxServer;
  beforeAll(async () => {
    searx = await startSearx();
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  it("answers a question with a schema-valid report whose evidence names the searx engines", async () => {
    const { code, stdout, stderr } = await coreSearch(
      ["Is intermittent fasting safe?", "--json", "--read", "0"],
      {
        SEARXNG_URL: searx.url,
      },
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as ReportJson;
    const validate = await validator();
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.calls.map((c) => c.role)).toEqual(["neutral", "news", "science", "counter"]);
    expect(report.calls.filter((c) => c.status === "ok").length).toBeGreaterThan(0);
    const engines = new Set(report.evidence.flatMap((e) => e.foundBy.flatMap((f) => f.engines)));
    for (const engine of engines)
      expect(["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv", "qwant"]).toContain(engine);
    expect(engines.size).toBeGreaterThan(1);
  });

  it("records a failing engine as a degraded call", async () => {
    const { stdout } = await coreSearch(
      ["Is fail_bing intermittent fasting safe?", "--json", "--read", "0"],
      {
        SEARXNG_URL: searx.url,
      },
    );
    const report = JSON.parse(stdout) as ReportJson;
    const first = report.calls[0];
    expect(first?.unresponsiveEngines.map((e) => e.engine)).toContain("bing");
    expect(report.notes.some((n) => /^Call 1 degraded — bing \(HTTP error\) unavailable/.test(n))).toBe(true);
  });
});

describeWithSearx("core-search CLI when every searx engine is down", () => {
  let searx: SearxServer;
  beforeAll(async () => {
    // Every engine of a copy of the settings points at a port nothing listens on.
    searx = await startSearx({
      settings: (yaml, ports) => yaml.replaceAll(`127.0.0.1:${ports.upstream}`, "127.0.0.1:9"),
    });
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  it("records every call as failed with its reason, labels low-coverage and exits 3", async () => {
    const { code, stdout } = await coreSearch(["Is intermittent fasting safe?", "--json", "--read", "0"], {
      SEARXNG_URL: searx.url,
    });
    expect(code).toBe(3);
    const report = JSON.parse(stdout) as ReportJson;
    const validate = await validator();
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.confidence).toBe("low-coverage");
    for (const call of report.calls.filter((c) => c.status !== "skipped")) {
      expect(call.status).toBe("failed");
      expect(call.attempts[0]?.outcome).toBe("engines_unavailable");
      expect(call.attempts[0]?.detail).toMatch(/engines unavailable: /);
    }
    const notes = report.notes.join("\n");
    expect(notes).toMatch(/Every planned call failed/);
    expect(notes).toMatch(/unavailable/);
  });
});
