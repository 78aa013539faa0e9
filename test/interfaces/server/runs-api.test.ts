/**
 * Runs that outlive a connection: `POST /v1/runs` answers at once, the run's events stream as they
 * happen and resume after `Last-Event-ID`, its status and report stay behind it, and every bound of
 * the server applies to the new routes.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { PROBE_QUERY } from "../../../src/health/preflight.js";
import { type HttpApi, type HttpApiOptions, startHttpApi } from "../../../src/interfaces/server/http-api.js";
import { getRun } from "../../../src/operations/runs.js";
import type { SearchProvider } from "../../../src/providers/search-provider.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { type NewEvent, openRunEvents } from "../../../src/runs/run-events.js";
import { newRunId } from "../../../src/runs/run-id.js";
import { openRunStatus, type RunState } from "../../../src/runs/run-status.js";
import { openStateStore } from "../../../src/state/open-state-store.js";
import { SIX_ENGINES, startFakeSearxng, startHeldSearxng } from "../../helpers/fake-searxng.js";
import { type Answer, call, errorOf } from "../../helpers/http-call.js";
import { openEvents, type StreamedEvent } from "../../helpers/run-events.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const ENGINES = SIX_ENGINES;
const QUESTION = "Is intermittent fasting safe?";

const configWith = (settings: Record<string, unknown> = {}): Config =>
  configFromObject({
    keyless: "off",
    stateDir: mkdtempSync(join(tmpdir(), "core-search-runs-api-")),
    cacheTtlMs: 0,
    ...settings,
  });

const servers: ScriptedServer[] = [];
const apis: HttpApi[] = [];
const holds: (() => void)[] = [];
afterEach(async () => {
  for (const release of holds.splice(0)) release();
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A fake SearXNG that holds the question's searches until `release()`. */
async function heldSearxng() {
  const held = await startHeldSearxng(ENGINES, PROBE_QUERY);
  servers.push(held.server);
  holds.push(held.release);
  return { searx: held.server, release: held.release, asked: held.asked };
}

async function api(options: Partial<HttpApiOptions> & { config: Config }): Promise<HttpApi> {
  const started = await startHttpApi({ analysisThreads: 0, ...options });
  apis.push(started);
  return started;
}

const runOf = (answer: Answer) =>
  answer.json as { id: string; status: string; queued?: boolean; report?: unknown };

async function startRun(
  base: string,
  body: unknown = { question: QUESTION, read: 0, limit: 3 },
): Promise<string> {
  const answer = await call(base, "/v1/runs", { body });
  expect(answer.status).toBe(202);
  return runOf(answer).id;
}

const isDone = (events: readonly StreamedEvent[]) => events.some((event) => event.type === "done");

