import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { leaseSize, newLeases } from "../../src/chain/rate-lease.js";
import { createRateLimiter, type RateLimiter, type RateSlot, ratesOf } from "../../src/chain/rate-limiter.js";
import { createFileStore } from "../../src/state/file-store.js";
import { createMemoryStore } from "../../src/state/memory-store.js";
import type { StateStore } from "../../src/state/state-store.js";

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
    // Each process keeps leases of its own.
    const one = createRateLimiter(createFileStore(dir), rates, Date.now, newLeases());
    const other = createRateLimiter(createFileStore(dir), rates, Date.now, newLeases());
    const taken = await Promise.all([one.take("brave", 0, never), other.take("brave", 0, never)]);
    expect(taken.every((slot) => slot.ok)).toBe(true);
    // Both of the second's requests are spent, whichever process asks next.
    expect((await other.take("brave", 0, never)).ok).toBe(false);
    expect((await one.take("brave", 0, never)).ok).toBe(false);
  });
});

/** A store whose updates are counted and, while held, wait until released. */
function gatedStore() {
  const inner = createMemoryStore();
  let gate: Promise<void> | undefined;
  let open = () => {};
  const gated = {
    updates: 0,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = undefined;
      open();
    },
    store: {
      ...inner,
      async update<T>(key: string, change: (current: T | undefined) => T, ttlMs: number) {
        gated.updates++;
        if (gate) await gate;
        return inner.update(key, change, ttlMs);
      },
    } satisfies StateStore,
  };
  return gated;
}

/** What `promise` settles to before the event loop turns (a memory store answers within it), else "waiting". */
function soon<T>(promise: Promise<T>): Promise<T | "waiting"> {
  return Promise.race([promise, new Promise<"waiting">((resolve) => setImmediate(() => resolve("waiting")))]);
}

