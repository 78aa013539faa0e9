import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../helpers/run-bin.js";
import { type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

/** The built CLI as separate processes against scripted services on 127.0.0.1. */
const CANARY = "canary-key-9d27c1";

const coreSearch = runBin;

describe("the fallback chain across processes", () => {
  let server: ScriptedServer;
  let stateDir: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    server = await startScriptedServer();
    stateDir = mkdtempSync(join(tmpdir(), "core-search-chain-"));
    env = {
      EXA_API_KEY: CANARY,
      EXA_BASE_URL: `${server.url}/exa`,
      CORE_SEARCH_ORDER: "exa",
      CORE_SEARCH_KEYLESS: "off",
      CORE_SEARCH_STATE_DIR: stateDir,
      CORE_SEARCH_CACHE_TTL: "0",
      LOG_LEVEL: "debug",
    };
  });
  afterEach(async () => {
    await server.close();
  });

  it("a 402 at Exa pauses it for a second process started afterwards", async () => {
    server.route("POST", "/exa/search", {
      status: 402,
      body: { requestId: "r1", error: "You have run out of credits", tag: "NO_MORE_CREDITS" },
    });
    const first = await coreSearch(["search", "solid-state batteries", "--json"], env);
    expect(first.code).toBe(3);
    expect(JSON.parse(first.stdout)).toEqual({
      success: false,
      error: "core-search: exa: HTTP 402 NO_MORE_CREDITS",
    });
    const second = await coreSearch(["search", "solid-state batteries", "--json"], env);
    expect(second.code).toBe(3);
    expect((JSON.parse(second.stdout) as { error: string }).error).toMatch(
      /^core-search: exa: HTTP 402 NO_MORE_CREDITS \(paused for another 24 h\)$/,
    );
    expect(server.requests).toHaveLength(1);
    for (const output of [first.stdout, first.stderr, second.stdout, second.stderr])
      expect(output).not.toContain(CANARY);
    expect(readFileSync(join(stateDir, "pause", "exa.json"), "utf8")).not.toContain(CANARY);
  });

  it("429 with Retry-After: 5 pauses Exa for 5 s", async () => {
    server.route("POST", "/exa/search", {
      status: 429,
      headers: { "retry-after": "5" },
      body: { requestId: "r2", error: "Rate limit exceeded", tag: "RATE_LIMIT_EXCEEDED" },
    });
    const before = Date.now();
    await coreSearch(["search", "q", "--json"], env);
    const after = Date.now();
    const { value: pause } = JSON.parse(readFileSync(join(stateDir, "pause", "exa.json"), "utf8")) as {
      value: { until: number; reason: string };
    };
    expect(pause.reason).toBe("rate_limit");
    expect(pause.until).toBeGreaterThanOrEqual(before + 5_000);
    expect(pause.until).toBeLessThanOrEqual(after + 5_000);
    const second = await coreSearch(["search", "q", "--json"], env);
    expect((JSON.parse(second.stdout) as { error: string }).error).toMatch(/paused for another \d s/);
    expect(server.requests).toHaveLength(1);
  });

  it("keyless off sends nothing to the keyless endpoints; auto uses them for a vendor with no key", async () => {
    server.route("POST", "/mcp", { status: 503, body: "down" });
    const keylessEnv = {
      CORE_SEARCH_ORDER: "exa,parallel",
      EXA_MCP_URL: `${server.url}/mcp`,
      PARALLEL_MCP_URL: `${server.url}/mcp`,
      CORE_SEARCH_STATE_DIR: stateDir,
      CORE_SEARCH_CACHE_TTL: "0",
    };
    const off = await coreSearch(["search", "q", "--json"], { ...keylessEnv, CORE_SEARCH_KEYLESS: "off" });
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/no stage configured/);
    expect(server.requests).toHaveLength(0);
    const auto = await coreSearch(["search", "q", "--json"], { ...keylessEnv, CORE_SEARCH_KEYLESS: "auto" });
    expect(auto.code).toBe(3);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((r) => r.path === "/mcp")).toBe(true);
  });

  it("a vendor with a key is never rerouted to its keyless endpoint", async () => {
    server.route("POST", "/exa/search", {
      status: 402,
      body: { requestId: "r", error: "no credits", tag: "NO_MORE_CREDITS" },
    });
    server.route("POST", "/mcp", { status: 503, body: "down" });
    const result = await coreSearch(["search", "q", "--json"], {
      ...env,
      CORE_SEARCH_KEYLESS: "auto",
      EXA_MCP_URL: `${server.url}/mcp`,
    });
    expect(result.code).toBe(3);
    expect(server.requests.map((r) => r.path)).toEqual(["/exa/search"]);
  });

  it("doctor shows every stage: paused with until when, no key, keyless", async () => {
    server.route("POST", "/exa/search", {
      status: 402,
      body: { requestId: "r", error: "no credits", tag: "NO_MORE_CREDITS" },
    });
    await coreSearch(["search", "q"], env);
    const doctor = await coreSearch(["doctor", "--json"], {
      ...env,
      CORE_SEARCH_ORDER: "exa,parallel",
      CORE_SEARCH_KEYLESS: "auto",
    });
    expect(doctor.code).toBe(0);
    const stages = (
      JSON.parse(doctor.stdout) as {
        stages: { provider: string; state: string; pausedUntil: string | null }[];
      }
    ).stages;
    expect(stages.map((s) => [s.provider, s.state])).toEqual([
      ["exa", "paused"],
      ["parallel", "no_key"],
      ["exa-mcp", "keyless_off"],
      ["parallel-mcp", "keyless"],
    ]);
    expect(Date.parse(stages[0]?.pausedUntil ?? "")).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(doctor.stdout).not.toContain(CANARY);
  });

  it("a canary key never appears in the report, the logs or the errors of a full run", async () => {
    server.route("POST", "/exa/search", {
      status: 500,
      body: { requestId: "r", error: `bad key ${CANARY}`, tag: "x" },
    });
    const result = await coreSearch(["Is intermittent fasting safe?", "--json"], {
      ...env,
      LOG_LEVEL: "trace",
    });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ confidence: "low-coverage" });
    expect(result.stderr.length).toBeGreaterThan(0); // the trace log did write
    expect(result.stdout).not.toContain(CANARY);
    expect(result.stderr).not.toContain(CANARY);
    expect(server.requests.every((r) => r.headers["x-api-key"] === CANARY)).toBe(true);
  });
});
