/**
 * The analysis pool runs the worker module of the build (`npm test` builds first), so these tests use
 * the built server and pool; the TypeScript sources have no worker module to start.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { request } from "undici";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../../src/config/config.js";
import type { HitFromCall } from "../../../src/dedup/merge-hits.js";
import type * as ServerModule from "../../../src/interfaces/server/http-api.js";
import type * as AnalysisModule from "../../../src/operations/analyse-hits.js";
import type * as PoolModule from "../../../src/operations/analysis-pool.js";
import type { Report } from "../../../src/report/report-schema.js";
import { type FakeEngine, startFakeSearxng } from "../../helpers/fake-searxng.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const built = (path: string) => new URL(`../../../dist/${path}`, import.meta.url);
let server: typeof ServerModule;
let analysis: typeof AnalysisModule;
let pools: typeof PoolModule;
beforeAll(async () => {
  expect(existsSync(built("operations/analyse-hits-worker-entry.cjs")), "run `npm run build` first").toBe(
    true,
  );
  server = (await import(built("interfaces/server/http-api.js").href)) as typeof ServerModule;
  analysis = (await import(built("operations/analyse-hits.js").href)) as typeof AnalysisModule;
  pools = (await import(built("operations/analysis-pool.js").href)) as typeof PoolModule;
});

/** Worker threads started in this process since the test began, and those that have stopped. */
const threads = { started: new Set<Worker>(), stopped: new Set<Worker>() };
const onWorker = (worker: Worker) => {
  threads.started.add(worker);
  worker.once("exit", () => threads.stopped.add(worker));
};
process.on("worker", onWorker);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  threads.started.clear();
  threads.stopped.clear();
});

const silent = { warn: () => {} } as unknown as Parameters<typeof PoolModule.openAnalysisPool>[0]["logger"];

/**
 * Hits as three calls find them: the same pages again, a story syndicated under other titles, a
 * page without a usable address, pages for and against the claim, and more than three per domain.
 */
function foundHits(): HitFromCall[] {
  const pages = [
    ["https://health.example.org/coffee-safe", "Coffee is safe for most adults, review finds"],
    ["https://news.example.com/coffee-risk", "Study links coffee to higher heart risk"],
    ["https://wire.example.net/story/1", "Coffee is safe, say researchers - Example Wire"],
    ["https://daily.example.co.uk/coffee", "Coffee is safe, say researchers | Daily Example"],
    ["not a url", "A result without an address"],
    ["https://blog.example.io/coffee-myths", "Ten myths about coffee debunked"],
    ["https://science.example.edu/paper", "No evidence that coffee harms healthy adults"],
    ["https://many.example.org/a", "Coffee and sleep"],
    ["https://many.example.org/b", "Coffee and anxiety"],
    ["https://many.example.org/c", "Coffee and pregnancy"],
    ["https://many.example.org/d", "Coffee and blood pressure"],
  ] as const;
  return [1, 2, 4].flatMap((call, c) =>
    pages
      .filter((_, index) => (index + c) % 3 !== 0 || index < 4)
      .map(([url, title], index) => ({
        call,
        provider: "searxng" as const,
        hit: {
          url: c === 1 && index === 0 ? `${url}?utm_source=feed` : url,
          title,
          snippet: `${title}. Researchers reviewed the evidence on coffee and health in adults.`,
          publishedAt: index % 2 === 0 ? "2026-03-01" : null,
          engines: c === 2 ? ["bing"] : ["google", "duckduckgo"],
          rank: index + 1,
        },
      })),
  );
}

