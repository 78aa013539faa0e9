import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configFromObject } from "../../../src/config/config.js";
import { runCli } from "../../../src/interfaces/cli/run-cli.js";
import { corroborate } from "../../../src/operations/corroborate.js";
import type { ProgressEvent } from "../../../src/operations/progress-events.js";
import { type Report, reportSchema } from "../../../src/report/report-schema.js";
import { type FakeEngine, page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-cli-explain-"));
const NOT_A_TTY = { stdout: false, stderr: false };
const ANSI = "\u001b[";

/** The CLI in-process with the streams' TTY facts injected, as bin.ts fills them in. */
async function cli(argv: string[], env: Record<string, string | undefined>, isTTY = NOT_A_TTY) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { CORE_SEARCH_KEYLESS: "off", CORE_SEARCH_STATE_DIR: STATE_DIR, CORE_SEARCH_CACHE_TTL: "0", ...env },
    isTTY,
  });
  return { code, stdout, stderr };
}

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name, i) => ({
  name,
  categories: name === "arxiv" ? ["science"] : ["general"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));
const QUESTION = "Is intermittent fasting safe?";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function searx(engines = ENGINES) {
  server = await startFakeSearxng(engines);
  return server.url;
}

describe("--explain", () => {
  it("writes plan, preflight, attempts, dedup and label reasons to stderr; stdout stays the JSON report", async () => {
    const { code, stdout, stderr } = await cli([QUESTION, "--read", "0", "--json", "--explain"], {
      SEARXNG_URL: await searx(),
    });
    expect(code).toBe(0);
    const report: Report = reportSchema.parse(JSON.parse(stdout));
    expect(stdout).not.toContain("SearXNG preflight");

    // the plan, with each call's role, query, categories, engines and time range, and the skipped news call
    expect(stderr).toMatch(/^Plan\n/);
    expect(stderr).toContain("  type        evaluative");
    expect(stderr).toContain(`  claim       ${report.claim}`);
    expect(stderr).toContain("  subject     intermittent fasting");
    expect(stderr).toMatch(
      /\n {4}1 neutral +"Is intermittent fasting safe" · categories general · engines bing, google, duckduckgo · time year\n/,
    );
    expect(stderr).toMatch(/\n {4}2 news +skipped — no recency or event component\n/);
    expect(stderr).toMatch(
      /\n {4}4 counter +"[^"]+" · categories general · engines mojeek, wiby · time year\n/,
    );

    // the preflight's facts, which the report does not carry
    expect(stderr).toMatch(
      /\nSearXNG preflight\n {2}ok in \d+ ms \(\d requests?\): 6 healthy engines \(arxiv, bing, duckduckgo, google, mojeek, wiby\) · 4 web-index families \(bing, google, mojeek, wiby\)\n/,
    );

    // each call that ran, with its attempts and timings
    for (const call of report.calls.filter((c) => c.status !== "skipped")) {
      expect(stderr).toContain(
        `  ${call.id} ${call.role} "${call.query}" — ok: ${call.hits} hits from searxng`,
      );
    }
    expect(stderr).toMatch(/\n {4}searxng {2}ok +\d+ ms · \d+ hits\n/);
    expect(stderr).toMatch(/\n {4}categories general · engines mojeek, wiby · time year\n/);

    // dedup figures and the label's reasons, from the same report
    const results = report.calls.reduce((sum, c) => sum + c.hits, 0);
    expect(stderr).toContain(
      `\nDedup\n  ${results} results → ${report.coverage.uniqueUrls} unique pages (${report.coverage.uniqueDomains} domains) → ${report.coverage.independentOrigins} independent origins\n`,
    );
    expect(stderr).toContain(`\nLabel\n  ${report.confidence} — `);
    const reasons = report.notes.filter((n) => n.startsWith("Confidence: "));
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(stderr).toContain(`  - ${reason.slice("Confidence: ".length)}`);

    // piped: no progress lines and no colour
    expect(stderr).not.toContain("searching");
    expect(stderr).not.toContain(ANSI);
  });

  it("says when the preflight degraded the plan to one general call", async () => {
    const engines = ENGINES.filter((e) => ["bing", "duckduckgo", "arxiv"].includes(e.name));
    const { code, stderr } = await cli([QUESTION, "--read", "0", "--explain"], {
      SEARXNG_URL: await searx(engines),
    });
    expect(code).toBe(0);
    expect(stderr).toMatch(/ok, degraded in \d+ ms .* · 1 web-index family \(bing\)/);
    expect(stderr).toContain(
      "degraded: fewer than 3 web-index families, so one general call ran instead of the 3 planned",
    );
    expect(stderr).toContain('  1 single "Is intermittent fasting safe" — ok');
  });

  it("shows a failed preflight and every failed attempt; exit 3 with the doctor hint last", async () => {
    const url = await searx();
    await server?.close();
    server = undefined;
    const { code, stdout, stderr } = await cli([QUESTION, "--read", "0", "--explain"], { SEARXNG_URL: url });
    expect(code).toBe(3);
    expect(stdout).toMatch(/^\*\*Claim:\*\* /);
    expect(stderr).toMatch(/\nSearXNG preflight\n {2}failed after \d+ ms — .+; SearXNG was not asked\n/);
    expect(stderr).toMatch(
      /— failed: no service answered\n {4}categories .*\n {4}searxng {2}unhealthy +—\n {4}not configured: exa, parallel/,
    );
    expect(stderr).toMatch(/Run core-search doctor to see each stage.*\n$/);
  });

  it("search --explain shows each attempt; --json stays the envelope", async () => {
    const { code, stdout, stderr } = await cli(["search", "fasting", "--json", "--explain", "--limit", "3"], {
      SEARXNG_URL: await searx(),
    });
    expect(code).toBe(0);
    const envelope = JSON.parse(stdout) as { success: boolean; data: { web: unknown[] } };
    expect(envelope.success).toBe(true);
    const hits = envelope.data.web.length;
    expect(stderr).toContain(
      "  query       fasting\n  request     categories general · time any · limit 3\n",
    );
    expect(stderr).toMatch(new RegExp(`\\nAttempts\\n {2}searxng {2}ok +\\d+ ms · ${hits} hits\\n`));
    expect(stderr).toContain(`\nOutcome\n  ok: ${hits} results from searxng\n\n`);
  });

  it("search --explain names the search options asked, and the warnings say what a service left unapplied", async () => {
    const { code, stderr } = await cli(
      [
        "search",
        "fasting",
        "--explain",
        "--page",
        "2",
        "--language",
        "de",
        "--safe-search",
        "off",
        "--include-domains",
        "site0.org, site1.org",
        "--engines",
        "bing,google",
      ],
      { SEARXNG_URL: await searx() },
    );
    expect(code).toBe(0);
    expect(stderr).toContain(
      "  request     categories general · time any · limit 5 · page 2 · language de · safe search off · only site0.org, site1.org · engines bing, google\n",
    );
    expect(stderr).toContain(
      "core-search: warning: searxng: includeDomains not supported: its results were filtered by address instead (2 of 4 kept)\n",
    );
  });

  it("search with every engine down: exit 3, the attempts, and the doctor hint", async () => {
    const down = ENGINES.map((e) => ({ ...e, fails: "timeout" }));
    const { code, stderr } = await cli(["search", "fasting", "--explain"], {
      SEARXNG_URL: await searx(down),
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /\n {2}searxng {2}engines_unavailable +\d+ ms · engines unavailable: bing \(timeout\)/,
    );
    expect(stderr).toContain("  request     categories general · time any · limit 5\n");
    expect(stderr).toContain("Run core-search doctor");
  });
});

describe("progress on stderr", () => {
  it("prints a line per event when stderr is a terminal, none on stdout", async () => {
    const { code, stdout, stderr } = await cli(
      [QUESTION, "--read", "0"],
      { SEARXNG_URL: await searx(), NO_COLOR: "1" },
      { stdout: false, stderr: true },
    );
    expect(code).toBe(0);
    const lines = stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^· SearXNG preflight ok: 4 web-index families \(bing, google, mojeek, wiby\), \d+ ms$/,
    );
    for (const [id, role] of [
      [1, "neutral"],
      [3, "science"],
      [4, "counter"],
    ] as const) {
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^· call ${id} \\(${role}\\): searching "`)),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^· call ${id} \\(${role}\\): searxng ok, \\d+ hits, \\d+ ms$`)),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^✓ call ${id} \\(${role}\\) done: \\d+ hits from searxng, \\d+ ms$`),
        ),
      );
    }
    // each call's lines in order: started, attempt, done
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    expect(at(/call 3 \(science\): searching/)).toBeLessThan(at(/call 3 \(science\): searxng ok/));
    expect(at(/call 3 \(science\): searxng ok/)).toBeLessThan(at(/call 3 \(science\) done/));
    expect(stdout).not.toMatch(/searching|preflight/);
  });

  it("is quiet when stderr is piped, even if stdout is a terminal", async () => {
    const { code, stderr } = await cli(
      [QUESTION, "--read", "0"],
      { SEARXNG_URL: await searx() },
      { stdout: true, stderr: false },
    );
    expect(code).toBe(0);
    expect(stderr).toBe("");
  });

  it("search shows its one call's progress", async () => {
    const { stderr } = await cli(
      ["search", "fasting"],
      { SEARXNG_URL: await searx(), NO_COLOR: "1" },
      { stdout: false, stderr: true },
    );
    expect(stderr).toMatch(
      /^· call 1 \(single\): searching "fasting"\n· call 1 \(single\): searxng ok, \d+ hits/,
    );
  });
});

