import { cooldownCause, cooldownsFor, describeCooldown } from "../chain/cooldowns.js";
import { createPauseStore } from "../chain/pause-store.js";
import { describeRate, ratesOf } from "../chain/rate-limiter.js";
import { cacheStats } from "../chain/result-cache.js";
import { type Allowance, createSpendCaps } from "../chain/spend-caps.js";
import { humanDuration } from "../chain/stage-gate.js";
import type { Config } from "../config/config.js";
import { maskUrl } from "../config/redact.js";
import { createEngineHealthStore, instanceKey } from "../health/engine-health.js";
import { type EngineStatus, preflightSearxng } from "../health/preflight.js";
import { createHttpClient, proxyDispatcher } from "../http/http-client.js";
import { silentLogger } from "../log/silent-logger.js";
import { createProviders } from "../providers/create-providers.js";
import { missingSetting, providerRow } from "../providers/registry.js";
import type { ProviderName } from "../providers/search-provider.js";
import { STATE_OPERATION_TIMEOUT_MS, stateFailure } from "../state/fallback-store.js";
import { createFileStore } from "../state/file-store.js";
import { openStateStore } from "../state/open-state-store.js";
import { createRedisStore } from "../state/redis-store.js";
import type { StateStore } from "../state/state-store.js";
import { withinWaiting } from "../state/waiting-bound.js";
import { terminalLine } from "../util/control-characters.js";

export interface StageStatus {
  provider: ProviderName;
  /** `no_key` for a vendor without its API key, `no_address` for a self-hosted service (SearXNG, Degoog) without its address. */
  state: "configured" | "no_key" | "no_address" | "paused" | "capped" | "cooling" | "keyless" | "keyless_off";
  /** For paused, capped and cooling stages: until when (ISO). */
  pausedUntil: string | null;
  detail: string | null;
  /** The request rate the stage is paced at ("1/s, the free plan"; "20/s, CORE_SEARCH_RATE"), null for none. */
  rate: string | null;
}

export interface Diagnosis {
  stages: StageStatus[];
  searxng: {
    status: string;
    verdict: string;
    engines: EngineStatus[];
    healthyEngines: string[];
    families: string[];
    error: string | null;
  } | null;
  /** Where shared state lives, how the result cache is doing and what each allowance has left. */
  state: {
    store: "file" | "redis" | "memory";
    /** The state directory, or the Redis address without its password. */
    location: string;
    cache: {
      ttlMs: number;
      hits: number;
      misses: number;
      /** hits ÷ lookups, null before the first lookup. */
      hitRate: number | null;
      /** When counting started (ISO), null before the first lookup. */
      since: string | null;
    };
    spend: (Allowance & { left: number })[];
  };
  /** Who judges stances: the built-in classifier, or an LLM server (address without credentials). */
  judge: { kind: "lexical" } | { kind: "llm"; url: string; model: string };
  warnings: string[];
}

/** What `doctor --reset` cleared from the shared state, and where. */
export interface Reset {
  store: "file" | "redis" | "memory";
  /** The state directory, or the Redis address without its password. */
  location: string;
  /** Pauses after a quota or rate-limit answer that were still in force. */
  pauses: { provider: string; until: string; detail: string }[];
  /** Cool-downs after a timeout or an unreachable service that were still in force. */
  cooldowns: { provider: string; until: string; detail: string }[];
  /** SearXNG instances whose engine health (cached /config, engines seen unresponsive) was forgotten. */
  engineHealth: number;
  /** Why the store could not be cleared (Redis unreachable, a state directory not readable), or null. */
  error: string | null;
  warnings: string[];
}

/**
 * What `--reset` keeps, and why: the result cache holds answers, never failures (`--no-cache` asks
 * afresh), and request rates and allowances count requests the services did receive.
 */
const KEPT_BY_RESET =
  "Kept: the result cache (answers, not failures; --no-cache asks afresh), request rates and allowances.";

/**
 * `doctor --reset`: forgets the pauses, cool-downs and engine health remembered in the state store
 * (files or Redis, every process's and every address's), so the next question asks every stage.
 */
export async function resetState(config: Config, options: { now?: number } = {}): Promise<Reset> {
  const now = options.now ?? Date.now();
  // The store itself, without the memory a search falls back to: clearing memory would clear nothing.
  const state = config.redisUrl ? createRedisStore(config.redisUrl) : createFileStore(config.stateDir);
  const reset: Reset = {
    store: state.kind,
    location: stateLocation(config),
    pauses: [],
    cooldowns: [],
    engineHealth: 0,
    error: null,
    warnings: [],
  };
  try {
    const [pauses, cooldowns, engineHealth] = await Promise.all([
      createPauseStore(state).clear(now),
      cooldownsFor(state, config).clear(now),
      createEngineHealthStore(state).clear(),
    ]);
    reset.pauses = pauses.map(({ provider, pause }) => ({
      provider,
      until: new Date(pause.until).toISOString(),
      detail: pause.detail,
    }));
    reset.cooldowns = cooldowns.map(({ provider, cooldown }) => ({
      provider,
      until: new Date(cooldown.until).toISOString(),
      detail: cooldownCause(cooldown),
    }));
    reset.engineHealth = engineHealth;
  } catch (error) {
    reset.error = stateFailure(error);
  } finally {
    reset.warnings = [...state.warnings];
    await withinWaiting(state.close(), STATE_OPERATION_TIMEOUT_MS).catch(() => {});
  }
  return reset;
}

