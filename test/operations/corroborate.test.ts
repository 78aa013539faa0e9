import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCooldowns, FIRST_COOLDOWN_MS } from "../../src/chain/cooldowns.js";
import { configFromObject } from "../../src/config/config.js";
import { ConfigError, InvalidInputError } from "../../src/errors.js";
import { PROBE_QUERY } from "../../src/health/preflight.js";
import { defaultJudge } from "../../src/judge/default-judge.js";
import type { StanceJudge } from "../../src/judge/stance.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { plan } from "../../src/plan/plan.js";
import type { SearchProvider } from "../../src/providers/search-provider.js";
import { everyCallFailed } from "../../src/report/failure-cause.js";
import { reportSchema } from "../../src/report/report-schema.js";
import { createFileStore } from "../../src/state/file-store.js";
import { type FakeEngine, page, searxngReply, startFakeSearxng } from "../helpers/fake-searxng.js";
import type { ScriptedServer } from "../helpers/scripted-server.js";

const HEALTHY: FakeEngine[] = [
  {
    name: "bing",
    categories: ["general", "news"],
    results: [page("a.org"), page("b.org"), page("shared.org")],
  },
  { name: "google", categories: ["general"], results: [page("c.org"), page("shared.org")] },
  { name: "duckduckgo", categories: ["general"], results: [page("d.org")] },
  { name: "mojeek", categories: ["general", "news"], results: [page("e.org"), page("a.org")] },
  { name: "wiby", categories: ["general"], results: [page("f.org")] },
  { name: "arxiv", categories: ["science"], results: [page("arxiv.org", "abs/1")] },
];

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// The keyless tier would reach public endpoints: tests keep it off unless they point it at a local server.
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-test-"));
const configFor = (url: string) =>
  configFromObject({ searxngUrl: url, keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 });

/** Says every source whose domain is listed supports (or contradicts) the claim. */
const judgeBy = (support: string[], contradict: string[] = []): StanceJudge => ({
  name: "table",
  async judge(_claim, items) {
    return items.map((item) => {
      const host = "url" in item ? new URL(String((item as { url: string }).url)).hostname : "";
      if (support.includes(host)) return { stance: "support", score: 0.9 };
      if (contradict.includes(host)) return { stance: "contradict", score: 0.9 };
      return { stance: "neutral", score: 0.2 };
    });
  },
});

