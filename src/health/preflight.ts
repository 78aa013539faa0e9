import type { Logger } from "../logger.js";
import type { SearxngProvider } from "../providers/searxng.js";
import { distinctFamilies } from "./engine-families.js";

/** Fewer healthy index families than this and the 4-call pattern only looks diverse. */
export const MIN_HEALTHY_FAMILIES = 3;

export interface PreflightResult {
  status: "ok" | "failed" | "not_configured";
  /** Enabled engines the instance reports. */
  healthyEngines: string[];
  /** Distinct index families among the healthy engines. */
  families: string[];
  /** True when diversity is too low for the 4-call pattern. */
  degraded: boolean;
  error: string | null;
  ms: number;
}

/**
 * Step 0: ask the SearXNG instance which engines it runs before planning four calls over them.
 * A failure here is recorded, never thrown: the chain then skips SearXNG as unhealthy.
 */
export async function preflightSearxng(
  searxng: SearxngProvider | undefined,
  options: { signal: AbortSignal; logger: Logger; now?: () => number },
): Promise<PreflightResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  if (!searxng?.configured) {
    return {
      status: "not_configured",
      healthyEngines: [],
      families: [],
      degraded: false,
      error: null,
      ms: 0,
    };
  }
  try {
    const engines = await searxng.engines(options.signal);
    const healthy = engines
      .filter((e) => e.enabled)
      .map((e) => e.name)
      .sort();
    const families = distinctFamilies(healthy);
    return {
      status: "ok",
      healthyEngines: healthy,
      families,
      degraded: families.length < MIN_HEALTHY_FAMILIES,
      error: null,
      ms: Math.round(now() - started),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "unexpected failure";
    options.logger.warn({ err: error }, "SearXNG preflight failed");
    return {
      status: "failed",
      healthyEngines: [],
      families: [],
      degraded: false,
      error: message,
      ms: Math.round(now() - started),
    };
  }
}
