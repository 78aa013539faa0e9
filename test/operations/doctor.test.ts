import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCooldowns } from "../../src/chain/cooldowns.js";
import { createPauseStore } from "../../src/chain/pause-store.js";
import { createResultCache } from "../../src/chain/result-cache.js";
import { createSpendCaps } from "../../src/chain/spend-caps.js";
import { configFromObject } from "../../src/config/config.js";
import { createEngineHealthStore } from "../../src/health/engine-health.js";
import { type Diagnosis, diagnose, renderDiagnosis, resetState } from "../../src/operations/doctor.js";
import { createFileStore } from "../../src/state/file-store.js";
import { createRedisStore } from "../../src/state/redis-store.js";
import type { StateStore } from "../../src/state/state-store.js";
import { describeWithRedis, REDIS_HOOK_TIMEOUT_MS, type RedisServer, startRedis } from "../helpers/redis.js";
import { runCliWith } from "../helpers/run-cli.js";

const request = { query: "q", categories: ["general"] as const, timeRange: null, limit: 5, engines: [] };

describe("doctor: state, cache and spend", () => {
  it("shows the store, the cache hit rate and what each allowance has left", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "core-search-doctor-"));
    const config = configFromObject({
      keys: { exa: "k-exa", brave: "k-brave" },
      order: ["exa", "brave"],
      keyless: "off",
      stateDir,
      budget: [
        { provider: "exa", limit: 3, period: "month" },
        { provider: "brave", limit: 2, period: "day" },
      ],
    });
    const state = createFileStore(stateDir);
    const caps = createSpendCaps(state, config.budget);
    await caps.reserve("exa");
    await caps.reserve("brave");
    await caps.reserve("brave");
    const cache = createResultCache(state, 60_000);
    await cache.get(request); // miss
    await cache.put(request, "exa", [
      { url: "https://a.example/", title: "A", snippet: "", publishedAt: null, engines: [], rank: 1 },
    ]);
    await cache.get(request); // hit
    await cache.get(request); // hit
    await cache.flush();

    const d = await diagnose(config);
    expect(d.state.store).toBe("file");
    expect(d.state.location).toBe(stateDir);
    expect(d.state.cache).toMatchObject({ ttlMs: 20 * 60_000, hits: 2, misses: 1, hitRate: 0.667 });
    expect(d.state.spend.map((a) => [a.provider, a.period, a.used, a.left])).toEqual([
      ["exa", "month", 1, 2],
      ["brave", "day", 2, 0],
    ]);
    const exa = d.stages.find((s) => s.provider === "exa");
    expect(exa).toMatchObject({ state: "configured", detail: "2 of 3 requests left this month" });
    const brave = d.stages.find((s) => s.provider === "brave");
    expect(brave?.state).toBe("capped");
    expect(brave?.detail).toMatch(/^daily allowance of 2 requests used up; resets /);

    const text = renderDiagnosis(d);
    expect(text).toContain(`State: files at ${stateDir}`);
    expect(text).toMatch(/Result cache: 20 min; 2 hits of 3 lookups \(67%\) since /);
    expect(text).toContain("| brave | day | 2 | 2 | 0 |");
    expect(text).toContain("Stance judge: built-in lexical classifier");
  });

  it("names Redis without its password, and says when the cache is off", async () => {
    const config = configFromObject({
      keys: { exa: "k" },
      order: ["exa"],
      keyless: "off",
      redisUrl: "redis://user:hunter2@127.0.0.1:1/0",
      cacheTtlMs: 0,
      llm: { url: "http://judge:sk-canary@127.0.0.1:9/v1", model: "small-judge", apiKey: "sk-canary" },
    });
    const d = await diagnose(config);
    expect(d.state.store).toBe("redis");
    expect(d.state.location).not.toContain("hunter2");
    const text = renderDiagnosis(d);
    expect(text).toContain("Result cache: off (CORE_SEARCH_CACHE_TTL=0)");
    expect(text).not.toContain("hunter2");
    expect(text).toContain("Stance judge: small-judge at ");
    expect(JSON.stringify(d) + text).not.toContain("sk-canary");
    // Redis is unreachable here: one warning, and doctor still answers.
    expect(d.warnings.some((w) => /Shared state \(redis\) failed/.test(w))).toBe(true);
  });
});

describe("doctor: what a stage lacks", () => {
  it("says no address for SearXNG and Degoog, which take one, and no key for the search APIs", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "core-search-doctor-"));
    const d = await diagnose(configFromObject({ keyless: "off", stateDir }));
    const state = (name: string) => d.stages.find((s) => s.provider === name);
    expect(state("searxng")).toMatchObject({ state: "no_address", detail: "set SEARXNG_URL to use it" });
    expect(state("degoog")).toMatchObject({ state: "no_address", detail: "set DEGOOG_URL to use it" });
    expect(state("exa")).toMatchObject({ state: "no_key", detail: null });
    const text = renderDiagnosis(d);
    expect(text).toContain("| searxng | no address |  | set SEARXNG_URL to use it |");
    expect(text).toContain("| degoog | no address |");
    expect(text).not.toMatch(/\| (searxng|degoog) \| no key/);
  });
});