describe("corroborate against a SearXNG-shaped service", () => {
  it("runs the planned calls and returns a schema-valid report with merged provenance", async () => {
    server = await startFakeSearxng(HEALTHY);
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(report.claim).toBe("Intermittent fasting is safe");
    expect(report.calls.map((c) => [c.role, c.status])).toEqual([
      ["neutral", "ok"],
      ["news", "skipped"],
      ["science", "ok"],
      ["counter", "ok"],
    ]);
    const searches = server.requests.filter((r) => r.path === "/search");
    // One preflight probe over every enabled engine, then the three planned calls.
    expect(searches).toHaveLength(4);
    expect(searches[0]?.query).toMatchObject({
      q: PROBE_QUERY,
      engines: "bing,google,duckduckgo,mojeek,wiby,arxiv",
    });
    expect(searches.find((r) => r.query.engines === "mojeek,wiby")?.query.q).toBe(
      "intermittent fasting problems drawbacks criticism",
    );
    const shared = report.evidence.find((e) => e.domain === "shared.org");
    expect(shared?.foundBy[0]?.engines).toEqual(["bing", "google"]);
    const a = report.evidence.find((e) => e.domain === "a.org");
    expect(a?.foundBy.map((f) => f.call)).toEqual([1, 4]);
    expect(report.coverage.uniqueUrls).toBe(report.evidence.length);
    expect(report.coverage.engineFamilies).toEqual(["arxiv", "bing", "google", "mojeek", "wiby"]);
    expect(report.notes.some((n) => n.includes("Call 2 (news) skipped"))).toBe(true);
    expect(everyCallFailed(report)).toBe(false);
  });

  it("labels by independent agreement when the judge takes positions", async () => {
    server = await startFakeSearxng(HEALTHY);
    const config = configFor(server.url);
    const agreed = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config,
      judge: judgeBy(["a.org", "c.org"]),
    });
    expect(agreed).toMatchObject({
      confidence: "corroborated",
      direction: "affirms",
      finding: "Intermittent fasting is safe",
    });
    expect(agreed.supporting).toHaveLength(2);

    const myth = await corroborate("Does cracking knuckles cause arthritis?", {
      read: 0,
      config,
      judge: judgeBy([], ["a.org", "c.org"]),
    });
    expect(myth).toMatchObject({
      confidence: "corroborated",
      direction: "refutes",
      finding: "Cracking knuckles does not cause arthritis",
    });

    const split = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config,
      judge: judgeBy(["a.org"], ["c.org"]),
    });
    expect(split).toMatchObject({ confidence: "contested", escalate: true });
  });

  it("falls back to one general call when fewer than 3 engine families are healthy", async () => {
    server = await startFakeSearxng([
      { name: "bing", categories: ["general"], results: [page("a.org"), page("b.org"), page("c.org")] },
      { name: "duckduckgo", categories: ["general"], results: [page("d.org")] },
      { name: "google", categories: ["general"], enabled: false },
    ]);
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    expect(report.calls.map((c) => c.role)).toEqual(["single"]);
    expect(report.notes[0]).toMatch(
      /^Engine diversity degraded — results may be biased toward a single index/,
    );
  });

  it("records an outage as failed calls with reasons, never as an absence of evidence", async () => {
    // The engines answer the preflight probe, then fail for the question.
    server = await startFakeSearxng(
      HEALTHY.map((e) => ({ ...e, fails: "HTTP error", failsFor: (q: string) => q !== PROBE_QUERY })),
    );
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    const ran = report.calls.filter((c) => c.status !== "skipped");
    expect(ran).toHaveLength(3);
    expect(ran.every((c) => c.status === "failed")).toBe(true);
    expect(ran[0]?.attempts[0]).toMatchObject({ provider: "searxng", outcome: "engines_unavailable" });
    expect(ran[0]?.unresponsiveEngines.map((e) => e.engine).sort()).toEqual(["bing", "duckduckgo", "google"]);
    expect(report.confidence).toBe("low-coverage");
    expect(report.notes.join("\n")).toMatch(/unavailable/);
    expect(report.notes.join("\n")).not.toMatch(/no evidence(?! was)/i);
    expect(everyCallFailed(report)).toBe(true);
  });

  it("remembers the failing engines: the next question takes the degraded path without a probe", async () => {
    server = await startFakeSearxng(
      HEALTHY.map((e) => ({ ...e, fails: "HTTP error", failsFor: (q: string) => q !== PROBE_QUERY })),
    );
    const config = configFor(server.url);
    await corroborate("Is intermittent fasting safe?", { read: 0, config });
    const before = server.requests.length;
    const report = await corroborate("Is intermittent fasting safe?", { read: 0, config });
    // Cached /config, passive health fresh: no preflight request, one general call.
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(["/search"]);
    expect(report.calls.map((c) => c.role)).toEqual(["single"]);
    expect(report.notes[0]).toMatch(
      /^Engine diversity degraded — results may be biased toward a single index\./,
    );
  });

  it("takes the degraded path when the probe finds engines of too few families", async () => {
    server = await startFakeSearxng(HEALTHY.map((e) => ({ ...e, fails: "timeout" })));
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    expect(report.calls.map((c) => [c.role, c.status])).toEqual([["single", "failed"]]);
    expect(report.notes[0]).toMatch(/^Engine diversity degraded/);
    expect(everyCallFailed(report)).toBe(true);
  });

  it("marks a call degraded when some of its engines failed", async () => {
    server = await startFakeSearxng(
      HEALTHY.map((e) =>
        e.name === "google" ? { ...e, fails: "timeout", failsFor: (q: string) => q !== PROBE_QUERY } : e,
      ),
    );
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    expect(report.calls[0]?.status).toBe("ok");
    expect(report.notes).toContain(
      "Call 1 degraded — google (timeout) unavailable, results may be incomplete",
    );
  });

  it("leaves out an engine the preflight found down, and stands in others when all of a call's engines are", async () => {
    server = await startFakeSearxng([
      ...HEALTHY.filter((e) => !["mojeek", "wiby"].includes(e.name)).map((e) =>
        e.name === "google" ? { ...e, fails: "timeout" } : e,
      ),
      { name: "mojeek", categories: ["general"], fails: "HTTP error" },
      { name: "wiby", categories: ["general"], fails: "HTTP error" },
      { name: "marginalia", categories: ["general"], results: [page("small.example")] },
      { name: "yandex", categories: ["general"], results: [page("other.example")] },
    ]);
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    // The calls go out in parallel, so the instance may receive them in any order.
    const searches = server.requests.filter((r) => r.path === "/search").slice(1);
    expect(
      searches
        .map((r) => r.query.engines)
        .filter(Boolean)
        .sort(),
    ).toEqual(["bing,duckduckgo", "marginalia,yandex"]);
    expect(report.notes).toContain("Call 1: left out google (timeout)");
    expect(report.notes).toContain(
      "Call 4: mojeek (HTTP error), wiby (HTTP error) unavailable — sent to marginalia, yandex instead",
    );
  });

  it("returns by the deadline when the service hangs, recording the deadline", async () => {
    server = await startFakeSearxng(HEALTHY);
    // The probe is answered; the questions hang.
    server.route("GET", "/search", (req) =>
      req.query.q === PROBE_QUERY ? searxngReply(HEALTHY, req) : { hang: true },
    );
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
      deadlineMs: 1000,
    });
    for (const call of report.calls.filter((c) => c.status !== "skipped")) {
      expect(call.status).toBe("failed");
      expect(call.attempts.at(-1)?.outcome).toBe("deadline");
    }
  });

  it("skips SearXNG as unhealthy when its preflight fails", async () => {
    server = await startFakeSearxng(HEALTHY);
    server.route("GET", "/config", { status: 500, body: { error: "search error" } });
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    expect(report.notes[0]).toMatch(/SearXNG preflight failed — SearXNG request failed with status 500/);
    const attempts = report.calls[0]?.attempts ?? [];
    expect(attempts[0]).toEqual({ provider: "searxng", outcome: "unhealthy", ms: 0 });
    // Every other stage of the chain is recorded too: unconfigured here, so not asked.
    expect(attempts.slice(1).every((a) => a.outcome === "no_key")).toBe(true);
  });
});

