/**
 * `assess` given a kept run's id and the caller's stances instead of the evidence, through the
 * library, the command line and HTTP (MCP: test/interfaces/mcp/run-resources.test.ts): the same
 * fields, the same answers, the same refusals.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../src/config/config.js";
import { type HttpApi, startHttpApi } from "../../src/interfaces/server/http-api.js";
import { type Assessment, assess } from "../../src/operations/assess.js";
import { errorOutput } from "../../src/operations/error-output.js";
import { getRun } from "../../src/operations/runs.js";
import { runCliWith } from "../helpers/run-cli.js";

const CLAIM = "Coffee is safe";
const EVIDENCE = [
  { url: "https://a.org/coffee", title: "Coffee and health", snippet: "Coffee is safe for most adults." },
  { url: "https://b.org/coffee", title: "A cup a day", snippet: "Moderate coffee intake is not harmful." },
  { url: "https://c.net/coffee", title: "Coffee habits", snippet: "Coffee drinking around the world." },
];

let stateDir: string;
let config: Config;
let env: Record<string, string>;
let api: HttpApi;
/** The run every case assesses again: three sources of three origins, judged by the built-in judge. */
let first: Assessment;
beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "core-search-assess-run-"));
  config = configFromObject({ keyless: "off", stateDir, cacheTtlMs: 0 });
  env = { CORE_SEARCH_KEYLESS: "off", CORE_SEARCH_STATE_DIR: stateDir, CORE_SEARCH_CACHE_TTL: "0" };
  api = await startHttpApi({ config, analysisThreads: 0 });
  first = await assess({ claim: CLAIM, evidence: EVIDENCE }, { config, judge: "builtin" });
});
afterAll(async () => {
  await api.close();
  rmSync(stateDir, { recursive: true, force: true });
});

type Surface = (input: Record<string, unknown>) => Promise<Assessment>;

const library: Surface = (input) => assess(input, { config });

const cli: Surface = async ({ runId, claim, stances, judge }) => {
  // Written with "=": an id may start with "-".
  const argv = ["assess", `--run-id=${String(runId)}`, "--json"];
  if (claim !== undefined) argv.push("--claim", String(claim));
  if (judge !== undefined) argv.push("--judge", String(judge));
  if (stances !== undefined) argv.push("--stances", "-");
  const lines = ((stances ?? []) as unknown[]).map((line) => JSON.stringify(line)).join("\n");
  const { code, stdout, stderr } = await runCliWith(argv, env, lines);
  if (code !== 0) throw new Error(stderr.replace(/^core-search: /, "").trimEnd());
  return JSON.parse(stdout) as Assessment;
};

const http: Surface = async (input) => {
  const answer = await request(`${api.url}/v1/assess`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await answer.body.json()) as Assessment & { error?: { code: string; message: string } };
  if (answer.statusCode !== 200)
    throw new Error(`${answer.statusCode} ${body.error?.code}: ${body.error?.message}`);
  return body;
};

/** The error as each surface says it: the library's message, the CLI's stderr, HTTP's status and code. */
async function refusal(surface: Surface, input: Record<string, unknown>): Promise<string> {
  try {
    await surface(input);
  } catch (error) {
    return surface === library ? errorOutput(error).message : (error as Error).message;
  }
  throw new Error("the input was accepted");
}

describe.each([
  ["the library", library],
  ["the command line", cli],
  ["HTTP", http],
])("assess with a run id through %s", (_name, surface) => {
  it("gives the label the stances imply, kept as a run that names the first", async () => {
    const stances = first.evidence.map(({ id }) => ({ id, stance: "contradict" }));
    const assessment = await surface({ runId: first.runId, stances });
    expect(assessment.claim).toBe(CLAIM);
    expect(assessment.evidence.map(({ url, stance, judge }) => [url, stance, judge])).toEqual(
      EVIDENCE.map(({ url }) => [url, "contradict", "caller"]),
    );
    expect([assessment.direction, assessment.confidence]).toEqual(["refutes", "corroborated"]);
    expect(assessment.runId).not.toBe(first.runId);
    const kept = await getRun(assessment.runId ?? "", { config });
    expect(kept.summary).toMatchObject({ kind: "assess", from: first.runId, question: CLAIM });
    // The new run keeps the stances with its sources: judged again, they stay the caller's.
    expect(kept.basis).toMatchObject({
      kind: "assess",
      evidence: EVIDENCE.map(() => ({ stance: "contradict" })),
    });
  });

  it("judges the sources given no stance, against the claim given", async () => {
    const assessment = await surface({
      runId: first.runId,
      claim: "Coffee is harmful",
      stances: [{ id: "e2", stance: "support" }],
      judge: "builtin",
    });
    expect(assessment.claim).toBe("Coffee is harmful");
    expect(assessment.evidence.map(({ judge }) => judge)).toEqual(["builtin", "caller", "builtin"]);
    expect(assessment.evidence[1]).toMatchObject({ url: EVIDENCE[1]?.url, stance: "support" });
  });

  it.each([
    [{ runId: "nope" }, /run-?id is not a run id/i],
    [{ runId: "D".repeat(22) }, /No run D{22}: it was never kept here/],
    [
      { stances: [{ id: "e4", stance: "support" }] },
      /stances item 1 id e4 is not in run .{22} \(its evidence is e1 to e3\)/,
    ],
    [
      { stances: [{ id: "first", stance: "support" }] },
      /stances item 1 id must be an evidence id such as e1/,
    ],
  ])("refuses %j naming the problem", async (input, message) => {
    expect(await refusal(surface, { runId: first.runId, ...input })).toMatch(message);
  });
});

describe("assess with a run id: refusals of the library's input", () => {
  it.each([
    [{ runId: "A".repeat(22), evidence: EVIDENCE }, "evidence cannot be given with a run id"],
    [
      { claim: CLAIM, evidence: EVIDENCE, stances: [] },
      "stances can only be given with the id of a stored run",
    ],
    [{ claim: CLAIM }, "evidence is required (or the id of a stored run)"],
    [{ evidence: [{ title: "t" }] }, "claim must be a string"],
  ])("%j → %s", async (input, message) => {
    expect(await refusal(library, input)).toContain(message);
  });
});
