import { describe, expect, it } from "vitest";
import { limitInFlight } from "../../src/chain/concurrency.js";
import type { SearchProvider, SearchResponse } from "../../src/providers/search-provider.js";

const request = (signal = new AbortController().signal) => ({
  query: "q",
  categories: ["general" as const],
  engines: [],
  timeRange: null,
  limit: 5,
  signal,
});

/** A provider whose searches finish only when the test says so, counting how many run at once. */
function gated() {
  let running = 0;
  let peak = 0;
  const release: (() => void)[] = [];
  const provider: SearchProvider = {
    name: "brave",
    configured: true,
    search: () =>
      new Promise<SearchResponse>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        release.push(() => {
          running -= 1;
          resolve({ hits: [], unresponsiveEngines: [], warnings: [] });
        });
      }),
  };
  return { provider, release, peak: () => peak, running: () => running };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("limitInFlight", () => {
  it("runs at most the limit at once and starts the queued ones as others finish", async () => {
    const g = gated();
    const limited = limitInFlight(g.provider, 2);
    const all = Promise.all([1, 2, 3, 4].map(() => limited.search(request())));
    await tick();
    expect(g.running()).toBe(2);
    while (g.release.length > 0) {
      g.release.shift()?.();
      await tick();
    }
    await all;
    expect(g.peak()).toBe(2);
  });

  it("a queued search leaves the queue when its signal aborts", async () => {
    const g = gated();
    const limited = limitInFlight(g.provider, 1);
    const first = limited.search(request());
    const controller = new AbortController();
    const second = limited.search(request(controller.signal));
    controller.abort(new Error("deadline"));
    await expect(second).rejects.toThrow("deadline");
    await tick();
    g.release.shift()?.();
    await first;
    expect(g.peak()).toBe(1);
  });
});