describe("corroborate refuses what it cannot use", () => {
  it.each([
    ["", /empty/],
    ["   \n\t ", /empty/],
    ["x".repeat(100_000), /too long/],
    ["Is this\u0000 safe?", /control characters/],
  ])("question %#", async (question, message) => {
    server = await startFakeSearxng(HEALTHY);
    await expect(corroborate(question, { read: 0, config: configFor(server.url) })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(corroborate(question, { read: 0, config: configFor(server.url) })).rejects.toThrow(message);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses to run with no search service configured", async () => {
    const error = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe("NOTHING_CONFIGURED");
    expect((error as ConfigError).message).toMatch(/no stage configured: set SEARXNG_URL/);
  });

  it.each([{ limit: 0 }, { limit: 21 }, { limit: 2.5 }, { deadlineMs: -1 }])(
    "rejects option %o",
    async (options) => {
      server = await startFakeSearxng(HEALTHY);
      await expect(
        corroborate("Is X safe?", { read: 0, config: configFor(server.url), ...options }),
      ).rejects.toThrow(InvalidInputError);
    },
  );
});

describe("search options", () => {
  /** The planned calls' searches (not the preflight probe); there are several. */
  const plannedSearches = () => {
    const searches = server?.requests.filter((r) => r.path === "/search" && r.query.q !== PROBE_QUERY) ?? [];
    expect(searches.length).toBeGreaterThan(1);
    return searches;
  };

  it("sends the question's language to every call and warns of no service that lacks a language filter", async () => {
    server = await startFakeSearxng(HEALTHY);
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
    });
    for (const search of plannedSearches()) expect(search.query.language).toBe(report.plan.language);
    expect(report.notes.join("\n")).not.toMatch(/language/);
  });

  it("sends the caller's language, safe search and domains to every call, and says what was filtered", async () => {
    server = await startFakeSearxng(HEALTHY);
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
      language: "fr",
      safeSearch: "strict",
      includeDomains: ["a.org", "b.org", "c.org", "e.org", "f.org"],
      excludeDomains: ["spam.a.org"],
    });
    for (const search of plannedSearches())
      expect(search.query).toMatchObject({ language: "fr", safesearch: "2" });
    expect(new Set(report.evidence.map((e) => e.domain))).toEqual(
      new Set(["a.org", "b.org", "c.org", "e.org", "f.org"]),
    );
    expect(report.notes).toEqual(
      expect.arrayContaining([
        "Evidence was sought only on a.org, b.org, c.org, e.org, f.org",
        "Evidence from spam.a.org was left out",
        expect.stringMatching(
          /^Call 1: searxng: includeDomains and excludeDomains not supported: its results were filtered by address instead \(\d+ of \d+ kept\)$/,
        ),
      ]),
    );
  });

  it("warns of a caller's language where a service cannot apply it", async () => {
    const exa: SearchProvider = {
      name: "exa",
      configured: true,
      search: async () => ({
        hits: [{ url: "https://a.org/1", title: "t", snippet: "", publishedAt: null, engines: [], rank: 1 }],
        unresponsiveEngines: [],
        warnings: [],
      }),
    };
    const config = configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 });
    const quiet = await corroborate("Is intermittent fasting safe?", { read: 0, config, providers: [exa] });
    expect(quiet.notes.join("\n")).not.toMatch(/language/);
    const said = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config,
      providers: [exa],
      language: "de",
    });
    expect(said.notes).toContain('Call 1: exa: language "de" not supported: searched without it');
  });

  it("sends every call to the caller's engines instead of the planner's", async () => {
    server = await startFakeSearxng(HEALTHY);
    await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFor(server.url),
      engines: ["Mojeek", "bing"],
    });
    for (const search of plannedSearches()) {
      expect(search.query.engines).toBe("mojeek,bing");
      expect(search.query.categories).toBeUndefined();
    }
  });

  it.each([
    { language: "english" },
    { safeSearch: "on" },
    { includeDomains: ["a.org"], excludeDomains: ["a.org"] },
    { engines: [""] },
    { page: 2 },
  ])("refuses %o before asking any service", async (options) => {
    server = await startFakeSearxng(HEALTHY);
    await expect(
      corroborate("Is X safe?", { read: 0, config: configFor(server.url), ...(options as object) }),
    ).rejects.toThrow(InvalidInputError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("without SearXNG", () => {
  it("sends the neutral and the counter call to different providers when two can answer", async () => {
    const provider = (name: "exa" | "brave", domain: string): SearchProvider => ({
      name,
      configured: true,
      search: async (request) => ({
        hits: [1, 2, 3].map((n) => ({
          url: `https://${domain}${n}.example/${encodeURIComponent(request.query)}`,
          title: `${name} ${n}`,
          snippet: "",
          publishedAt: null,
          engines: [],
          rank: n,
        })),
        unresponsiveEngines: [],
        warnings: [],
      }),
    });
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 }),
      providers: [provider("exa", "e"), provider("brave", "b")],
    });
    const served = Object.fromEntries(report.calls.map((c) => [c.role, c.provider]));
    expect(served).toMatchObject({ neutral: "exa", counter: "brave" });
    expect(report.coverage.engineFamilies).toEqual(["brave", "exa"]);
  });
});

