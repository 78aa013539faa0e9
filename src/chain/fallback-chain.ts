import { ProviderError } from "../errors.js";
import type { Logger } from "../logger.js";
import type {
  ProviderName,
  SearchHit,
  SearchProvider,
  SearchRequest,
  UnresponsiveEngine,
} from "../providers/search-provider.js";

export interface Attempt {
  provider: ProviderName;
  /** `ok`, `empty`, `no_key`, `unhealthy`, `engines_unavailable`, `timeout`, `deadline`, `http_429`, … */
  outcome: string;
  ms: number;
  /** Human-readable reason for anything but `ok` (never carries a secret). */
  detail?: string;
}

export interface ChainResult {
  status: "ok" | "empty" | "failed";
  provider: ProviderName | null;
  attempts: Attempt[];
  hits: SearchHit[];
  unresponsiveEngines: UnresponsiveEngine[];
  warnings: string[];
}

export interface ChainOptions {
  /** Providers to skip without asking them, with the outcome to record (e.g. `unhealthy`). */
  skip?: ReadonlyMap<ProviderName, string>;
  /** Aborts when the overall deadline passes; in-flight attempts are recorded as `deadline`. */
  deadline: AbortSignal;
  logger: Logger;
  now?: () => number;
}

/**
 * Walks the providers in order until one returns hits. Every provider it passes is a recorded
 * attempt — unconfigured, skipped, empty or failed — so the report can show why a call came back
 * thin. Never throws: a failing service is an attempt, not an error.
 */
export async function runChain(
  providers: readonly SearchProvider[],
  request: Omit<SearchRequest, "signal">,
  options: ChainOptions,
): Promise<ChainResult> {
  const now = options.now ?? (() => performance.now());
  const attempts: Attempt[] = [];
  const unresponsive: UnresponsiveEngine[] = [];
  const warnings: string[] = [];
  let sawEmpty = false;

  for (const provider of providers) {
    const skipped = options.skip?.get(provider.name);
    if (!provider.configured || skipped) {
      attempts.push({
        provider: provider.name,
        outcome: provider.configured ? (skipped as string) : "no_key",
        ms: 0,
      });
      continue;
    }
    if (options.deadline.aborted) {
      attempts.push({
        provider: provider.name,
        outcome: "deadline",
        ms: 0,
        detail: "overall deadline reached",
      });
      break;
    }
    const started = now();
    try {
      // Raced against the deadline as well, so a provider that ignores its signal cannot hold the call.
      const response = await untilAborted(
        provider.search({ ...request, signal: options.deadline }),
        options.deadline,
      );
      const ms = Math.round(now() - started);
      unresponsive.push(...response.unresponsiveEngines);
      warnings.push(...response.warnings.map((w) => `${provider.name}: ${w}`));
      if (response.hits.length > 0) {
        attempts.push({ provider: provider.name, outcome: "ok", ms });
        options.logger.info({ provider: provider.name, hits: response.hits.length, ms }, "search served");
        return {
          status: "ok",
          provider: provider.name,
          attempts,
          hits: response.hits,
          unresponsiveEngines: unresponsive,
          warnings,
        };
      }
      // No results while engines failed is an outage, not an absence of evidence.
      if (response.unresponsiveEngines.length > 0) {
        const detail = response.unresponsiveEngines.map((e) => `${e.engine} (${e.reason})`).join(", ");
        attempts.push({
          provider: provider.name,
          outcome: "engines_unavailable",
          ms,
          detail: `engines unavailable: ${detail}`,
        });
      } else {
        sawEmpty = true;
        attempts.push({ provider: provider.name, outcome: "empty", ms });
      }
    } catch (error) {
      const ms = Math.round(now() - started);
      const deadlineHit = options.deadline.aborted;
      const outcome = deadlineHit ? "deadline" : error instanceof ProviderError ? error.outcome : "error";
      const detail = deadlineHit
        ? "overall deadline reached"
        : error instanceof Error
          ? error.message
          : "unexpected failure";
      attempts.push({ provider: provider.name, outcome, ms, detail });
      options.logger.warn({ provider: provider.name, outcome, ms, err: error }, "search attempt failed");
      if (deadlineHit) break;
    }
  }
  // A service that looked and found nothing makes the call empty; only when none could answer is it failed.
  return {
    status: sawEmpty ? "empty" : "failed",
    provider: null,
    attempts,
    hits: [],
    unresponsiveEngines: unresponsive,
    warnings,
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
