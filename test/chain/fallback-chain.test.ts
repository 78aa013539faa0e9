import { describe, expect, it } from "vitest";
import { createCooldowns, FIRST_COOLDOWN_MS } from "../../src/chain/cooldowns.js";
import { runChain } from "../../src/chain/fallback-chain.js";
import { createMemoryPauseStore } from "../../src/chain/pause-store.js";
import { createRateLimiter } from "../../src/chain/rate-limiter.js";
import { QUOTA_PAUSE_MS } from "../../src/chain/stage-gate.js";
import { ProviderError } from "../../src/errors.js";
import { silentLogger } from "../../src/log/silent-logger.js";
import type { ProviderName, SearchProvider, SearchResponse } from "../../src/providers/search-provider.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const request = { query: "q", categories: ["general" as const], engines: [], timeRange: null, limit: 5 };
const hit = (url: string) => ({ url, title: "t", snippet: "s", publishedAt: null, engines: [], rank: 1 });

function fake(
  name: ProviderName,
  behaviour: SearchResponse | Error | "hang" | "ignore-signal",
  calls: string[] = [],
  configured = true,
): SearchProvider {
  return {
    name,
    configured,
    search: (req) => {
      calls.push(name);
      if (behaviour === "hang") {
        return new Promise((_, reject) =>
          req.signal.addEventListener("abort", () => reject(new Error("aborted"))),
        );
      }
      if (behaviour === "ignore-signal") return new Promise(() => {});
      return behaviour instanceof Error ? Promise.reject(behaviour) : Promise.resolve(behaviour);
    },
  };
}

const ok = (n: number): SearchResponse => ({
  hits: Array.from({ length: n }, (_, i) => hit(`https://a${i}.example`)),
  unresponsiveEngines: [],
  warnings: [],
});
const empty: SearchResponse = { hits: [], unresponsiveEngines: [], warnings: [] };
const options = (deadline = new AbortController().signal) => ({ deadline, logger: silentLogger });

describe("fallback chain", () => {
  it("stops at the first provider with results and records every attempt before it", async () => {
    const asked: string[] = [];
    const result = await runChain(
      [
        fake("searxng", new ProviderError("boom", { provider: "searxng", outcome: "http_503" }), asked),
        fake("exa", ok(1), asked, false),
        fake("brave", empty, asked),
        fake("tavily", ok(3), asked),
        fake("firecrawl", ok(2), asked),
      ],
      request,
      options(),
    );
    expect(result.status).toBe("ok");
    expect(result.provider).toBe("tavily");
    expect(result.hits).toHaveLength(3);
    expect(result.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      ["searxng", "http_503"],
      ["exa", "no_key"],
      ["brave", "empty"],
      ["tavily", "ok"],
    ]);
    expect(asked).toEqual(["searxng", "brave", "tavily"]);
  });

  it("calls an engine outage with no results engines_unavailable, not empty", async () => {
    const outage: SearchResponse = {
      hits: [],
      unresponsiveEngines: [{ engine: "bing", reason: "timeout" }],
      warnings: [],
    };
    const result = await runChain([fake("searxng", outage)], request, options());
    expect(result.status).toBe("failed");
    expect(result.attempts[0]).toMatchObject({
      outcome: "engines_unavailable",
      detail: "engines unavailable: bing (timeout)",
    });
    expect(result.unresponsiveEngines).toEqual([{ engine: "bing", reason: "timeout" }]);
  });

  it("is empty when a service looked and found nothing, failed when none could answer", async () => {
    expect((await runChain([fake("searxng", empty)], request, options())).status).toBe("empty");
    expect((await runChain([fake("searxng", new Error("x"))], request, options())).status).toBe("failed");
    expect((await runChain([fake("searxng", ok(1), [], false)], request, options())).status).toBe("failed");
  });

  it("skips providers named in `skip` with the given outcome", async () => {
    const asked: string[] = [];
    const result = await runChain([fake("searxng", ok(1), asked), fake("exa", ok(2), asked)], request, {
      ...options(),
      skip: new Map([["searxng", "unhealthy"]]),
    });
    expect(result.provider).toBe("exa");
    expect(result.attempts[0]).toMatchObject({ provider: "searxng", outcome: "unhealthy" });
    expect(asked).toEqual(["exa"]);
  });

  it.each(["hang", "ignore-signal"] as const)(
    "ends at the deadline even when a provider %s",
    async (behaviour) => {
      const asked: string[] = [];
      const deadline = AbortSignal.timeout(50);
      const result = await runChain(
        [fake("searxng", behaviour, asked), fake("exa", ok(1), asked)],
        request,
        options(deadline),
      );
      expect(result.status).toBe("failed");
      expect(result.attempts).toEqual([
        expect.objectContaining({ provider: "searxng", outcome: "deadline" }),
      ]);
      expect(asked).toEqual(["searxng"]);
    },
  );
});