describe("a domain with more pages than count", () => {
  it("shows and judges every unique result, counting three per domain", async () => {
    const hosts = ["big.example", "big.example", "a.example", "big.example", "big.example", "b.example"];
    const provider: SearchProvider = {
      name: "exa",
      configured: true,
      search: async () => ({
        hits: hosts.map((host, i) => ({
          url: `https://${host}/page-${i + 1}`,
          title: `Page ${i + 1} on ${["sleep", "heart", "mood", "sugar", "liver", "bones"][i]}`,
          snippet: "",
          publishedAt: null,
          engines: [],
          rank: i + 1,
        })),
        unresponsiveEngines: [],
        warnings: [],
      }),
    };
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config: configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 }),
      providers: [provider],
      judge: judgeBy(["big.example"]),
    });
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(report.evidence.map((e) => [e.id, e.domain, e.stance, e.originId])).toEqual([
      ["e1", "big.example", "support", "o1"],
      ["e2", "big.example", "support", "o2"],
      ["e3", "a.example", "neutral", "o3"],
      ["e4", "big.example", "support", "o4"],
      ["e5", "big.example", "support", "o5"],
      ["e6", "b.example", "neutral", "o6"],
    ]);
    expect(report.notes).toContain(
      "1 further page(s) from domains already listed 3 times are shown but not counted toward the label: e5",
    );
    expect(report.coverage.uniqueUrls).toBe(6);
  });
});