export function renderReset(r: Reset): string {
  const where = `${r.store === "redis" ? "Redis" : "files"} at ${r.location}`;
  if (r.error !== null) return `Could not clear ${where}: ${cell(r.error)}\n`;
  const listed = (entries: Reset["pauses"]) =>
    entries.map((e) => `${cell(e.provider)} (${cell(e.detail)}, until ${e.until})`).join(", ");
  const lines =
    r.pauses.length + r.cooldowns.length + r.engineHealth === 0
      ? [`Nothing to clear in ${where}: no pauses, cool-downs or engine health were remembered.`]
      : [
          `Cleared from ${where}:`,
          `  pauses: ${listed(r.pauses) || "none"}`,
          `  cool-downs: ${listed(r.cooldowns) || "none"}`,
          `  engine health: ${r.engineHealth === 0 ? "none" : `${r.engineHealth} SearXNG instance${r.engineHealth === 1 ? "" : "s"}`}`,
        ];
  lines.push(KEPT_BY_RESET, ...r.warnings.map((w) => `Warning: ${w}`));
  return `${lines.join("\n")}\n`;
}

/** Where the state lives, without a password: the state directory, or the Redis address. */
function stateLocation(config: Config): string {
  return config.redisUrl ? maskUrl(config.redisUrl) : config.stateDir;
}

/** Every stage of the chain as this process would see it now, plus SearXNG's engine health. */
export async function diagnose(config: Config, options: { now?: number } = {}): Promise<Diagnosis> {
  const now = options.now ?? Date.now();
  const dispatcher = proxyDispatcher(config.proxy);
  const http = createHttpClient({ dispatcher });
  const { chain, searxng } = createProviders(config, http);
  const state = openStateStore(config);
  try {
    return await diagnoseWith(config, state, now, chain, searxng);
  } finally {
    await state.close();
  }
}

async function diagnoseWith(
  config: Config,
  state: StateStore,
  now: number,
  chain: ReturnType<typeof createProviders>["chain"],
  searxng: ReturnType<typeof createProviders>["searxng"],
): Promise<Diagnosis> {
  const pauses = createPauseStore(state);
  const cooldowns = cooldownsFor(state, config);
  const rates = ratesOf(config);
  const rateOf = (name: ProviderName): string | null => {
    const rate = rates[name];
    if (rate === undefined) return null;
    const row = providerRow(name);
    const set = config.rates.some((entry) => entry.provider === name);
    return `${describeRate(rate)}, ${set ? "CORE_SEARCH_RATE" : (row.rateSource ?? "documented")}`;
  };
  const spend = (await createSpendCaps(state, config.budget).status()).map((a) => ({
    ...a,
    left: Math.max(0, a.limit - a.used),
  }));
  const stages = await Promise.all(
    chain.map(
      async (provider): Promise<StageStatus> => ({
        ...(await stageState(provider)),
        rate: rateOf(provider.name),
      }),
    ),
  );
  async function stageState(provider: (typeof chain)[number]): Promise<Omit<StageStatus, "rate">> {
    const keylessStage = providerRow(provider.name).keylessOf !== undefined;
    const pause = provider.configured ? await pauses.get(provider.name, now) : undefined;
    if (pause) {
      return {
        provider: provider.name,
        state: "paused",
        pausedUntil: new Date(pause.until).toISOString(),
        detail: `${pause.detail}, for another ${humanDuration(pause.until - now)}`,
      };
    }
    const cooling = provider.configured ? await cooldowns.get(provider.name, now) : undefined;
    if (cooling) {
      return {
        provider: provider.name,
        state: "cooling",
        pausedUntil: new Date(cooling.until).toISOString(),
        detail: describeCooldown(cooling, false),
      };
    }
    const spent = spend.find((a) => a.provider === provider.name && a.left === 0);
    if (provider.configured && spent) {
      return {
        provider: provider.name,
        state: "capped",
        pausedUntil: spent.resetsAt,
        detail: `${spent.period === "day" ? "daily" : "monthly"} allowance of ${spent.limit} requests used up; resets ${spent.resetsAt}`,
      };
    }
    if (keylessStage) {
      return {
        provider: provider.name,
        state: provider.configured ? "keyless" : "keyless_off",
        pausedUntil: null,
        detail: provider.configured
          ? "free public endpoint, used because this vendor has no key"
          : config.keyless === "off"
            ? "CORE_SEARCH_KEYLESS=off"
            : "not used: the vendor has a key or is not in the order",
      };
    }
    const allowances = spend.filter((a) => a.provider === provider.name);
    // A self-hosted service (SearXNG, Degoog) takes an address, not a key.
    if (!provider.configured && providerRow(provider.name).keyVariable === undefined) {
      return {
        provider: provider.name,
        state: "no_address",
        pausedUntil: null,
        detail: `set ${missingSetting(provider.name)} to use it`,
      };
    }
    return {
      provider: provider.name,
      state: provider.configured ? "configured" : "no_key",
      pausedUntil: null,
      detail:
        allowances.length === 0
          ? null
          : allowances.map((a) => `${a.left} of ${a.limit} requests left this ${a.period}`).join("; "),
    };
  }
  let health: Diagnosis["searxng"] = null;
  if (searxng?.configured) {
    const result = await preflightSearxng(searxng, {
      signal: AbortSignal.timeout(5_000),
      logger: silentLogger,
      health: createEngineHealthStore(state),
      instance: instanceKey(config.searxngUrl ?? ""),
      cooldowns,
    });
    health = {
      status: result.status,
      verdict:
        result.status !== "ok"
          ? "preflight failed: SearXNG would be skipped"
          : result.degraded
            ? "degraded: one general call"
            : "full 4-call pattern",
      engines: result.engines,
      healthyEngines: result.healthyEngines,
      families: result.families,
      error: result.error,
    };
  }
  const stats = await cacheStats(state);
  const lookups = stats.hits + stats.misses;
  return {
    stages,
    searxng: health,
    state: {
      store: state.kind,
      location: stateLocation(config),
      cache: {
        ttlMs: config.cacheTtlMs,
        hits: stats.hits,
        misses: stats.misses,
        hitRate: lookups === 0 ? null : Math.round((stats.hits / lookups) * 1000) / 1000,
        since: stats.since === undefined ? null : new Date(stats.since).toISOString(),
      },
      spend,
    },
    judge:
      config.llm.url && config.llm.model
        ? { kind: "llm", url: maskUrl(config.llm.url), model: config.llm.model }
        : { kind: "lexical" },
    warnings: [...config.warnings, ...state.warnings],
  };
}

