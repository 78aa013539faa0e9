import type { ChainResult } from "../chain/fallback-chain.js";
import type { EngineHealthStore } from "./engine-health.js";

/** Passive health: engines SearXNG named unresponsive, and those that found something. */
export async function recordEngineHealth(
  results: readonly ChainResult[],
  health: EngineHealthStore,
  instance: string,
): Promise<void> {
  const observations = new Map<string, { engine: string; status: "ok" | "unresponsive"; reason?: string }>();
  for (const result of results) {
    // Degoog reports engines too; only SearXNG's own reports describe this instance.
    // A cached answer says nothing about the engines now.
    if (result.attempts.some((a) => a.outcome === "cache")) continue;
    const askedSearxng = result.attempts.some((a) => a.provider === "searxng" && a.outcome !== "no_key");
    const askedDegoog = result.attempts.some((a) => a.provider === "degoog" && a.outcome !== "no_key");
    if (!askedSearxng || askedDegoog) continue;
    for (const e of result.unresponsiveEngines)
      observations.set(e.engine, { engine: e.engine, status: "unresponsive", reason: e.reason });
    if (result.provider === "searxng") {
      for (const engine of result.hits.flatMap((hit) => hit.engines)) {
        if (!observations.has(engine)) observations.set(engine, { engine, status: "ok" });
      }
    }
  }
  if (observations.size > 0) await health.observe(instance, [...observations.values()], Date.now());
  // SearXNG itself timed out or could not be reached: with its /config still cached, the next
  // question would wait the full stage timeout again; without it, the preflight finds out in seconds.
  const instanceDown = results.some((r) =>
    r.attempts.some((a) => a.provider === "searxng" && (a.outcome === "timeout" || a.outcome === "network")),
  );
  if (instanceDown) await health.forgetConfig(instance);
}
