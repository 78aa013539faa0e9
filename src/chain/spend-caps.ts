import type { Config } from "../config/config.js";
import type { ProviderName } from "../providers/search-provider.js";
import type { StateStore } from "../state/state-store.js";

export type BudgetPeriod = Config["budget"][number]["period"];

export interface Allowance {
  provider: ProviderName;
  period: BudgetPeriod;
  limit: number;
  /** Requests counted in the current period. */
  used: number;
  /** ISO time the counter starts again from zero. */
  resetsAt: string;
}

export interface SpendCaps {
  /**
   * Counts one request to `provider` against each of its allowances, or refuses when one is used up
   * (counting nothing). Providers without an allowance are always let through.
   */
  reserve(provider: ProviderName): Promise<{ ok: true } | { ok: false; allowance: Allowance }>;
  /** Every allowance with what is used, for `doctor`. */
  status(): Promise<Allowance[]>;
}

/**
 * Optional allowances per provider and period (`CORE_SEARCH_BUDGET=exa:1000/month`), counted in the
 * shared state store so a whole fleet stays within them. Periods are calendar days and months in
 * UTC; each counter expires when its period ends, which is the reset.
 */
export function createSpendCaps(
  state: StateStore,
  budget: Config["budget"],
  clock: () => number = Date.now,
): SpendCaps {
  const periodOf = (period: BudgetPeriod) => {
    const now = new Date(clock());
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    const resets =
      period === "day" ? Date.UTC(year, month, now.getUTCDate() + 1) : Date.UTC(year, month + 1, 1);
    const id = now.toISOString().slice(0, period === "day" ? 10 : 7);
    return { id, resets };
  };
  const keyOf = (provider: ProviderName, period: BudgetPeriod, id: string) =>
    `spend:${provider}-${period}-${id}`;

  return {
    async reserve(provider) {
      const counted: string[] = [];
      for (const entry of budget.filter((b) => b.provider === provider)) {
        const { id, resets } = periodOf(entry.period);
        const key = keyOf(provider, entry.period, id);
        const result = await state.increment(key, 1, { limit: entry.limit, ttlMs: resets - clock() });
        if (!result.applied) {
          // One allowance refused: give back what the others counted, so counters stay exact.
          for (const done of counted) await state.increment(done, -1, { ttlMs: 1 });
          return {
            ok: false,
            allowance: {
              provider,
              period: entry.period,
              limit: entry.limit,
              used: result.value,
              resetsAt: new Date(resets).toISOString(),
            },
          };
        }
        counted.push(key);
      }
      return { ok: true };
    },
    async status() {
      return Promise.all(
        budget.map(async (entry) => {
          const { id, resets } = periodOf(entry.period);
          const used = await state.get<number>(keyOf(entry.provider, entry.period, id));
          return {
            provider: entry.provider,
            period: entry.period,
            limit: entry.limit,
            used: typeof used === "number" ? used : 0,
            resetsAt: new Date(resets).toISOString(),
          };
        }),
      );
    },
  };
}

/** "monthly allowance of 1000 requests used up (resets 2026-12-01)" */
export function describeAllowance(allowance: Allowance): string {
  const period = allowance.period === "day" ? "daily" : "monthly";
  return `${period} allowance of ${allowance.limit} requests used up (resets ${allowance.resetsAt.slice(0, allowance.period === "day" ? 16 : 10).replace("T", " ")})`;
}
