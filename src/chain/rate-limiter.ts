import type { Config } from "../config/config.js";
import { PROVIDER_ROWS, type Rate } from "../providers/registry.js";
import type { ProviderName } from "../providers/search-provider.js";
import type { StateStore } from "../state/state-store.js";
import { grant, periodMs, type RateSlot } from "./rate-grant.js";
import {
  addCredits,
  LEASE_MS,
  type Lease,
  type Leases,
  leaseIn,
  leaseSize,
  leasesOf,
  liveCredits,
  useCredit,
  wantsTopUp,
} from "./rate-lease.js";

/** The rate each service is paced at: its documented default, replaced by `CORE_SEARCH_RATE`. */
export type Rates = Partial<Record<ProviderName, Rate>>;

export function ratesOf(config: Pick<Config, "rates">): Rates {
  const rates: Rates = {};
  for (const row of PROVIDER_ROWS) if (row.rate) rates[row.name] = row.rate;
  for (const entry of config.rates) {
    if (entry.rate) rates[entry.provider] = entry.rate;
    else delete rates[entry.provider];
  }
  return rates;
}

/** "10/s", "100/min". */
export function describeRate(rate: Rate): string {
  return `${rate.count}/${rate.per === "second" ? "s" : "min"}`;
}

export type { RateSlot };

export interface RateLimiter {
  /**
   * Waits for a slot in `provider`'s rate and takes it; refuses at once, taking nothing, when the
   * slot is more than `maxWaitMs` away. A service without a rate gets its slot at once. Rejects with
   * the signal's reason when it aborts during the wait.
   */
  take(provider: ProviderName, maxWaitMs: number, signal: AbortSignal): Promise<RateSlot>;
  /** Resolves once no update of the store is under way (a background top-up): close the store after. */
  settled(): Promise<void>;
}

/** No request waits longer than the longest deadline; bounds how long a rate's entry is kept. */
const MAX_WAIT_MS = 600_000;

interface Pending {
  maxWaitMs: number;
  resolve: (slot: RateSlot) => void;
}

const atOnce = (): RateSlot => ({ ok: true, waitedMs: 0 });

/**
 * Rates as a generic cell rate algorithm over the shared state store (rate-grant.ts): a whole
 * period's worth may go at once, then one request per `period / count`. Kept in the store, it paces
 * every question of a process, every process sharing the state directory, and with Redis a fleet.
 * Requests that arrive while the store is being asked are served by one update together, so a
 * question's parallel calls cost one round trip, not one each; and slots leased ahead
 * (rate-lease.ts) let most requests go without asking the store at all.
 */
export function createRateLimiter(
  state: StateStore,
  rates: Rates,
  clock: () => number = Date.now,
  leases: Leases = leasesOf(state),
): RateLimiter {
  const waiting = new Map<ProviderName, Pending[]>();
  const busy = new Set<ProviderName>();
  const running = new Set<Promise<void>>();
  const asked = new Set<Lease>();

  const update = async (provider: ProviderName, rate: Rate, lease: Lease, batch: Pending[]) => {
    const longest = Math.min(MAX_WAIT_MS, Math.max(0, ...batch.map((p) => p.maxWaitMs)));
    const filling = !lease.filling && lease.size > 0 && lease.askers > 1;
    if (filling) {
      lease.filling = true;
      lease.drawn = false;
    }
    let slots: RateSlot[] = batch.map(atOnce);
    let credits = { count: 0, until: 0 };
    try {
      await state.update<unknown>(
        `rate:${provider}`,
        (stored) => {
          // `change` may run more than once (a concurrent writer): only the last run's answer counts.
          const now = clock();
          const until = now + Math.min(LEASE_MS, periodMs(rate));
          const held = liveCredits(lease, now);
          const ask = { owner: leases.owner, held, want: lease.size - held, until };
          const granted = grant(
            stored,
            now,
            rate,
            batch.map((p) => p.maxWaitMs),
            filling ? ask : undefined,
          );
          slots = granted.slots;
          credits = { count: granted.credits, until };
          return granted.state;
        },
        periodMs(rate) + longest + periodMs(rate) / rate.count,
      );
      addCredits(lease, credits.count, credits.until);
    } catch {
      // The store failed outright (the memory fallback did too): pacing is lost, not the search.
      slots = batch.map(atOnce);
    } finally {
      if (filling) lease.filling = false;
    }
    for (const [index, pending] of batch.entries()) pending.resolve(slots[index] ?? atOnce());
  };

  const drain = async (provider: ProviderName, rate: Rate, lease: Lease) => {
    busy.add(provider);
    try {
      // The first update waits for this turn of the event loop to end: a question's calls reach
      // their stages one after another within it, and one update grants them all. Without the wait
      // the first call went alone and the rest waited for a second locked update of the state
      // directory (8-9 ms, then 17-22 ms for the other three calls of a command's question,
      // bench/cli.mjs). A top-up likewise waits for the requests that drew on the lease to leave.
      await new Promise((resolve) => setImmediate(resolve));
      // Requests that arrive during one update are served by the credits it brought, else granted
      // by the next update, together; a lease drawn on is topped up by one more.
      for (;;) {
        const batch = takeWaiting(waiting, provider).filter((pending) => {
          if (!useCredit(lease, clock())) return true;
          pending.resolve(atOnce());
          return false;
        });
        if (batch.length === 0 && !wantsTopUp(lease, clock())) break;
        await update(provider, rate, lease, batch);
      }
    } finally {
      busy.delete(provider);
    }
  };

  const start = (provider: ProviderName, rate: Rate, lease: Lease): void => {
    if (busy.has(provider)) return;
    const run = drain(provider, rate, lease);
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  return {
    async take(provider, maxWaitMs, signal) {
      const rate = rates[provider];
      if (rate === undefined) return atOnce();
      const interval = periodMs(rate) / rate.count;
      const lease = leaseIn(leases, `${provider} ${describeRate(rate)}`, leaseSize(rate.count, interval));
      if (!asked.has(lease)) {
        asked.add(lease);
        lease.askers++;
      }
      if (useCredit(lease, clock())) {
        if (wantsTopUp(lease, clock())) start(provider, rate, lease);
        return atOnce();
      }
      const slot = await new Promise<RateSlot>((resolve) => {
        const queue = waiting.get(provider) ?? [];
        queue.push({ maxWaitMs, resolve });
        waiting.set(provider, queue);
        start(provider, rate, lease);
      });
      if (slot.ok && slot.waitedMs > 0) await sleep(slot.waitedMs, signal);
      return slot;
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

function takeWaiting(waiting: Map<ProviderName, Pending[]>, provider: ProviderName): Pending[] {
  const batch = waiting.get(provider) ?? [];
  waiting.delete(provider);
  return batch;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
