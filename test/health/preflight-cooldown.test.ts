import { describe, expect, it } from "vitest";
import { createCooldowns, FIRST_COOLDOWN_MS } from "../../src/chain/cooldowns.js";
import { ProviderError } from "../../src/errors.js";
import { createEngineHealthStore } from "../../src/health/engine-health.js";
import { preflightSearxng } from "../../src/health/preflight.js";
import { silentLogger } from "../../src/log/silent-logger.js";
import type { SearxngEngineInfo, SearxngProvider } from "../../src/providers/searxng.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const ENGINES: SearxngEngineInfo[] = ["bing", "google", "mojeek"].map((name) => ({
  name,
  categories: ["general"],
  enabled: true,
  timeRangeSupport: true,
}));

/** A SearXNG whose /config answers (or fails) as told, counting what it is asked. */
function searxng(config: () => Promise<SearxngEngineInfo[]>) {
  const asked: string[] = [];
  const provider: SearxngProvider = {
    name: "searxng",
    configured: true,
    engines: async () => {
      asked.push("config");
      return config();
    },
    useEngines: () => {},
    search: async () => {
      asked.push("search");
      return { hits: [], unresponsiveEngines: [], warnings: [] };
    },
  };
  return { provider, asked };
}

function setUp() {
  const state = createMemoryStore();
  return { cooldowns: createCooldowns(state), health: createEngineHealthStore(state) };
}

const run = (provider: SearxngProvider, stores: ReturnType<typeof setUp>) =>
  preflightSearxng(provider, {
    signal: new AbortController().signal,
    logger: silentLogger,
    instance: "i",
    ...stores,
  });

describe("the SearXNG preflight and cooldowns", () => {
  it("does not ask a SearXNG that is cooling down", async () => {
    const stores = setUp();
    await stores.cooldowns.failed("searxng", "timeout", Date.now());
    const { provider, asked } = searxng(async () => ENGINES);
    const result = await run(provider, stores);
    expect(result).toMatchObject({ status: "failed", roundTrips: 0 });
    expect(result.error).toMatch(/^timed out; skipped until /u);
    expect(asked).toStrictEqual([]);
  });

  it("opens the cooldown when /config cannot be reached", async () => {
    const stores = setUp();
    const refused = new ProviderError("connect ECONNREFUSED", { provider: "searxng", outcome: "network" });
    const { provider } = searxng(async () => Promise.reject(refused));
    expect((await run(provider, stores)).status).toBe("failed");
    expect((await stores.cooldowns.get("searxng", Date.now()))?.reason).toBe("network");
  });

  it("ends a cooldown that was over when it reached the instance", async () => {
    const stores = setUp();
    await stores.cooldowns.failed("searxng", "timeout", Date.now() - FIRST_COOLDOWN_MS - 1);
    const { provider } = searxng(async () => ENGINES);
    expect((await run(provider, stores)).status).toBe("ok");
    expect(await stores.cooldowns.peek("searxng")).toBeUndefined();
  });

  it("leaves alone a cooldown a search opened while its own request was out", async () => {
    const stores = setUp();
    const { provider } = searxng(async () => {
      // Another question's search meets a timeout while this /config is on its way back.
      await stores.cooldowns.failed("searxng", "timeout", Date.now());
      return ENGINES;
    });
    expect((await run(provider, stores)).status).toBe("ok");
    expect(await stores.cooldowns.get("searxng", Date.now())).toBeDefined();
  });
});
