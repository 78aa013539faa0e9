import { mkdtempSync } from "node:fs";
import fsPromises from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { withMemoryFallback } from "../../src/state/fallback-store.js";
import { createFileStore } from "../../src/state/file-store.js";
import { createMemoryStore } from "../../src/state/memory-store.js";
import { createRedisStore } from "../../src/state/redis-store.js";
import type { StateStore } from "../../src/state/state-store.js";
import { describeWithRedis, REDIS_HOOK_TIMEOUT_MS, type RedisServer, startRedis } from "../helpers/redis.js";

const realOpen = fsPromises.open;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every store must do; `open` gives a fresh, empty store each time. */
function contract(open: () => StateStore) {
  let store: StateStore;
  afterEach(async () => {
    await store?.close();
  });

  it("keeps JSON values until they expire", async () => {
    store = open();
    expect(await store.get("pause:exa")).toBeUndefined();
    await store.set("pause:exa", { until: 5, detail: "HTTP 402" }, 60_000);
    expect(await store.get("pause:exa")).toEqual({ until: 5, detail: "HTTP 402" });
    await store.set("cache:short", [1, 2], 40);
    await sleep(80);
    expect(await store.get("cache:short")).toBeUndefined();
  });

  it("loses no update when many run at once", async () => {
    store = open();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.update<string[]>("health:x", (current) => [...(current ?? []), `e${i}`], 60_000),
      ),
    );
    expect(((await store.get<string[]>("health:x")) ?? []).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `e${i}`).sort(),
    );
  });

  it("counts exactly up to a limit, and the counter keeps its first expiry", async () => {
    store = open();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => store.increment("spend:exa", 1, { limit: 25, ttlMs: 60_000 })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(25);
    expect(results.filter((r) => !r.applied).every((r) => r.value === 25)).toBe(true);
    expect(await store.get("spend:exa")).toBe(25);
    await store.increment("spend:short", 1, { ttlMs: 60 });
    await sleep(30);
    await store.increment("spend:short", 1, { ttlMs: 60_000 });
    await sleep(60);
    expect(await store.get("spend:short")).toBeUndefined();
  });

  it("clears one namespace, saying what had not expired, and keeps the others", async () => {
    store = open();
    await store.set("cooldown:exa-mcp", { until: 9, reason: "network" }, 60_000);
    await store.update("cooldown:searxng-0123456789abcdef", () => ({ until: 8 }), 60_000);
    await store.set("cooldown:ended", { until: 1 }, 30);
    await store.set("cooldownish:x", 1, 60_000);
    await store.set("cache:q", ["hit"], 60_000);
    await sleep(60);
    const cleared = await store.clear("cooldown");
    expect(cleared.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "exa-mcp", value: { until: 9, reason: "network" } },
      { name: "searxng-0123456789abcdef", value: { until: 8 } },
    ]);
    expect(await store.get("cooldown:exa-mcp")).toBeUndefined();
    expect(await store.get("cooldown:searxng-0123456789abcdef")).toBeUndefined();
    expect(await store.get("cooldownish:x")).toBe(1);
    expect(await store.get("cache:q")).toEqual(["hit"]);
    expect(await store.clear("cooldown")).toEqual([]);
    expect(await store.clear("nothing-here")).toEqual([]);
  });
}

describe("memory store", () => {
  contract(() => createMemoryStore());
});

