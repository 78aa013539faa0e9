import { createHash } from "node:crypto";
import { join } from "node:path";
import { createStateFile } from "../chain/state-file.js";
import type { SearxngEngineInfo } from "../providers/searxng.js";

/**
 * What is known about one SearXNG instance's engines: its `/config` (cached a few minutes) and
 * passive health — which engines answered or were listed in `unresponsive_engines` lately — kept in
 * the state directory beside the pauses, so a burst of questions costs one preflight.
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
  get(instance: string): InstanceHealth;
  saveConfig(instance: string, engines: SearxngEngineInfo[], at: number): void;
  observe(
    instance: string,
    observations: { engine: string; status: EngineObservation["status"]; reason?: string }[],
    at: number,
  ): void;
  markProbe(instance: string, at: number): void;
  readonly warnings: readonly string[];
}

type HealthFile = { version: 1; instances: Record<string, InstanceHealth> };

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

export function createMemoryEngineHealthStore(): EngineHealthStore {
  let memory: HealthFile = { version: 1, instances: {} };
  return storeOver({
    read: () => memory,
    update: (change) => {
      memory = change(memory);
    },
    warnings: [],
  });
}

export function createFileEngineHealthStore(dir: string): EngineHealthStore {
  const file = createStateFile<HealthFile>(
    join(dir, "engine-health.json"),
    "Engine health state",
    isHealthFile,
    () => ({
      version: 1,
      instances: {},
    }),
  );
  // Once the file is unusable, what this run learns is still kept for the rest of the run.
  const memory = createMemoryEngineHealthStore();
  const onFile = storeOver(file);
  return {
    get: (instance) => (file.usable ? onFile.get(instance) : memory.get(instance)),
    saveConfig: (instance, engines, at) => {
      memory.saveConfig(instance, engines, at);
      onFile.saveConfig(instance, engines, at);
    },
    observe: (instance, observations, at) => {
      memory.observe(instance, observations, at);
      onFile.observe(instance, observations, at);
    },
    markProbe: (instance, at) => {
      memory.markProbe(instance, at);
      onFile.markProbe(instance, at);
    },
    get warnings() {
      return file.warnings;
    },
  };
}

function storeOver(state: {
  read(): HealthFile;
  update(change: (current: HealthFile) => HealthFile): void;
  readonly warnings: readonly string[];
}): EngineHealthStore {
  const change = (instance: string, edit: (health: InstanceHealth) => InstanceHealth) =>
    state.update((current) => ({
      version: 1,
      instances: { ...current.instances, [instance]: edit(current.instances[instance] ?? { engines: {} }) },
    }));
  return {
    get: (instance) => state.read().instances[instance] ?? { engines: {} },
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
    get warnings() {
      return state.warnings;
    },
  };
}

function isHealthFile(value: unknown): value is HealthFile {
  if (typeof value !== "object" || value === null) return false;
  const { version, instances } = value as { version?: unknown; instances?: unknown };
  return version === 1 && typeof instances === "object" && instances !== null && !Array.isArray(instances);
}
