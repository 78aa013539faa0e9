import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../../src/interfaces/cli/run-cli.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import { runCliWith } from "../../helpers/run-cli.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-cli-"));

/** Runs the CLI in-process; the keyless tier stays off and state stays in a temporary folder unless a test says otherwise. */
async function cli(argv: string[], extra: Record<string, string | undefined> = {}, stdin = "") {
  return runCliWith(
    argv,
    { CORE_SEARCH_KEYLESS: "off", CORE_SEARCH_STATE_DIR: STATE_DIR, CORE_SEARCH_CACHE_TTL: "0", ...extra },
    stdin,
  );
}

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name, i) => ({
  name,
  categories: name === "arxiv" ? ["science"] : ["general"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("core-search CLI", () => {
  it("prints help and version", async () => {
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/core-search plan "<question>" --json/);
    const version = await cli(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("prints the report's JSON Schema", async () => {
    const { code, stdout } = await cli(["schema"]);
    expect(code).toBe(0);
    const schema = JSON.parse(stdout) as { properties: Record<string, unknown>; required: string[] };
    expect(schema.required).toEqual(
      expect.arrayContaining(["version", "claim", "finding", "confidence", "evidence", "calls", "coverage"]),
    );
  });

  it("prints the plan as JSON without touching the network", async () => {
    const { code, stdout } = await cli(["plan", "Does cracking knuckles cause arthritis?", "--json"], {
      SEARXNG_URL: "http://127.0.0.1:1",
    });
    expect(code).toBe(0);
    const plan = JSON.parse(stdout) as {
      queryType: string;
      newsCall: boolean;
      calls: { role: string; limit: number }[];
    };
    expect(plan.queryType).toBe("claim");
    expect(plan.newsCall).toBe(false);
    expect(plan.calls.map((c) => c.role)).toEqual(["neutral", "science", "counter"]);
    expect(plan.calls.every((c) => c.limit === 5)).toBe(true);
  });

  it("prints the plan as text with its language and what the counter-query looks for", async () => {
    const { code, stdout } = await cli(["plan", "Ist Kaffee gesund?"], {});
    expect(code).toBe(0);
    expect(stdout).toContain("Claim: Kaffee ist gesund");
    expect(stdout).toMatch(/Language: de\n/);
    expect(stdout).toContain("Counter-query looks for: risks");
    expect(stdout).toContain("[counter] Kaffee Risiken Nachteile Kritik");
  });

  it("plans with the configured limit, and refuses a bad one", async () => {
    const ok = await cli(["plan", "Is X safe?", "--json"], { CORE_SEARCH_LIMIT: "8" });
    expect((JSON.parse(ok.stdout) as { calls: { limit: number }[] }).calls[0]?.limit).toBe(8);
    const flag = await cli(["plan", "Is X safe?", "--json", "--limit", "3"], { CORE_SEARCH_LIMIT: "8" });
    expect((JSON.parse(flag.stdout) as { calls: { limit: number }[] }).calls[0]?.limit).toBe(3);
    const bad = await cli(["plan", "Is X safe?", "--json"], { CORE_SEARCH_LIMIT: "99" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/CORE_SEARCH_LIMIT/);
  });

  it.each([
    [[""], /empty/],
    [["   "], /empty/],
    [["x".repeat(100_000)], /too long/],
    [["Is \u001b[31mthis safe?"], /control characters/],
    [[], /Missing the question/],
    [["Is", "X", "safe"], /one quoted question/],
    [["search"], /Missing the query: core-search search "X safety"/],
    [["search", "X", "safety"], /Expected one quoted query, got 2 arguments/],
    [["Is X safe?", "--bogus"], /unknown option --bogus\. Run core-search --help/],
    [["plan", "Is X safe?", "--port", "1"], /--port is not an option of plan\. Run core-search plan --help/],
    [["schema", "extra"], /schema takes no arguments \(got "extra"\)/],
    [["search", "q", "--limit"], /'--limit <value>' argument missing\. Run core-search search --help/],
    [["Is X safe?", "--limit", "many"], /--limit must be an integer between 1 and 20/],
  ])("exits 2 with a clear message for %#", async (argv, message) => {
    const { code, stderr, stdout } = await cli(argv, { SEARXNG_URL: "http://127.0.0.1:1" });
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe("");
  });

  it("exits 2 naming every bad setting at once", async () => {
    const { code, stderr } = await cli(["Is X safe?"], {
      CORE_SEARCH_KEYLESS: "maybe",
      CORE_SEARCH_LIMIT: "99",
      SEARXNG_URL: "not a url",
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/CORE_SEARCH_KEYLESS/);
    expect(stderr).toMatch(/CORE_SEARCH_LIMIT/);
    expect(stderr).toMatch(/SEARXNG_URL/);
  });

  it.each([
    [
      { CORE_SEARCH_KEYLESS: "off" },
      /CORE_SEARCH_KEYLESS=auto +the free keyless Exa and Parallel endpoints \(now off\)/,
    ],
    [
      { CORE_SEARCH_KEYLESS: "auto", CORE_SEARCH_ORDER: "brave,tavily" },
      /CORE_SEARCH_ORDER=…,exa,parallel +keyless endpoints run only for exa or parallel/,
    ],
  ])("exits 2 and names the settings to set when nothing is configured (%j)", async (env, keylessLine) => {
    for (const argv of [["Is X safe?"], ["search", "q"]]) {
      const { code, stderr, stdout } = await cli(argv, env);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/^core-search: no stage configured — no search service can be asked/);
      for (const setting of ["SEARXNG_URL=", "EXA_API_KEY=", "BRAVE_SEARCH_API_KEY", "DEGOOG_URL="]) {
        expect(stderr).toContain(setting);
      }
      expect(stderr).toMatch(keylessLine);
      expect(stderr).toMatch(/run core-search doctor/);
    }
  });

  it("--order replaces CORE_SEARCH_ORDER for one run", async () => {
    server = await startFakeSearxng(ENGINES);
    const env = { SEARXNG_URL: server.url, CORE_SEARCH_KEYLESS: "auto", CORE_SEARCH_ORDER: "searxng" };
    const ordered = await cli(["search", "fasting", "--json", "--order", "brave"], env);
    expect(ordered.code).toBe(2);
    expect(ordered.stderr).toMatch(/CORE_SEARCH_ORDER=…,exa,parallel/);
    expect(server.requests).toHaveLength(0);
    const plain = await cli(["search", "fasting", "--json"], env);
    expect(plain.code).toBe(0);
  });

  it("prints a markdown report in the skill's shape, exit 0", async () => {
    server = await startFakeSearxng(ENGINES);
    const { code, stdout } = await cli(["Is intermittent fasting safe?", "--read", "0"], {
      SEARXNG_URL: server.url,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\*\*Claim:\*\* /);
    for (const heading of [
      "**Supporting evidence:**",
      "**Contradicting evidence:**",
      "**Confidence:**",
      "**Calls:**",
    ]) {
      expect(stdout).toContain(heading);
    }
  });

  it("prints a schema-valid JSON report; exit 3 when every call failed", async () => {
    server = await startFakeSearxng(ENGINES.map((e) => ({ ...e, fails: "timeout" })));
    const { code, stdout, stderr } = await cli(["Is intermittent fasting safe?", "--json"], {
      SEARXNG_URL: server.url,
    });
    expect(code).toBe(3);
    const report = reportSchema.parse(JSON.parse(stdout));
    expect(report.confidence).toBe("low-coverage");
    expect(stderr).toMatch(/every planned call failed .* Run core-search doctor/);
  });

  it("assess reads evidence lines from standard input and prints the assessment", async () => {
    const lines = [
      { url: "https://a.example/1", title: "A page", snippet: "Text." },
      { url: "https://b.example/2", text: "Another page's text." },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const { code, stdout } = await cli(
      ["assess", "--claim", "X is safe", "--evidence", "-", "--json"],
      {},
      lines,
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { claim: string; evidence: unknown[]; confidence: string };
    expect(result.claim).toBe("X is safe");
    expect(result.evidence).toHaveLength(2);
    expect(result.confidence).toBe("low-coverage");
  });

  it("measures each --data file in a section of its own", async () => {
    const files = ["headlines.jsonl", "arguments.jsonl", "snippets.jsonl"].map((name) =>
      fileURLToPath(new URL(`../../fixtures/eval/${name}`, import.meta.url)),
    );
    const argv = ["eval", ...files.flatMap((file) => ["--data", file])];
    const text = await cli(argv);
    expect(text.code).toBe(0);
    expect(text.stdout.match(/^## .*$/gm)).toEqual(files.map((file) => `## ${file}`));
    expect(text.stdout.match(/^\d+ claims?, \d+ items?$/gm)).toEqual([
      "2 claims, 5 items",
      "2 claims, 4 items",
      "1 claim, 2 items",
    ]);
    expect(text.stdout.match(/^Always "support": .*$/gm)).toHaveLength(3);
    // Veracity lines only for the data that has veracity.
    expect(text.stdout.match(/^Contested claims that are false/gm)).toHaveLength(2);

    const json = await cli([...argv, "--json"]);
    const parsed = JSON.parse(json.stdout) as { files: { file: string; items: number; stance: object }[] };
    expect(parsed.files.map((f) => [f.file, f.items])).toEqual(files.map((file, i) => [file, [5, 4, 2][i]]));
    expect(parsed.files[1]?.stance).toMatchObject({
      neutralShare: expect.any(Number),
      ece: expect.any(Number),
    });
  });

  it.each([
    [["assess", "--evidence", "-"], /--claim "<claim>" is required/],
    [
      ["assess", "--claim", "X", "--evidence", "/nonexistent/file.jsonl"],
      /cannot read \/nonexistent\/file.jsonl \(ENOENT\)/,
    ],
    [["eval"], /--data <file.jsonl or -> is required/],
    [["eval", "--data", "-"], /standard input holds no claims/],
  ])("assess/eval refuse bad input: %j", async (argv, message) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe("the command a run is told about before it starts", () => {
  const told = async (argv: string[]) => {
    const commands: string[] = [];
    const code = await runCli(argv, {
      stdout: () => {},
      stderr: () => {},
      env: {},
      beforeCommand: (command) => commands.push(command),
    });
    return { code, commands };
  };

  it("is the command the arguments name, wherever the options stand", async () => {
    expect(await told(["plan", "Is coffee safe?"])).toEqual({ code: 0, commands: ["plan"] });
    expect(await told(["--json", "plan", "Is coffee safe?"])).toEqual({
      code: 0,
      commands: ["plan"],
    });
  });

  it("is not told for a run that stops at its arguments", async () => {
    expect((await told(["plan", "--no-such-option"])).commands).toEqual([]);
    expect((await told(["--version"])).commands).toEqual([]);
  });
});
