/**
 * Whole runs against a hostile SearXNG and Degoog, played by local fakes: a reply of 1.3 million
 * entries, results naming 30,000 engines, engine names that are Object's own (`__proto__`,
 * `constructor`), and escape sequences in everything a service names. Each ends in a whole report;
 * nothing of the attack reaches the report, the MCP tool's output or anything printed. Then every
 * printing point, given a report that still carries escape sequences, prints none of them.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../src/config/config.js";
import { engineFamily } from "../../src/health/engine-families.js";
import { explainReport, explainSearch } from "../../src/interfaces/cli/explain.js";
import { progressLine } from "../../src/interfaces/cli/progress.js";
import { createStyle } from "../../src/interfaces/cli/style.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { describeProgress } from "../../src/interfaces/mcp/progress.js";
import { assess } from "../../src/operations/assess.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { diagnose, renderDiagnosis } from "../../src/operations/doctor.js";
import type { ProgressEvent } from "../../src/operations/progress-events.js";
import { search } from "../../src/operations/search.js";
import { MAX_ENGINES_PER_HIT } from "../../src/providers/hit-fields.js";
import { renderAssessment } from "../../src/report/render-assessment.js";
import { renderCompact } from "../../src/report/render-compact.js";
import { renderMarkdown } from "../../src/report/render-markdown.js";
import { type Report, reportSchema } from "../../src/report/report-schema.js";
import { runCliWith } from "../helpers/run-cli.js";
import { configOf, ENGINES, flood, good, TERMINAL_CONTROL, useHostileServer } from "./hostile-fakes.js";

const hostile = useHostileServer();

describe("a whole run against a hostile SearXNG", () => {
  it("answers with a whole report when a reply holds 1.3 million entries", async () => {
    const config = hostile.searxng("zeros", configOf(ENGINES), { results: flood(1_300_000) });
    const report = await corroborate("Is coffee safe?", { read: 0, config, deadlineMs: 5_000 });
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(report.evidence).toEqual([]);
    expect(report.confidence).toBe("low-coverage");
    expect(report.calls.filter((c) => c.status !== "skipped").every((c) => c.status === "empty")).toBe(true);
  });

  it("keeps a report small when each result names 30,000 engines", async () => {
    const engines = Array.from({ length: 30_000 }, (_, i) => `engine-${i}`);
    const results = [1, 2, 3, 4].map((n) => ({ ...good(n), engines }));
    const config = hostile.searxng("engines", configOf(ENGINES), { results });
    const report = await corroborate("Is coffee safe?", { read: 0, config, deadlineMs: 5_000 });
    expect(report.evidence).toHaveLength(4);
    for (const found of report.evidence.flatMap((e) => e.foundBy)) {
      expect(found.engines.length).toBeLessThanOrEqual(MAX_ENGINES_PER_HIT);
    }
    // It was 17.6 MB; the engines of four pages now take a few kilobytes.
    expect(JSON.stringify(report).length).toBeLessThan(100_000);
  });

  describe("engine names that are Object's own", () => {
    const OWN = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    let config: Config;
    beforeAll(() => {
      config = hostile.searxng("proto", configOf([...ENGINES, ...OWN]), {
        results: [1, 2, 3].map((n) => ({ ...good(n), engines: [...OWN, "google"] })),
        unresponsive_engines: [["constructor", "timeout"]],
      });
    });

    it("count as families of their own, never as Object's properties", () => {
      for (const name of OWN) expect(engineFamily(name)).toBe(name.toLowerCase());
    });

    it("give a report whose families are names", async () => {
      const report = await corroborate("Is coffee safe?", { read: 0, config, deadlineMs: 5_000 });
      expect(reportSchema.safeParse(report).success).toBe(true);
      expect(report.coverage.engineFamilies).toEqual(
        expect.arrayContaining(["__proto__", "constructor", "google"]),
      );
      for (const family of report.coverage.engineFamilies) expect(typeof family).toBe("string");
    });

    it("pass the MCP corroborate tool's output validation", async () => {
      const mcp = createMcpServer({ config });
      const client = new Client({ name: "hostile-test", version: "1.0.0" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await Promise.all([mcp.connect(serverSide), client.connect(clientSide)]);
      try {
        // Listing the tools makes the client check structured results against their output schemas.
        await client.listTools();
        const result = await client.callTool({
          name: "corroborate",
          arguments: { question: "Is coffee safe?", deadlineMs: 5_000, read: 0 },
        });
        expect(result.isError).not.toBe(true);
        const families = (result.structuredContent as { coverage: { engineFamilies: unknown[] } }).coverage
          .engineFamilies;
        expect(families).toEqual(expect.arrayContaining(["__proto__", "constructor"]));
      } finally {
        await client.close();
        await mcp.close();
      }
    });

    it("show as names in doctor", async () => {
      const diagnosis = await diagnose(config);
      const families = diagnosis.searxng?.engines.map((e) => e.family) ?? [];
      expect(families).toEqual(expect.arrayContaining(OWN.map((name) => name.toLowerCase())));
      for (const family of families) expect(typeof family).toBe("string");
      const text = renderDiagnosis(diagnosis);
      expect(text).not.toContain("[object");
      expect(text).toMatch(/\| constructor \| constructor \| yes \|/);
    });
  });

  describe("escape sequences in everything a service names", () => {
    const ESC = "\u001b[2J\u001b]8;;https://evil.example/\u0007click\u001b]8;;\u0007\u009b31m";
    const env = (prefix: string, degoog: string) => ({
      SEARXNG_URL: `${hostile.server.url}/${prefix}`,
      DEGOOG_URL: `${hostile.server.url}/${degoog}`,
      CORE_SEARCH_ORDER: "searxng,degoog",
      CORE_SEARCH_KEYLESS: "off",
      CORE_SEARCH_CACHE_TTL: "0",
      CORE_SEARCH_STATE_DIR: hostile.stateDir(),
    });
    beforeAll(() => {
      hostile.searxng("escapes", configOf([...ENGINES, `bing${ESC}`, `wiby${ESC}`]), {
        results: [1, 2].map((n) => ({
          ...good(n),
          title: `Title ${n}${ESC}`,
          content: `Coffee is safe${ESC} says study ${n}.`,
          engines: [`google${ESC}`, "bing"],
        })),
        unresponsive_engines: [[`mojeek${ESC}`, `timeout${ESC}`]],
      });
      // A Degoog whose engine names and statuses carry them, answering when SearXNG has nothing.
      hostile.server.route("GET", "/escapes-degoog/api/search", {
        body: {
          results: [{ ...good(5), title: `Degoog${ESC}`, sources: [`Brave${ESC}`] }],
          engineTimings: [{ name: `duckduckgo${ESC}`, status: `error${ESC}`, time: 1 }],
        },
      });
      hostile.searxng("empty-escapes", configOf(ENGINES), { results: [] });
    });

    it.each([
      [
        "the report and --explain",
        ["Is coffee safe?", "--explain", "--deadline-ms", "5000", "--read", "0"],
        "escapes",
      ],
      ["the JSON report", ["Is coffee safe?", "--json", "--deadline-ms", "5000", "--read", "0"], "escapes"],
      [
        "a report served by Degoog",
        ["Is coffee safe?", "--explain", "--deadline-ms", "5000", "--read", "0"],
        "empty-escapes",
      ],
      ["search --explain", ["search", "coffee safety", "--explain"], "escapes"],
      ["doctor", ["doctor"], "escapes"],
      ["doctor --json", ["doctor", "--json"], "escapes"],
    ])("never reach %s", async (_what, argv, prefix) => {
      const { stdout, stderr } = await runCliWith(argv, env(prefix, "escapes-degoog"));
      expect(stdout.length).toBeGreaterThan(0);
      expect(stdout).not.toMatch(TERMINAL_CONTROL);
      expect(stderr).not.toMatch(TERMINAL_CONTROL);
      expect(`${stdout}${stderr}`).not.toMatch(/\[2J|\]8;;/);
    });

    it("are gone from the report itself, and its markdown", async () => {
      const report = await corroborate("Is coffee safe?", {
        read: 0,
        config: configFromObject({
          ...hostile.settings("escapes"),
          degoogUrl: `${hostile.server.url}/escapes-degoog`,
        }),
        deadlineMs: 5_000,
      });
      expect(report.evidence.length).toBeGreaterThan(0);
      expect(JSON.stringify(report)).not.toMatch(/\\u001b|\\u0007|\u009b/);
      expect(renderMarkdown(report)).not.toMatch(TERMINAL_CONTROL);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Every printing point cleans what it prints, whatever the report it is given holds
// ---------------------------------------------------------------------------------------------

describe("printing points, given text that still carries escape sequences", () => {
  // What a report could hold from an older state, or a caller's own evidence: no SGR colour code
  // in it, so that the colours the CLI adds itself can be told apart.
  const ESC = "\u001b[2J\u001b]8;;https://evil.example/\u0007x\u001b]8;;\u0007\u009b1m\u0007";
  const TEXT_FIELDS = new Set([
    "title",
    "snippet",
    "text",
    "source",
    "engine",
    "engines",
    "healthyEngines",
    "families",
    "engineFamilies",
    "reason",
    "detail",
    "error",
    "unresponsive",
    "name",
    "family",
    "notes",
    "warnings",
    "summary",
    "finding",
    "claim",
    "question",
    "query",
    "subject",
  ]);
  /** `value` with escape sequences added to every text field and name in it. */
  function tainted<T>(value: T, key = ""): T {
    if (typeof value === "string") return (TEXT_FIELDS.has(key) ? `${value}${ESC}` : value) as T;
    if (Array.isArray(value)) return value.map((item) => tainted(item, key)) as T;
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tainted(v, k)])) as T;
  }
  /** Printed text without the colour codes the CLI adds itself. */
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's own colour codes are the point
  const uncoloured = (text: string) => text.replace(/\u001b\[\d+m/g, "");
  /** What is left of the escape sequences above once cleaned: their printable remains. */
  const REMAINS = "x1m";

  let report: Report;
  let events: ProgressEvent[];
  let config: Config;
  beforeAll(async () => {
    config = hostile.searxng("printing", configOf(ENGINES), {
      results: [1, 2, 3].map((n) => ({ ...good(n), engines: ["google", "bing"] })),
      unresponsive_engines: [["mojeek", "timeout"]],
    });
    const collected: ProgressEvent[] = [];
    const clean = await corroborate("Is coffee safe?", {
      read: 0,
      config,
      deadlineMs: 5_000,
      onProgress: (event) => collected.push(event),
    });
    report = tainted(clean);
    events = tainted(collected);
    // The taint reached the fields printed.
    expect(JSON.stringify(report)).toContain("\\u001b");
    expect(JSON.stringify(events)).toContain("\\u001b");
  });

  it.each([
    ["the markdown report", () => renderMarkdown(report)],
    ["the compact report MCP clients read", () => renderCompact(report)],
    ["--explain, coloured", () => uncoloured(explainReport(report, events, createStyle(true)))],
    [
      "the progress lines, coloured",
      () => uncoloured(events.map((e) => progressLine(e, createStyle(true)) ?? "").join("\n")),
    ],
    [
      "MCP progress notifications",
      () => {
        // A page read that failed, its reason from the page's server: the one web text they carry.
        const read: ProgressEvent = {
          type: "page-read",
          evidence: "e1",
          url: good(1).url,
          status: `failed: http_500${ESC}`,
          chars: null,
          ms: 3,
        };
        return [...events, read].map((e) => describeProgress(e) ?? "").join("\n");
      },
    ],
  ])("%s", (_what, print) => {
    const text = print();
    // The tainted text was printed, and only its printable part.
    expect(text).toContain(REMAINS);
    expect(text).not.toMatch(TERMINAL_CONTROL);
    expect(text).not.toMatch(/\[2J|\]8;;/);
  });

  it("search --explain, coloured", async () => {
    const outcome = tainted(await search("coffee safety", { config }));
    const request = { categories: ["general"], timeRange: null, limit: 5 };
    const text = uncoloured(explainSearch(`coffee safety${ESC}`, request, outcome, createStyle(true)));
    expect(text).toContain(REMAINS);
    expect(text).not.toMatch(TERMINAL_CONTROL);
  });

  it("doctor", async () => {
    const text = renderDiagnosis(tainted(await diagnose(config)));
    expect(text).toContain(`| google${REMAINS}`);
    expect(text).not.toMatch(TERMINAL_CONTROL);
    expect(text).not.toMatch(/\[2J|\]8;;/);
  });

  it("an assessment", async () => {
    const assessment = await assess(
      {
        claim: "Coffee is safe",
        evidence: [good(1), good(2)].map(({ url, title, snippet }) => ({ url, title, snippet })),
      },
      { judge: "builtin" },
    );
    const text = renderAssessment(tainted(assessment));
    expect(text).toContain(REMAINS);
    expect(text).not.toMatch(TERMINAL_CONTROL);
    expect(text).not.toMatch(/\[2J|\]8;;/);
  });
});
