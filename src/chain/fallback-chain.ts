import { ProviderError } from "../errors.js";
import type { Logger } from "../log/logger.js";
import type {
  ProviderName,
  SearchHit,
  SearchProvider,
  SearchRequest,
  UnresponsiveEngine,
} from "../providers/search-provider.js";
import { COOLING_OUTCOMES, type CooldownStore, describeCooldown } from "./cooldowns.js";
import type { PauseStore } from "./pause-store.js";
import { describeRate, type RateLimiter } from "./rate-limiter.js";
import type { ResultCache } from "./result-cache.js";
import { describeAllowance, type SpendCaps } from "./spend-caps.js";

export interface Attempt {
  provider: ProviderName;
  /** `ok`, `cache`, `empty`, `no_key`, `paused`, `capped`, `cooling`, `throttled`, `unhealthy`, `engines_unavailable`, `timeout`, `deadline`, `http_429`, … */
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
  /** When no stage served: one line naming every stage asked or paused, with its reason. */
  error: string | null;
}

export interface ChainOptions {
  /** Providers to skip without asking them, with the outcome to record (e.g. `unhealthy`). */
  skip?: ReadonlyMap<ProviderName, string>;
  /** Aborts when the overall deadline passes; in-flight attempts are recorded as `deadline`. */
  deadline: AbortSignal;
  /** When the deadline passes, on the `now` clock: a stage's rate may hold a call a share of what is left. */
  deadlineAt?: number;
  logger: Logger;
  pauses?: PauseStore;
  /** Fresh answers to the same request, asked before any stage and filled by the stage that answers. */
  cache?: ResultCache | undefined;
  /** Allowances per provider: a stage whose allowance is used up is skipped like a paused one. */
  spend?: SpendCaps;
  /** Stages that timed out or refused lately: skipped until one probe finds them back. */
  cooldowns?: CooldownStore;
  /** Each stage's request rate: a call waits for its slot, or moves on when the slot is too far off. */
  rates?: RateLimiter;
  /** Wall clock for pauses (epoch ms). */
  clock?: () => number;
  /** Monotonic clock for attempt timings. */
  now?: () => number;
  /** Told of each attempt as it is recorded, with the hits it returned (progress displays). */
  onAttempt?: (attempt: Attempt, hits: number) => void;
}

/** How long a stage is left alone after it says its quota is gone or it is rate-limited. */
export const QUOTA_PAUSE_MS = 24 * 3_600_000;
export const RATE_LIMIT_PAUSE_MS = 60_000;
export const MAX_RETRY_AFTER_MS = 3_600_000;
/** The share of the time left before the deadline that a call may wait for a stage's rate. */
export const RATE_WAIT_SHARE = 0.25;

/**
 * Walks the providers in order until one returns hits; each is asked at most once, without
 * retries. Every provider it passes is a recorded attempt — unconfigured, paused, skipped, empty
 * or failed — so the report can show why a call came back thin. Never throws.
 */
