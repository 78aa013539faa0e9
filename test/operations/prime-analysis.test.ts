import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchHit, SearchProvider } from "../../src/providers/search-provider.js";

// Priming runs once a thread: each test gets the modules afresh.
beforeEach(() => {
  vi.resetModules();
});
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers.splice(0).reverse()) await close();
});

const load = async () => ({
  ...(await import("../../src/operations/prime-analysis.js")),
  ...(await import("../../src/operations/analyse-hits.js")),
  ...(await import("../../src/operations/corroborate.js")),
  ...(await import("../../src/judge/default-judge.js")),
  ...(await import("../../src/config/config.js")),
  ...(await import("../../src/http/request-activity.js")),
  ...(await import("../../src/log/silent-logger.js")),
});

describe("the sample results", () => {
  it.each([
    ["a question's claim", "Recent bird flu outbreaks are dangerous to humans"],
    ["no claim (a pool's thread)", ""],
  ])("take the paths real results take, about %s", async (_, claim) => {
    const { sampleHits, analyseHits } = await load();
    const input = sampleHits(claim);
    expect(input.claim).toBe(claim || "Drinking coffee every day raises the risk of heart disease");
    const { items, judgements, origins } = await analyseHits(input);
    const stances = new Set(judgements.map((j) => j.stance));
    expect(stances).toEqual(new Set(["support", "contradict", "neutral", "unrelated"]));
    // The same page under tracking parameters, found by two calls.
    expect(items.some((item) => item.foundBy.length === 2)).toBe(true);
    expect(items.length).toBeLessThan(input.hits.length);
    expect(items.filter((item) => item.quality === "low").map((item) => item.qualityReason)).toEqual([
      expect.stringContaining("selling page"),
      expect.stringContaining("listicle"),
    ]);
    expect(origins.some((origin) => origin.members.length > 1 && origin.source !== undefined)).toBe(true);
    expect(items.map((item) => item.domain)).toEqual(
      expect.arrayContaining(["doi.org", "pubmed.ncbi.nlm.nih.gov"]),
    );
  });
});

describe("sampleHits", () => {
  it("writes the claim into the sample as it is, dollar signs included", async () => {
    const { sampleHits } = await load();
    const claim = "Bitcoin will reach $'100k' by $& 2030";
    const texts = sampleHits(claim).hits.flatMap(({ hit }) => [hit.title, hit.snippet]);
    expect(texts.filter((text) => text.includes(claim)).length).toBeGreaterThan(3);
    expect(texts.every((text) => !text.includes("{claim}") && !text.includes("{inline}"))).toBe(true);
  });
});

describe("primeAnalysis", () => {
  it("stops when told, leaves the rest for later, and runs once a thread", async () => {
    const { primeAnalysis, isPrimed, sampleHits } = await load();
    const steps = 4 * (sampleHits("").hits.length + 2);
    expect(await primeAnalysis("Coffee is good for you", () => true)).toBe(0);
    let asked = 0;
    expect(await primeAnalysis("Coffee is good for you", () => ++asked > 5)).toBe(5);
    expect(isPrimed()).toBe(false);
    // Two at once: the second leaves it to the first.
    const [rest, again] = await Promise.all([primeAnalysis("Tea is good for you"), primeAnalysis("x")]);
    expect([rest, again]).toEqual([steps - 5, 0]);
    expect(isPrimed()).toBe(true);
    expect(await primeAnalysis("Tea is good for you")).toBe(0);
  });

  it("gives up for good when a step fails", async () => {
    const { primeAnalysis, defaultJudge } = await load();
    const judge = vi.spyOn(defaultJudge, "judge").mockRejectedValue(new Error("no model"));
    await expect(primeAnalysis("Coffee is good for you")).rejects.toThrow("no model");
    expect(await primeAnalysis("Coffee is good for you")).toBe(0);
    expect(judge).toHaveBeenCalledTimes(1);
  });

  it("judges nothing while a request of the process waits to be written", async () => {
    const { primeAnalysis, isPrimed, defaultJudge, watchRequests, unsentRequests } = await load();
    watchRequests();
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    closers.push(async () => server.closeAllConnections());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const agent = new Agent({ connections: 1, pipelining: 1 });
    closers.push(() => agent.destroy());
    // The first request takes the one connection; the second waits for it, unwritten.
    const first = request(`${url}/first`, { dispatcher: agent });
    const second = request(`${url}/second`, { dispatcher: agent });
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(unsentRequests()).toBe(1);

    const judge = vi.spyOn(defaultJudge, "judge");
    const priming = primeAnalysis("Coffee is good for you");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(judge).not.toHaveBeenCalled();
    expect(isPrimed()).toBe(false);

    held[0]?.end();
    await (await first).body.dump();
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await priming).toBeGreaterThan(0);
    expect(judge).toHaveBeenCalled();
    expect(isPrimed()).toBe(true);
    held[1]?.end();
    await (await second).body.dump();
  });
});