describe("POST /v1/runs and its event stream", () => {
  it("answers 202 with an id, streams the run's events in order ending with done, and keeps the report", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const config = configWith({ searxngUrl: searx.url });
    const { url } = await api({ config });
    const answer = await call(url, "/v1/runs", { body: { question: QUESTION, read: 0, limit: 3 } });
    expect(answer.status).toBe(202);
    const { id } = runOf(answer);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(answer.headers.location).toBe(`/v1/runs/${id}`);
    expect(answer.json).toMatchObject({ status: "running", events: `/v1/runs/${id}/events` });

    const stream = await openEvents(url, id);
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    await stream.ended;
    const { events } = stream;
    expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
    const types = events.map((event) => event.type);
    expect(types[0]).toBe("plan");
    expect(types.at(-1)).toBe("done");
    expect(types.filter((type) => type === "done")).toHaveLength(1);
    for (const type of ["preflight", "call-started", "call-finished", "judging", "origins"])
      expect(types).toContain(type);
    expect(types.indexOf("judging")).toBeGreaterThan(types.lastIndexOf("call-finished"));
    expect(events.find((event) => event.type === "judging")?.data).toMatchObject({ judge: "builtin" });
    const done = events.at(-1)?.data;
    expect(done).toMatchObject({ type: "done", status: "done", runId: id });

    const status = await call(url, `/v1/runs/${id}`);
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ id, status: "done", question: QUESTION });
    const report = reportSchema.parse(runOf(status).report);
    expect(report.runId).toBe(id);
    expect(report.confidence).toBe(done?.confidence);
    // The run is one of the runs kept, as the CLI and the library list them.
    expect(runOf(status).report).toEqual((await getRun(id, { config })).report);
  });

  it("gives a client that reconnects with Last-Event-ID every later event exactly once", async () => {
    const { searx, release } = await heldSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const id = await startRun(url);

    const first = await openEvents(url, id);
    await first.waitFor((events) => events.some((event) => event.type === "call-started"));
    first.close();
    await first.ended;
    const seen = [...first.events];
    const last = seen.at(-1)?.id ?? 0;
    expect(last).toBeGreaterThan(0);
    expect(isDone(seen)).toBe(false);

    release();
    const resumed = await openEvents(url, id, { lastEventId: last });
    await resumed.ended;
    expect(resumed.events[0]?.id).toBe(last + 1);
    const all = [...seen, ...resumed.events];
    expect(all.map((event) => event.id)).toEqual(all.map((_, index) => index + 1));
    expect(resumed.events.at(-1)).toMatchObject({ type: "done", data: { status: "done" } });

    // The whole stream, read again from the start, is the same events.
    const again = await openEvents(url, id);
    await again.ended;
    expect(again.events).toEqual(all);
    // Resuming after the last event gives nothing more, and ends.
    const after = await openEvents(url, id, { lastEventId: all.length });
    await after.ended;
    expect(after.events).toEqual([]);

    const status = await call(url, `/v1/runs/${id}`);
    expect(runOf(status)).toMatchObject({ status: "done", report: { runId: id } });
  });

  it("goes on when every client has left, and reports running until it is done", async () => {
    const { searx, release, asked } = await heldSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const id = await startRun(url);
    const stream = await openEvents(url, id);
    await stream.waitFor((events) => events.length > 0);
    stream.close();
    await vi.waitFor(() => expect(asked()).toBe(true));
    expect(runOf(await call(url, `/v1/runs/${id}`))).toMatchObject({ status: "running", queued: false });
    release();
    await vi.waitFor(async () => expect(runOf(await call(url, `/v1/runs/${id}`)).status).toBe("done"), {
      timeout: 10_000,
    });
  });

  it("sends comment lines while a run is quiet", async () => {
    const { searx } = await heldSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }), runs: { heartbeatMs: 20 } });
    const id = await startRun(url);
    const stream = await openEvents(url, id);
    await vi.waitFor(() => expect(stream.comments).toContain("keep-alive"));
    stream.close();
  });

  it("ends the stream of a run that failed with its error", async () => {
    // No search service at all: the question cannot be asked.
    const { url } = await api({ config: configWith() });
    const id = await startRun(url);
    const stream = await openEvents(url, id);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({
      type: "done",
      data: { status: "failed", error: { code: "NOTHING_CONFIGURED" } },
    });
    expect(runOf(await call(url, `/v1/runs/${id}`))).toMatchObject({
      status: "failed",
      error: { code: "NOTHING_CONFIGURED" },
    });
  });

  it("streams a run kept by another surface as one done event", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const answer = await call(url, "/v1/corroborate", { body: { question: QUESTION, read: 0, limit: 3 } });
    const { runId } = answer.json as { runId: string };
    const stream = await openEvents(url, runId);
    await stream.ended;
    expect(stream.events).toEqual([
      { id: 1, type: "done", data: expect.objectContaining({ status: "done", runId }) },
    ]);
    expect(runOf(await call(url, `/v1/runs/${runId}`))).toMatchObject({ status: "done", report: { runId } });
  });
});

describe("what a run's events keep", () => {
  it("keeps no key of the settings, as runs keep none", async () => {
    const canary = "canary-key-runs-0123456789";
    const failing: SearchProvider = {
      name: "exa",
      configured: true,
      search: async () => {
        throw new Error(`the service refused key ${canary} at https://user:${canary}@api.example/search`);
      },
    };
    const config = configWith({ keys: { exa: canary }, order: ["exa"] });
    const { url } = await api({ config, providers: [failing] });
    const id = await startRun(url);
    const stream = await openEvents(url, id);
    await stream.ended;
    expect(stream.events.some((event) => event.type === "attempt")).toBe(true);
    expect(JSON.stringify(stream.events)).not.toContain(canary);
    const state = openStateStore(config);
    expect(JSON.stringify(await openRunEvents(state, config.runsKeep.ms).read(id))).not.toContain(canary);
    await state.close();
  });
});