describe("file store", () => {
  contract(() => createFileStore(mkdtempSync(join(tmpdir(), "core-search-state-"))));

  it("shares state between two stores over one directory (two processes' view)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "core-search-state-"));
    const a = createFileStore(dir);
    const b = createFileStore(dir);
    await a.set("pause:brave", { until: 1 }, 60_000);
    expect(await b.get("pause:brave")).toEqual({ until: 1 });
    await Promise.all([
      ...Array.from({ length: 10 }, () => a.increment("spend:brave", 1, { ttlMs: 60_000 })),
      ...Array.from({ length: 10 }, () => b.increment("spend:brave", 1, { ttlMs: 60_000 })),
    ]);
    expect(await a.get("spend:brave")).toBe(20);
  });

  it("applies a burst of updates of one key in a few turns of the lock, not one each", async () => {
    const store = createFileStore(mkdtempSync(join(tmpdir(), "core-search-state-")));
    const lock = vi.spyOn(lockfile, "lock");
    try {
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          store.update<number[]>("health:x", (current) => [...(current ?? []), i], 60_000),
        ),
        ...Array.from({ length: 20 }, () => store.increment("spend:x", 1, { ttlMs: 60_000 })),
      ]);
      // The first of each key takes the lock alone; the rest, waiting meanwhile, take it once together.
      expect(lock).toHaveBeenCalledTimes(4);
    } finally {
      lock.mockRestore();
    }
    // In arrival order, each caller's change applied to the result of the one before.
    expect(await store.get("health:x")).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await store.get("spend:x")).toBe(20);
  });

  it("answers a burst of reads of one key with one read of its file, and reads afresh after a write", async () => {
    const store = createFileStore(mkdtempSync(join(tmpdir(), "core-search-state-")));
    await store.set("pause:exa", { until: 1 }, 60_000);
    const opened: string[] = [];
    const open = vi.spyOn(fsPromises, "open").mockImplementation(((file: string, ...rest: unknown[]) => {
      opened.push(String(file));
      return realOpen(file, ...(rest as [number]));
    }) as typeof fsPromises.open);
    syncBuiltinESMExports();
    try {
      const burst = await Promise.all(
        Array.from({ length: 20 }, () => store.get<{ until: number }>("pause:exa")),
      );
      expect(burst.every((value) => value?.until === 1)).toBe(true);
      // Each caller has a value of its own: changing one changes no other.
      (burst[0] as { until: number }).until = 99;
      expect(burst[1]).toEqual({ until: 1 });
      expect(opened.filter((file) => file.endsWith("exa.json"))).toHaveLength(1);

      // A write while reads are under way: the reads after it see the new value.
      const before = store.get("pause:exa");
      await store.set("pause:exa", { until: 2 }, 60_000);
      await before;
      expect(await store.get("pause:exa")).toEqual({ until: 2 });
    } finally {
      open.mockRestore();
      syncBuiltinESMExports();
    }
  });

  it("fails only the update whose change throws, not the others that share its turn", async () => {
    const store = createFileStore(mkdtempSync(join(tmpdir(), "core-search-state-")));
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        store.update<number>(
          "health:x",
          (current) => {
            if (n === 3) throw new Error("bad change");
            return (current ?? 0) + n;
          },
          60_000,
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(await store.get("health:x")).toBe(7);
  });

  it("gives each update's change its own copy of the value", async () => {
    const store = createFileStore(mkdtempSync(join(tmpdir(), "core-search-state-")));
    await store.set("health:x", { engines: ["a"] }, 60_000);
    const [first] = await Promise.all([
      store.update<{ engines: string[] }>("health:x", (current) => current ?? { engines: [] }, 60_000),
      store.update<{ engines: string[] }>(
        "health:x",
        (current) => {
          current?.engines.push("mutated");
          return current ?? { engines: [] };
        },
        60_000,
      ),
    ]);
    expect(first).toEqual({ engines: ["a"] });
  });

  it("treats a corrupt entry as absent, with one warning, and replaces it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "core-search-state-"));
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(join(dir, "pause"));
    writeFileSync(join(dir, "pause", "exa.json"), "{not json");
    const store = createFileStore(dir);
    expect(await store.get("pause:exa")).toBeUndefined();
    expect(await store.get("pause:exa")).toBeUndefined();
    expect(store.warnings).toHaveLength(1);
    await store.set("pause:exa", { until: 2 }, 60_000);
    expect(await store.get("pause:exa")).toEqual({ until: 2 });
  });

  it("never turns a key into a path outside the state directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "core-search-state-"));
    const store = createFileStore(dir);
    await store.set("../../escape:../../x", 1, 60_000);
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(join(dir, ".."))).not.toContain("x.json");
    expect(await store.get("../../escape:../../x")).toBe(1);
  });
});

