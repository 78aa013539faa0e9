import { createHash } from "node:crypto";
import type { SearxngEngineInfo } from "../providers/searxng.js";
import { createMemoryStore } from "../state/memory-store.js";
import type { StateStore } from "../state/state-store.js";

/**
 * What is known about one SearXNG instance's engines: its `/config` (cached a few minutes) and
 * passive health — which engines answered or were listed in `unresponsive_engines` lately — kept in
 * the shared state store beside the pauses, so a burst of questions costs one preflight.
 */
export interface EngineObservation {
  status: "ok" | "unresponsive";
  /** Epoch ms. */
  at: number;
  reason?: string;
}

export interface InstanceHealth {
  config?: { at: number; engines: SearxngEngineInfo[] };
  probeAt?: number;
  engines: Record<string, EngineObservation>;
}

export interface EngineHealthStore {
  get(instance: string): Promise<InstanceHealth>;
  saveConfig(instance: string, engines: SearxngEngineInfo[], at: number): Promise<void>;
  observe(
    instance: string,
    observations: { engine: string; status: EngineObservation["status"]; reason?: string }[],
    at: number,
  ): Promise<void>;
  markProbe(instance: string, at: number): Promise<void>;
  /** Drops the cached `/config`, so the next preflight asks the instance itself (and gives up in seconds). */
  forgetConfig(instance: string): Promise<void>;
  /** Forgets what is known of every instance (`doctor --reset`); returns how many instances it knew. */
  clear(): Promise<number>;
}

/** Health is kept a day; the preflight itself only trusts the last few minutes of it. */
const HEALTH_TTL_MS = 24 * 3_600_000;

/** A key for an instance that carries no credentials: a hash of its address without user:pass. */
export function instanceKey(url: string): string {
  let bare = url;
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    bare = parsed.href.replace(/\/+$/, "");
  } catch {
    // an unparsable address still gets a stable key
  }
  return createHash("sha256").update(bare).digest("hex").slice(0, 16);
}

/** Health of each SearXNG instance in the shared state store, one entry per instance. */
export function createEngineHealthStore(state: StateStore): EngineHealthStore {
  const change = async (instance: string, edit: (health: InstanceHealth) => InstanceHealth) => {
    await state.update<unknown>(
      `health:${instance}`,
      (current) => edit(isInstanceHealth(current) ? current : { engines: {} }),
      HEALTH_TTL_MS,
    );
  };
  return {
    async get(instance) {
      const health = await state.get<unknown>(`health:${instance}`);
      return isInstanceHealth(health) ? health : { engines: {} };
    },
    saveConfig: (instance, engines, at) => change(instance, (h) => ({ ...h, config: { at, engines } })),
    observe: (instance, observations, at) =>
      change(instance, (h) => ({
        ...h,
        engines: {
          ...h.engines,
          ...Object.fromEntries(
            observations.map((o) => [
              o.engine,
              { status: o.status, at, ...(o.reason ? { reason: o.reason } : {}) },
            ]),
          ),
        },
      })),
    markProbe: (instance, at) => change(instance, (h) => ({ ...h, probeAt: at })),
    forgetConfig: (instance) => change(instance, ({ config: _dropped, ...rest }) => rest),
    clear: async () => (await state.clear("health")).length,
  };
}

/** Health that lives and dies with one run (injected providers, tests). */
export function createMemoryEngineHealthStore(): EngineHealthStore {
  return createEngineHealthStore(createMemoryStore());
}

function isInstanceHealth(value: unknown): value is InstanceHealth {
  if (typeof value !== "object" || value === null) return false;
  const { engines } = value as { engines?: unknown };
  return typeof engines === "object" && engines !== null && !Array.isArray(engines);
}
