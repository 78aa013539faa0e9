/**
 * `core-search runs`, `show <id>` and `rejudge <id>`: the kept runs listed, printed again as their
 * question printed them, and judged again without searching.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duration, localTime } from "../../../src/interfaces/cli/runs-commands.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import type { RunSummary } from "../../../src/runs/run-record.js";
import { page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { runCliWith } from "../../helpers/run-cli.js";

/** The CLI with a state folder of its own (a fresh one unless given), the keyless tier off, nothing on the network. */
function cliIn(stateDir = mkdtempSync(join(tmpdir(), "core-search-runs-cli-"))) {
  return (argv: string[], extra: Record<string, string> = {}, stdin = "") =>
    runCliWith(
      argv,
      {
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: stateDir,
        CORE_SEARCH_CACHE_TTL: "0",
        SEARXNG_URL: "http://127.0.0.1:1",
        ...extra,
      },
      stdin,
    );
}

const EVIDENCE = [
  { url: "https://a.example/1", title: "Coffee raises blood pressure, trial finds", snippet: "It does." },
  { url: "https://b.example/2", title: "Coffee and blood pressure", text: "Coffee raises blood pressure." },
]
  .map((line) => JSON.stringify(line))
  .join("\n");
const ASSESS = ["assess", "--claim", "Coffee raises blood pressure", "--evidence", "-"];