describe("memory fallback", () => {
  it("serves from memory with one warning when the shared store fails, and tries it again later", async () => {
    let failing = true;
    const inner = createMemoryStore();
    const flaky: StateStore = {
      ...inner,
      kind: "redis",
      get: async (key) => {
        if (failing)
          throw Object.assign(new Error("connect ECONNREFUSED redis://u:secret@127.0.0.1:1"), {
            code: "ECONNREFUSED",
          });
        return inner.get(key);
      },
      set: async (key, value, ttl) => {
        if (failing)
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
        return inner.set(key, value, ttl);
      },
    };
    let now = 1_000;
    const store = withMemoryFallback(flaky, { retryAfterMs: 30_000, clock: () => now });
    await store.set("pause:exa", { until: 9 }, 60_000);
    expect(await store.get("pause:exa")).toEqual({ until: 9 }); // remembered in memory
    await store.get("pause:brave");
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/Shared state \(redis\) failed: connect ECONNREFUSED/);
    expect(store.warnings[0]).not.toContain("secret");
    failing = false;
    now += 31_000;
    await store.set("pause:tavily", { until: 3 }, 60_000);
    expect(await inner.get("pause:tavily")).toEqual({ until: 3 }); // the shared store is used again
  });

  it("clears the shared store and what the run mirrored in memory, and says so when the shared one fails", async () => {
    const inner = createMemoryStore();
    let failing = false;
    const flaky: StateStore = {
      ...inner,
      clear: async (namespace) => {
        if (failing) throw new Error("connect ECONNREFUSED 127.0.0.1:1");
        return inner.clear(namespace);
      },
    };
    const store = withMemoryFallback(flaky);
    await store.set("pause:exa", { until: 9 }, 60_000);
    expect(await store.clear("pause")).toEqual([{ name: "exa", value: { until: 9 } }]);
    expect(await inner.get("pause:exa")).toBeUndefined();
    expect(await store.get("pause:exa")).toBeUndefined();
    failing = true;
    await store.set("pause:brave", { until: 7 }, 60_000);
    expect(await store.clear("pause")).toEqual([{ name: "brave", value: { until: 7 } }]);
    expect(store.warnings[0]).toMatch(/Shared state \(memory\) failed: connect ECONNREFUSED/);
  });
});

describeWithRedis("redis store", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, REDIS_HOOK_TIMEOUT_MS);
  afterAll(() => redis?.stop());
  let n = 0;

  // Each test gets its own key space by using a fresh database number.
  contract(() => createRedisStore(`${redis.url}/${++n % 16}`));

  it("namespaces its keys and lets Redis expire them", async () => {
    const store = createRedisStore(`${redis.url}/15`);
    await store.set("pause:exa", { until: 1 }, 60_000);
    const { Redis } = await import("ioredis");
    const raw = new Redis(`${redis.url}/15`);
    expect(await raw.pttl("core-search:pause:exa")).toBeGreaterThan(59_000);
    await raw.quit();
    await store.close();
  });

  it("reconnects by itself after Redis comes back", async () => {
    const store = withMemoryFallback(createRedisStore(`${redis.url}/14`), { retryAfterMs: 100 });
    await store.set("pause:exa", { until: 1 }, 60_000);
    await redis.stop();
    await store.set("pause:brave", { until: 2 }, 60_000); // kept in memory, with a warning
    expect(store.warnings).toHaveLength(1);
    await redis.restart();
    // Redis lost everything (no persistence); once the client is back, writes reach it again.
    let reached = false;
    for (let i = 0; i < 100 && !reached; i++) {
      await sleep(100);
      await store.set("pause:tavily", { until: 3 }, 60_000);
      const raw = createRedisStore(`${redis.url}/14`);
      reached = (await raw.get("pause:tavily").catch(() => undefined)) !== undefined;
      await raw.close();
    }
    expect(reached).toBe(true);
    await store.close();
  }, 30_000);

  it("opens one client for a burst of first commands, not one guard each", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const store = createRedisStore(`${redis.url}/13`);
    try {
      await Promise.all(
        Array.from({ length: 20 }, () => store.increment("spend:burst", 1, { ttlMs: 60_000 })),
      );
      expect(await store.get("spend:burst")).toBe(20);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
      await store.close();
    }
  });

  it("fails fast when Redis is unreachable", async () => {
    const store = createRedisStore("redis://127.0.0.1:1");
    await expect(store.get("pause:exa")).rejects.toThrow();
    await store.close();
  });
});