describe("DELETE /v1/runs/{id}", () => {
  it("cancels a running run, then removes it", async () => {
    const { searx, asked } = await heldSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const id = await startRun(url);
    const stream = await openEvents(url, id);
    await vi.waitFor(() => expect(asked()).toBe(true));
    const cancelled = await call(url, `/v1/runs/${id}`, { method: "DELETE" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toEqual({ id, status: "cancelled" });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: "done", data: { status: "cancelled" } });
    expect(runOf(await call(url, `/v1/runs/${id}`)).status).toBe("cancelled");

    const removed = await call(url, `/v1/runs/${id}`, { method: "DELETE" });
    expect(removed.json).toEqual({ id, status: "cancelled", deleted: true });
    expect((await call(url, `/v1/runs/${id}`)).status).toBe(404);
    expect((await openEvents(url, id)).status).toBe(404);
  });

  it("removes a finished run and its report", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }) });
    const id = await startRun(url);
    await (await openEvents(url, id)).ended;
    expect((await call(url, `/v1/runs/${id}`, { method: "DELETE" })).json).toEqual({
      id,
      status: "done",
      deleted: true,
    });
    expect(errorOf(await call(url, `/v1/runs/${id}`)).code).toBe("NOT_FOUND");
  });
});

describe("runs when a server stops or vanishes", () => {
  it("marks a run interrupted when its server closes while it runs, as another server on the store sees", async () => {
    const { searx, asked } = await heldSearxng();
    const config = configWith({ searxngUrl: searx.url });
    const first = await startHttpApi({ config, analysisThreads: 0, shutdownGraceMs: 50 });
    const second = await api({ config });
    const id = await startRun(first.url);
    await vi.waitFor(() => expect(asked()).toBe(true));
    const stream = await openEvents(second.url, id);
    const onFirst = await openEvents(first.url, id);
    await onFirst.waitFor((events) => events.length > 0);
    await first.close();
    // The closing server's own stream is ended at once, for its client to resume elsewhere.
    await onFirst.ended;
    expect(onFirst.events.some((event) => event.type === "done")).toBe(false);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: "done", data: { status: "interrupted" } });
    expect(runOf(await call(second.url, `/v1/runs/${id}`)).status).toBe("interrupted");
  });

  it("takes a run whose server's lease ran out for interrupted, and ends its stream", async () => {
    const config = configWith();
    const { url } = await api({ config, runs: { pollMs: 10 } });
    // A run some server started and never marked: its lease is over.
    const id = await leftBehind(config, { status: "running" }, [{ type: "plan", data: { claim: "x" } }]);
    const stream = await openEvents(url, id);
    await stream.ended;
    expect(stream.events.map((event) => [event.id, event.type, event.data.status])).toEqual([
      [1, "plan", undefined],
      [2, "done", "interrupted"],
    ]);
    expect(runOf(await call(url, `/v1/runs/${id}`)).status).toBe("interrupted");
  });

  it("ends the stream of a run whose server marked its end but stopped before its last event", async () => {
    const config = configWith();
    const { url } = await api({ config, runs: { pollMs: 10 } });
    const error = { code: "INTERNAL", message: "internal error" };
    const id = await leftBehind(config, { status: "failed", error }, []);
    const stream = await openEvents(url, id);
    await stream.ended;
    expect(stream.events).toEqual([
      {
        id: 1,
        type: "done",
        data: expect.objectContaining({
          status: "failed",
          error: { code: "INTERNAL", message: "internal error" },
        }),
      },
    ]);
  });
});

/** A run a server that is gone left on the store: its status as given, its lease over, these events. */
async function leftBehind(config: Config, status: Partial<RunState>, events: NewEvent[]): Promise<string> {
  const state = openStateStore(config);
  const id = newRunId();
  await openRunEvents(state, config.runsKeep.ms).create(id);
  await openRunEvents(state, config.runsKeep.ms).append(id, events);
  await openRunStatus(state, config.runsKeep).create({
    version: 1,
    id,
    status: "running",
    question: QUESTION,
    startedAt: new Date().toISOString(),
    queued: false,
    owner: "a server that is gone",
    leaseUntil: Date.now() - 1,
    ...status,
  });
  await state.close();
  return id;
}