/** A state store holding a pause, two cool-downs (one ended), engine health, a cached answer and spend. */
async function rememberFailures(state: StateStore, now: number) {
  await createPauseStore(state).set(
    "brave",
    { until: now + 3_600_000, reason: "quota", detail: "HTTP 402 NO_MORE_CREDITS" },
    now,
  );
  const cooldowns = createCooldowns(state);
  await cooldowns.failed("exa-mcp", "network", now, "ENOTFOUND");
  await cooldowns.failed("parallel-mcp", "timeout", now - 2 * 60_000);
  await createEngineHealthStore(state).observe("instance", [{ engine: "bing", status: "unresponsive" }], now);
  const cache = createResultCache(state, 60_000);
  await cache.put(request, "exa", [
    { url: "https://a.example/", title: "A", snippet: "", publishedAt: null, engines: [], rank: 1 },
  ]);
  await createSpendCaps(state, [{ provider: "exa", limit: 3, period: "month" }]).reserve("exa");
  return { cache };
}

describe("doctor --reset", () => {
  it("clears pauses, cool-downs and engine health from the state directory, says what, and keeps the cache", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "core-search-reset-"));
    const env = {
      CORE_SEARCH_STATE_DIR: stateDir,
      CORE_SEARCH_KEYLESS: "auto",
      CORE_SEARCH_BUDGET: "exa:3/month",
    };
    const state = createFileStore(stateDir);
    const { cache } = await rememberFailures(state, Date.now());

    const before = await runCliWith(["doctor", "--json"], env);
    const stages = (JSON.parse(before.stdout) as Diagnosis).stages;
    expect(stages.find((s) => s.provider === "exa-mcp")?.state).toBe("cooling");

    const { code, stdout, stderr } = await runCliWith(["doctor", "--reset"], env);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain(`Cleared from files at ${stateDir}:`);
    expect(stdout).toMatch(/ {2}pauses: brave \(HTTP 402 NO_MORE_CREDITS, until \d{4}-[^)]+\)\n/);
    expect(stdout).toMatch(
      / {2}cool-downs: exa-mcp \(could not be reached: its name did not resolve \(ENOTFOUND\), until [^)]+\)\n/,
    );
    expect(stdout).not.toContain("parallel-mcp"); // its cooldown had ended
    expect(stdout).toContain("  engine health: 1 SearXNG instance\n");
    expect(stdout).toContain("Kept: the result cache");

    const after = JSON.parse((await runCliWith(["doctor", "--json"], env)).stdout) as Diagnosis;
    expect(after.stages.filter((s) => ["paused", "cooling"].includes(s.state))).toStrictEqual([]);
    expect(await createEngineHealthStore(state).get("instance")).toStrictEqual({ engines: {} });
    expect(await cache.get(request)).toMatchObject({ provider: "exa" });
    expect(after.state.spend).toMatchObject([{ provider: "exa", used: 1 }]);

    const again = await runCliWith(["doctor", "--reset", "--json"], env);
    expect(JSON.parse(again.stdout)).toMatchObject({ pauses: [], cooldowns: [], engineHealth: 0 });
    expect((await runCliWith(["doctor", "--reset"], env)).stdout).toMatch(/^Nothing to clear in files at /);
  });

  it("says it could not clear a store it cannot reach, without its password, and exits 3", async () => {
    const env = { CORE_SEARCH_REDIS_URL: "redis://user:hunter2@127.0.0.1:1/0" };
    const { code, stdout, stderr } = await runCliWith(["doctor", "--reset"], env);
    expect(code).toBe(3);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^Could not clear Redis at redis:\/\/\S+@127\.0\.0\.1:1\/0: \S/);
    expect(stderr).not.toContain("hunter2");
    const json = await runCliWith(["doctor", "--reset", "--json"], env);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ store: "redis", error: expect.any(String) });
  });

  it("is an option of doctor only", async () => {
    const { code, stderr } = await runCliWith(["search", "q", "--reset"], {});
    expect(code).toBe(2);
    expect(stderr).toContain("--reset is not an option of search");
  });
});

describeWithRedis("doctor --reset with Redis", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, REDIS_HOOK_TIMEOUT_MS);
  afterAll(() => redis?.stop());

  it("clears what the fleet remembers in Redis, and only that", async () => {
    const state = createRedisStore(redis.url);
    const now = Date.now();
    const { cache } = await rememberFailures(state, now);
    const config = configFromObject({ keyless: "off", redisUrl: redis.url });
    const reset = await resetState(config, { now });
    expect(reset).toMatchObject({ store: "redis", engineHealth: 1, error: null, warnings: [] });
    expect(reset.pauses.map((p) => p.provider)).toStrictEqual(["brave"]);
    expect(reset.cooldowns.map((c) => c.provider)).toStrictEqual(["exa-mcp"]);
    expect(await createPauseStore(state).get("brave", now)).toBeUndefined();
    expect(await cache.get(request)).toMatchObject({ provider: "exa" });
    await state.close();
  });
});