describe("a deadline reached while a call still runs", () => {
  const QUESTION = "Is intermittent fasting safe?";
  const counterQuery = plan(QUESTION).calls.find((c) => c.role === "counter")?.query;
  const SIDED = [
    [
      "trials.example",
      "Intermittent fasting is safe for most adults, review finds",
      "A review of clinical trials found intermittent fasting is safe and well tolerated for most healthy adults.",
    ],
    [
      "clinic.example",
      "Is intermittent fasting safe? Doctors weigh in",
      "Intermittent fasting is safe for healthy adults, according to a large clinical study.",
    ],
    [
      "warning.example",
      "Intermittent fasting is not safe for everyone",
      "Doctors warn intermittent fasting is not safe for people with diabetes and can cause dangerously low blood sugar.",
    ],
  ] as const;
  /** Answers every call at once, except the counter-query, which never answers. */
  const counterHangs: SearchProvider = {
    name: "exa",
    configured: true,
    search: (request) =>
      request.query === counterQuery
        ? new Promise(() => {})
        : Promise.resolve({
            hits: SIDED.map(([domain, title, snippet], i) => ({
              url: `https://${domain}/${encodeURIComponent(request.query)}`,
              title,
              snippet,
              publishedAt: null,
              engines: [],
              rank: i + 1,
            })),
            unresponsiveEngines: [],
            warnings: [],
          }),
  };
  const run = (judge?: StanceJudge) =>
    corroborate(QUESTION, {
      read: 0,
      config: configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 }),
      providers: [counterHangs],
      deadlineMs: 300,
      ...(judge ? { judge } : {}),
    });

  /** What the built-in classifier says of the same results with no deadline in sight. */
  const withoutDeadline = async () => {
    const judged = await defaultJudge.judge(
      plan(QUESTION).claim,
      SIDED.map(([, title, snippet]) => ({ title, snippet })),
      new AbortController().signal,
    );
    return SIDED.map(([domain], i) => [domain, judged[i]?.stance]);
  };

  it("judges the results already in with the built-in classifier", async () => {
    const report = await run();
    expect(report.calls.find((c) => c.role === "counter")?.attempts.at(-1)?.outcome).toBe("deadline");
    // Judged as they would be with time to spare, not set to neutral for the spent deadline.
    expect(report.evidence.map((e) => [e.domain, e.stance])).toEqual(await withoutDeadline());
    expect(report.evidence.map((e) => e.stance)).toEqual(expect.arrayContaining(["support", "contradict"]));
    expect(report.notes.join("\n")).not.toMatch(/judge .*failed/i);
  });

  it("lets the built-in classifier answer for a judge elsewhere whose deadline is spent", async () => {
    let asked = 0;
    const remote: StanceJudge = {
      name: "remote",
      async judge(_claim, items, signal) {
        asked += 1;
        signal.throwIfAborted();
        return items.map(() => ({ stance: "neutral", score: 0.5 }));
      },
    };
    const report = await run(remote);
    expect(asked).toBe(0);
    expect(report.evidence.map((e) => [e.domain, e.stance])).toEqual(await withoutDeadline());
    expect(report.notes).toContain(
      'The deadline was spent before the "remote" judge could run; the built-in classifier judged every source',
    );
  });
});