const ENGINES = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name, i) => ({
  name,
  categories: name === "arxiv" ? ["science"] : ["general"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

describe("core-search runs", () => {
  it("says when no run is kept yet, and when runs are off", async () => {
    const cli = cliIn();
    const empty = await cli(["runs"]);
    expect(empty).toMatchObject({ code: 0, stderr: "" });
    expect(empty.stdout).toMatch(/^No runs are kept yet/);
    expect(JSON.parse((await cli(["runs", "--json"])).stdout)).toEqual([]);
    const off = await cli(["runs"], { CORE_SEARCH_RUNS: "off" });
    expect(off.code).toBe(0);
    expect(off.stdout).toMatch(/^No runs are kept: CORE_SEARCH_RUNS is off/);
  });

  it("lists an assessment with its id, label, judge and claim; show prints it as assess did", async () => {
    const cli = cliIn();
    const printed = await cli(ASSESS, {}, EVIDENCE);
    expect(printed.code).toBe(0);
    const asJson = await cli([...ASSESS, "--json"], {}, EVIDENCE);
    const assessment = JSON.parse(asJson.stdout) as { runId: string; confidence: string };

    const listed = JSON.parse((await cli(["runs", "--json"])).stdout) as RunSummary[];
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      id: assessment.runId,
      kind: "assess",
      question: "Coffee raises blood pressure",
      label: assessment.confidence,
      judge: "builtin",
    });
    const firstId = listed[1]?.id as string;

    const text = await cli(["runs"]);
    expect(text.code).toBe(0);
    const [header, newest] = text.stdout.split("\n");
    expect(header).toMatch(/^when +id +label +judge +took +question$/);
    expect(newest).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d [+-]\\d\\d:\\d\\d  ${assessment.runId}  ${assessment.confidence} \\(\\w+\\) +builtin +\\d[\\d.]* (ms|s) +claim: Coffee raises blood pressure$`,
      ),
    );
    expect(text.stdout).toContain("core-search show <id>");

    expect(await cli(["show", firstId])).toEqual(printed);
    expect(await cli(["show", assessment.runId, "--json"])).toEqual(asJson);
    expect(JSON.parse((await cli(["runs", "--json", "--limit", "1"])).stdout)).toHaveLength(1);
  });

  it("prints a question's report again, and judges it again with the search service gone", async () => {
    const cli = cliIn();
    const server = await startFakeSearxng(ENGINES);
    let asked: Awaited<ReturnType<typeof cli>>;
    try {
      asked = await cli(["Is intermittent fasting safe?", "--read", "0"], { SEARXNG_URL: server.url });
    } finally {
      await server.close();
    }
    expect(asked.code).toBe(0);
    const [first] = JSON.parse((await cli(["runs", "--json"])).stdout) as RunSummary[];
    expect(first).toMatchObject({ kind: "corroborate", question: "Is intermittent fasting safe?" });
    const id = first?.id as string;
    expect(await cli(["show", id])).toEqual(asked);

    const again = await cli(["rejudge", id, "--judge", "builtin"], { SEARXNG_URL: server.url });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^\*\*Claim:\*\* /);
    expect(again.stdout).toContain(`Judged again from run ${id}, without searching`);
    const [newest] = JSON.parse((await cli(["runs", "--json"])).stdout) as RunSummary[];
    expect(newest).toMatchObject({ from: id, kind: "corroborate" });
    expect(again.stderr).toBe(
      `core-search: kept as run ${newest?.id} (judged again from run ${id}); core-search show ${newest?.id} prints it again\n`,
    );
    expect((await cli(["runs"])).stdout.split("\n")[1]).toMatch(
      new RegExp(`^.*${newest?.id}.*\\(judged again from ${id}\\)$`),
    );

    const asJson = await cli(["rejudge", id, "--json"]);
    expect(asJson).toMatchObject({ code: 0, stderr: "" });
    const report = reportSchema.parse(JSON.parse(asJson.stdout));
    expect(report.runId).not.toBe(id);
    expect(report.runId).not.toBe(newest?.id);
  });

  it("exits 3 on show and rejudge of a question whose every call failed, as the question did", async () => {
    const cli = cliIn();
    // Nothing listens on port 1: every call of the search fails.
    const asked = await cli(["Is coffee safe?", "--json", "--read", "0"]);
    expect(asked.code).toBe(3);
    const { runId } = JSON.parse(asked.stdout) as { runId: string };
    const shown = await cli(["show", runId]);
    expect(shown.code).toBe(3);
    expect(shown.stderr).toMatch(/every planned call failed/);
    expect(shown.stdout).toContain("low-coverage");
    const judged = await cli(["rejudge", runId, "--json"]);
    expect(judged.code).toBe(3);
    expect(JSON.parse(judged.stdout)).toMatchObject({ confidence: "low-coverage" });
  });

  it("re-judges without keeping when runs are off, and says so", async () => {
    const cli = cliIn();
    await cli(ASSESS, {}, EVIDENCE);
    const [first] = JSON.parse((await cli(["runs", "--json"])).stdout) as RunSummary[];
    const again = await cli(["rejudge", first?.id as string], { CORE_SEARCH_RUNS: "off" });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^\*\*Claim:\*\* /);
    expect(again.stderr).toBe(
      `core-search: judged again from run ${first?.id}; not kept (CORE_SEARCH_RUNS is off)\n`,
    );
    const listed = await cli(["runs"], { CORE_SEARCH_RUNS: "off" });
    expect(listed.stdout).toContain(first?.id);
    expect(listed.stderr).toMatch(/CORE_SEARCH_RUNS is off: these runs were kept before; new ones are not/);
  });

  it.each([
    [["show", "nope"], /^core-search: "nope" is not a run id/],
    [["rejudge", "../../etc/passwd"], /is not a run id/],
    [["show", "A".repeat(22)], /^core-search: No run A{22}: it was never kept here, or it has been removed/],
    [["rejudge", "A".repeat(22)], /^core-search: No run A{22}/],
    [["show"], /^core-search: Missing the run id: core-search show <id> \(core-search runs lists the ids\)/],
    [["rejudge", "a", "b"], /^core-search: Expected one run id, got 2 arguments: core-search rejudge <id>/],
    [["runs", "all"], /^core-search: runs takes no arguments/],
    [["runs", "--limit", "0"], /^core-search: --limit must be an integer between 1 and 1000/],
    [["runs", "--limit", "many"], /^core-search: --limit must be an integer between 1 and 1000/],
    [["show", "A".repeat(22), "--judge", "llm"], /^core-search: --judge is not an option of show/],
    [["rejudge", "A".repeat(22), "--judge", "oracle"], /^core-search: --judge must be one of auto/],
  ])("%j exits 2 saying what is wrong", async (argv, message) => {
    const { code, stdout, stderr } = await cliIn()(argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });
});

describe("how the list words time", () => {
  it.each([
    ["UTC", "2026-12-06 15:20 +00:00"],
    ["Europe/Berlin", "2026-12-06 16:20 +01:00"],
    ["America/St_Johns", "2026-12-06 11:50 -03:30"],
  ])("writes when a run ended in local time with its offset (%s), naming the same instant", (zone, text) => {
    const at = "2026-12-06T15:20:41.000Z";
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      const shown = localTime(at);
      expect(shown).toBe(text);
      const [day, time, offset] = shown.split(" ");
      expect(Date.parse(`${day}T${time}:41${offset}`)).toBe(Date.parse(at));
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it.each([
    [850, "850 ms"],
    [1_830, "1.8 s"],
    [125_000, "2 min 5 s"],
  ])("%i ms took %s", (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});
