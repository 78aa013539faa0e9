import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type Report, reportSchema } from "../../src/report/report-schema.js";
import type { RunSummary } from "../../src/runs/run-record.js";
import { runCliWith } from "../helpers/run-cli.js";
import {
  describeWithSearx,
  SEARX_HOOK_TIMEOUT_MS,
  SEARX_TEST_TIMEOUT_MS,
  type SearxServer,
  startSearx,
} from "../helpers/searx.js";

vi.setConfig({ testTimeout: SEARX_TEST_TIMEOUT_MS });

/**
 * A question asked through the command line against a real searx (test/fixtures/searx, its engines
 * fakes on loopback) is kept: listed, shown again, and judged again once searx is stopped.
 */
const STATE_DIR = mkdtempSync(join(tmpdir(), "core-search-runs-it-"));

function coreSearch(args: string[], searxUrl: string) {
  // Keyless tier off (it would reach public endpoints), state in a temporary folder of this file.
  return runCliWith(args, {
    SEARXNG_URL: searxUrl,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: STATE_DIR,
    CORE_SEARCH_CACHE_TTL: "0",
  });
}

describeWithSearx("kept runs from the CLI against a real searx", () => {
  let searx: SearxServer;
  beforeAll(async () => {
    searx = await startSearx();
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  it("lists the question's run, shows the same report, and re-judges it with searx stopped", async () => {
    const asked = await coreSearch(["Is intermittent fasting safe?", "--json", "--read", "0"], searx.url);
    expect(asked.code).toBe(0);
    const first = reportSchema.parse(JSON.parse(asked.stdout));
    expect(first.calls.filter((call) => call.status === "ok").length).toBeGreaterThan(0);
    const id = first.runId as string;
    expect(id).toMatch(/^[\w-]{22}$/);

    const listed = JSON.parse((await coreSearch(["runs", "--json"], searx.url)).stdout) as RunSummary[];
    expect(listed[0]).toMatchObject({
      id,
      kind: "corroborate",
      question: "Is intermittent fasting safe?",
      label: first.confidence,
    });

    const shown = await coreSearch(["show", id, "--json"], searx.url);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(JSON.parse(asked.stdout));

    const url = searx.url;
    await searx.stop();
    // Nothing answers at searx's address any more.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    const again = await coreSearch(["rejudge", id, "--json"], url);
    expect(again.code).toBe(0);
    const report: Report = reportSchema.parse(JSON.parse(again.stdout));
    expect(report.runId).toMatch(/^[\w-]{22}$/);
    expect(report.runId).not.toBe(id);
    expect(report.notes).toContain(`Judged again from run ${id}, without searching`);
    expect(report.question).toBe(first.question);
    expect(report.calls).toEqual(first.calls);
    expect(report.evidence.map((item) => item.url)).toEqual(first.evidence.map((item) => item.url));
    expect(report.origins.length).toBeGreaterThan(0);
    const [newest] = JSON.parse((await coreSearch(["runs", "--json"], url)).stdout) as RunSummary[];
    expect(newest).toMatchObject({ id: report.runId, from: id, label: report.confidence });
  });
});