describe("pauses and the failure message", () => {
  const quota = new ProviderError("Exa request failed with status 402 (NO_MORE_CREDITS)", {
    provider: "exa",
    outcome: "http_402",
    status: 402,
    vendorCode: "NO_MORE_CREDITS",
    pause: { reason: "quota" },
  });
  const rate = new ProviderError("Brave request failed with status 429", {
    provider: "brave",
    outcome: "http_429",
    status: 429,
    pause: { reason: "rate_limit", retryAfterMs: 5000 },
  });

  it("pauses a stage after 402 for 24 h and after 429 for its Retry-After, then skips it", async () => {
    let wall = 1_000_000;
    const pauses = createMemoryPauseStore();
    const asked: string[] = [];
    const chain = [fake("exa", quota, asked), fake("brave", rate, asked), fake("tavily", ok(1), asked)];
    const opts = { ...options(), pauses, clock: () => wall };
    await runChain(chain, request, opts);
    expect((await pauses.get("exa", wall))?.until).toBe(wall + QUOTA_PAUSE_MS);
    expect((await pauses.get("brave", wall))?.until).toBe(wall + 5000);

    wall += 4000;
    const second = await runChain(chain, request, opts);
    expect(second.attempts.map((a) => [a.provider, a.outcome])).toEqual([
      ["exa", "paused"],
      ["brave", "paused"],
      ["tavily", "ok"],
    ]);
    expect(asked).toEqual(["exa", "brave", "tavily", "tavily"]);

    wall += 2000; // Brave's 5 s are over: it is asked again by itself.
    await runChain(chain, request, opts);
    expect(asked.at(-2)).toBe("brave");
  });

  it("names every stage asked or paused, not the unconfigured ones", async () => {
    const wall = 5_000_000;
    const pauses = createMemoryPauseStore();
    await pauses.set(
      "exa",
      { until: wall + 17 * 3_600_000, reason: "quota", detail: "HTTP 402 NO_MORE_CREDITS" },
      wall,
    );
    const result = await runChain(
      [
        fake("exa", ok(1)),
        fake("parallel", new ProviderError("t", { provider: "parallel", outcome: "timeout" })),
        fake("brave", ok(1), [], false),
        fake("firecrawl", empty),
      ],
      request,
      { ...options(), pauses, clock: () => wall },
    );
    expect(result.error).toBe(
      "exa: HTTP 402 NO_MORE_CREDITS (paused for another 17 h); parallel: timeout; firecrawl: no results",
    );
  });

  it("says no stage configured when nothing is", async () => {
    const result = await runChain([fake("exa", ok(1), [], false)], request, options());
    expect(result.error).toBe("no stage configured");
  });
});

describe("cooldowns and rates in the chain", () => {
  const timeout = () =>
    new ProviderError("timed out after 12000 ms", { provider: "exa", outcome: "timeout" });

  it("skips a stage that timed out at once on the next run, and lets one probe find it back", async () => {
    let now = Date.UTC(2026, 11, 1);
    const cooldowns = createCooldowns(createMemoryStore());
    const run = (first: SearchProvider, asked: string[]) =>
      runChain([first, fake("tavily", ok(2), asked)], request, { ...options(), cooldowns, clock: () => now });

    const asked: string[] = [];
    const first = await run(fake("exa", timeout(), asked), asked);
    expect(first.attempts.map((a) => a.outcome)).toEqual(["timeout", "ok"]);

    const second = await run(fake("exa", ok(5), asked), asked);
    expect(second.provider).toBe("tavily");
    expect(second.attempts[0]).toMatchObject({ provider: "exa", outcome: "cooling", ms: 0 });
    expect(second.attempts[0]?.detail).toMatch(/^timed out; skipped until .*whether it is back$/u);
    expect(asked).toEqual(["exa", "tavily", "tavily"]);

    now += FIRST_COOLDOWN_MS;
    const probe = await run(fake("exa", ok(5), asked), asked);
    expect(probe.provider).toBe("exa");
    const after = await run(fake("exa", ok(5), asked), asked);
    expect(after.attempts.map((a) => a.outcome)).toEqual(["ok"]);
  });

  it("does not cool a stage for an answer it gave, nor for the run's own deadline", async () => {
    const cooldowns = createCooldowns(createMemoryStore());
    const http500 = new ProviderError("HTTP 500", { provider: "exa", outcome: "http_500" });
    await runChain([fake("exa", http500), fake("tavily", ok(1))], request, { ...options(), cooldowns });
    const deadline = AbortSignal.timeout(20);
    await runChain([fake("exa", "hang")], request, { ...options(deadline), cooldowns });
    expect(await cooldowns.get("exa", Date.now())).toBeUndefined();
  });

  it("moves on to the next stage when a rate slot is further off than the call may wait", async () => {
    const rates = createRateLimiter(createMemoryStore(), { brave: { count: 1, per: "second" } });
    const asked: string[] = [];
    // 400 ms left: a quarter of it (100 ms) may go to waiting, and the next slot is a second away.
    const run = () =>
      runChain([fake("brave", ok(3), asked), fake("tavily", ok(2), asked)], request, {
        ...options(),
        rates,
        deadlineAt: performance.now() + 400,
      });
    expect((await run()).provider).toBe("brave");
    const second = await run();
    expect(second.provider).toBe("tavily");
    expect(second.attempts[0]).toMatchObject({ provider: "brave", outcome: "throttled", ms: 0 });
    expect(second.attempts[0]?.detail).toBe(
      "no request free within its rate of 1/s for another 1 s; the next stage was asked",
    );
    expect(asked).toEqual(["brave", "tavily"]);
  });
});
