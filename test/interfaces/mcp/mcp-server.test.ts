import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { ConfigError } from "../../../src/errors.js";
import { PROBE_QUERY } from "../../../src/health/preflight.js";
import { createMcpServer } from "../../../src/interfaces/mcp/mcp-server.js";
import { createLogger, type Logger } from "../../../src/log/logger.js";
import { type AnalyseHits, analyseHits, type HitsToAnalyse } from "../../../src/operations/analyse-hits.js";
import { assess as assessLibrary } from "../../../src/operations/assess.js";
import { assessmentSchema } from "../../../src/operations/assess-input.js";
import { searchOutputSchema as webSearchOutputSchema } from "../../../src/operations/search-input.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, searxngReply, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { connectInMemory } from "../../helpers/mcp-client.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const HEALTHY: FakeEngine[] = [
  { name: "bing", categories: ["general", "news"], results: [page("a.org"), page("b.org")] },
  { name: "google", categories: ["general"], results: [page("c.org"), page("a.org")] },
  { name: "duckduckgo", categories: ["general"], results: [page("d.org")] },
  { name: "mojeek", categories: ["general", "news"], results: [page("e.org")] },
  { name: "wiby", categories: ["general"], results: [page("f.org")] },
  { name: "arxiv", categories: ["science"], results: [page("arxiv.org", "abs/1")] },
];

// Keyless stages off (they would reach public endpoints); pauses and engine health in a temporary folder.
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-mcp-"));
const configFor = (url?: string): Config =>
  configFromObject({
    ...(url === undefined ? {} : { searxngUrl: url }),
    keyless: "off",
    stateDir: STATE_DIR,
    cacheTtlMs: 0,
  });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fakeSearxng(engines: FakeEngine[] = HEALTHY): Promise<ScriptedServer> {
  const server = await startFakeSearxng(engines);
  cleanups.push(() => server.close());
  return server;
}

/** A client connected in memory to a fresh server; tools are listed first so the client checks every structuredContent against its outputSchema. */
async function connect(
  config: Config | ConfigError,
  logger?: Logger,
  analyse?: AnalyseHits,
): Promise<Client> {
  const server = createMcpServer({ config, ...(logger === undefined ? {} : { logger }), analyse });
  const client = await connectInMemory(server);
  cleanups.push(() => client.close());
  return client;
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as { type: string; text?: string }[];
  return content.map((c) => c.text ?? "").join("\n");
}

describe("tool listing", () => {
  it("lists four annotated tools with a description on every input field and an output schema", async () => {
    const client = await connect(configFor("http://127.0.0.1:9"));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["assess", "corroborate", "read_page", "web_search"]);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.annotations?.openWorldHint).toBe(tool.name !== "assess");
      const fields = Object.entries(tool.inputSchema.properties ?? {}) as [
        string,
        { description?: string },
      ][];
      expect(fields.length).toBeGreaterThan(1);
      for (const [name, field] of fields) expect(field.description, `${tool.name}.${name}`).toBeTruthy();
    }
    const corroborate = tools.find((t) => t.name === "corroborate");
    expect(corroborate?.inputSchema.required).toEqual(["question"]);
    expect(Object.keys(corroborate?.outputSchema?.properties ?? {})).toContain("confidence");
    const assess = tools.find((t) => t.name === "assess");
    const evidence = assess?.inputSchema.properties?.evidence as {
      maxItems: number;
      items: { properties: Record<string, { description?: string }> };
    };
    expect(evidence.maxItems).toBe(2000);
    for (const field of Object.values(evidence.items.properties)) expect(field.description).toBeTruthy();
  });

  it("introduces itself as core-search with the package version and says when to corroborate", async () => {
    const client = await connect(configFor("http://127.0.0.1:9"));
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(client.getServerVersion()).toMatchObject({ name: "core-search", version: pkg.version });
    expect(client.getInstructions()).toMatch(/corroborate/);
  });
});

