/**
 * Every operation through every surface: the library, the CLI, MCP and HTTP accept the same fields
 * with the same limits and reject the same bad input with the same code and wording. Only the
 * surface's syntax differs: the CLI spells a field as its flag (`--deadline-ms`) and names an
 * unknown one as an option.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Config, configFromObject } from "../../src/config/config.js";
import { PROBE_QUERY } from "../../src/health/preflight.js";
import { flagName } from "../../src/interfaces/cli/cli-options.js";
import { commandHelp } from "../../src/interfaces/cli/help.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { type HttpApi, startHttpApi } from "../../src/interfaces/server/http-api.js";
import { assess } from "../../src/operations/assess.js";
import { assessInputSchema } from "../../src/operations/assess-input.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { corroborateInputSchema } from "../../src/operations/corroborate-input.js";
import { errorOutput } from "../../src/operations/error-output.js";
import {
  DEADLINE_MS_RANGE,
  LIMIT_RANGE,
  MAX_DOMAINS,
  MAX_ENGINES,
  PAGE_RANGE,
  READ_PAGES_RANGE,
} from "../../src/operations/input-ranges.js";
import { plan } from "../../src/operations/plan.js";
import { planInputSchema } from "../../src/operations/plan-input.js";
import { search } from "../../src/operations/search.js";
import { searchInputSchema } from "../../src/operations/search-input.js";
import { type FakeEngine, page, startFakeSearxng } from "../helpers/fake-searxng.js";
import { runCliWith } from "../helpers/run-cli.js";
import type { ScriptedServer } from "../helpers/scripted-server.js";

type Operation = "corroborate" | "search" | "assess" | "plan";
type Input = Record<string, unknown>;
type Outcome = { ok: true } | { ok: false; code: string; message: string };

const SCHEMAS = {
  corroborate: corroborateInputSchema,
  search: searchInputSchema,
  assess: assessInputSchema,
  plan: planInputSchema,
} as const;
const MCP_TOOLS: Partial<Record<Operation, string>> = {
  corroborate: "corroborate",
  search: "web_search",
  assess: "assess",
};
const HTTP_PATHS: Partial<Record<Operation, string>> = {
  corroborate: "/v1/corroborate",
  search: "/v1/search",
  assess: "/v1/assess",
};

/**
 * Each result on a loopback address of its own: pages are read at `read`'s limit, and such an
 * address is refused before any connection (private addresses are not allowed here).
 */
const onLoopback = (result: ReturnType<typeof page>, n: number) => ({
  ...result,
  url: `http://127.0.0.${n + 2}/article`,
});
const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name, i) => ({
  name,
  categories: name === "arxiv" ? ["science"] : ["general", "news"],
  results: [onLoopback(page(`site${i}.org`), 2 * i), onLoopback(page(`other${i}.org`), 2 * i + 1)],
}));