describe("a look-up question that bypasses corroboration", () => {
  /** Answers with pages that echo the question or state the answer, from many domains. */
  const answers: SearchProvider = {
    name: "exa",
    configured: true,
    search: async () => ({
      hits: [
        ["a.example", "google result 1 for What is the capital of France", ""],
        ["b.example", "What is the capital of France?", "What is the capital of France"],
        ["c.example", "Paris - Wikipedia", "Paris is the capital and largest city of France."],
        ["d.example", "Paris, the capital of France", "Paris has been the capital of France since 987."],
      ].map(([domain, title, snippet], i) => ({
        url: `https://${domain}/${i}`,
        title: title ?? "",
        snippet: snippet ?? "",
        publishedAt: null,
        engines: [],
        rank: i + 1,
      })),
      unresponsiveEngines: [],
      warnings: [],
    }),
  };

  it("takes no stance on a question, so no finding repeats the question as corroborated", async () => {
    const report = await corroborate("What is the capital of France", {
      read: 0,
      config: configFromObject({ keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 }),
      providers: [answers],
    });
    expect(report.bypassed).toBe(true);
    expect(report.evidence).toHaveLength(4);
    expect(report.evidence.every((e) => e.stance === "neutral")).toBe(true);
    expect(report.confidence).not.toBe("corroborated");
    expect(report.direction).toBe("unclear");
  });
});

describe("a SearXNG that stops answering", () => {
  it("cools down for the next questions, then is checked by one probe that asks for its /config again", async () => {
    server = await startFakeSearxng(HEALTHY);
    const stateDir = mkdtempSync(join(tmpdir(), "core-search-down-"));
    const config = configFromObject({ searxngUrl: server.url, keyless: "off", stateDir, cacheTtlMs: 0 });
    await corroborate("Is intermittent fasting safe?", { read: 0, config });
    const configRequests = () => server?.requests.filter((r) => r.path === "/config").length ?? 0;
    expect(configRequests()).toBe(1);
    // /config stays cached while SearXNG answers…
    await corroborate("Is cold water swimming safe?", { read: 0, config });
    expect(configRequests()).toBe(1);
    // …but once its searches cannot be reached, it cools down: the next question does not ask it at all.
    server.route("GET", "/search", { reset: true });
    const down = await corroborate("Is sauna bathing safe?", { read: 0, config });
    expect(down.calls.flatMap((c) => c.attempts.map((a) => a.outcome))).toContain("network");
    const asked = server.requests.length;
    const cooling = await corroborate("Is ice bathing safe?", { read: 0, config });
    expect(server.requests).toHaveLength(asked);
    const ran = cooling.calls.filter((c) => c.status !== "skipped");
    expect(ran.map((c) => c.attempts[0]?.outcome)).toStrictEqual(ran.map(() => "unhealthy"));
    expect(cooling.notes.join("\n")).toMatch(
      /SearXNG preflight failed — could not be reached \(ECONNRESET\); skipped until /u,
    );
    // When the cooldown is over, one preflight probes the instance, asking for /config afresh.
    const cooldowns = createCooldowns(createFileStore(stateDir), () => server?.url);
    await cooldowns.recovered("searxng");
    await cooldowns.failed("searxng", "network", Date.now() - FIRST_COOLDOWN_MS - 1);
    server.route("GET", "/search", (req) => searxngReply(HEALTHY, req));
    const back = await corroborate("Is cold showering safe?", { read: 0, config });
    expect(configRequests()).toBe(2);
    expect(back.calls.filter((c) => c.status !== "skipped").every((c) => c.provider === "searxng")).toBe(
      true,
    );
    expect(await cooldowns.get("searxng", Date.now() + FIRST_COOLDOWN_MS * 100)).toBeUndefined();
  });
});
