import type { Logger } from "../log/logger.js";
import type {
  ProviderName,
  SearchHit,
  SearchOption,
  SearchProvider,
  SearchRequest,
  UnresponsiveEngine,
} from "../providers/search-provider.js";
import { cannotPage, requestFor, unappliedOptions, withinDomains } from "./option-support.js";
import type { ResultCache } from "./result-cache.js";
import {
  DEADLINE_DETAIL,
  describeFailure,
  enterStage,
  humanDuration,
  leaveStage,
  outcomeOf,
  type StageState,
} from "./stage-gate.js";

export interface Attempt {
  provider: ProviderName;
  /** `ok`, `cache`, `empty`, `no_key`, `paused`, `capped`, `cooling`, `throttled`, `unhealthy`, `unsupported`, `engines_unavailable`, `timeout`, `deadline`, `http_429`, … */
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

export interface ChainOptions extends StageState {
  /** Providers to skip without asking them, with the outcome to record (e.g. `unhealthy`). */
  skip?: ReadonlyMap<ProviderName, string>;
  /** Aborts when the overall deadline passes; in-flight attempts are recorded as `deadline`. */
  deadline: AbortSignal;
  /** When the deadline passes, on the `now` clock: a stage's rate may hold a call a share of what is left. */
  deadlineAt?: number;
  logger: Logger;
  /** Fresh answers to the same request, asked before any stage and filled by the stage that answers. */
  cache?: ResultCache | undefined;
  /** Wall clock for pauses (epoch ms). */
  clock?: () => number;
  /** Monotonic clock for attempt timings. */
  now?: () => number;
  /** Told of each attempt as it is recorded, with the hits it returned (progress displays). */
  onAttempt?: (attempt: Attempt, hits: number) => void;
  /** Told each time a stage has been sent the request: the call now waits on the network. */
  onAsking?: () => void;
  /** Options a stage may leave unapplied without a warning: the plan's own language, not the caller's. */
  quiet?: readonly SearchOption[] | undefined;
}

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
    const skipped = options.skip?.get(provider.name);
    if (!provider.configured || skipped) {
      record({
        provider: provider.name,
        outcome: provider.configured ? (skipped as string) : "no_key",
        ms: 0,
      });
      continue;
    }
    if (cannotPage(provider.name, request)) {
      // Its first page again would pass for the page asked: the next stage that can page is asked.
      record({
        provider: provider.name,
        outcome: "unsupported",
        ms: 0,
        detail: `cannot return page ${request.page}`,
      });
      continue;
    }
    const entry = await enterStage(provider.name, options, {
      deadline: options.deadline,
      deadlineAt: options.deadlineAt,
      clock,
      now,
    });
    if (!entry.ask) {
      const next = entry.outcome === "throttled" ? "; the next stage was asked" : "";
      record({ provider: provider.name, outcome: entry.outcome, ms: entry.ms, detail: entry.detail + next });
      if (entry.outcome === "deadline") break;
      continue;
    }
    const { started } = entry;
    try {
      // Raced against the deadline as well, so a provider that ignores its signal cannot hold the call.
      const searching = provider.search({ ...requestFor(provider.name, request), signal: options.deadline });
      options.onAsking?.();
      const response = await untilAborted(searching, options.deadline);
      const ms = Math.round(now() - started);
      await leaveStage(provider.name, options, entry, { deadlineHit: false, clock });
      unresponsive.push(...response.unresponsiveEngines);
      const { hits, dropped } = withinDomains(response.hits, request);
      const unapplied = unappliedOptions(
        provider.name,
        request,
        { kept: response.hits.length - dropped, answered: response.hits.length },
        options.quiet,
      );
      warnings.push(...[...response.warnings, ...unapplied].map((w) => `${provider.name}: ${w}`));
      if (hits.length > 0) {
        record({ provider: provider.name, outcome: "ok", ms }, hits.length);
        await options.cache?.put(request, provider.name, hits);
        return finish({ status: "ok", provider: provider.name, hits });
      }
      if (dropped > 0) {
        sawEmpty = true;
        record({
          provider: provider.name,
          outcome: "empty",
          ms,
          detail: `no results on the domains asked for (${dropped} elsewhere)`,
        });
        continue;
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
      const outcome = deadlineHit ? "deadline" : outcomeOf(error);
      const detail = deadlineHit ? DEADLINE_DETAIL : describeFailure(error);
      record({ provider: provider.name, outcome, ms, detail });
      await leaveStage(provider.name, options, entry, { error, deadlineHit, clock });
      options.logger.warn({ provider: provider.name, outcome, ms, err: error }, "search attempt failed");
      if (deadlineHit) break;
    }
  }
  // A service that looked and found nothing makes the call empty; only when none could answer is it failed.
  return finish({ status: sawEmpty ? "empty" : "failed", provider: null, hits: [] });
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
        a.outcome === "throttled" ||
        a.outcome === "unsupported";
      return `${a.provider}: ${said ? (a.detail ?? a.outcome) : a.outcome}`;
    })
    .join("; ");
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
