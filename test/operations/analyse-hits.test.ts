import { afterEach, describe, expect, it, vi } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { instanceKey } from "../../src/health/engine-health.js";
import { analyseHits, type HitsToAnalyse } from "../../src/operations/analyse-hits.js";
import { corroborateWith } from "../../src/operations/corroborate.js";
import { createMemoryStore } from "../../src/state/memory-store.js";
import type { StateStore } from "../../src/state/state-store.js";
import { type FakeEngine, page, startFakeSearxng } from "../helpers/fake-searxng.js";
import type { ScriptedServer } from "../helpers/scripted-server.js";

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek"].map((name, i) => ({
  name,
  categories: ["general", "news", "science"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

let searx: ScriptedServer | undefined;
afterEach(async () => {
  await searx?.close();
  searx = undefined;
});

/**
 * Shared state in which the SearXNG instance's health is already fresh (so the preflight writes
 * nothing) and whose health writes wait until `release()`.
 */
function stateWithHeldHealthWrites(url: string) {
  const memory = createMemoryStore();
  const now = Date.now();
  void memory.set(
    `health:${instanceKey(url)}`,
    {
      config: {
        at: now,
        engines: ENGINES.map((e) => ({
          name: e.name,
          categories: e.categories,
          enabled: true,
          timeRangeSupport: true,
        })),
      },
      probeAt: now,
      engines: Object.fromEntries(ENGINES.map((e) => [e.name, { status: "ok", at: now }])),
    },
    60_000,
  );
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let healthWrites = 0;
  const state: StateStore = {
    ...memory,
    async update(key, change, ttlMs) {
      if (key.startsWith("health:")) {
        healthWrites++;
        await released;
      }
      return memory.update(key, change, ttlMs);
    },
  };
  return { state, release, healthWrites: () => healthWrites };
}

describe("corroborate's analysis of the hits", () => {
  it("starts while the engine health seen by the search is still being written, and the report waits for both", async () => {
    searx = await startFakeSearxng(ENGINES);
    const config = configFromObject({ searxngUrl: searx.url, keyless: "off", cacheTtlMs: 0 });
    const held = stateWithHeldHealthWrites(searx.url);
    const analysed: HitsToAnalyse[] = [];
    let answered = false;
    const report = corroborateWith(
      "Is intermittent fasting safe?",
      { config, state: held.state, read: 0 },
      async (input) => {
        analysed.push(input);
        return analyseHits(input);
      },
    ).finally(() => {
      answered = true;
    });
    await vi.waitFor(() => expect(analysed).toHaveLength(1));
    expect(held.healthWrites()).toBe(1);
    expect(answered).toBe(false);
    held.release();
    expect((await report).evidence.length).toBeGreaterThan(0);
  });
});
