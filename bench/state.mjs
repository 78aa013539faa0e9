// State: what the shared state store costs a `corroborate`, and what a result-cache hit saves.
// Side by side in one loop, for an in-memory store, the file store (a scratch state directory) and
// Redis (a real redis-server on a free loopback port, without persistence), against a local fake
// SearXNG answering 20 hits after a fixed delay (4 planned calls × 20 hits):
//   - cache miss: `corroborate` with `cache: false` (every call asks SearXNG; answers still stored);
//   - cache hit: the same question again with the cache on: all 4 calls served from the store, no
//     search request (checked against the fake's request counts).
// Every store is passed as `state` (as a server does), wrapped in a proxy that counts and times
// each get / set / update / increment: operations per corroborate, milliseconds spent in them
// (summed, and the wall time during which at least one was pending) and that as a share of the
// corroborate's wall time. The file and Redis stores are opened with openStateStore, as the
// pipeline opens them (with the in-memory fallback around them); a fallback during the run is an error.
// Last, cache hits with no `state` passed (corroborate opens and closes the store itself, as the
// CLI and a default library call do), next to hits on the shared store.
// Without /usr/bin/redis-server (or the binary named by BENCH_REDIS_SERVER), Redis is skipped and
// the other stores are still measured.
// Run: npm run build && node bench/state.mjs
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import { createMemoryStore } from "../dist/state/memory-store.js";
import { openStateStore } from "../dist/state/open-state-store.js";
import {
  checkServedReport,
  closedPort,
  figure,
  fmt,
  machineLine,
  median,
  percentile,
  QUESTION,
  run,
  scratchStateDir,
  timed,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const LIMIT = 20;
const LATENCIES_MS = [50, 300];
const WARM_UP = 2;
const RUNS = 9;
const OPENED_RUNS = 9;
const CACHE_TTL_MS = 20 * 60_000;
const REDIS_SERVER = process.env.BENCH_REDIS_SERVER || "/usr/bin/redis-server";
const OPS = ["get", "set", "update", "increment"];

// ------------------------------------------------------------------------------------------------
// A real redis-server, started and stopped by this benchmark.
// ------------------------------------------------------------------------------------------------

async function startRedis() {
  const port = await closedPort();
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  let exited = false;
  const exit = new Promise((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
    child.once("error", () => {
      exited = true;
      resolve();
    });
  });
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exit;
    clearTimeout(timer);
  };
  try {
    const until = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (exited) throw new Error(`redis-server exited before answering on port ${port}`);
      if (Date.now() > until) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });
}

// ------------------------------------------------------------------------------------------------
// The counting proxy and what is measured per corroborate.
// ------------------------------------------------------------------------------------------------

/** The store, with every get / set / update / increment counted and timed. */
function counting(store) {
  let ops = [];
  const wrap =
    (name) =>
    async (key, ...rest) => {
      const start = performance.now();
      try {
        return await store[name](key, ...rest);
      } finally {
        ops.push({ name, key, start, end: performance.now() });
      }
    };
  return {
    state: {
      get kind() {
        return store.kind;
      },
      get: wrap("get"),
      set: wrap("set"),
      update: wrap("update"),
      increment: wrap("increment"),
      get warnings() {
        return store.warnings;
      },
      close: () => store.close(),
    },
    /** The operations since the last call. */
    take() {
      const taken = ops;
      ops = [];
      return taken;
    },
  };
}

/** Milliseconds during which at least one of the operations was pending (they overlap: 4 calls at once). */
function pendingMs(ops) {
  const spans = ops.map((op) => [op.start, op.end]).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [from, to] = spans[0] ?? [0, 0];
  for (const [start, end] of spans.slice(1)) {
    if (start > to) {
      total += to - from;
      [from, to] = [start, end];
    } else {
      to = Math.max(to, end);
    }
  }
  return total + (to - from);
}