/**
 * A table cell or line part of text that came from a service (engine names and reasons, failures,
 * pause details): one line, nothing a terminal acts on, and no `|` to split the table's row.
 */
function cell(text: string | null): string {
  return terminalLine(text ?? "").replaceAll("|", "\\|");
}

export function renderDiagnosis(d: Diagnosis): string {
  const lines = ["| stage | state | rate | detail |", "| --- | --- | --- | --- |"];
  for (const s of d.stages)
    lines.push(`| ${s.provider} | ${s.state.replace("_", " ")} | ${s.rate ?? ""} | ${cell(s.detail)} |`);
  if (d.searxng) {
    lines.push("", `SearXNG: ${d.searxng.verdict}${d.searxng.error ? ` (${cell(d.searxng.error)})` : ""}`);
    if (d.searxng.engines.length > 0) {
      lines.push("", "| engine | family | enabled | recently unresponsive |", "| --- | --- | --- | --- |");
      for (const e of d.searxng.engines) {
        lines.push(
          `| ${cell(e.name)} | ${cell(e.family)} | ${e.enabled ? "yes" : "no"} | ${cell(e.unresponsive)} |`,
        );
      }
      lines.push("", `Healthy web-index families: ${cell(d.searxng.families.join(", ")) || "none"}`);
    }
  }
  const { cache } = d.state;
  lines.push(
    "",
    d.judge.kind === "llm"
      ? `Stance judge: ${d.judge.model} at ${d.judge.url} (the built-in classifier answers what it does not)`
      : "Stance judge: built-in lexical classifier (set CORE_SEARCH_LLM_URL and _MODEL for an LLM judge)",
    `State: ${d.state.store === "redis" ? "Redis" : "files"} at ${d.state.location}`,
    cache.ttlMs === 0
      ? "Result cache: off (CORE_SEARCH_CACHE_TTL=0)"
      : `Result cache: ${Math.round(cache.ttlMs / 60_000)} min; ${
          cache.hitRate === null
            ? "no lookups yet"
            : `${cache.hits} hits of ${cache.hits + cache.misses} lookups (${Math.round(cache.hitRate * 100)}%) since ${cache.since}`
        }`,
  );
  if (d.state.spend.length > 0) {
    lines.push(
      "",
      "| provider | period | used | limit | left | resets |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const a of d.state.spend)
      lines.push(`| ${a.provider} | ${a.period} | ${a.used} | ${a.limit} | ${a.left} | ${a.resetsAt} |`);
  }
  for (const w of d.warnings) lines.push("", `Warning: ${w}`);
  return `${lines.join("\n")}\n`;
}
