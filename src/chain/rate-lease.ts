import type { StateStore } from "../state/state-store.js";

/**
 * Rate slots granted ahead, so most requests skip the shared store's locked update (a few ms with
 * the state directory, a round trip with Redis). An update that grants requests also reserves up to
 * a lease's worth of further slots that are free at once; this process keeps them as credits, and a
 * request that finds a live one goes at once. Using one sets off a background update that tops the
 * lease up, so the next question finds credits ready.
 *
 * Why the shared rate still holds. Every slot the rate's state grants — to a request or as a credit,
 * in any process or host — has its own theoretical time θ, at least one interval after the one
 * granted before it (rate-limiter.ts). Its request goes no earlier than θ − τ (τ, the burst
 * tolerance: count − 1 intervals) and no later than θ: one granted at once goes now, and now ≤ θ;
 * one that waits goes at θ − τ; a credit expires at its θ. So the requests sent within any span of
 * length d have their θ within a span of d + τ, and there are at most count + d / interval of those:
 * the rate's own bound, whoever sent them. A credit used after its θ could break it (the slots after
 * it were granted as if it had gone), hence the expiry; it also expires LEASE_MS after the grant.
 * Reserved slots count as used in the shared state, so an unused credit only leaves its slot idle.
 */

/** The longest a credit is kept: a short lease wastes little when it goes unused. */
export const LEASE_MS = 1_000;

/**
 * How many credits one process may hold: half of what the burst has beyond the request they come
 * with, so a process cannot hog a shared rate, and no more than the rate grants within LEASE_MS.
 * None for a burst of one or two (1/s, 2/s), which have nothing to spare.
 */
export function leaseSize(count: number, intervalMs: number): number {
  return Math.max(0, Math.min(Math.floor((count - 1) / 2), Math.floor(LEASE_MS / intervalMs)));
}

/** The credits this process holds for one service's rate in one shared state. */
export interface Lease {
  readonly size: number;
  /** When each unused credit expires, soonest first. */
  credits: number[];
  /** An update is adding credits. Only one at a time does, so the lease never holds more than `size`. */
  filling: boolean;
  /** A credit was used since the lease was last topped up. */
  drawn: boolean;
}

/** Uses the live credit that expires first; false when none is left at `now`. */
export function useCredit(lease: Lease, now: number): boolean {
  dropExpired(lease, now);
  if (lease.credits.shift() === undefined) return false;
  lease.drawn = true;
  return true;
}

/** How many more credits the lease may take at `now`. */
export function roomIn(lease: Lease, now: number): number {
  dropExpired(lease, now);
  return lease.size - lease.credits.length;
}

/** Whether an update with no request should top the lease up: credits were used and none is under way. */
export function wantsTopUp(lease: Lease, now: number): boolean {
  return lease.drawn && !lease.filling && roomIn(lease, now) > 0;
}

export function addCredits(lease: Lease, expiries: readonly number[]): void {
  lease.credits = [...lease.credits, ...expiries].sort((a, b) => a - b);
}

function dropExpired(lease: Lease, now: number): void {
  const live = lease.credits.findIndex((expiry) => expiry > now);
  lease.credits = live === -1 ? [] : lease.credits.slice(live);
}

/** A process's leases, by service and rate. */
export type Leases = Map<string, Lease>;

const byPlace = new Map<string, Leases>();
const byStore = new WeakMap<StateStore, Leases>();

/**
 * The leases of this process in `state`: every store opened on the same place shares them, as each
 * `corroborate` opens its own store on the state directory; a memory store has its own.
 */
export function leasesOf(state: StateStore): Leases {
  let leases = state.place === undefined ? byStore.get(state) : byPlace.get(state.place);
  if (leases === undefined) {
    leases = new Map();
    if (state.place === undefined) byStore.set(state, leases);
    else byPlace.set(state.place, leases);
  }
  return leases;
}

export function leaseIn(leases: Leases, key: string, size: number): Lease {
  let lease = leases.get(key);
  if (lease === undefined) {
    lease = { size, credits: [], filling: false, drawn: false };
    leases.set(key, lease);
  }
  return lease;
}