describe("rate limiter leases", () => {
  const exa = { exa: { count: 10, per: "second" as const } };
  const question = (limiter: RateLimiter) =>
    Promise.all(Array.from({ length: 4 }, () => limiter.take("exa", 0, never)));
  /** A process whose questions each get a limiter of their own, as `corroborate` and the server do. */
  const process = (store: StateStore, clock: () => number) => {
    const leases = newLeases();
    return () => createRateLimiter(store, exa, clock, leases);
  };
  /** A process that has asked once already: it leases from its next question on. */
  const warmProcess = async (store: StateStore, clock: () => number) => {
    const next = process(store, clock);
    expect((await next().take("exa", 0, never)).ok).toBe(true);
    return next;
  };

  it("takes no credits for a process's first question, which may be its only one", async () => {
    const store = createMemoryStore();
    const one = process(store, () => 1_000_000)();
    expect((await question(one)).every((slot) => slot.ok)).toBe(true);
    await one.settled();
    // Nothing held back: the other six of the burst are free for another process.
    const other = await Promise.all(
      Array.from({ length: 7 }, () => process(store, () => 1_000_000)().take("exa", 0, never)),
    );
    expect(other.filter((slot) => slot.ok)).toHaveLength(6);
  });

  it("asks the store once for a question's calls that reach the service one after another", async () => {
    const gated = gatedStore();
    const limiter = process(gated.store, () => 1_000_000)();
    // As a question's calls do: each after its own look at pauses and cooldowns, in one turn.
    const takes: Promise<RateSlot>[] = [];
    for (let call = 0; call < 4; call += 1) {
      takes.push(limiter.take("exa", 0, never));
      await Promise.resolve();
    }
    expect((await Promise.all(takes)).every((slot) => slot.ok)).toBe(true);
    await limiter.settled();
    expect(gated.updates).toBe(1);
  });

  it("serves the next question's requests from credits, without waiting for the store", async () => {
    const gated = gatedStore();
    let now = 1_000_000;
    const next = process(gated.store, () => now);
    for (const _ of [1, 2]) {
      const limiter = next();
      expect((await question(limiter)).every((slot) => slot.ok)).toBe(true);
      await limiter.settled();
      now += 400;
    }
    const asked = gated.updates;
    gated.hold();
    // The store does not answer now; the four requests go anyway, on credits topped up after the last question.
    const third = next();
    expect(await soon(question(third))).toStrictEqual(Array(4).fill({ ok: true, waitedMs: 0 }));
    gated.release();
    await third.settled();
    // Using them set off one top-up, in the background.
    expect(gated.updates).toBe(asked + 1);
  });

  it("lets a credit go for a second, then asks the store again", async () => {
    const gated = gatedStore();
    let now = 1_000_000;
    const limiter = (await warmProcess(gated.store, () => now))();
    // One request at once and four credits.
    expect(await limiter.take("exa", 0, never)).toStrictEqual({ ok: true, waitedMs: 0 });
    now += 999;
    gated.hold();
    const two = await soon(Promise.all([1, 2].map(() => limiter.take("exa", 0, never))));
    expect(two).toStrictEqual(Array(2).fill({ ok: true, waitedMs: 0 }));
    // The other two have expired: the next request must ask the store.
    now += 1;
    const third = limiter.take("exa", 0, never);
    expect(await soon(third)).toBe("waiting");
    gated.release();
    expect((await third).ok).toBe(true);
    await limiter.settled();
  });

  it("counts leased slots as used, so another process sharing the state stays within the rate", async () => {
    const store = createMemoryStore();
    const now = 1_000_000;
    const one = (await warmProcess(store, () => now))();
    const other = process(store, () => now)();
    expect((await one.take("exa", 0, never)).ok).toBe(true);
    // `one` sent two and holds four credits: of the burst of ten, four are left for the other process.
    const taken = await Promise.all(Array.from({ length: 10 }, () => other.take("exa", 0, never)));
    expect(taken.filter((slot) => slot.ok)).toHaveLength(4);
    const own = await Promise.all(Array.from({ length: 5 }, () => one.take("exa", 0, never)));
    expect(own.filter((slot) => slot.ok)).toHaveLength(4);
    expect(own.at(-1)).toMatchObject({ ok: false, waitMs: 100 });
  });

  it("keeps room for another process's credits until they expire, however late they go", async () => {
    let now = 1_000_000;
    const store = createMemoryStore();
    const one = (await warmProcess(store, () => now))();
    const other = process(store, () => now)();
    // `one` takes a slot and four credits, then stays quiet while the burst comes back.
    expect((await one.take("exa", 0, never)).ok).toBe(true);
    now += 500;
    const burst = await Promise.all(Array.from({ length: 10 }, () => other.take("exa", 0, never)));
    const late = await Promise.all(Array.from({ length: 4 }, () => one.take("exa", 0, never)));
    expect(late.every((slot) => slot.ok)).toBe(true);
    // At one instant, no more than the burst of ten goes, whichever process sends it.
    expect([...burst, ...late].filter((slot) => slot.ok)).toHaveLength(10);
  });

  it("keeps processes together within the rate over any span, credits and all", async () => {
    const gated = gatedStore();
    let now = 1_000_000;
    const processes = [0, 1, 2].map(() => process(gated.store, () => now));
    const sent: number[] = [];
    let takes = 0;
    // Questions now and then, some at once: credits left from a quiet moment meet another's burst.
    let seed = 7;
    const demand = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return [0, 0, 0, 0, 0, 0, 0, 1, 5, 10][seed % 10] ?? 0;
    };
    for (let step = 0; step < 300; step++, now += 250) {
      for (const next of processes) {
        const limiter = next();
        const slots = await Promise.all(
          Array.from({ length: demand() }, () => limiter.take("exa", 0, never)),
        );
        takes += slots.length;
        for (const slot of slots) if (slot.ok) sent.push(now);
        await limiter.settled();
      }
    }
    // Credits were used: fewer updates than requests.
    expect(gated.updates).toBeLessThan(takes);
    // A burst of ten, then one per 100 ms: at most 10 + span / 100 within any span.
    for (const span of [0, 100, 500, 1000, 2000]) {
      for (const start of sent) {
        const within = sent.filter((at) => at >= start && at <= start + span).length;
        expect(within).toBeLessThanOrEqual(10 + Math.floor(span / 100));
      }
    }
  });

  it("sends no more than the burst when twenty questions of one server start at once", async () => {
    const store = createMemoryStore();
    // A server: one limiter per question, one store, so one lease for all of them.
    const questions = Array.from({ length: 20 }, () =>
      question(createRateLimiter(store, exa, () => 1_000_000)),
    );
    const slots = (await Promise.all(questions)).flat();
    expect(slots.filter((slot) => slot.ok)).toHaveLength(10);
  });

  it("still refuses a slot too far off, and still stops waiting when aborted", async () => {
    const now = 1_000_000;
    const limiter = createRateLimiter(createMemoryStore(), exa, () => now);
    const burst = await Promise.all(Array.from({ length: 10 }, () => limiter.take("exa", 0, never)));
    expect(burst.every((slot) => slot.ok)).toBe(true);
    expect(await limiter.take("exa", 50, never)).toMatchObject({ ok: false, waitMs: 100 });
    const controller = new AbortController();
    const waiting = limiter.take("exa", 5_000, controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
  });

  it("leases half a burst at most, within a second's worth, and nothing of a burst of one or two", () => {
    expect(leaseSize(1, 1000)).toBe(0);
    expect(leaseSize(2, 500)).toBe(0);
    expect(leaseSize(10, 100)).toBe(4);
    // 100/min: one request per 600 ms.
    expect(leaseSize(100, 600)).toBe(1);
    expect(leaseSize(5000, 12)).toBe(83);
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
