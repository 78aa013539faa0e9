import type { Rate } from "../providers/registry.js";

/**
 * One update of a service's rate in the shared state: a generic cell rate algorithm (GCRA) whose
 * slots may also be leased ahead as credits (rate-lease.ts).
 *
 * The state is `due`, when the next request would be due if every slot were used evenly: a slot is
 * free while `due` is within the burst tolerance τ (count − 1 intervals) of now, and taking one moves
 * `due` on by an interval. So a whole period's worth may go at once, then one request per interval.
 *
 * A credit is a slot taken now and used by its holder at any moment until it expires. Taking it moves
 * `due` on like any slot; and while it may still go, every process must leave room for it, so each
 * process announces in the state how many credits it holds and until when, and every update treats
 * the announced credits as if they all went at that instant: `due` is kept at least that many
 * intervals ahead of now (and of the moment an announcement ran out, for the time since then).
 *
 * Why this never exceeds the rate. Count the token bucket this GCRA is (capacity `count`, one token
 * per interval) two ways: `accounted`, taken when a slot is granted, its capacity lowered by the
 * credits announced; `sent`, taken when a request goes, with the full capacity. Every grant leaves
 * `accounted` ≥ 0. A credit leaves `accounted` first and `sent` later, so `sent` is ahead by the
 * credits not yet sent — provided the announcements cover them (each process announces all it holds,
 * until the last of them expires) and `accounted` is held to its lowered capacity at every moment
 * (folded in at each update: now, and each moment an announcement ran out since the last). While
 * `sent` is full, `accounted` is then at its lowered capacity too, so neither loses a token the other
 * keeps. Hence `sent` never goes below zero: whichever process or host sends them and whenever each
 * credit is used, the requests fit in a burst of `count` and then one per interval. Assumed, as for
 * pauses: hosts' clocks agree; a store that fell back to memory paces only its own process.
 */

/** What a service's rate keeps in the shared state. */
export interface RateState {
  /** Epoch ms: when the next request would be due if every slot were used evenly. */
  due: number;
  /** Per process: how many credits it holds, and until when (epoch ms). */
  leases?: Record<string, [held: number, until: number]>;
}

/** A request may go now or after `waitedMs`; or its slot is further off than it may wait. */
export type RateSlot = { ok: true; waitedMs: number } | { ok: false; waitMs: number; rate: Rate };

/** The credits a process asks for: up to `want` more, beside the `held` it still has. */
export interface LeaseAsk {
  owner: string;
  held: number;
  want: number;
  /** When the credits granted now expire. */
  until: number;
}

export interface Granted {
  state: RateState;
  /** One per request, in order. */
  slots: RateSlot[];
  /** How many credits were granted. */
  credits: number;
}

export function periodMs(rate: Rate): number {
  return rate.per === "second" ? 1000 : 60_000;
}

/** Grants what it can at `now`: a slot per request that may wait `maxWaitMs`, then credits free at once. */
export function grant(
  stored: unknown,
  now: number,
  rate: Rate,
  maxWaitsMs: readonly number[],
  lease?: LeaseAsk,
): Granted {
  const interval = periodMs(rate) / rate.count;
  const tolerance = interval * (rate.count - 1);
  const { due: storedDue, leases } = readState(stored);
  const held = () => Object.values(leases).reduce((sum, [count]) => sum + count, 0);
  let due = storedDue;
  // Each announcement that ran out since the last update: until then, its credits could all have gone.
  for (const [owner, [, until]] of Object.entries(leases).sort(([, a], [, b]) => a[1] - b[1])) {
    if (until > now) break;
    due = Math.max(due, until + held() * interval);
    delete leases[owner];
  }
  // And the credits still announced could all go now, this process's own included.
  due = Math.max(due, now + held() * interval);
  const slots = maxWaitsMs.map((maxWaitMs): RateSlot => {
    const wait = Math.max(0, due - tolerance - now);
    if (wait > maxWaitMs) return { ok: false, waitMs: Math.ceil(wait), rate };
    due += interval;
    return { ok: true, waitedMs: Math.ceil(wait) };
  });
  let credits = 0;
  if (lease) {
    for (; credits < lease.want && due - tolerance <= now; credits++) due += interval;
    const holding = lease.held + credits;
    if (holding > 0) leases[lease.owner] = [holding, lease.until];
    else delete leases[lease.owner];
  }
  return { state: Object.keys(leases).length > 0 ? { due, leases } : { due }, slots, credits };
}

/** The stored state, or a fresh one; a bare number is `due` as kept before leases. */
function readState(stored: unknown): Required<RateState> {
  if (typeof stored === "number") return { due: Number.isFinite(stored) ? stored : 0, leases: {} };
  const state = stored as Partial<RateState> | null | undefined;
  const due = typeof state?.due === "number" && Number.isFinite(state.due) ? state.due : 0;
  const leases: Record<string, [number, number]> = {};
  for (const [owner, entry] of Object.entries(state?.leases ?? {})) {
    if (Array.isArray(entry) && entry.length === 2 && entry.every(Number.isFinite) && entry[0] > 0)
      leases[owner] = [entry[0], entry[1]];
  }
  return { due, leases };
}