describe("corroborate", () => {
  it("returns the report as structuredContent and a compact text of the finding and origins", async () => {
    const searxng = await fakeSearxng();
    const client = await connect(configFor(searxng.url));
    const result = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is intermittent fasting safe?", read: 0, limit: 3 },
    });
    expect(result.isError).toBeFalsy();
    const report = reportSchema.parse(result.structuredContent);
    expect(report.claim).toBe("Intermittent fasting is safe");
    expect(report.evidence.length).toBeGreaterThan(0);
    expect(report.plan.calls.every((c) => c.limit === 3)).toBe(true);
    expect(textOf(result)).toMatch(/^Finding: /);
    expect(textOf(result)).toContain(`Label: ${report.confidence}`);
  });

  it("hands dedup, judge and label to the server's analyser (a worker pool) when the built-in judge decides", async () => {
    const searxng = await fakeSearxng();
    const given: HitsToAnalyse[] = [];
    const analyse: AnalyseHits = async (input) => {
      given.push(input);
      return analyseHits(input);
    };
    const client = await connect(configFor(searxng.url), undefined, analyse);
    const result = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is intermittent fasting safe?", read: 0, judge: "builtin" },
    });
    const report = reportSchema.parse(result.structuredContent);
    expect(given.map((input) => input.claim)).toEqual([report.claim]);
    expect(report.evidence.length).toBeGreaterThan(0);
  });

  it("answers with what to configure when no search service is set", async () => {
    const client = await connect(configFor());
    const result = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is coffee safe?", read: 0 },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^No search service is configured: set SEARXNG_URL .*EXA_API_KEY/);
  });

  it("names every unusable setting when the settings could not be read", async () => {
    const problems = ["SEARXNG_URL is not a valid URL", "CORE_SEARCH_KEYLESS must be one of auto, off"];
    const client = await connect(new ConfigError(problems));
    for (const [name, args] of [
      ["corroborate", { question: "Is coffee safe?", read: 0 }],
      ["web_search", { query: "coffee" }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      for (const problem of problems) expect(textOf(result)).toContain(`- ${problem}`);
      expect(textOf(result)).toMatch(/restart the server/);
    }
  });

  it("marks a report whose every call failed as an error, keeps the report and says what to check", async () => {
    const searxng = await fakeSearxng(
      HEALTHY.map((e) => ({ ...e, fails: "HTTP error", failsFor: (q: string) => q !== PROBE_QUERY })),
    );
    const client = await connect(configFor(searxng.url));
    const result = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is intermittent fasting safe?", read: 0 },
    });
    expect(result.isError).toBe(true);
    const report = reportSchema.parse(result.structuredContent);
    expect(report.confidence).toBe("low-coverage");
    expect(textOf(result)).toMatch(/^Every search call failed/);
    expect(textOf(result)).toMatch(/- call 1 \(neutral\): searxng: /);
    expect(textOf(result)).toContain("core-search doctor");
  });

  // The operation's schema words the problem, as the library and the HTTP API do.
  it.each([
    ["no question", {}, "question is required"],
    ["a number for the question", { question: 42 }, "The question must be a string"],
    [
      "a limit out of range",
      { question: "Is coffee safe?", read: 0, limit: 50 },
      "limit must be an integer between 1 and 20",
    ],
    [
      "a fractional deadline",
      { question: "Is coffee safe?", read: 0, deadlineMs: 1.5 },
      "deadlineMs must be an integer between 100 and 600000",
    ],
  ])("rejects %s with a validation error and keeps serving", async (_, args, message) => {
    const searxng = await fakeSearxng();
    const client = await connect(configFor(searxng.url));
    const bad = await client.callTool({ name: "corroborate", arguments: args });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(message);
    expect(searxng.requests).toHaveLength(0);
    const good = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is intermittent fasting safe?", read: 0 },
    });
    expect(good.isError).toBeFalsy();
    expect(reportSchema.safeParse(good.structuredContent).success).toBe(true);
  });

  it("passes the library's own input errors on as they are", async () => {
    const searxng = await fakeSearxng();
    const client = await connect(configFor(searxng.url));
    const result = await client.callTool({ name: "corroborate", arguments: { question: "  \n ", read: 0 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("The question is empty");
  });

  it("answers an unexpected failure with a generic message and logs the details to the log only", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "error",
      destination: { write: (line: string) => lines.push(line) },
    });
    const broken = new Proxy({} as Config, {
      get() {
        throw new Error("settings store exploded at https://user:hunter2@example.org/x");
      },
    });
    const client = await connect(broken, logger);
    const result = await client.callTool({
      name: "corroborate",
      arguments: { question: "Is coffee safe?", read: 0 },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "corroborate failed unexpectedly; the server's log (stderr) has the details.",
    );
    const log = lines.join("");
    expect(log).toContain("settings store exploded");
    expect(log).toContain('"tool":"corroborate"');
    expect(log).not.toContain("hunter2");
  });

  it("serves two calls at once: both reach the search service before either is answered", async () => {
    const events: string[] = [];
    const arrived = new Set<string>();
    let release = (): void => {};
    const bothArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const searxng = await fakeSearxng();
    searxng.route("GET", "/search", async (req) => {
      const q = req.query.q ?? "";
      if (q !== PROBE_QUERY) {
        const topic = q.includes("coffee") ? "coffee" : "fasting";
        events.push(`arrive ${topic}`);
        arrived.add(topic);
        if (arrived.size === 2) release();
        // Served one after the other, the first call would wait here until this safety timer fires.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([bothArrived, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
        clearTimeout(timer);
        events.push(`answer ${topic}`);
      }
      return searxngReply(HEALTHY, req);
    });
    const client = await connect(configFor(searxng.url));
    const [fasting, coffee] = await Promise.all([
      client.callTool({
        name: "corroborate",
        arguments: { question: "Is intermittent fasting safe?", read: 0 },
      }),
      client.callTool({
        name: "corroborate",
        arguments: { question: "Is coffee bad for the heart?", read: 0 },
      }),
    ]);
    expect(fasting.isError).toBeFalsy();
    expect(coffee.isError).toBeFalsy();
    expect(reportSchema.parse(fasting.structuredContent).question).toBe("Is intermittent fasting safe?");
    expect(reportSchema.parse(coffee.structuredContent).question).toBe("Is coffee bad for the heart?");
    const firstAnswer = events.findIndex((e) => e.startsWith("answer"));
    expect(events.indexOf("arrive fasting")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("arrive coffee")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("arrive fasting")).toBeLessThan(firstAnswer);
    expect(events.indexOf("arrive coffee")).toBeLessThan(firstAnswer);
  });
});

