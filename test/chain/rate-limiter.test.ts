import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRateLimiter, ratesOf } from "../../src/chain/rate-limiter.js";
import { createFileStore } from "../../src/state/file-store.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const never = new AbortController().signal;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("rate limiter", () => {
  it("lets a whole second's worth go at once, then paces one request per interval", async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(createMemoryStore(), { exa: { count: 10, per: "second" } }, () => now);
    const first = await Promise.all(Array.from({ length: 10 }, () => limiter.take("exa", 0, never)));
    expect(first.every((slot) => slot.ok && slot.waitedMs === 0)).toBe(true);
    // The eleventh request is due one interval (100 ms) later: it may not go now.
    expect(await limiter.take("exa", 0, never)).toStrictEqual({
      ok: false,
      waitMs: 100,
      rate: { count: 10, per: "second" },
    });
    now += 100;
    expect(await limiter.take("exa", 0, never)).toStrictEqual({ ok: true, waitedMs: 0 });
  });

  it("makes a request wait for its slot when the wait is within what it may wait", async () => {
    const limiter = createRateLimiter(createMemoryStore(), { brave: { count: 20, per: "second" } });
    const slots = await Promise.all(Array.from({ length: 22 }, () => limiter.take("brave", 1_000, never)));
    const waited = slots.map((slot) => (slot.ok ? slot.waitedMs : -1));
    expect(waited.slice(0, 20).every((ms) => ms === 0)).toBe(true);
    // Two over the burst: due 50 ms and 100 ms after the first (± the ms the batch took to run).
    expect(waited[20]).toBeGreaterThan(20);
    expect(waited[21]).toBeGreaterThan(waited[20] as number);
  });

  it("refuses without taking the slot, so a later request with more time still gets it", async () => {
    const now = 5_000;
    const limiter = createRateLimiter(createMemoryStore(), { brave: { count: 1, per: "second" } }, () => now);
    expect((await limiter.take("brave", 0, never)).ok).toBe(true);
    const refused = await limiter.take("brave", 10, never);
    expect(refused).toMatchObject({ ok: false, waitMs: 1000 });
    const controller = new AbortController();
    const waiting = limiter.take("brave", 5_000, controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
  });

  it("never holds a service without a rate", async () => {
    const store = createMemoryStore();
    const limiter = createRateLimiter(store, {});
    const slots = await Promise.all(Array.from({ length: 50 }, () => limiter.take("searxng", 0, never)));
    expect(slots.every((slot) => slot.ok)).toBe(true);
    expect(await store.get("rate:searxng")).toBeUndefined();
  });

  it("is shared by every process using the same state directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cs-rate-"));
    dirs.push(dir);
    const rates = { brave: { count: 2, per: "second" as const } };
    const one = createRateLimiter(createFileStore(dir), rates);
    const other = createRateLimiter(createFileStore(dir), rates);
    const taken = await Promise.all([one.take("brave", 0, never), other.take("brave", 0, never)]);
    expect(taken.every((slot) => slot.ok)).toBe(true);
    // Both of the second's requests are spent, whichever process asks next.
    expect((await other.take("brave", 0, never)).ok).toBe(false);
    expect((await one.take("brave", 0, never)).ok).toBe(false);
  });
});

describe("ratesOf", () => {
  it("starts from each service's documented rate and lets the settings replace or remove it", () => {
    const defaults = ratesOf({ rates: [] });
    expect(defaults.brave).toStrictEqual({ count: 1, per: "second" });
    expect(defaults.searxng).toBeUndefined();
    const set = ratesOf({
      rates: [
        { provider: "brave", rate: { count: 20, per: "second" } },
        { provider: "exa", rate: null },
        { provider: "searxng", rate: { count: 5, per: "second" } },
      ],
    });
    expect(set.brave).toStrictEqual({ count: 20, per: "second" });
    expect(set.exa).toBeUndefined();
    expect(set.searxng).toStrictEqual({ count: 5, per: "second" });
    expect(set.tavily).toStrictEqual(defaults.tavily);
  });
});
