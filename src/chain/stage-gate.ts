import type { Config } from "../config/config.js";
import { ProviderError, systemErrorCode } from "../errors.js";
import type { ProviderName } from "../providers/search-provider.js";
import type { StateStore } from "../state/state-store.js";
import { COOLING_OUTCOMES, type CooldownStore, cooldownsFor, describeCooldown } from "./cooldowns.js";
import { createPauseStore, type Pause, type PauseStore } from "./pause-store.js";
import { createRateLimiter, describeRate, type RateLimiter, ratesOf } from "./rate-limiter.js";
import { createSpendCaps, describeAllowance, type SpendCaps } from "./spend-caps.js";

/**
 * The rules every request to a service with pauses, rates and allowances follows, whoever sends it:
 * the search chain for each of its stages, and the page reader for Firecrawl's scrape endpoint. A
 * paused, cooling or capped service is passed over with the reason; a request waits for its rate
 * slot only so long; and what the service answered (a quota or rate-limit pause, a timeout) is
 * remembered in the shared state for the next request, of this process or another.
 */

/** The shared state a service is gated by, kept in a state store. */
export interface StageStores {
  /** Services that said their quota is gone or they are rate-limited: passed over until the pause ends. */
  pauses: PauseStore;
  /** Services that timed out or refused lately: passed over until one probe finds them back. */
  cooldowns: CooldownStore;
  /** Request rates (CORE_SEARCH_RATE over the documented defaults): a request waits for its slot, or is not sent when the slot is too far off. */
  rates: RateLimiter;
  /** Allowances per service and period (CORE_SEARCH_BUDGET): one used up is passed over like a paused service. */
  spend: SpendCaps;
}

/** Some of the stores; a rule whose store is absent does not apply. */
export type StageState = { [Store in keyof StageStores]?: StageStores[Store] | undefined };

/** Every rule, kept in `state` as `config` sets them (rates, allowances, the addresses cooldowns belong to). */
export function createStageState(state: StateStore, config: Config): StageStores {
  return {
    pauses: createPauseStore(state),
    cooldowns: cooldownsFor(state, config),
    rates: createRateLimiter(state, ratesOf(config)),
    spend: createSpendCaps(state, config.budget),
  };
}

export interface StageClocks {
  /** Aborts when the caller's time is up. */
  deadline: AbortSignal;
  /** When the deadline passes, on the `now` clock: a rate may hold a request a share of what is left. */
  deadlineAt?: number | undefined;
  /** Wall clock for pauses and cooldowns (epoch ms). */
  clock: () => number;
  /** Monotonic clock for timings. */
  now: () => number;
}

/** Why a service was not asked: the attempt outcome to record and a sentence (never a secret). */
export type PassedOver = {
  ask: false;
  outcome: "paused" | "cooling" | "throttled" | "capped" | "deadline";
  detail: string;
  ms: number;
};

/** The service may be asked; `probe` when this request finds out whether a cooling one is back. */
export type Admitted = { ask: true; probe: boolean; started: number };

/** How long a service is left alone after it says its quota is gone or it is rate-limited. */
export const QUOTA_PAUSE_MS = 24 * 3_600_000;
export const RATE_LIMIT_PAUSE_MS = 60_000;
export const MAX_RETRY_AFTER_MS = 3_600_000;
/** The share of the time left before the deadline that a request may wait for a service's rate. */
export const RATE_WAIT_SHARE = 0.25;

export const DEADLINE_DETAIL = "overall deadline reached";

/**
 * Whether `name` may be asked now: not paused, not cooling (or this is the probe), a rate slot
 * within reach (waited for), an allowance left (one request counted against it).
 */
export async function enterStage(
  name: ProviderName,
  state: StageState,
  clocks: StageClocks,
): Promise<Admitted | PassedOver> {
  const passOver = (outcome: PassedOver["outcome"], detail: string, ms = 0): PassedOver => ({
    ask: false,
    outcome,
    detail,
    ms,
  });
  const [pause, cooling] = await Promise.all([
    state.pauses?.get(name, clocks.clock()),
    state.cooldowns?.check(name, clocks.clock()),
  ]);
  if (pause)
    return passOver("paused", `${pause.detail}; paused until ${new Date(pause.until).toISOString()}`);
  if (cooling && !cooling.ask)
    return passOver("cooling", describeCooldown(cooling.cooldown, cooling.probing));
  if (clocks.deadline.aborted) return passOver("deadline", DEADLINE_DETAIL);
  const started = clocks.now();
  const maxWaitMs =
    clocks.deadlineAt === undefined
      ? Number.POSITIVE_INFINITY
      : (clocks.deadlineAt - started) * RATE_WAIT_SHARE;
  let slot: Awaited<ReturnType<RateLimiter["take"]>> | undefined;
  try {
    slot = await state.rates?.take(name, maxWaitMs, clocks.deadline);
  } catch {
    // Only the deadline ends a wait for a rate slot.
    return passOver("deadline", DEADLINE_DETAIL, Math.round(clocks.now() - started));
  }
  if (slot && !slot.ok) {
    return passOver(
      "throttled",
      `no request free within its rate of ${describeRate(slot.rate)} for another ${humanDuration(slot.waitMs)}`,
    );
  }
  const allowed = await state.spend?.reserve(name);
  if (allowed && !allowed.ok) return passOver("capped", describeAllowance(allowed.allowance));
  return { ask: true, probe: cooling?.ask === true && cooling.probe, started };
}

/**
 * Remembers what asking `name` came to: `error` undefined when it answered. A quota or rate-limit
 * answer pauses it; no answer at all (timeout, refused connection) cools it down; any answer ends a
 * cooldown this request was probing. Nothing is remembered when the caller's own deadline ended it.
 */
export async function leaveStage(
  name: ProviderName,
  state: StageState,
  admitted: Admitted,
  result: { error?: unknown; deadlineHit: boolean; clock: () => number },
): Promise<void> {
  if (result.deadlineHit) return;
  const { error } = result;
  if (error instanceof ProviderError && error.pause) {
    const at = result.clock();
    await state.pauses?.set(name, pauseFor(error, at), at);
  }
  if (error !== undefined && COOLING_OUTCOMES.has(outcomeOf(error))) {
    await state.cooldowns?.failed(name, outcomeOf(error), result.clock(), systemErrorCode(error));
  } else if (admitted.probe) {
    // It answered, if with an error: reachable again.
    await state.cooldowns?.recovered(name);
  }
}

/** The attempt outcome of a failed request: the provider's word for it, else `error`. */
export function outcomeOf(error: unknown): string {
  return error instanceof ProviderError ? error.outcome : "error";
}

function pauseFor(error: ProviderError, now: number): Pause {
  const reason = error.pause?.reason ?? "rate_limit";
  const ms =
    reason === "quota"
      ? QUOTA_PAUSE_MS
      : Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, error.pause?.retryAfterMs ?? RATE_LIMIT_PAUSE_MS));
  return { until: now + ms, reason, detail: statusDetail(error) };
}

/** "HTTP 402 NO_MORE_CREDITS": what the service answered. */
const statusDetail = (error: ProviderError): string =>
  `HTTP ${error.status ?? "?"}${error.vendorCode ? ` ${error.vendorCode}` : ""}`;

/** What a failed request came to, for people: the status a service answered, else the error's message. */
export function describeFailure(error: unknown): string {
  if (error instanceof ProviderError && error.status !== undefined) return statusDetail(error);
  return error instanceof Error ? error.message : "unexpected failure";
}

export function humanDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}
