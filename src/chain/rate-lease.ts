import { randomUUID } from "node:crypto";
import type { StateStore } from "../state/state-store.js";

/**
 * Rate slots granted ahead, so most requests skip the shared store's locked update (a few ms with
 * the state directory, a round trip with Redis). Once a process asks for a rate in a second
 * question, an update that grants requests also takes up to a lease's worth of further slots that
 * are free at once; the process keeps them as credits, and a request that finds a live one goes at
 * once. Using one sets off a background update that tops the lease up, so the next question finds
 * credits ready. Why the rate still holds: rate-grant.ts. A credit is only a rate slot: pauses,
 * cooldowns and allowances are still checked for every request (stage-gate.ts); a request on credit
 * never waits, and a top-up is awaited only before its store is closed.
 */

/** How long a credit lasts: a short lease keeps little of a shared rate idle when it goes unused. */
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
  /**
   * An update is adding credits. Only one at a time does: it announces all the credits held, which
   * another update, not knowing of the new ones, must not replace.
   */
  filling: boolean;
  /** A credit was used since the lease was last topped up. */
  drawn: boolean;
  /**
   * How many questions (limiters) of this process have asked for this rate. Credits are taken from
   * the second on: a one-shot command would leave them unused, and other processes waiting.
   */
  askers: number;
}

/** Uses the live credit that expires first; false when none is left at `now`. */
export function useCredit(lease: Lease, now: number): boolean {
  if (liveCredits(lease, now) === 0) return false;
  lease.credits.shift();
  lease.drawn = true;
  return true;
}

export function liveCredits(lease: Lease, now: number): number {
  const live = lease.credits.findIndex((expiry) => expiry > now);
  lease.credits = live === -1 ? [] : lease.credits.slice(live);
  return lease.credits.length;
}

/** Whether an update with no request should top the lease up: credits were used and none is under way. */
export function wantsTopUp(lease: Lease, now: number): boolean {
  return lease.drawn && !lease.filling && liveCredits(lease, now) < lease.size;
}

export function addCredits(lease: Lease, count: number, until: number): void {
  lease.credits = [...lease.credits, ...Array<number>(count).fill(until)].sort((a, b) => a - b);
}

/** A process's leases in one shared state, by service and rate, and the name it announces them under. */
export interface Leases {
  owner: string;
  byRate: Map<string, Lease>;
}

export function newLeases(): Leases {
  return { owner: randomUUID(), byRate: new Map() };
}

const byPlace = new Map<string, Leases>();
const byStore = new WeakMap<StateStore, Leases>();

/**
 * The leases of this process in `state`: every store opened on the same place shares them, as each
 * `corroborate` opens its own store on the state directory; a memory store has its own.
 */
export function leasesOf(state: StateStore): Leases {
  let leases = state.place === undefined ? byStore.get(state) : byPlace.get(state.place);
  if (leases === undefined) {
    leases = newLeases();
    if (state.place === undefined) byStore.set(state, leases);
    else byPlace.set(state.place, leases);
  }
  return leases;
}

export function leaseIn(leases: Leases, key: string, size: number): Lease {
  let lease = leases.byRate.get(key);
  if (lease === undefined) {
    lease = { size, credits: [], filling: false, drawn: false, askers: 0 };
    leases.byRate.set(key, lease);
  }
  return lease;
}
