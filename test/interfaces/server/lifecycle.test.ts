import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "../../../src/interfaces/server/http-error.js";
import { slots } from "../../../src/interfaces/server/lifecycle.js";

/** A job that runs until `finish()` is called, and says whether it started. */
function heldJob(name: string, started: string[]) {
  let finish: () => void = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve(name);
  });
  return {
    job: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const open = () => new AbortController().signal;

afterEach(() => {
  vi.useRealTimers();
});

describe("slots: a running cap with a bounded line", () => {
  it("lets a job beyond the cap wait, then runs the waiting ones first in, first out", async () => {
    const started: string[] = [];
    const waits: number[] = [];
    const kind = slots({ running: 1, waiting: 2, waitMs: 60_000 }, (waiting) => waits.push(waiting));
    const a = heldJob("a", started);
    const b = heldJob("b", started);
    const c = heldJob("c", started);
    const results = [kind.run(a.job, open()), kind.run(b.job, open()), kind.run(c.job, open())];
    expect(started).toEqual(["a"]);
    expect(waits).toEqual([1, 2]);
    a.finish();
    await vi.waitFor(() => expect(started).toEqual(["a", "b"]));
    b.finish();
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c"]));
    c.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
  });

  it("refuses a job with 503 BUSY and Retry-After when the line is full, without running it", async () => {
    const started: string[] = [];
    const kind = slots({ running: 1, waiting: 1, waitMs: 60_000 });
    const a = heldJob("a", started);
    const b = heldJob("b", started);
    const running = kind.run(a.job, open());
    const waiting = kind.run(b.job, open());
    const refused = kind.run(heldJob("c", started).job, open());
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      status: 503,
      code: "BUSY",
      headers: { "retry-after": expect.stringMatching(/^\d+$/) },
    });
    a.finish();
    b.finish();
    expect(await Promise.all([running, waiting])).toEqual(["a", "b"]);
    expect(started).toEqual(["a", "b"]);
  });

  it("takes a waiting job out of the line when its signal aborts: it never runs and frees its place", async () => {
    const started: string[] = [];
    const kind = slots({ running: 1, waiting: 1, waitMs: 60_000 });
    const a = heldJob("a", started);
    const running = kind.run(a.job, open());
    const caller = new AbortController();
    const abandoned = kind.run(heldJob("b", started).job, caller.signal);
    caller.abort(new Error("client went away"));
    await expect(abandoned).rejects.toThrow("client went away");
    // Its place in the line is free again.
    const c = heldJob("c", started);
    const next = kind.run(c.job, open());
    a.finish();
    await vi.waitFor(() => expect(started).toEqual(["a", "c"]));
    c.finish();
    expect(await Promise.all([running, next])).toEqual(["a", "c"]);
  });

  it("refuses a job whose signal has already aborted, without running it", async () => {
    const started: string[] = [];
    const kind = slots({ running: 1, waiting: 1, waitMs: 60_000 });
    await expect(kind.run(heldJob("a", started).job, AbortSignal.abort(new Error("gone")))).rejects.toThrow(
      "gone",
    );
    expect(started).toEqual([]);
  });

  it("answers 503 BUSY to a job whose wait runs out, and never to one that already runs", async () => {
    vi.useFakeTimers();
    const started: string[] = [];
    const kind = slots({ running: 1, waiting: 1, waitMs: 1_000 });
    const a = heldJob("a", started);
    const running = kind.run(a.job, open());
    const late = kind.run(heldJob("b", started).job, open());
    const outcome = late.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toMatchObject({
      status: 503,
      code: "BUSY",
      message: expect.stringMatching(/1000 ms/),
    });
    // The running job kept its slot past the wait: a new job still waits for it.
    const c = heldJob("c", started);
    const next = kind.run(c.job, open());
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual(["a"]);
    a.finish();
    await vi.waitFor(() => expect(started).toEqual(["a", "c"]));
    c.finish();
    expect(await Promise.all([running, next])).toEqual(["a", "c"]);
  });
});
