import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeWithRedis, REDIS_HOOK_TIMEOUT_MS, type RedisServer, startRedis } from "../helpers/redis.js";
import { BIN, runBin } from "../helpers/run-bin.js";
import { type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

/**
 * Shared state across separate processes of the built CLI — pauses, the result cache and spend
 * counters — once over the state directory (several processes on one machine) and once over a real
 * redis-server (a fleet).
 */
const CANARY = "canary-key-5be0f3";

const coreSearch = runBin;

const exaResults = (query: string) => ({
  requestId: "r",
  results: [1, 2, 3].map((n) => ({
    id: `https://site${n}.example.org/${encodeURIComponent(query)}`,
    url: `https://site${n}.example.org/${encodeURIComponent(query)}`,
    title: `${query} — page ${n}`,
    highlights: [`What site ${n} says about ${query}.`],
  })),
});

interface StoreUnderTest {
  env(): Record<string, string>;
  /** The spend counter as the store holds it. */
  spend(key: string): Promise<number | undefined>;
}

function sharedStateSuite(store: () => StoreUnderTest) {
  let server: ScriptedServer;
  let env: Record<string, string>;
  beforeEach(async () => {
    server = await startScriptedServer();
    server.route("POST", "/exa/search", (req) => ({
      body: exaResults(String((req.json as { query?: unknown }).query)),
    }));
    env = {
      EXA_API_KEY: CANARY,
      EXA_BASE_URL: `${server.url}/exa`,
      CORE_SEARCH_ORDER: "exa",
      CORE_SEARCH_KEYLESS: "off",
      ...store().env(),
    };
  });
  afterEach(async () => {
    await server.close();
  });

  it("a 402 seen by one process pauses the provider for a second process", async () => {
    server.route("POST", "/exa/search", {
      status: 402,
      body: { requestId: "r1", error: "You have run out of credits", tag: "NO_MORE_CREDITS" },
    });
    const first = await coreSearch(["search", "solid-state batteries", "--json", "--no-cache"], env);
    expect(first.code).toBe(3);
    const second = await coreSearch(["search", "solid-state batteries", "--json", "--no-cache"], env);
    expect((JSON.parse(second.stdout) as { error: string }).error).toMatch(/paused for another 24 h/);
    expect(server.requests).toHaveLength(1);
  });

  it("serves a cached result to a second process without any provider request", async () => {
    const first = await coreSearch(["Does creatine improve memory?", "--json", "--read", "0"], env);
    expect(first.code).toBe(0);
    const asked = server.requests.length;
    expect(asked).toBeGreaterThan(0);
    const second = await coreSearch(["Does creatine improve memory?", "--json", "--read", "0"], env);
    expect(second.code).toBe(0);
    expect(server.requests).toHaveLength(asked); // nothing new reached the provider
    const report = JSON.parse(second.stdout) as {
      calls: { status: string; attempts: { provider: string; outcome: string }[] }[];
      evidence: unknown[];
    };
    const ran = report.calls.filter((c) => c.status !== "skipped");
    expect(ran.every((c) => c.attempts.length === 1 && c.attempts[0]?.outcome === "cache")).toBe(true);
    expect(report.evidence.length).toBe(
      (JSON.parse(first.stdout) as { evidence: unknown[] }).evidence.length,
    );
    // --no-cache asks again
    await coreSearch(["Does creatine improve memory?", "--json", "--no-cache", "--read", "0"], env);
    expect(server.requests.length).toBeGreaterThan(asked);
  });

  it("keeps spend counters exact under 20 concurrent processes", async () => {
    const capped = { ...env, CORE_SEARCH_BUDGET: "exa:12/month" };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        coreSearch(["search", `battery chemistry ${i}`, "--json"], capped),
      ),
    );
    expect(server.requests).toHaveLength(12);
    expect(outcomes.filter((o) => o.code === 0)).toHaveLength(12);
    const refused = outcomes.filter((o) => o.code !== 0);
    expect(refused).toHaveLength(8);
    for (const o of refused) expect(o.stdout).toMatch(/monthly allowance of 12 requests used up/);
    const month = new Date().toISOString().slice(0, 7);
    expect(await store().spend(`spend:exa-month-${month}`)).toBe(12);
    for (const o of outcomes) expect(o.stdout + o.stderr).not.toContain(CANARY);
  }, 120_000);
}

describe("shared state over the state directory", () => {
  let stateDir: string;
  beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), "core-search-shared-"));
  });
  sharedStateSuite(() => ({
    env: () => ({ CORE_SEARCH_STATE_DIR: stateDir }),
    spend: async (key) => {
      const [namespace, name] = key.split(":");
      const stored = JSON.parse(readFileSync(join(stateDir, namespace ?? "", `${name}.json`), "utf8")) as {
        value: number;
      };
      return stored.value;
    },
  }));
});

describeWithRedis("shared state over Redis", () => {
  let redis: RedisServer;
  let db = 0;
  beforeAll(async () => {
    redis = await startRedis();
  }, REDIS_HOOK_TIMEOUT_MS);
  afterAll(() => redis?.stop());
  beforeEach(() => {
    db += 1; // a fresh database per test: nothing carries over
  });
  const url = () => `${redis.url}/${db}`;
  sharedStateSuite(() => ({
    // The state directory is unusable on purpose: everything must go through Redis.
    env: () => ({ CORE_SEARCH_REDIS_URL: url(), CORE_SEARCH_STATE_DIR: "/dev/null/unusable" }),
    spend: async (key) => {
      const client = new Redis(url());
      try {
        const value = await client.get(`core-search:${key}`);
        return value === null ? undefined : Number(value);
      } finally {
        await client.quit();
      }
    },
  }));

  it("Redis stopped mid-run: the search still succeeds, with one warning", async () => {
    const server = await startScriptedServer();
    try {
      server.route("POST", "/exa/search", { delayMs: 1_500, body: exaResults("sodium batteries") });
      const env = {
        EXA_API_KEY: CANARY,
        EXA_BASE_URL: `${server.url}/exa`,
        CORE_SEARCH_ORDER: "exa",
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_REDIS_URL: url(),
        CORE_SEARCH_STATE_DIR: "/dev/null/unusable",
      };
      const child = spawn(process.execPath, [BIN, "search", "sodium batteries", "--json"], {
        env: { PATH: process.env.PATH ?? "", ...env },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      // Stop Redis while the provider is still answering.
      while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      await redis.stop();
      expect(await exited).toBe(0);
      expect((JSON.parse(stdout) as { success: boolean }).success).toBe(true);
      expect(stderr.match(/Shared state \(redis\) failed/g)).toHaveLength(1);
    } finally {
      await server.close();
      await redis.restart();
    }
  }, 60_000);
});