describe("web_search", () => {
  it("returns the results found with their positions and the service that answered", async () => {
    const searxng = await fakeSearxng();
    const client = await connect(configFor(searxng.url));
    const result = await client.callTool({
      name: "web_search",
      arguments: { query: "arxiv fasting", categories: ["science"], timeRange: "year", limit: 2 },
    });
    expect(result.isError).toBeFalsy();
    const output = webSearchOutputSchema.parse(result.structuredContent);
    expect(output.provider).toBe("searxng");
    expect(output.results).toEqual([
      {
        title: page("arxiv.org", "abs/1").title,
        url: "https://arxiv.org/abs/1",
        description: page("arxiv.org", "abs/1").content,
        position: 1,
      },
    ]);
    const request = searxng.requests.find((r) => r.path === "/search");
    expect(request?.query).toMatchObject({ q: "arxiv fasting", categories: "science", time_range: "year" });
    expect(textOf(result)).toContain("1. ");
    expect(textOf(result)).toContain("https://arxiv.org/abs/1");
    expect(textOf(result)).toContain("(served by searxng)");
  });

  it("rejects an unknown category before searching", async () => {
    const searxng = await fakeSearxng();
    const client = await connect(configFor(searxng.url));
    const result = await client.callTool({
      name: "web_search",
      arguments: { query: "coffee", categories: ["images"] },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Unknown category "images" (known: general, news, science, it)');
    expect(searxng.requests).toHaveLength(0);
  });

  it("says what to check when every search service failed", async () => {
    const searxng = await fakeSearxng(HEALTHY.map((e) => ({ ...e, fails: "HTTP error" })));
    const client = await connect(configFor(searxng.url));
    const result = await client.callTool({ name: "web_search", arguments: { query: "coffee" } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^Every search service failed: /);
    expect(textOf(result)).toContain("core-search doctor");
  });
});

describe("assess", () => {
  it("judges the evidence given, without searching", async () => {
    const client = await connect(configFor());
    const result = await client.callTool({
      name: "assess",
      arguments: {
        claim: "Intermittent fasting is safe",
        evidence: [
          {
            url: "https://a.org/1",
            title: "Fasting is safe for most adults",
            snippet: "A large trial found intermittent fasting is safe for healthy adults.",
          },
          { url: "https://b.org/2", snippet: "Intermittent fasting is not safe and raises heart risk." },
          { url: "not a url" },
        ],
      },
    });
    expect(result.isError).toBeFalsy();
    const assessment = assessmentSchema.parse(result.structuredContent);
    expect(assessment.claim).toBe("Intermittent fasting is safe");
    expect(assessment.evidence.map((e) => e.domain)).toEqual(["a.org", "b.org"]);
    expect(assessment.notes).toContain("1 item(s) without a usable web address were dropped");
    expect(textOf(result)).toContain(`**Confidence:** ${assessment.confidence}`);
  });

  it("judges a text the same whether it comes as title, snippet or text, as the library does", async () => {
    const client = await connect(configFor());
    const sentence = "Intermittent fasting is not safe and raises heart risk.";
    const result = await client.callTool({
      name: "assess",
      arguments: {
        claim: "Intermittent fasting is safe",
        evidence: [
          { url: "https://a.org/1", title: sentence },
          { url: "https://b.org/2", snippet: sentence },
          { url: "https://c.org/3", text: sentence },
        ],
      },
    });
    const assessment = assessmentSchema.parse(result.structuredContent);
    const library = await assessLibrary({
      claim: "Intermittent fasting is safe",
      evidence: [{ url: "https://d.org/4", snippet: sentence }],
    });
    expect(assessment.evidence.map((e) => [e.stance, e.stanceScore])).toEqual(
      Array(3).fill([library.evidence[0]?.stance, library.evidence[0]?.stanceScore]),
    );
    expect(library.evidence[0]?.stance).toBe("contradict");
  });

  it("refuses more than 2000 evidence items", async () => {
    const client = await connect(configFor());
    const evidence = Array.from({ length: 2001 }, (_, i) => ({ url: `https://x${i}.org/` }));
    const result = await client.callTool({ name: "assess", arguments: { claim: "X is safe", evidence } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Too much evidence (2001 items; at most 2000)");
  });
});
