import { describe, expect, it } from "vitest";
import { grant } from "../../src/chain/rate-grant.js";

const rate = { count: 10, per: "second" as const };
const t = 1_000_000;
const burst = (n: number) => Array<number>(n).fill(0);
const granted = (slots: { ok: boolean }[]) => slots.filter((slot) => slot.ok).length;

describe("rate grant", () => {
  it("grants a slot per request and credits only from what is free at once", () => {
    const first = grant(undefined, t, rate, burst(3), { owner: "a", held: 0, want: 4, until: t + 1000 });
    expect(granted(first.slots)).toBe(3);
    expect(first.credits).toBe(4);
    expect(first.state.leases).toStrictEqual({ a: [4, t + 1000] });
    // Seven of the burst are taken, four of them as credits that may go any moment: three are left.
    const other = grant(first.state, t, rate, burst(10));
    expect(granted(other.slots)).toBe(3);
    const none = grant(other.state, t, rate, [], { owner: "b", held: 0, want: 4, until: t + 1000 });
    expect(none.credits).toBe(0);
  });

  it("announces every credit a process holds when it tops its lease up", () => {
    const first = grant(undefined, t, rate, burst(1), { owner: "a", held: 0, want: 4, until: t + 1000 });
    // Two of the four used; the top-up brings two more, and all four held are announced.
    const topUp = grant(first.state, t, rate, [], { owner: "a", held: 2, want: 2, until: t + 1000 });
    expect(topUp.state.leases).toStrictEqual({ a: [4, t + 1000] });
    // When the burst is back, the four credits may go with another process's requests: six are left.
    const other = grant(topUp.state, t + 800, rate, burst(10));
    expect(granted(other.slots)).toBe(6);
  });

  it("counts credits that ran out for the moment before they did", () => {
    const first = grant(undefined, t, rate, burst(1), { owner: "a", held: 0, want: 4, until: t + 1000 });
    // The four could have gone just before t + 1000: a burst just after leaves room for them.
    const other = grant(first.state, t + 1001, rate, burst(10));
    expect(granted(other.slots)).toBe(6);
    expect(other.state.leases).toBeUndefined();
    // They count no longer once the slots they could have taken are back.
    expect(granted(grant(other.state, t + 3000, rate, burst(10)).slots)).toBe(10);
  });

  it("reads a state kept before leases, and ignores leases that are not ours", () => {
    expect(grant(t + 950, t, rate, burst(1)).slots).toStrictEqual([{ ok: false, waitMs: 50, rate }]);
    const odd = { due: t, leases: { a: "x", b: [1], c: [Number.NaN, 5], d: [-2, t + 500] } };
    expect(granted(grant(odd, t, rate, burst(10)).slots)).toBe(10);
  });
});