let stateDir: string;
let searx: ScriptedServer;
let config: Config;
let env: Record<string, string>;
let mcp: Client;
let api: HttpApi;
beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "core-search-surfaces-"));
  searx = await startFakeSearxng(ENGINES);
  // The server's deadline is the ceiling of a request's: at the library's own, the ranges are equal.
  config = configFromObject({
    searxngUrl: searx.url,
    keyless: "off",
    cacheTtlMs: 0,
    stateDir,
    deadlineMs: DEADLINE_MS_RANGE.max,
  });
  env = {
    SEARXNG_URL: searx.url,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_CACHE_TTL: "0",
    CORE_SEARCH_STATE_DIR: stateDir,
  };
  const server = createMcpServer({ config });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  mcp = new Client({ name: "surfaces", version: "0.0.0" });
  await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
  api = await startHttpApi({ config });
});
afterAll(async () => {
  await mcp.close();
  await api.close();
  await searx.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const question = "Is coffee safe?";
const query = "coffee";
const claim = "Coffee is safe";
const EVIDENCE = [
  { url: "https://a.org/coffee", title: "Coffee and health", snippet: "Coffee is safe for most adults." },
  { url: "https://b.org/coffee", text: "Moderate coffee intake is not harmful.", stance: "support" },
];

async function library(operation: Operation, input: Input): Promise<Outcome> {
  const { question: q, query: s, ...rest } = input;
  try {
    if (operation === "corroborate") await corroborate(q as string, { ...rest, config });
    else if (operation === "search") await search(s as string, { ...rest, config });
    else if (operation === "assess") await assess(input as never);
    else plan(q as string, rest);
    return { ok: true };
  } catch (error) {
    const output = errorOutput(error);
    return { ok: false, code: output.code, message: output.message };
  }
}

/** The input as the command line says it: flags for fields, JSONL on standard input for evidence. */
function commandLine(operation: Operation, input: Input): { argv: string[]; stdin: string } {
  const { question: q, query: s, claim: c, evidence, ...fields } = input;
  const argv =
    operation === "corroborate"
      ? [q as string]
      : operation === "search"
        ? ["search", s as string]
        : operation === "plan"
          ? ["plan", q as string, "--json"]
          : ["assess", "--claim", c as string, "--evidence", "-"];
  for (const [name, value] of Object.entries(fields)) {
    argv.push(flagName(name));
    if (value !== true) argv.push(Array.isArray(value) ? value.join(",") : String(value));
  }
  const stdin = Array.isArray(evidence) ? evidence.map((item) => JSON.stringify(item)).join("\n") : "";
  return { argv, stdin };
}

async function cli(operation: Operation, input: Input): Promise<Outcome> {
  const { argv, stdin } = commandLine(operation, input);
  const { code, stderr } = await runCliWith(argv, env, stdin);
  if (code !== 2) return { ok: true };
  // Exit code 2 is INVALID_INPUT's (settings here are good); the message follows "core-search: ".
  return { ok: false, code: "INVALID_INPUT", message: stderr.replace(/^core-search: /, "").trimEnd() };
}

async function mcpTool(operation: Operation, input: Input): Promise<Outcome | undefined> {
  const name = MCP_TOOLS[operation];
  if (name === undefined) return undefined;
  const result = await mcp.callTool({ name, arguments: input });
  if (!result.isError) return { ok: true };
  const text = (result.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");
  return { ok: false, code: "INVALID_INPUT", message: text };
}

async function http(operation: Operation, input: Input): Promise<Outcome | undefined> {
  const path = HTTP_PATHS[operation];
  if (path === undefined) return undefined;
  const answer = await request(`${api.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await answer.body.json()) as { error?: { code: string; message: string } };
  if (answer.statusCode === 200) return { ok: true };
  expect(answer.statusCode).toBe(400);
  return { ok: false, code: body.error?.code ?? "", message: body.error?.message ?? "" };
}

describe.each(Object.keys(SCHEMAS) as Operation[])("%s", (operation) => {
  const schema = SCHEMAS[operation];
  const base: Input =
    operation === "search"
      ? { query }
      : operation === "assess"
        ? { claim, evidence: EVIDENCE }
        : { question };

  it("MCP publishes the operation's schema as the tool's input schema", async () => {
    const name = MCP_TOOLS[operation];
    if (name === undefined) return;
    const { tools } = await mcp.listTools();
    const published = tools.find((tool) => tool.name === name)?.inputSchema;
    const { $schema: _, ...expected } = z.toJSONSchema(schema, { target: "draft-7", io: "input" });
    expect(published).toMatchObject(expected);
  });

  it("the schema's limits are those --help prints", () => {
    const json = z.toJSONSchema(schema, { io: "input" }) as { properties: Record<string, object> };
    if ("limit" in json.properties) {
      expect(json.properties.limit).toMatchObject({ minimum: LIMIT_RANGE.min, maximum: LIMIT_RANGE.max });
      expect(commandHelp(operation === "corroborate" ? "question" : operation)).toContain(
        `results per call, ${LIMIT_RANGE.min}-${LIMIT_RANGE.max} `,
      );
    }
    if ("deadlineMs" in json.properties) {
      expect(json.properties.deadlineMs).toMatchObject({
        minimum: DEADLINE_MS_RANGE.min,
        maximum: DEADLINE_MS_RANGE.max,
      });
    }
  });

  const fields = Object.keys((z.toJSONSchema(schema, { io: "input" }) as { properties: object }).properties);
  const good: Input = { ...base };
  if (fields.includes("limit")) good.limit = LIMIT_RANGE.max;
  if (fields.includes("deadlineMs")) good.deadlineMs = 5_000;
  if (fields.includes("categories")) good.categories = ["news"];
  if (fields.includes("timeRange")) good.timeRange = "week";
  if (fields.includes("judge")) good.judge = "builtin";
  if (fields.includes("read")) good.read = READ_PAGES_RANGE.max;
  if (fields.includes("page")) good.page = PAGE_RANGE.max;
  if (fields.includes("language")) good.language = "DE";
  if (fields.includes("safeSearch")) good.safeSearch = "strict";
  const domains = (prefix: string) => Array.from({ length: MAX_DOMAINS }, (_, i) => `${prefix}${i}.org`);
  if (fields.includes("includeDomains"))
    good.includeDomains = [...domains("site").slice(1), "Bücher.example."];
  if (fields.includes("excludeDomains")) good.excludeDomains = domains("other");
  if (fields.includes("engines")) {
    good.engines = [
      ...ENGINES.map((e) => e.name),
      ...Array.from({ length: MAX_ENGINES - 6 }, (_, i) => `engine ${i}`),
    ];
  }

  it(`every surface accepts every field at its limit: ${JSON.stringify(Object.keys(good))}`, async () => {
    for (const surface of [library, cli, mcpTool, http]) {
      const before = searx.requests.length;
      const outcome = await surface(operation, good);
      if (outcome === undefined) continue;
      expect(outcome).toEqual({ ok: true });
      if (!fields.includes("language")) continue;
      // And the search options reach the service, whichever surface passed them.
      const searches = searx.requests
        .slice(before)
        .filter((r) => r.path === "/search" && r.query.q !== PROBE_QUERY);
      expect(searches.length).toBeGreaterThan(0);
      for (const sent of searches) {
        expect(sent.query).toMatchObject({ language: "de", safesearch: "2", pageno: String(good.page ?? 1) });
      }
    }
  });

  const bad: [string, Input, string][] = [
    ["an unknown field", { ...base, verbose: true }, 'unknown field "verbose"'],
  ];
  if (fields.includes("limit")) {
    bad.push(
      [
        "a limit above the range",
        { ...base, limit: LIMIT_RANGE.max + 1 },
        "limit must be an integer between 1 and 20",
      ],
      ["a fractional limit", { ...base, limit: 2.5 }, "limit must be an integer between 1 and 20"],
    );
  }
  if (fields.includes("deadlineMs")) {
    bad.push([
      "a deadline below the range",
      { ...base, deadlineMs: 10 },
      "deadlineMs must be an integer between 100 and 600000",
    ]);
  }
  if (fields.includes("judge")) {
    bad.push(
      ["an unknown judge", { ...base, judge: "oracle" }, "judge must be one of auto, builtin, llm, sampling"],
      // Only an MCP client that offers sampling can lend its model; none of these surfaces is one.
      [
        "the sampling judge",
        { ...base, judge: "sampling" },
        "judge sampling needs an MCP client that offers sampling",
      ],
    );
  }
  if (fields.includes("read")) {
    bad.push([
      "more pages to read than the range",
      { ...base, read: READ_PAGES_RANGE.max + 1 },
      `read must be "auto" or an integer between ${READ_PAGES_RANGE.min} and ${READ_PAGES_RANGE.max}`,
    ]);
  }
  if (fields.includes("page")) {
    bad.push([
      "a page past the last",
      { ...base, page: PAGE_RANGE.max + 1 },
      `page must be an integer between ${PAGE_RANGE.min} and ${PAGE_RANGE.max}`,
    ]);
  }
  if (fields.includes("language")) {
    const problem = "language must be a two-letter ISO 639-1 language code such as en, de or fr";
    bad.push(
      ["a language with a region", { ...base, language: "en-US" }, problem],
      ["a language that is no ISO 639-1 code", { ...base, language: "xx" }, problem],
    );
  }
  if (fields.includes("safeSearch")) {
    bad.push([
      "an unknown safe-search level",
      { ...base, safeSearch: "on" },
      "safeSearch must be one of off, moderate, strict",
    ]);
  }
  if (fields.includes("includeDomains")) {
    bad.push(
      [
        "a domain given as an address",
        { ...base, includeDomains: ["who.int", "https://nih.gov/health"] },
        "includeDomains item 2 must be a domain name such as example.org (no scheme or path)",
      ],
      [
        "more domains than allowed",
        { ...base, excludeDomains: Array.from({ length: MAX_DOMAINS + 1 }, (_, i) => `x${i}.org`) },
        `excludeDomains must list at most ${MAX_DOMAINS} domains`,
      ],
      [
        "a domain both included and excluded",
        { ...base, includeDomains: ["who.int", "nih.gov"], excludeDomains: ["NIH.gov"] },
        "A domain cannot be both included and excluded: nih.gov",
      ],
    );
  }
  if (fields.includes("engines")) {
    bad.push([
      "an engine name with a separator",
      { ...base, engines: ["bing;google"] },
      'engines item 1 must be a SearXNG engine name such as google or "semantic scholar"',
    ]);
  }
  if (fields.includes("categories")) {
    bad.push([
      "an unknown category",
      { ...base, categories: ["videos"] },
      'Unknown category "videos" (known: general, news, science, it)',
    ]);
  }
  if (fields.includes("timeRange")) {
    bad.push([
      "an unknown time range",
      { ...base, timeRange: "decade" },
      // A search is restricted by date; a question's evidence is as recent as its planned calls can ask.
      `Unknown time range "decade" (known: ${operation === "search" ? "day, week, month, year" : "week, year, none"})`,
    ]);
  }
  if (operation === "assess") {
    bad.push(
      ["an evidence item without url", { claim, evidence: [{ title: "t" }] }, "evidence item 1 needs a url"],
      [
        "an evidence url that is a number",
        { claim, evidence: [{ url: 5 }] },
        "evidence item 1 url must be a string",
      ],
      [
        "a stance that is not one of the four",
        { claim, evidence: [{ url: "https://a.example/", stance: "agree" }] },
        "evidence item 1 stance must be one of support, contradict, neutral, unrelated",
      ],
      [
        "too much evidence",
        { claim, evidence: Array.from({ length: 2001 }, (_, i) => ({ url: `https://x${i}.org/` })) },
        "Too much evidence (2001 items; at most 2000)",
      ],
    );
  } else {
    const text = operation === "search" ? "query" : "question";
    bad.push([`an empty ${text}`, { ...base, [text]: "  " }, `The ${text} is empty`]);
  }

  it.each(bad)("every surface rejects %s alike", async (_kind, input, message) => {
    const before = searx.requests.length;
    const unknown = Object.keys(input).find((name) => !fields.includes(name));
    // The CLI's syntax: a field is its flag, an unknown field an unknown option.
    const cliMessage = unknown
      ? `unknown option ${flagName(unknown)}. ${operation === "corroborate" ? "Run core-search --help to see the options." : `Run core-search ${operation} --help to see its options.`}`
      : message.replace(
          /^(limit|deadlineMs|evidence|judge|read|page|language|safeSearch|includeDomains|excludeDomains|engines)\b(?! sampling)/,
          (field) => flagName(field),
        );
    expect(await library(operation, input)).toEqual({ ok: false, code: "INVALID_INPUT", message });
    expect(await cli(operation, input)).toEqual({ ok: false, code: "INVALID_INPUT", message: cliMessage });
    const viaMcp = await mcpTool(operation, input);
    if (viaMcp) expect(viaMcp).toEqual({ ok: false, code: "INVALID_INPUT", message });
    const viaHttp = await http(operation, input);
    if (viaHttp) expect(viaHttp).toEqual({ ok: false, code: "INVALID_INPUT", message });
    // Bad input never reaches a search service.
    expect(searx.requests.length).toBe(before);
  });
});
