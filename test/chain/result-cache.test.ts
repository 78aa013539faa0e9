import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cacheKey, cacheStats, createResultCache } from "../../src/chain/result-cache.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const request = {
  query: "Is intermittent fasting safe",
  categories: ["general"] as const,
  timeRange: "year" as const,
  limit: 5,
  engines: ["google", "bing"],
};
const hit = (n: number) => ({
  url: `https://example.org/${n}`,
  title: `Result ${n}`,
  snippet: `Text ${n}`,
  publishedAt: n === 1 ? "2026-01-02" : null,
  engines: ["bing"],
  rank: n,
});

describe("result cache", () => {
  it("serves what was put, with who answered and when, and counts hits and misses", async () => {
    const state = createMemoryStore();
    let now = 1_000;
    const cache = createResultCache(state, 60_000, { clock: () => now });
    expect(await cache.get(request)).toBeUndefined();
    await cache.put(request, "searxng", [hit(1), hit(2)]);
    now = 5_000;
    expect(await cache.get(request)).toEqual({ provider: "searxng", at: 1_000, hits: [hit(1), hit(2)] });
    expect(await cacheStats(state)).toEqual({ hits: 0, misses: 0, since: undefined }); // counted, not yet written
    await cache.flush();
    expect(await cacheStats(state)).toEqual({ hits: 1, misses: 1, since: 5_000 });
    await cache.get(request);
    await cache.flush();
    expect(await cacheStats(state)).toEqual({ hits: 2, misses: 1, since: 5_000 });
  });

  it("keys on the request's stage-independent parts only", () => {
    const same = [
      { ...request, query: "  is intermittent   fasting SAFE " },
      { ...request, engines: ["bing", "google"] },
    ];
    for (const other of same) expect(cacheKey(other)).toBe(cacheKey(request));
    const different = [
      { ...request, limit: 10 },
      { ...request, timeRange: null },
      { ...request, categories: ["news"] as const },
      { ...request, engines: [] },
      { ...request, query: "Is intermittent fasting unsafe" },
    ];
    for (const other of different) expect(cacheKey(other)).not.toBe(cacheKey(request));
    expect(cacheKey(request)).toMatch(/^cache:[0-9a-f]{40}$/); // no query text in a key or file name
    expect(cacheKey(request, "other services")).not.toBe(cacheKey(request));
  });

  it("keys on every search option, so a strict safe-search answer is never served for an unfiltered one", () => {
    const options = {
      ...request,
      language: "de",
      safeSearch: "strict" as const,
      page: 2,
      includeDomains: ["who.int", "nih.gov"],
      excludeDomains: ["pinterest.com"],
    };
    const variants = [
      { ...options, language: "fr" },
      { ...options, language: undefined },
      { ...options, safeSearch: "off" as const },
      { ...options, safeSearch: undefined },
      { ...options, page: 3 },
      { ...options, page: undefined },
      { ...options, includeDomains: ["who.int"] },
      { ...options, excludeDomains: undefined },
      // The same domain kept instead of left out is another question.
      { ...options, includeDomains: ["pinterest.com"], excludeDomains: ["who.int", "nih.gov"] },
    ];
    const keys = new Set([options, ...variants].map((variant) => cacheKey(variant)));
    expect(keys.size).toBe(variants.length + 1);
    // The order of a domain list does not matter.
    expect(cacheKey({ ...options, includeDomains: ["nih.gov", "who.int"] })).toBe(cacheKey(options));
  });

  it("keeps the keys of requests without options: page 1 and empty lists are no options", () => {
    // The key as it was computed before the options existed: answers cached then are still found.
    const canonical = JSON.stringify([
      "",
      request.query.toLowerCase(),
      ["general"],
      "year",
      5,
      ["bing", "google"],
    ]);
    const before = `cache:${createHash("sha256").update(canonical).digest("hex").slice(0, 40)}`;
    expect(cacheKey(request)).toBe(before);
    expect(cacheKey({ ...request, page: 1, includeDomains: [], excludeDomains: [] })).toBe(before);
    expect(cacheKey({ ...request, language: undefined, safeSearch: undefined })).toBe(before);
  });

  it("expires entries after the TTL", async () => {
    const cache = createResultCache(createMemoryStore(), 30);
    await cache.put(request, "brave", [hit(1)]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get(request)).toBeUndefined();
  });
});