/** "get health, 4 × get cache, …": what a corroborate asked the store, by operation and namespace. */
function describeOps(ops) {
  const counts = new Map();
  for (const op of ops) {
    const what = `${op.name} ${op.key.slice(0, op.key.indexOf(":"))}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => OPS.indexOf(a[0].split(" ")[0]) - OPS.indexOf(b[0].split(" ")[0]))
    .map(([what, n]) => (n === 1 ? what : `${n} × ${what}`))
    .join(", ");
}

/** Throws unless every planned call was answered from the cache, with `limit` hits. */
function checkCachedReport(report, limit, calls = 4) {
  const ran = report.calls.filter((call) => call.status !== "skipped");
  const cached = (call) =>
    call.status === "ok" &&
    call.hits === limit &&
    call.attempts.length === 1 &&
    call.attempts[0].outcome === "cache";
  if (ran.length !== calls || !ran.every(cached)) {
    const seen = ran.map(
      (call) => `${call.status} ${call.hits} ${call.attempts.map((a) => a.outcome).join("→")}`,
    );
    throw new Error(`expected ${calls} calls × ${limit} hits from the cache, got: ${seen.join("; ")}`);
  }
}

/** Throws unless the fake saw exactly `searches` searches since the last look, and no preflight. */
async function checkRequests(services, searches, what) {
  const counts = await services.takeCounts();
  const sent = counts["sx /search"] ?? 0;
  const preflight = (counts["sx /config"] ?? 0) + (counts["sx /search (probe)"] ?? 0);
  if (sent !== searches || preflight !== 0) {
    throw new Error(`${what}: expected ${searches} searches and no preflight, got ${JSON.stringify(counts)}`);
  }
}

async function measure(store, services, cache) {
  store.counter.take();
  const one = await timed(() =>
    corroborate(QUESTION, { config: store.config, limit: LIMIT, state: store.counter.state, cache }),
  );
  const ops = store.counter.take();
  if (cache) {
    checkCachedReport(one.result, LIMIT);
    await checkRequests(services, 0, `${store.name} cache hit`);
  } else {
    checkServedReport(one.result, LIMIT);
    await checkRequests(services, 4, `${store.name} cache miss`);
  }
  if (store.counter.state.warnings.length > 0) {
    throw new Error(`${store.name} store fell back: ${store.counter.state.warnings.join("; ")}`);
  }
  const opMs = ops.reduce((sum, op) => sum + op.end - op.start, 0);
  return { wall: one.ms, ops, count: ops.length, opMs, pending: pendingMs(ops) };
}

// ------------------------------------------------------------------------------------------------

const ms = (value) => (value < 1 ? `${value.toFixed(2)} ms` : fmt.ms(value));
const share = (value) => `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;

async function main() {
  const haveRedis = existsSync(REDIS_SERVER);
  if (!haveRedis) console.log("redis-server not installed: skipped");
  const services = await startFakeServices();
  const scratch = scratchStateDir();
  const redis = haveRedis ? await startRedis() : undefined;
  const stores = [];
  try {
    const base = `${services.url}/sx`;
    const settings = { searxngUrl: base, keyless: "off", cacheTtlMs: CACHE_TTL_MS };
    const add = (name, config, store) =>
      stores.push({ name, config: configFromObject(config), counter: counting(store), rows: new Map() });
    add("memory", { ...settings, stateDir: `${scratch.dir}/memory` }, createMemoryStore());
    const fileConfig = { stateDir: `${scratch.dir}/file` };
    add("file", { ...settings, ...fileConfig }, openStateStore(fileConfig));
    if (redis) {
      const redisConfig = { stateDir: `${scratch.dir}/redis-unused`, redisUrl: redis.url };
      add("redis", { ...settings, ...redisConfig }, openStateStore(redisConfig));
    }
    for (const store of stores) {
      if (store.counter.state.kind !== store.name)
        throw new Error(`${store.name}: opened a ${store.counter.state.kind} store`);
    }

    console.log(machineLine());
    console.log(
      `question: ${JSON.stringify(QUESTION)} — 4 calls × ${LIMIT} hits; cache TTL ${CACHE_TTL_MS / 60_000} min; ` +
        `median of ${RUNS} per store and latency after ${WARM_UP} warm-up runs; stores take turns in one loop`,
    );
    if (redis) console.log(`redis-server: ${redis.url}, --save "" --appendonly no`);

    const row = (store, key) => {
      if (!store.rows.has(key)) store.rows.set(key, []);
      return store.rows.get(key);
    };
    for (const latency of LATENCIES_MS) {
      await services.set("sx", { shape: "searxng", mode: "ok", delayMs: latency });
      await services.takeCounts();
      for (const store of stores) {
        // The first run fills /config and engine health (preflight) and the cache; then both are warm.
        for (let i = 0; i < WARM_UP; i += 1) {
          await corroborate(QUESTION, { config: store.config, limit: LIMIT, state: store.counter.state });
          await corroborate(QUESTION, {
            config: store.config,
            limit: LIMIT,
            state: store.counter.state,
            cache: false,
          });
        }
      }
      await services.takeCounts();
      for (let i = 0; i < RUNS; i += 1) {
        for (let s = 0; s < stores.length; s += 1) {
          const store = stores[(i + s) % stores.length];
          row(store, `miss ${latency}`).push(await measure(store, services, false));
          const hit = await measure(store, services, true);
          row(store, `hit ${latency}`).push(hit);
          row(store, "hit").push(hit);
        }
      }
    }

    // Cache hits with the store opened and closed by corroborate itself, next to the shared store.
    const opened = stores.filter((store) => store.name !== "memory");
    for (let i = 0; i < OPENED_RUNS; i += 1) {
      for (const store of opened) {
        const own = await timed(() => corroborate(QUESTION, { config: store.config, limit: LIMIT }));
        checkCachedReport(own.result, LIMIT);
        await checkRequests(services, 0, `${store.name} cache hit, store opened per call`);
        row(store, "hit opened").push(own.ms);
        row(store, "hit shared").push((await measure(store, services, true)).wall);
      }
    }

    const wall = (runs) => median(runs.map((r) => r.wall));
    console.log("\nCache hit latency: corroborate, 4 calls all cached, vs the same with `cache: false`\n");
    console.log("| store | provider latency | miss (`cache: false`), median | hit, median | hit ÷ miss |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    for (const latency of LATENCIES_MS) {
      for (const store of stores) {
        const miss = wall(store.rows.get(`miss ${latency}`));
        const hit = wall(store.rows.get(`hit ${latency}`));
        store[`ratio ${latency}`] = hit / miss;
        console.log(
          `| ${store.name} | ${latency} ms | ${fmt.ms(miss)} | ${ms(hit)} | **${fmt.ratio(hit / miss)}** |`,
        );
      }
    }

    console.log("\nState round trips per corroborate (the store passed as `state`, counted and timed)\n");
    console.log(
      "| store | run | corroborate, median | state ops | time in state ops, summed | state op pending | pending ÷ corroborate |",
    );
    console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    for (const store of stores) {
      for (const key of [...LATENCIES_MS.map((l) => `miss ${l}`), "hit"]) {
        const runs = store.rows.get(key);
        const counts = new Set(runs.map((r) => r.count));
        const pending = median(runs.map((r) => r.pending / r.wall));
        store[`share ${key}`] = pending;
        store[`ops ${key.split(" ")[0]}`] = [...counts].join("/");
        const label = key === "hit" ? "hit (both latencies)" : `miss, ${key.split(" ")[1]} ms`;
        console.log(
          `| ${store.name} | ${label} | ${ms(wall(runs))} | ${[...counts].join("/")} | ` +
            `${ms(median(runs.map((r) => r.opMs)))} | ${ms(median(runs.map((r) => r.pending)))} | **${share(pending)}** |`,
        );
      }
    }
    const sample = stores[0];
    console.log("");
    console.log(`operations, miss: ${describeOps(sample.rows.get(`miss ${LATENCIES_MS[0]}`)[0].ops)}`);
    console.log(`operations, hit: ${describeOps(sample.rows.get("hit")[0].ops)}`);

    console.log("\nOne state operation, by store (every measured run, hits and misses)\n");
    console.log(`| store | ${OPS.map((op) => `${op} p50 / p95`).join(" | ")} |`);
    console.log(`| --- | ${OPS.map(() => "---:").join(" | ")} |`);
    for (const store of stores) {
      const all = [
        ...LATENCIES_MS.flatMap((l) => store.rows.get(`miss ${l}`)),
        ...store.rows.get("hit"),
      ].flatMap((r) => r.ops);
      const cells = OPS.map((name) => {
        const times = all.filter((op) => op.name === name).map((op) => op.end - op.start);
        return times.length === 0 ? "—" : `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`;
      });
      console.log(`| ${store.name} | ${cells.join(" | ")} |`);
    }

    console.log(
      "\nCache hit with the store opened and closed by corroborate (no `state`: the CLI, a default call)\n",
    );
    console.log(
      "| store | hit, shared store, median | hit, store opened per call, median | opened ÷ shared |",
    );
    console.log("| --- | ---: | ---: | ---: |");
    for (const store of opened) {
      const shared = median(store.rows.get("hit shared"));
      const own = median(store.rows.get("hit opened"));
      store.opened = own / shared;
      console.log(`| ${store.name} | ${ms(shared)} | ${ms(own)} | ${fmt.ratio(own / shared)} |`);
    }

    console.log("");
    const named = (name) => stores.find((store) => store.name === name);
    const both = (pick) =>
      ["file", "redis"]
        .map(named)
        .filter(Boolean)
        .map((store) => `${store.name} ${pick(store)}`)
        .join(", ");
    for (const latency of LATENCIES_MS) {
      figure(
        `cache hit ÷ miss, ${latency} ms`,
        both((store) => store[`ratio ${latency}`].toFixed(2)),
      );
    }
    figure("state ops per corroborate, miss / hit", `${sample["ops miss"]} / ${sample["ops hit"]}`);
    for (const latency of LATENCIES_MS) {
      figure(
        `state op pending ÷ corroborate, miss ${latency} ms`,
        both((store) => share(store[`share miss ${latency}`])),
      );
    }
    figure(
      "state op pending ÷ corroborate, hit",
      both((store) => share(store["share hit"])),
    );
    figure(
      "cache hit, store opened per call ÷ shared store",
      both((store) => store.opened.toFixed(2)),
    );
    if (!redis) figure("redis", "redis-server not installed: skipped");
  } finally {
    for (const store of stores) await store.counter.state.close().catch(() => {});
    await services.close();
    if (redis) await redis.stop();
    scratch.remove();
  }
}

run(main);