describe("colour", () => {
  const TTY = { stdout: true, stderr: true };

  it("colours progress and --explain on a terminal, never stdout", async () => {
    const { stdout, stderr } = await cli(
      [QUESTION, "--read", "0", "--explain"],
      { SEARXNG_URL: await searx() },
      TTY,
    );
    expect(stderr).toContain(ANSI);
    expect(stdout).not.toContain(ANSI);
  });

  it("never colours the JSON", async () => {
    const { stdout, stderr } = await cli(
      [QUESTION, "--read", "0", "--json"],
      { SEARXNG_URL: await searx() },
      TTY,
    );
    expect(stdout).not.toContain(ANSI);
    expect(stderr).toContain(ANSI);
  });

  it.each([
    [{ NO_COLOR: "1" }, TTY],
    [{ NO_COLOR: "yes please" }, TTY],
    [{ FORCE_COLOR: "0" }, TTY],
    [{ TERM: "dumb" }, TTY],
    [{}, NOT_A_TTY],
  ])("none with %j on %j", async (env, isTTY) => {
    const { code, stdout, stderr } = await cli(
      [QUESTION, "--read", "0", "--explain"],
      { SEARXNG_URL: await searx(), ...env },
      isTTY,
    );
    expect(code).toBe(0);
    expect(stderr).toContain("SearXNG preflight");
    expect(stderr).not.toContain(ANSI);
    expect(stdout).not.toContain(ANSI);
  });

  it("an empty NO_COLOR does not turn colour off (no-color.org)", async () => {
    const { stderr } = await cli(
      [QUESTION, "--read", "0"],
      { SEARXNG_URL: await searx(), NO_COLOR: "" },
      TTY,
    );
    expect(stderr).toContain(ANSI);
  });
});

describe("onProgress", () => {
  it("reports preflight, then each call's start, attempts and end; a throwing listener changes nothing", async () => {
    const url = await searx();
    const config = configFromObject({ searxngUrl: url, keyless: "off", stateDir: STATE_DIR, cacheTtlMs: 0 });
    const events: ProgressEvent[] = [];
    const report = await corroborate(QUESTION, {
      config,
      read: 0,
      onProgress: (event) => {
        events.push(event);
        throw new Error("listener bug");
      },
    });
    expect(report.calls.filter((c) => c.status === "ok")).toHaveLength(3);
    expect(events[0]).toMatchObject({ type: "preflight", status: "ok", degraded: false });
    for (const call of report.calls.filter((c) => c.status !== "skipped")) {
      const own = events.filter((e) => "call" in e && e.call === call.id);
      expect(own.map((e) => e.type)).toEqual(["call-started", "attempt", "call-finished"]);
      expect(own[1]).toMatchObject({ type: "attempt", provider: "searxng", outcome: "ok", hits: call.hits });
      expect(own[2]).toMatchObject({
        type: "call-finished",
        status: "ok",
        provider: "searxng",
        hits: call.hits,
      });
    }
  });
});
