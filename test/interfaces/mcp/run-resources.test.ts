/**
 * Stored runs over MCP: recent runs are resources (`core-search://runs/{id}` as JSON, `….md` as
 * markdown), and `assess` takes a run's id with the agent's stances instead of the evidence.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { createMcpServer } from "../../../src/interfaces/mcp/mcp-server.js";
import { SKILL_URI } from "../../../src/interfaces/mcp/skill.js";
import { type Assessment, assessmentSchema } from "../../../src/operations/assess-input.js";
import { getRun } from "../../../src/operations/runs.js";
import { renderAssessment } from "../../../src/report/render-assessment.js";
import { renderMarkdown } from "../../../src/report/render-markdown.js";
import { type Report, reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { connectInMemory } from "../../helpers/mcp-client.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby"].map((name, i) => ({
  name,
  categories: ["general", "news", "science"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));
const QUESTION = "Is intermittent fasting safe?";
const RUNS = "core-search://runs/";

let stateDir: string;
let searxng: ScriptedServer;
beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "core-search-mcp-runs-"));
  searxng = await startFakeSearxng(ENGINES);
});
afterAll(async () => {
  await searxng.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const configWith = (fields: Record<string, unknown> = {}): Config =>
  configFromObject({ searxngUrl: searxng.url, keyless: "off", stateDir, cacheTtlMs: 0, ...fields });

async function connect(config: Config = configWith()): Promise<Client> {
  const client = await connectInMemory(createMcpServer({ config }));
  cleanups.push(() => client.close());
  return client;
}

async function corroborated(client: Client): Promise<Report> {
  const result = await client.callTool({
    name: "corroborate",
    arguments: { question: QUESTION, judge: "builtin", read: 0 },
  });
  expect(result.isError).toBeFalsy();
  return reportSchema.parse(result.structuredContent);
}

async function assessed(client: Client, args: Record<string, unknown>): Promise<Assessment> {
  const result = await client.callTool({ name: "assess", arguments: args });
  expect(result.isError, textOf(result)).toBeFalsy();
  return assessmentSchema.parse(result.structuredContent);
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");
}

async function readText(
  client: Client,
  uri: string,
): Promise<{ mimeType: string | undefined; text: string }> {
  const { contents } = await client.readResource({ uri });
  expect(contents).toHaveLength(1);
  const [content] = contents as { uri: string; mimeType?: string; text: string }[];
  expect(content?.uri).toBe(uri);
  return { mimeType: content?.mimeType, text: content?.text ?? "" };
}

describe("runs as resources", () => {
  it("lists a run a corroborate call made, as JSON and as markdown, named by its question", async () => {
    const client = await connect();
    const report = await corroborated(client);
    expect(report.runId).toBeDefined();
    const { resources } = await client.listResources();
    const json = resources.find((r) => r.uri === `${RUNS}${report.runId}`);
    const markdown = resources.find((r) => r.uri === `${RUNS}${report.runId}.md`);
    expect(json).toMatchObject({ name: QUESTION, mimeType: "application/json" });
    expect(markdown).toMatchObject({ name: QUESTION, mimeType: "text/markdown" });
    for (const entry of [json, markdown]) {
      expect(entry?.description).toContain(`${report.confidence} (${report.direction})`);
      expect(entry?.description).toContain("judged by builtin");
      expect(Date.parse(entry?.annotations?.lastModified ?? "")).not.toBeNaN();
    }
    // The skill is still there, and the capability that announces new runs is declared.
    expect(resources.map((r) => r.uri)).toContain(SKILL_URI);
    expect(client.getServerCapabilities()?.resources).toMatchObject({ listChanged: true });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => [t.uriTemplate, t.mimeType])).toEqual(
      expect.arrayContaining([
        [`${RUNS}{id}`, "application/json"],
        [`${RUNS}{id}.md`, "text/markdown"],
      ]),
    );
  });

  it("reads a run's report as the tool returned it, and as the markdown the CLI prints", async () => {
    const client = await connect();
    const report = await corroborated(client);
    const json = await readText(client, `${RUNS}${report.runId}`);
    expect(json.mimeType).toBe("application/json");
    expect(JSON.parse(json.text)).toEqual(report);
    const markdown = await readText(client, `${RUNS}${report.runId}.md`);
    expect(markdown.mimeType).toBe("text/markdown");
    expect(markdown.text).toBe(renderMarkdown(report));
    // The markdown says how to come back to the run.
    expect(markdown.text).toContain(`core-search show ${report.runId}`);
    const { runId: _kept, ...unkept } = report;
    expect(renderMarkdown(unkept)).not.toContain("Kept as run");
  });

  it("reads an assessment's run as the assessment and its markdown", async () => {
    const client = await connect();
    const assessment = await assessed(client, {
      claim: "Coffee is safe",
      evidence: [
        { url: "https://a.org/coffee", title: "Coffee", snippet: "Coffee is safe for most adults." },
      ],
      judge: "builtin",
    });
    expect(JSON.parse((await readText(client, `${RUNS}${assessment.runId}`)).text)).toEqual(assessment);
    expect((await readText(client, `${RUNS}${assessment.runId}.md`)).text).toBe(renderAssessment(assessment));
  });

  it("tells the client the list changed when a call keeps a run", async () => {
    const client = await connect();
    let changes = 0;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changes += 1;
    });
    await corroborated(client);
    await client.ping();
    expect(changes).toBe(1);
  });

  it.each([
    ["not a run id", `${RUNS}..%2F..%2Fsecrets`, ErrorCode.InvalidParams, /is not a run id/],
    ["no run kept under it", `${RUNS}${"A".repeat(22)}`, -32002, /No run A{22}: it was never kept here/],
    ["a markdown address of no run", `${RUNS}${"B".repeat(22)}.md`, -32002, /No run B{22}/],
  ])("refuses to read an address that is %s", async (_kind, uri, code, message) => {
    const client = await connect();
    const read = client.readResource({ uri });
    await expect(read).rejects.toMatchObject({ code });
    await expect(read).rejects.toThrow(message);
  });

  it("lists no run and reads none when runs are off", async () => {
    const client = await connect();
    const report = await corroborated(client);
    const off = await connect(configWith({ runs: "off" }));
    const { resources } = await off.listResources();
    expect(resources.map((r) => r.uri)).toEqual([SKILL_URI]);
    const read = off.readResource({ uri: `${RUNS}${report.runId}` });
    await expect(read).rejects.toMatchObject({ code: -32002 });
    await expect(read).rejects.toThrow(/runs are off here \(CORE_SEARCH_RUNS=off\)/);
  });
});

describe("assess with a run's id and the agent's stances", () => {
  it("gives the label the stances imply, kept as a new run that names the first", async () => {
    const client = await connect();
    const report = await corroborated(client);
    const stances = report.evidence.map((item) => ({ id: item.id, stance: "contradict" }));
    const assessment = await assessed(client, { runId: report.runId, stances });
    expect(assessment.claim).toBe(report.claim);
    expect(assessment.evidence.map((item) => item.url)).toEqual(report.evidence.map((item) => item.url));
    expect(assessment.evidence.every((item) => item.stance === "contradict" && item.judge === "caller")).toBe(
      true,
    );
    expect(assessment.direction).toBe("refutes");
    expect(assessment.confidence).toBe("corroborated");
    expect(assessment.runId).toBeDefined();
    expect(assessment.runId).not.toBe(report.runId);
    const kept = await getRun(assessment.runId ?? "", { config: configWith() });
    expect(kept.summary).toMatchObject({ kind: "assess", from: report.runId, label: "corroborated" });
    const { resources } = await client.listResources();
    expect(resources.find((r) => r.uri === `${RUNS}${assessment.runId}`)?.description).toContain(
      `judged again from run ${report.runId}`,
    );
  });

  it("judges the items given no stance, against the claim given", async () => {
    const client = await connect();
    const report = await corroborated(client);
    const [first, ...rest] = report.evidence;
    const assessment = await assessed(client, {
      runId: report.runId,
      claim: "Intermittent fasting is harmful",
      stances: [{ id: first?.id, stance: "support" }],
      judge: "builtin",
    });
    expect(assessment.claim).toBe("Intermittent fasting is harmful");
    expect(assessment.evidence[0]).toMatchObject({ url: first?.url, stance: "support", judge: "caller" });
    expect(assessment.evidence.slice(1).map((item) => item.judge)).toEqual(rest.map(() => "builtin"));
  });

  it.each([
    ["a runId that is no run id", { runId: "nope" }, /runId is not a run id/],
    ["a runId of no run", { runId: "C".repeat(22) }, /No run C{22}: it was never kept here/],
    ["both a runId and evidence", { evidence: [] }, /evidence cannot be given with a run id/],
    [
      "stances without a runId",
      { runId: undefined, claim: "X is safe", evidence: [] },
      /stances can only be given with the id of a stored run/,
    ],
    [
      "a stance for an item the run lacks",
      { stances: [{ id: "e99", stance: "support" }] },
      /e99 is not in run/,
    ],
    [
      "a stance that is none of the four",
      { stances: [{ id: "e1", stance: "agree" }] },
      /stance must be one of/,
    ],
    [
      "two stances for one item",
      {
        stances: [
          { id: "e1", stance: "support" },
          { id: "e1", stance: "contradict" },
        ],
      },
      /stances item 2 id gives e1 again/,
    ],
  ])("answers %s with an error naming the problem", async (_kind, args, message) => {
    const client = await connect();
    const report = await corroborated(client);
    const result = await client.callTool({
      name: "assess",
      arguments: { runId: report.runId, stances: [], ...args },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });
});