export async function runChain(
  providers: readonly SearchProvider[],
  request: Omit<SearchRequest, "signal">,
  options: ChainOptions,
): Promise<ChainResult> {
  const now = options.now ?? (() => performance.now());
  const clock = options.clock ?? (() => Date.now());
  const attempts: Attempt[] = [];
  const unresponsive: UnresponsiveEngine[] = [];
  const warnings: string[] = [];
  let sawEmpty = false;
  const record = (attempt: Attempt, hits = 0): void => {
    attempts.push(attempt);
    try {
      options.onAttempt?.(attempt, hits);
    } catch {
      // A listener is for display only; it cannot stop the chain.
    }
  };
  const finish = (
    result: Omit<ChainResult, "attempts" | "unresponsiveEngines" | "warnings" | "error">,
  ): ChainResult => {
    options.logger.info(
      `core-search: ${attempts.map((a) => `${a.provider}=${a.outcome}`).join(" ")} query=${JSON.stringify(request.query)}`,
    );
    return {
      ...result,
      attempts,
      unresponsiveEngines: unresponsive,
      warnings,
      error: result.status === "ok" ? null : failureMessage(attempts, clock()),
    };
  };

  const cached = await options.cache?.get(request);
  if (cached) {
    const hits = cached.hits.slice(0, request.limit);
    record(
      {
        provider: cached.provider,
        outcome: "cache",
        ms: 0,
        detail: `answered by ${cached.provider} ${humanDuration(clock() - cached.at)} ago`,
      },
      hits.length,
    );
    return finish({ status: "ok", provider: cached.provider, hits });
  }

  for (const provider of providers) {
    /** A stage not asked: why, and nothing else to time. */
    const passOver = (outcome: string, detail?: string) =>
      record({ provider: provider.name, outcome, ms: 0, ...(detail === undefined ? {} : { detail }) });
    const outOfTime = (ms = 0) =>
      record({ provider: provider.name, outcome: "deadline", ms, detail: "overall deadline reached" });
    const skipped = options.skip?.get(provider.name);
    if (!provider.configured || skipped) {
      passOver(provider.configured ? (skipped as string) : "no_key");
      continue;
    }
    const [pause, cooling] = await Promise.all([
      options.pauses?.get(provider.name, clock()),
      options.cooldowns?.check(provider.name, clock()),
    ]);
    if (pause) {
      passOver("paused", `${pause.detail}; paused until ${new Date(pause.until).toISOString()}`);
      continue;
    }
    if (cooling && !cooling.ask) {
      passOver("cooling", describeCooldown(cooling.cooldown, cooling.probing));
      continue;
    }
    if (options.deadline.aborted) {
      outOfTime();
      break;
    }
    const started = now();
    const maxWaitMs =
      options.deadlineAt === undefined
        ? Number.POSITIVE_INFINITY
        : (options.deadlineAt - started) * RATE_WAIT_SHARE;
    let slot: Awaited<ReturnType<RateLimiter["take"]>> | undefined;
    try {
      slot = await options.rates?.take(provider.name, maxWaitMs, options.deadline);
    } catch {
      // Only the deadline ends a wait for a rate slot.
      outOfTime(Math.round(now() - started));
      break;
    }
    if (slot && !slot.ok) {
      passOver(
        "throttled",
        `no request free within its rate of ${describeRate(slot.rate)} for another ${humanDuration(slot.waitMs)}; the next stage was asked`,
      );
      continue;
    }
    const allowed = await options.spend?.reserve(provider.name);
    if (allowed && !allowed.ok) {
      passOver("capped", describeAllowance(allowed.allowance));
      continue;
    }
    try {
      // Raced against the deadline as well, so a provider that ignores its signal cannot hold the call.
      const response = await untilAborted(
        provider.search({ ...request, signal: options.deadline }),
        options.deadline,
      );
      const ms = Math.round(now() - started);
      if (cooling?.ask && cooling.probe) await options.cooldowns?.recovered(provider.name);
      unresponsive.push(...response.unresponsiveEngines);
      warnings.push(...response.warnings.map((w) => `${provider.name}: ${w}`));
      if (response.hits.length > 0) {
        record({ provider: provider.name, outcome: "ok", ms }, response.hits.length);
        await options.cache?.put(request, provider.name, response.hits);
        return finish({ status: "ok", provider: provider.name, hits: response.hits });
      }
      // No results while engines failed is an outage, not an absence of evidence.
      if (response.unresponsiveEngines.length > 0) {
        const detail = response.unresponsiveEngines.map((e) => `${e.engine} (${e.reason})`).join(", ");
        record({
          provider: provider.name,
          outcome: "engines_unavailable",
          ms,
          detail: `engines unavailable: ${detail}`,
        });
      } else {
        sawEmpty = true;
        record({ provider: provider.name, outcome: "empty", ms, detail: "no results" });
      }
    } catch (error) {
      const ms = Math.round(now() - started);
      const deadlineHit = options.deadline.aborted;
      const outcome = deadlineHit ? "deadline" : error instanceof ProviderError ? error.outcome : "error";
      const detail = deadlineHit ? "overall deadline reached" : describe(error);
      record({ provider: provider.name, outcome, ms, detail });
      if (!deadlineHit && error instanceof ProviderError && error.pause) {
        const at = clock();
        await options.pauses?.set(provider.name, pauseFor(error, at), at);
      }
      if (!deadlineHit && COOLING_OUTCOMES.has(outcome)) {
        await options.cooldowns?.failed(provider.name, outcome, clock());
      } else if (!deadlineHit && cooling?.ask && cooling.probe) {
        // It answered, if with an error: reachable again.
        await options.cooldowns?.recovered(provider.name);
      }
      options.logger.warn({ provider: provider.name, outcome, ms, err: error }, "search attempt failed");
      if (deadlineHit) break;
    }
  }
  // A service that looked and found nothing makes the call empty; only when none could answer is it failed.
  return finish({ status: sawEmpty ? "empty" : "failed", provider: null, hits: [] });
}

function pauseFor(
  error: ProviderError,
  now: number,
): { until: number; reason: "quota" | "rate_limit"; detail: string } {
  const reason = error.pause?.reason ?? "rate_limit";
  const ms =
    reason === "quota"
      ? QUOTA_PAUSE_MS
      : Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, error.pause?.retryAfterMs ?? RATE_LIMIT_PAUSE_MS));
  const detail = `HTTP ${error.status ?? "?"}${error.vendorCode ? ` ${error.vendorCode}` : ""}`;
  return { until: now + ms, reason, detail };
}

function describe(error: unknown): string {
  if (error instanceof ProviderError && error.status !== undefined) {
    return `HTTP ${error.status}${error.vendorCode ? ` ${error.vendorCode}` : ""}`;
  }
  return error instanceof Error ? error.message : "unexpected failure";
}

/**
 * "exa: HTTP 402 NO_MORE_CREDITS (paused for another 17 h); parallel: timeout; firecrawl: no results".
 * Unconfigured stages are not named; with none configured at all: "no stage configured".
 */
export function failureMessage(attempts: readonly Attempt[], now: number): string {
  const named = attempts.filter((a) => a.outcome !== "no_key");
  if (named.length === 0) return "no stage configured";
  return named
    .map((a) => {
      if (a.outcome === "paused") {
        const until = Date.parse(a.detail?.split("paused until ")[1] ?? "");
        const left = Number.isNaN(until) ? "" : ` (paused for another ${humanDuration(until - now)})`;
        return `${a.provider}: ${a.detail?.split(";")[0] ?? "paused"}${left}`;
      }
      const said =
        a.outcome.startsWith("http_") ||
        a.outcome === "engines_unavailable" ||
        a.outcome === "empty" ||
        a.outcome === "capped" ||
        a.outcome === "cooling" ||
        a.outcome === "throttled";
      return `${a.provider}: ${said ? (a.detail ?? a.outcome) : a.outcome}`;
    })
    .join("; ");
}

export function humanDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The work was started with the aborted signal and will fail by itself: nobody waits for it.
    work.catch(() => {});
    return Promise.reject(signal.reason);
  }
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