describe("bounds of the runs", () => {
  it("puts runs past the running cap in line, and answers 503 BUSY with Retry-After when the line is full", async () => {
    const { searx } = await heldSearxng();
    const { url } = await api({
      config: configWith({ searxngUrl: searx.url }),
      runs: { running: 1, waiting: 1 },
    });
    const running = await startRun(url);
    const waiting = await call(url, "/v1/runs", { body: { question: QUESTION, read: 0 } });
    expect(waiting.status).toBe(202);
    expect(runOf(waiting).queued).toBe(true);
    const full = await call(url, "/v1/runs", { body: { question: QUESTION, read: 0 } });
    expect(full.status).toBe(503);
    expect(errorOf(full).code).toBe("BUSY");
    expect(full.headers["retry-after"]).toMatch(/^\d+$/);
    expect(runOf(await call(url, `/v1/runs/${runOf(waiting).id}`))).toMatchObject({
      status: "running",
      queued: true,
    });
    // The one in line starts once the first is cancelled.
    await call(url, `/v1/runs/${running}`, { method: "DELETE" });
    await vi.waitFor(async () =>
      expect(runOf(await call(url, `/v1/runs/${runOf(waiting).id}`)).queued).toBe(false),
    );
  });

  it("caps the event streams open at once", async () => {
    const { searx } = await heldSearxng();
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }), runs: { streams: 1 } });
    const id = await startRun(url);
    const open = await openEvents(url, id);
    const refused = await call(url, `/v1/runs/${id}/events`);
    expect(refused.status).toBe(503);
    expect(errorOf(refused).code).toBe("BUSY");
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    open.close();
    await open.ended;
    await vi.waitFor(async () => {
      const again = await openEvents(url, id);
      again.close();
      expect(again.status).toBe(200);
    });
  });

  it("asks every route for the token, guards the Host and limits the body", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const token = "runs-token-0123456789";
    const { url } = await api({ config: configWith({ searxngUrl: searx.url }), token, maxBodyBytes: 200 });
    const id = newRunId();
    for (const [method, path] of [
      ["POST", "/v1/runs"],
      ["GET", `/v1/runs/${id}`],
      ["GET", `/v1/runs/${id}/events`],
      ["DELETE", `/v1/runs/${id}`],
    ] as const) {
      const answer = await call(url, path, {
        method,
        ...(method === "POST" ? { body: { question: QUESTION, read: 0 } } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(401);
      const wrongHost = await call(url, path, {
        method,
        headers: { host: "attacker.example", authorization: `Bearer ${token}` },
      });
      expect(wrongHost.status, `${method} ${path}`).toBe(403);
    }
    const auth = { authorization: `Bearer ${token}` };
    const tooLarge = await call(url, "/v1/runs", { body: { question: "x".repeat(300) }, headers: auth });
    expect(tooLarge.status).toBe(413);
    const unknown = await call(url, "/v1/runs", {
      body: { question: QUESTION, read: 0, verbose: true },
      headers: auth,
    });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toMatch(/verbose/);
    expect((await call(url, "/v1/runs", { headers: auth })).status).toBe(405);
    expect((await call(url, `/v1/runs/${id}/events`, { method: "DELETE", headers: auth })).status).toBe(405);
    expect((await call(url, `/v1/runs/${id}`, { headers: auth })).status).toBe(404);
    expect((await call(url, "/v1/runs/not-an-id", { headers: auth })).status).toBe(404);
    expect((await call(url, `/v1/runs/${id}/other`, { headers: auth })).status).toBe(404);
    const started = await call(url, "/v1/runs", {
      body: { question: QUESTION, read: 0, limit: 3 },
      headers: auth,
    });
    expect(started.status).toBe(202);
    const badResume = await call(url, `/v1/runs/${runOf(started).id}/events`, {
      headers: { ...auth, "last-event-id": "seven" },
    });
    expect(badResume.status).toBe(400);
  });

  it("removes old runs, with their status and events, by the keep setting", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const { url } = await api({ config: configWith({ searxngUrl: searx.url, runsKeep: "1" }) });
    const first = await startRun(url);
    await (await openEvents(url, first)).ended;
    const second = await startRun(url);
    await (await openEvents(url, second)).ended;
    expect((await call(url, `/v1/runs/${first}`)).status).toBe(404);
    expect((await openEvents(url, first)).status).toBe(404);
    expect(runOf(await call(url, `/v1/runs/${second}`)).status).toBe("done");
  });

  it("has no runs when runs are off", async () => {
    const searx = await startFakeSearxng(ENGINES);
    servers.push(searx);
    const { url } = await api({ config: configWith({ searxngUrl: searx.url, runs: "off" }) });
    const answer = await call(url, "/v1/runs", { body: { question: QUESTION, read: 0 } });
    expect(answer.status).toBe(404);
    expect(errorOf(answer).message).toMatch(/CORE_SEARCH_RUNS=off/);
  });
});
