import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../../src/config/config.js";
import { createRoutes, openLines, type RouteContext } from "../../../src/interfaces/server/routes.js";
import type { StanceJudge } from "../../../src/judge/stance.js";
import { silentLogger } from "../../../src/log/silent-logger.js";
import { analyseHits, type HitsToAnalyse } from "../../../src/operations/analyse-hits.js";
import type { Report } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek"].map((name, i) => ({
  name,
  categories: ["general", "news", "science"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

let searx: ScriptedServer;
beforeAll(async () => {
  searx = await startFakeSearxng(ENGINES);
});
afterAll(() => searx.close());

/** The routes with an analyser that records what it was given and analyses in process. */
function routesAnalysingWith(judge: StanceJudge | undefined) {
  const given: HitsToAnalyse[] = [];
  const limits = { running: 1, waiting: 1, waitMs: 60_000 };
  const context: RouteContext = {
    config: configFromObject({
      searxngUrl: searx.url,
      keyless: "off",
      cacheTtlMs: 0,
      stateDir: mkdtempSync(join(tmpdir(), "core-search-routes-")),
    }),
    logger: silentLogger,
    state: undefined,
    dispatcher: undefined,
    providers: undefined,
    judge,
    lines: openLines({ corroborate: limits, search: limits, assess: limits, read: limits }, silentLogger),
    extract: undefined,
    analyse: async (input) => {
      given.push(input);
      return analyseHits(input);
    },
  };
  const corroborate = async (body: unknown) =>
    (await createRoutes(context)["/v1/corroborate"]?.handle(body, new AbortController().signal))
      ?.body as Report;
  return { corroborate, given };
}

describe("which corroborations the server's analyser runs", () => {
  it.each(["builtin", "auto", undefined])(
    "the analyser runs dedup, judge and label when the built-in judge decides (judge %s)",
    async (choice) => {
      const { corroborate, given } = routesAnalysingWith(undefined);
      const report = await corroborate({ question: "Is intermittent fasting safe?", read: 0, judge: choice });
      expect(given).toHaveLength(1);
      expect(given[0]?.claim).toBe(report.claim);
      expect(report.evidence.length).toBeGreaterThan(0);
      expect(report.evidence.every((e) => e.judge === "builtin")).toBe(true);
    },
  );

  it("a judge of the server's own (a model) judges in process, as it always did", async () => {
    const model: StanceJudge = {
      name: "model",
      judge: async (_claim, items) => items.map(() => ({ stance: "support" as const, score: 0.9 })),
    };
    const { corroborate, given } = routesAnalysingWith(model);
    const report = await corroborate({ question: "Is intermittent fasting safe?", read: 0 });
    expect(given).toHaveLength(0);
    expect(report.evidence.length).toBeGreaterThan(0);
    expect(report.evidence.every((e) => e.judge === "llm" && e.stance === "support")).toBe(true);
  });
});
