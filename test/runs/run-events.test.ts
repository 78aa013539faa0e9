/**
 * A run's event list and status on the state store: numbered by the list, bounded, closed by its
 * last event; a status changed only while running, and by its owner; a lost lease seen as interrupted.
 */
import { describe, expect, it } from "vitest";
import { MAX_EVENT_BYTES, MAX_EVENTS, openRunEvents } from "../../src/runs/run-events.js";
import { openRunStatus, type RunState, seenAt } from "../../src/runs/run-status.js";
import { openRunStore } from "../../src/runs/run-store.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const KEEP = { count: 2, ms: 60_000 };
const ID = "AAAAAAAAAAAAAAAAAAAAAA";

function running(id: string, owner = "server-a"): RunState {
  return {
    version: 1,
    id,
    status: "running",
    question: "Is it safe?",
    startedAt: new Date().toISOString(),
    queued: false,
    owner,
    leaseUntil: Date.now() + 10_000,
  };
}

describe("run events", () => {
  it("numbers events in order across appends and takes none after the last", async () => {
    const events = openRunEvents(createMemoryStore(), KEEP.ms);
    await events.create(ID);
    await events.append(ID, [
      { type: "plan", data: {} },
      { type: "preflight", data: {} },
    ]);
    await events.append(ID, [{ type: "done", data: { status: "done" } }], { end: true });
    expect(await events.append(ID, [{ type: "late", data: {} }])).toEqual({ appended: false });
    const log = await events.read(ID);
    expect(log?.ended).toBe(true);
    expect(log?.events.map((event) => [event.id, event.type])).toEqual([
      [1, "plan"],
      [2, "preflight"],
      [3, "done"],
    ]);
  });

  it("does not start again a list that is gone", async () => {
    const events = openRunEvents(createMemoryStore(), KEEP.ms);
    expect(await events.append(ID, [{ type: "plan", data: {} }])).toEqual({ appended: false });
    expect(await events.read(ID)).toBeUndefined();
  });

  it("counts the events past its bound instead of keeping them, and always keeps the last", async () => {
    const events = openRunEvents(createMemoryStore(), KEEP.ms);
    await events.create(ID);
    const many = Array.from({ length: MAX_EVENTS + 20 }, (_, index) => ({
      type: "attempt",
      data: { index },
    }));
    await events.append(ID, many);
    await events.append(ID, [{ type: "done", data: { status: "done" } }], { end: true });
    const log = await events.read(ID);
    expect(log?.events).toHaveLength(MAX_EVENTS);
    expect(log?.events.at(-1)).toMatchObject({ id: MAX_EVENTS, type: "done", data: { omitted: 21 } });
  });

  it("cuts the long texts of a large event", async () => {
    const events = openRunEvents(createMemoryStore(), KEEP.ms);
    await events.create(ID);
    await events.append(ID, [
      { type: "page-read", data: { url: "https://example.org/", status: `failed: ${"x".repeat(10_000)}` } },
      { type: "attempt", data: { parts: Array.from({ length: 500 }, () => "y".repeat(100)) } },
    ]);
    const [cut, dropped] = (await events.read(ID))?.events ?? [];
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(cut?.data.url).toBe("https://example.org/");
    expect(String(cut?.data.status)).toMatch(/^failed: x+…$/);
    expect(dropped?.data).toEqual({ cut: "the event was too large to keep" });
  });
});

describe("run status", () => {
  it("changes a running run for its owner only, and nothing once it ended", async () => {
    const statuses = openRunStatus(createMemoryStore(), KEEP);
    await statuses.create(running(ID));
    expect(await statuses.change(ID, () => ({ queued: true }), { owner: "server-b" })).toBeUndefined();
    expect(await statuses.change(ID, () => ({ status: "done" }), { owner: "server-a" })).toMatchObject({
      status: "done",
    });
    expect(await statuses.change(ID, () => ({ status: "failed" }))).toBeUndefined();
    expect((await statuses.get(ID))?.status).toBe("done");
  });

  it("sees a running run whose lease ran out as interrupted", () => {
    const run = running(ID);
    expect(seenAt(run, run.leaseUntil - 1).status).toBe("running");
    expect(seenAt(run, run.leaseUntil + 1).status).toBe("interrupted");
    expect(seenAt({ ...run, status: "done" }, run.leaseUntil + 1).status).toBe("done");
  });

  it("forgets the status and events of runs past the keep count, and of a run removed", async () => {
    const state = createMemoryStore();
    const statuses = openRunStatus(state, KEEP);
    const events = openRunEvents(state, KEEP.ms);
    const ids = ["A", "B", "C"].map((letter) => letter.repeat(22));
    for (const id of ids) {
      await events.create(id);
      await statuses.create(running(id));
    }
    expect(await statuses.get(ids[0] ?? "")).toBeUndefined();
    expect(await events.read(ids[0] ?? "")).toBeUndefined();
    expect(await statuses.get(ids[2] ?? "")).toBeDefined();
    await openRunStore(state, { runsKeep: KEEP }).remove(ids[2] ?? "");
    expect(await statuses.get(ids[2] ?? "")).toBeUndefined();
    expect(await events.read(ids[2] ?? "")).toBeUndefined();
    expect(await statuses.get(ids[1] ?? "")).toBeDefined();
  });
});