describe("the analysis pool", () => {
  it("gives the same analysis, byte for byte, as the analysis in process, from a worker thread", async () => {
    const pool = await pools.openAnalysisPool({ threads: 1, logger: silent });
    if (!pool) throw new Error("the built worker module was not found");
    closers.push(() => pool.close());
    const input = { claim: "Coffee is safe", hits: foundHits(), counterCalls: [4] };
    const inProcess = await analysis.analyseHits(input);
    const pooled = await pool.analyse(input);
    expect(JSON.stringify(pooled)).toBe(JSON.stringify(inProcess));
    // What is compared is worth comparing: merged pages, origins of several, judged stances, notes.
    expect(inProcess.items.length).toBeLessThan(input.hits.length);
    expect(inProcess.origins.some((origin) => origin.members.length > 1)).toBe(true);
    expect(inProcess.notes.length).toBeGreaterThan(0);
    expect(threads.started.size).toBe(1);
  });

  it("judges each call's results on a thread as they arrive, and the final analysis takes those judgements", async () => {
    const pool = await pools.openAnalysisPool({ threads: 1, logger: silent });
    if (!pool?.analyse.judgeAhead) throw new Error("the built pool cannot judge ahead");
    closers.push(() => pool.close());
    const claim = "Coffee is safe";
    const hits = foundHits();
    const input = { claim, hits, counterCalls: [4] };
    const inProcess = await analysis.analyseHits(input);
    // One call's results, judged there as the call returns: the judgements the analysis makes.
    const firstCall = hits.filter((found) => found.call === 1).map((found) => found.hit);
    const ahead = await pool.analyse.judgeAhead(claim, firstCall, new AbortController().signal);
    // Handed over one per hit, in hit order: the first call's hits carry theirs, the others none.
    let next = 0;
    const judged = hits.map((found) => (found.call === 1 ? (ahead[next++] ?? null) : null));
    expect(next).toBe(firstCall.length);
    expect(JSON.stringify(await pool.analyse({ ...input, judged }))).toBe(JSON.stringify(inProcess));
    // Handed-over judgements are used as they are, not made again: a different one shows through.
    const safe = hits.find((found) => found.hit.url.endsWith("/coffee-safe"))?.hit;
    if (!safe) throw new Error("fixture changed");
    const planted = { stance: "contradict" as const, score: 0.99, judge: "builtin" as const };
    const withPlanted = await pool.analyse({
      ...input,
      judged: hits.map((found) => (found.hit === safe ? planted : null)),
    });
    const at = withPlanted.items.findIndex((item) => item.url.endsWith("/coffee-safe"));
    expect(inProcess.judgements[at]?.stance).toBe("support");
    expect(withPlanted.judgements[at]).toMatchObject({ stance: "contradict", score: 0.99 });
  });

  it("analyses in process, with a warning, when a thread cannot take the work", async () => {
    const warnings: string[] = [];
    const logger = { warn: (_: unknown, message: string) => warnings.push(message) } as unknown as Parameters<
      typeof PoolModule.openAnalysisPool
    >[0]["logger"];
    const pool = await pools.openAnalysisPool({ threads: 1, logger });
    if (!pool) throw new Error("the built worker module was not found");
    closers.push(() => pool.close());
    const input = { claim: "Coffee is safe", hits: foundHits(), counterCalls: [4] };
    // A function cannot be copied to a thread.
    const uncopyable = { ...input, onProgress: () => {} };
    const analysed = await pool.analyse(uncopyable);
    expect(JSON.stringify(analysed)).toBe(JSON.stringify(await analysis.analyseHits(input)));
    expect(warnings).toEqual(["analysis thread failed; analysing in process"]);
  });

  it("uses a thread per core by default, none on one core", () => {
    expect([1, 2, 3, 8].map((cores) => pools.defaultAnalysisThreads(cores))).toEqual([0, 2, 3, 8]);
  });
});

describe("the HTTP API with an analysis pool", () => {
  const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby"].map((name, i) => ({
    name,
    categories: ["general", "news", "science"],
    results: foundHits()
      .filter((found) => found.call === 1 && found.hit.url.startsWith("https://"))
      .map(({ hit }) => ({ url: hit.url, title: hit.title, content: hit.snippet }))
      .slice(i, i + 6),
  }));
  let searx: ScriptedServer;
  beforeAll(async () => {
    searx = await startFakeSearxng(ENGINES);
    return () => searx.close();
  });

  async function serve(analysisThreads: number) {
    const config = configFromObject({
      searxngUrl: searx.url,
      keyless: "off",
      cacheTtlMs: 0,
      stateDir: mkdtempSync(join(tmpdir(), "core-search-pool-")),
    });
    const api = await server.startHttpApi({ config, analysisThreads });
    closers.push(() => api.close());
    return api;
  }

  async function corroborate(url: string): Promise<Report> {
    const res = await request(`${url}/v1/corroborate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "Is coffee safe?", limit: 10, read: 0 }),
    });
    expect(res.statusCode).toBe(200);
    return (await res.body.json()) as Report;
  }

  /** The report without what differs from one run to the next: how long things took, the run's id. */
  const untimed = (report: Report) => ({
    ...report,
    timing: undefined,
    runId: undefined,
    calls: report.calls.map((call) => ({ ...call, attempts: call.attempts.map((a) => ({ ...a, ms: 0 })) })),
  });

  it("answers with the same report as a server that analyses in process", async () => {
    const pooled = await corroborate((await serve(2)).url);
    expect(threads.started.size).toBe(2);
    const inProcess = await corroborate((await serve(0)).url);
    expect(threads.started.size).toBe(2);
    expect(JSON.stringify(untimed(pooled))).toBe(JSON.stringify(untimed(inProcess)));
    expect(pooled.evidence.length).toBeGreaterThan(3);
  });

  it("stops the pool's threads when it closes", async () => {
    const api = await serve(2);
    await corroborate(api.url);
    expect(threads.started.size).toBe(2);
    expect(threads.stopped.size).toBe(0);
    await api.close();
    expect(threads.stopped).toEqual(threads.started);
  });
});
