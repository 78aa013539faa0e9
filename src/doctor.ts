import { humanDuration } from "./chain/fallback-chain.js";
import { createFilePauseStore } from "./chain/pause-store.js";
import type { Config } from "./config.js";
import { createFileEngineHealthStore, instanceKey } from "./health/engine-health.js";
import { type EngineStatus, preflightSearxng } from "./health/preflight.js";
import { createHttpClient, proxyDispatcher } from "./http/http-client.js";
import { silentLogger } from "./logger.js";
import { createProviders } from "./providers/create-providers.js";
import type { ProviderName } from "./providers/search-provider.js";

export interface StageStatus {
  provider: ProviderName;
  state: "configured" | "no_key" | "paused" | "keyless" | "keyless_off";
  /** For paused stages: until when and why. */
  pausedUntil: string | null;
  detail: string | null;
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
  warnings: string[];
}

/** Every stage of the chain as this process would see it now, plus SearXNG's engine health. */
export async function diagnose(config: Config, options: { now?: number } = {}): Promise<Diagnosis> {
  const now = options.now ?? Date.now();
  const dispatcher = proxyDispatcher(config.proxy);
  const http = createHttpClient(dispatcher ? { dispatcher } : {});
  const { chain, searxng } = createProviders(config, http);
  const pauses = createFilePauseStore(config.stateDir);
  const stages = chain.map((provider): StageStatus => {
    const keylessStage = provider.name === "exa-mcp" || provider.name === "parallel-mcp";
    const pause = provider.configured ? pauses.get(provider.name, now) : undefined;
    if (pause) {
      return {
        provider: provider.name,
        state: "paused",
        pausedUntil: new Date(pause.until).toISOString(),
        detail: `${pause.detail}, for another ${humanDuration(pause.until - now)}`,
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
    return {
      provider: provider.name,
      state: provider.configured ? "configured" : "no_key",
      pausedUntil: null,
      detail: null,
    };
  });
  let health: Diagnosis["searxng"] = null;
  if (searxng?.configured) {
    const result = await preflightSearxng(searxng, {
      signal: AbortSignal.timeout(5_000),
      logger: silentLogger,
      health: createFileEngineHealthStore(config.stateDir),
      instance: instanceKey(config.searxngUrl ?? ""),
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
  return { stages, searxng: health, warnings: [...config.warnings, ...pauses.warnings] };
}

export function renderDiagnosis(d: Diagnosis): string {
  const lines = ["| stage | state | detail |", "| --- | --- | --- |"];
  for (const s of d.stages)
    lines.push(`| ${s.provider} | ${s.state.replace("_", " ")} | ${s.detail ?? ""} |`);
  if (d.searxng) {
    lines.push("", `SearXNG: ${d.searxng.verdict}${d.searxng.error ? ` (${d.searxng.error})` : ""}`);
    if (d.searxng.engines.length > 0) {
      lines.push("", "| engine | family | enabled | recently unresponsive |", "| --- | --- | --- | --- |");
      for (const e of d.searxng.engines) {
        lines.push(`| ${e.name} | ${e.family} | ${e.enabled ? "yes" : "no"} | ${e.unresponsive ?? ""} |`);
      }
      lines.push("", `Healthy web-index families: ${d.searxng.families.join(", ") || "none"}`);
    }
  }
  for (const w of d.warnings) lines.push("", `Warning: ${w}`);
  return `${lines.join("\n")}\n`;
}
