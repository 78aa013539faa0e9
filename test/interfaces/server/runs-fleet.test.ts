/**
 * Runs across a fleet: two `core-search serve` processes of the built command sharing one real
 * redis-server answer for each other's runs — status, report and events, a stream started on one
 * and resumed on the other — and a run whose server stops is marked interrupted, never left running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { PROBE_QUERY } from "../../../src/health/preflight.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { SIX_ENGINES, startHeldSearxng } from "../../helpers/fake-searxng.js";
import {
  describeWithRedis,
  REDIS_HOOK_TIMEOUT_MS,
  type RedisServer,
  startRedis,
} from "../../helpers/redis.js";
import { BIN } from "../../helpers/run-bin.js";
import { openEvents } from "../../helpers/run-events.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const ENGINES = SIX_ENGINES;
const QUESTION = "Is intermittent fasting safe?";

interface Served {
  proc: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

describeWithRedis("runs on two servers sharing a redis-server", () => {
  let redis: RedisServer;
  let searx: ScriptedServer;
  let release: () => void = () => {};
  let asked: () => boolean = () => false;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  }, REDIS_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await redis.stop();
  });
  afterEach(async () => {
    release();
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    await searx.close();
  });

  /** A fake SearXNG that holds the question's searches until `release()`. */
  async function heldSearxng(): Promise<void> {
    const held = await startHeldSearxng(ENGINES, PROBE_QUERY);
    searx = held.server;
    release = held.release;
    asked = held.asked;
  }

  /** `core-search serve` on a free port, over the shared redis-server; resolves once it listens. */
  async function serve(): Promise<Served> {
    expect(existsSync(BIN), "run `npm run build` first").toBe(true);
    const proc = spawn(process.execPath, [BIN, "serve", "--port", "0"], {
      env: {
        PATH: process.env.PATH,
        SEARXNG_URL: searx.url,
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_REDIS_URL: redis.url,
        CORE_SEARCH_STATE_DIR: mkdtempSync(join(tmpdir(), "core-search-fleet-")),
        CORE_SEARCH_CACHE_TTL: "0",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(proc);
    let stderr = "";
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      proc.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /core-search: serving on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stderr);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then((code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
    });
    return { proc, url, exited, stderr: () => stderr };
  }

  async function json(url: string, init: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {}) {
    const res = await request(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
  }

  it("serves a run started on one server from the other: status, events resumed there, and the report", async () => {
    await heldSearxng();
    const [first, second] = await Promise.all([serve(), serve()]);
    const started = await json(`${first.url}/v1/runs`, { body: { question: QUESTION, read: 0, limit: 3 } });
    expect(started.status).toBe(202);
    const id = String(started.json.id);

    // The other server knows of the run at once, and that it runs.
    await vi.waitFor(() => expect(asked()).toBe(true));
    expect((await json(`${second.url}/v1/runs/${id}`)).json).toMatchObject({ id, status: "running" });

    // A stream on the first server, dropped after the first events…
    const dropped = await openEvents(first.url, id);
    await dropped.waitFor((events) => events.some((event) => event.type === "call-started"));
    dropped.close();
    await dropped.ended;
    const seen = [...dropped.events];
    const last = seen.at(-1)?.id ?? 0;

    // …resumed on the second: every later event once, ending with done.
    release();
    const resumed = await openEvents(second.url, id, { lastEventId: last });
    await resumed.ended;
    const all = [...seen, ...resumed.events];
    expect(resumed.events[0]?.id).toBe(last + 1);
    expect(all.map((event) => event.id)).toEqual(all.map((_, index) => index + 1));
    expect(all.filter((event) => event.type === "done")).toHaveLength(1);
    expect(all.at(-1)).toMatchObject({ type: "done", data: { status: "done", runId: id } });

    // The same events from either server, and the same report.
    const fromFirst = await openEvents(first.url, id);
    await fromFirst.ended;
    expect(fromFirst.events).toEqual(all);
    const [onFirst, onSecond] = await Promise.all([
      json(`${first.url}/v1/runs/${id}`),
      json(`${second.url}/v1/runs/${id}`),
    ]);
    expect(onSecond.json).toMatchObject({ id, status: "done" });
    expect(reportSchema.parse(onSecond.json.report).runId).toBe(id);
    expect(onSecond.json).toEqual(onFirst.json);
  }, 60_000);

  it("marks a run interrupted when its server stops while it runs, and cancels through the other server", async () => {
    await heldSearxng();
    const [first, second] = await Promise.all([serve(), serve()]);
    const stopped = String(
      (await json(`${first.url}/v1/runs`, { body: { question: QUESTION, read: 0 } })).json.id,
    );
    await vi.waitFor(() => expect(asked()).toBe(true));
    const stream = await openEvents(second.url, stopped);
    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect((await json(`${second.url}/v1/runs/${stopped}`)).json).toMatchObject({ status: "interrupted" });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: "done", data: { status: "interrupted" } });

    // A run on the second server, cancelled through a third: its owner stops it at its next renewal.
    const third = await serve();
    const cancelled = String(
      (await json(`${second.url}/v1/runs`, { body: { question: QUESTION, read: 0 } })).json.id,
    );
    const asking = await json(`${third.url}/v1/runs/${cancelled}`, { method: "DELETE" });
    expect(asking).toEqual({ status: 202, json: { id: cancelled, status: "running", cancelling: true } });
    await vi.waitFor(
      async () => expect((await json(`${third.url}/v1/runs/${cancelled}`)).json.status).toBe("cancelled"),
      { timeout: 20_000, interval: 200 },
    );
  }, 60_000);
});