describe("primeWhileWaiting", () => {
  it("starts once every call has asked, and stops when the process's first reply begins", async () => {
    const { primeWhileWaiting, isPrimed, defaultJudge, silentLogger } = await load();
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    closers.push(async () => server.closeAllConnections());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const judge = vi.spyOn(defaultJudge, "judge");

    const primer = primeWhileWaiting(
      "Coffee is good for you",
      [1, 2],
      new AbortController().signal,
      silentLogger,
    );
    const first = request(`${url}/one`);
    primer.asked(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(judge).not.toHaveBeenCalled();

    const second = request(`${url}/two`);
    primer.asked(2);
    while (judge.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // A reply begins (the first part of a call, say): priming stops after the step under way.
    held[0]?.writeHead(200);
    held[0]?.flushHeaders();
    const reply = await first;
    const judgedThen = judge.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(judge.mock.calls.length).toBeLessThanOrEqual(judgedThen + 1);
    expect(isPrimed()).toBe(false);
    held[0]?.end();
    await reply.body.dump();
    held[1]?.end();
    await (await second).body.dump();
  });
});

describe("a question that waits on its searches", () => {
  const hits: SearchHit[] = [
    [
      "who.example",
      "Bird flu outbreaks are dangerous to humans, WHO warns",
      "Officials said the risk to people is rising.",
    ],
    [
      "cdc.example",
      "Bird flu outbreaks are not dangerous to humans, experts say",
      "There is no evidence of spread between people.",
    ],
    ["news.example", "Bird flu: what we know", "Outbreaks in poultry continue this winter."],
  ].map(([host, title, snippet], index) => ({
    url: `https://${host}/story-${index + 1}`,
    title: title as string,
    snippet: snippet as string,
    publishedAt: null,
    engines: [],
    rank: index + 1,
  }));
  /** Answers with `hits` once `ready()` holds (or after 20 s). */
  const exa = (ready: () => boolean): SearchProvider => ({
    name: "exa",
    configured: true,
    async search() {
      for (let waited = 0; !ready() && waited < 20_000; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return { hits, unresponsiveEngines: [], warnings: [] };
    },
  });
  /** The report without its clock readings. */
  const timeless = (report: unknown) =>
    JSON.parse(
      JSON.stringify(report, (key, value) =>
        key === "ms" || key === "timing" || key === "runId" ? undefined : value,
      ),
    );

  it("primes the analysis in the wait, and its report is the one it gets unprimed", {
    timeout: 30_000,
  }, async () => {
    const { corroborate, configFromObject, isPrimed } = await load();
    const config = configFromObject({
      keyless: "off",
      stateDir: mkdtempSync(join(tmpdir(), "core-search-prime-")),
      cacheTtlMs: 0,
    });
    const question = "Are recent bird flu outbreaks dangerous to humans?";
    const primed = await corroborate(question, { read: 0, config, providers: [exa(isPrimed)] });
    expect(isPrimed()).toBe(true);
    const unprimed = await corroborate(question, { read: 0, config, providers: [exa(() => true)] });
    expect(primed.evidence.map((e) => e.stance)).toEqual(expect.arrayContaining(["support", "contradict"]));
    expect(timeless(primed)).toEqual(timeless(unprimed));
  });

  it("leaves the priming for later when its calls come back at once", async () => {
    const { corroborate, configFromObject, isPrimed, primeAnalysis } = await load();
    const config = configFromObject({
      keyless: "off",
      stateDir: mkdtempSync(join(tmpdir(), "core-search-prime-")),
      cacheTtlMs: 0,
    });
    const report = await corroborate("Are recent bird flu outbreaks dangerous to humans?", {
      read: 0,
      config,
      providers: [exa(() => true)],
    });
    expect(report.evidence).toHaveLength(3);
    expect(isPrimed()).toBe(false);
    // What the question started has stopped (within a few turns): the steps are still to run.
    let left = 0;
    for (let tries = 0; left === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      left = await primeAnalysis();
    }
    expect(left).toBeGreaterThan(0);
    expect(isPrimed()).toBe(true);
  });
});
