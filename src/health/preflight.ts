import { COOLING_OUTCOMES, type CooldownStore, describeCooldown } from "../chain/cooldowns.js";
import { ProviderError, systemErrorCode } from "../errors.js";
import type { Logger } from "../log/logger.js";
import type { SearxngEngineInfo, SearxngProvider } from "../providers/searxng.js";
import { engineFamily, webFamilies } from "./engine-families.js";
import type { EngineHealthStore } from "./engine-health.js";

/** Fewer healthy web-index families than this and the 4-call pattern only looks diverse. */
export const MIN_HEALTHY_FAMILIES = 3;
/** How long an instance's `/config` is trusted before it is asked again. */
export const CONFIG_TTL_MS = 3 * 60_000;
/** How long an engine seen failing (or answering) counts as such. */
export const RECENT_MS = 10 * 60_000;
/** A query any general engine answers; its results are not used. */
export const PROBE_QUERY = "wikipedia";

export interface EngineStatus {
  name: string;
  family: string;
  categories: string[];
  enabled: boolean;
  timeRangeSupport: boolean;
  /** Why it counts as down (`timeout`, `HTTP error`, …), when it was seen failing recently. */
  unresponsive: string | null;
}

export interface PreflightResult {
  status: "ok" | "failed" | "not_configured";
  engines: EngineStatus[];
  /** Enabled engines not seen failing recently. */
  healthyEngines: string[];
  /** Distinct web-index families among the healthy engines. */
  families: string[];
  /** True when diversity is too low for the 4-call pattern. */
  degraded: boolean;
  error: string | null;
  /** Requests this preflight sent (0 when everything it needed was fresh in the state). */
  roundTrips: number;
  ms: number;
}

export interface PreflightOptions {
  signal: AbortSignal;
  logger: Logger;
  health: EngineHealthStore;
  /** The instance's key in the health store. */
  instance: string;
  /** Wall clock (epoch ms). */
  clock?: () => number;
  /**
   * Stages cooling down after a timeout: a cooling SearXNG is not asked, and a preflight that
   * times out or cannot connect opens its cooldown, as a search would. A preflight that reaches the
   * instance after its cooldown ended is the probe that ends it (one sent before a search failed
   * says nothing about the instance since, and leaves the cooldown alone).
   */
  cooldowns?: CooldownStore;
  /** The run's deadline within `signal`: running out of it says nothing about SearXNG. */
  deadline?: AbortSignal;
}

/**
 * Step 0: which engines can the 4 calls rely on? `/config` (cached for a few minutes) says what is
 * enabled; passive health says which engines failed lately; when nothing recent is known, one probe
 * query finds out. A failure here is recorded, never thrown: the chain then skips SearXNG.
 */
export async function preflightSearxng(
  searxng: SearxngProvider | undefined,
  options: PreflightOptions,
): Promise<PreflightResult> {
  const clock = options.clock ?? (() => Date.now());
  const started = performance.now();
  const empty = { engines: [], healthyEngines: [], families: [], degraded: false };
  if (!searxng?.configured) return { status: "not_configured", ...empty, error: null, roundTrips: 0, ms: 0 };
  let roundTrips = 0;
  const cooldown = await options.cooldowns?.peek("searxng");
  if (cooldown && cooldown.until > clock()) {
    return { status: "failed", ...empty, error: describeCooldown(cooldown, false), roundTrips, ms: 0 };
  }
  try {
    let known = await options.health.get(options.instance);
    let config = known.config && clock() - known.config.at < CONFIG_TTL_MS ? known.config.engines : undefined;
    if (!config) {
      roundTrips += 1;
      config = await searxng.engines(options.signal);
      await options.health.saveConfig(options.instance, config, clock());
    } else {
      searxng.useEngines(config);
    }
    const enabled = config.filter((e) => e.enabled);
    const recent = (at: number) => clock() - at < RECENT_MS;
    const anythingRecent =
      (known.probeAt !== undefined && recent(known.probeAt)) ||
      Object.values(known.engines).some((o) => recent(o.at));
    if (!anythingRecent && enabled.length > 0) {
      roundTrips += 1;
      await probe(searxng, enabled, options, clock());
      known = await options.health.get(options.instance);
    }
    // Engine names come from the instance: looked up in a Map, never through an object's prototype.
    const observed = new Map(Object.entries(known.engines));
    const engines = config.map((engine): EngineStatus => {
      const seen = observed.get(engine.name);
      return {
        name: engine.name,
        family: engineFamily(engine.name),
        categories: engine.categories,
        enabled: engine.enabled,
        timeRangeSupport: engine.timeRangeSupport,
        unresponsive:
          seen && seen.status === "unresponsive" && recent(seen.at) ? (seen.reason ?? "unavailable") : null,
      };
    });
    const healthy = engines
      .filter((e) => e.enabled && e.unresponsive === null)
      .map((e) => e.name)
      .sort();
    const families = webFamilies(healthy);
    if (cooldown && roundTrips > 0) await options.cooldowns?.recovered("searxng");
    return {
      status: "ok",
      engines,
      healthyEngines: healthy,
      families,
      degraded: families.length < MIN_HEALTHY_FAMILIES,
      error: null,
      roundTrips,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "unexpected failure";
    options.logger.warn({ err: error }, "SearXNG preflight failed");
    // Its own bound ran out ("aborted"), it timed out, or it could not connect: SearXNG did not answer.
    const unanswered =
      error instanceof ProviderError && ["aborted", ...COOLING_OUTCOMES].includes(error.outcome);
    if (unanswered && !options.deadline?.aborted) {
      const reason = (error as ProviderError).outcome === "network" ? "network" : "timeout";
      await options.cooldowns?.failed("searxng", reason, clock(), systemErrorCode(error));
    }
    return {
      status: "failed",
      ...empty,
      error: message,
      roundTrips,
      ms: Math.round(performance.now() - started),
    };
  }
}

/** One query over every enabled engine: who answers, who is listed unresponsive. */
async function probe(
  searxng: SearxngProvider,
  enabled: SearxngEngineInfo[],
  options: PreflightOptions,
  at: number,
) {
  const response = await searxng.search({
    query: PROBE_QUERY,
    categories: [],
    engines: enabled.map((e) => e.name),
    timeRange: null,
    limit: 20,
    signal: options.signal,
  });
  const down = new Map(response.unresponsiveEngines.map((e) => [e.engine, e.reason]));
  const answered = new Set(response.hits.flatMap((hit) => hit.engines));
  await options.health.observe(
    options.instance,
    [
      ...[...down].map(([engine, reason]) => ({ engine, status: "unresponsive" as const, reason })),
      ...[...answered]
        .filter((engine) => !down.has(engine))
        .map((engine) => ({ engine, status: "ok" as const })),
    ],
    at,
  );
  await options.health.markProbe(options.instance, at);
}
