import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
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
 * Engine health against the real searx of test/fixtures/searx: the fake upstream engines fail, time out
 * or return nothing when the query names them (fail_bing, slow_all, empty_mojeek), and a copy of
 * the settings can point engines at a closed port so they are down for every query.
 */
const BIN = fileURLToPath(new URL("../../dist/bin.cjs", import.meta.url));
const run = promisify(execFile);

interface Report {
  confidence: string;
  notes: string[];
  calls: {
    id: number;
    role: string;
    status: string;
    attempts: { provider: string; outcome: string; detail?: string }[];
    unresponsiveEngines: { engine: string; reason: string }[];
  }[];
  evidence: { foundBy: { call: number; engines: string[] }[] }[];
  coverage: { engineFamilies: string[] };
}

/** A full run with its own state directory, so what one test teaches the health store stays there. */
async function corroborate(question: string, searx: SearxServer): Promise<{ code: number; report: Report }> {
  const env = {
    PATH: process.env.PATH ?? "",
    SEARXNG_URL: searx.url,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: mkdtempSync(join(tmpdir(), "core-search-health-")),
    CORE_SEARCH_CACHE_TTL: "0",
  };
  try {
    const { stdout } = await run(process.execPath, [BIN, question, "--json", "--read", "0"], {
      env,
      timeout: 60_000,
    });
    return { code: 0, report: JSON.parse(stdout) as Report };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? -1, report: JSON.parse(e.stdout ?? "{}") as Report };
  }
}

const enginesOfCall = (report: Report, call: number) =>
  new Set(report.evidence.flatMap((e) => e.foundBy.filter((f) => f.call === call).flatMap((f) => f.engines)));

describeWithSearx("engine health against a real searx", () => {
  let searx: SearxServer;
  beforeAll(async () => {
    searx = await startSearx();
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  it("all engines healthy: the four calls on their planned engines", async () => {
    const { code, report } = await corroborate("latest news: is intermittent fasting safe?", searx);
    expect(code).toBe(0);
    expect(report.calls.map((c) => [c.role, c.status])).toEqual([
      ["neutral", "ok"],
      ["news", "ok"],
      ["science", expect.any(String)],
      ["counter", "ok"],
    ]);
    for (const engine of enginesOfCall(report, 1)) expect(["bing", "google", "duckduckgo"]).toContain(engine);
    for (const engine of enginesOfCall(report, 4)) expect(["mojeek", "wiby"]).toContain(engine);
    expect(report.notes.some((n) => n.startsWith("Engine diversity degraded"))).toBe(false);
  });

  it("fail_bing: call 1 is recorded as partially degraded, naming bing", async () => {
    const { report } = await corroborate("is fail_bing intermittent fasting safe?", searx);
    expect(report.calls[0]?.status).toBe("ok");
    expect(report.calls[0]?.unresponsiveEngines).toContainEqual({ engine: "bing", reason: "HTTP error" });
    expect(report.notes).toContain(
      "Call 1 degraded — bing (HTTP error) unavailable, results may be incomplete",
    );
  });

  it("slow_all: the calls fail with timeout reasons, and an outage is never a verdict", async () => {
    const { code, report } = await corroborate("is slow_all intermittent fasting safe?", searx);
    expect(code).toBe(3);
    for (const call of report.calls.filter((c) => c.status !== "skipped")) {
      expect(call.status).toBe("failed");
      // searx names the engines that timed out ("timeout" or "HTTP timeout"), or, now and then when
      // every engine timed out, answers 500 itself; either way the call failed and the chain moved on.
      const timedOut = call.unresponsiveEngines.some((e) => /timeout/i.test(e.reason));
      const serverError = call.attempts[0]?.outcome === "http_500";
      expect(timedOut || serverError, JSON.stringify(call)).toBe(true);
      expect(call.attempts.slice(1).every((a) => a.outcome === "no_key")).toBe(true);
    }
    expect(report.confidence).toBe("low-coverage");
    expect(report.notes.join("\n")).toMatch(/not an absence of evidence/);
  });

  it("empty_mojeek empty_wiby: the counter call notes an independent-index gap", async () => {
    const { report } = await corroborate("is empty_mojeek empty_wiby intermittent fasting safe?", searx);
    const counter = report.calls.find((c) => c.role === "counter");
    expect(counter?.status).toBe("empty");
    expect(
      report.notes.some((n) =>
        /^Call 4 \(counter\) returned nothing — independent-index gap \(mojeek, wiby\)/.test(n),
      ),
    ).toBe(true);
  });
});

describeWithSearx("engine health when two index families are down", () => {
  let searx: SearxServer;
  beforeAll(async () => {
    // bing and duckduckgo (one family) and google (another) point at a port nothing listens on.
    searx = await startSearx({
      settings: (yaml, ports) =>
        yaml.replace(
          new RegExp(`127\\.0\\.0\\.1:${ports.upstream}/(json|html)/(bing|google|duckduckgo)\\b`, "g"),
          "127.0.0.1:9/$1/$2",
        ),
    });
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  it("takes the degraded single-call path with its note", async () => {
    const { report } = await corroborate("is intermittent fasting safe?", searx);
    expect(report.calls.map((c) => c.role)).toEqual(["single"]);
    expect(report.notes[0]).toMatch(
      /^Engine diversity degraded — results may be biased toward a single index\./,
    );
    expect(report.notes[0]).toMatch(/Healthy web-index families: mojeek, wiby\./);
  });
});
