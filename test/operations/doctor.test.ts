import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createResultCache } from "../../src/chain/result-cache.js";
import { createSpendCaps } from "../../src/chain/spend-caps.js";
import { configFromObject } from "../../src/config/config.js";
import { diagnose, renderDiagnosis } from "../../src/operations/doctor.js";
import { createFileStore } from "../../src/state/file-store.js";

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
