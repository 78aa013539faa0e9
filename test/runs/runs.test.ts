/**
 * Every run is kept: `corroborate` and `assess` store their report and what it was built from, and
 * a stored run is listed, fetched and judged again without searching — with a new id that names
 * the first — while no key of the settings is ever stored.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Config, configFromObject } from "../../src/config/config.js";
import { CoreSearchError, InvalidInputError } from "../../src/errors.js";
import type { StanceJudge } from "../../src/judge/stance.js";
import { assess } from "../../src/operations/assess.js";
import { assessmentSchema } from "../../src/operations/assess-input.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { deleteRun, getRun, listRuns, rejudge } from "../../src/operations/runs.js";
import type { SearchProvider } from "../../src/providers/search-provider.js";
import { type Report, reportSchema } from "../../src/report/report-schema.js";
import { isRunId, newRunId } from "../../src/runs/run-id.js";

const CANARY = "canary-key-0123456789abcdef";
const PAGES = [
  ["a.example", "Intermittent fasting is safe for most adults, review finds"],
  ["b.example", "Intermittent fasting is safe and helps weight loss, trial shows"],
  ["c.example", "Doctors say intermittent fasting is safe for healthy people"],
  ["d.example", "Intermittent fasting: what the trials say about safety"],
] as const;

/** One search service finding the same pages for every call, one address carrying the key back. */
function scripted(calls: { count: number }, down = false): SearchProvider {
  return {
    name: "exa",
    configured: true,
    search: async () => {
      calls.count += 1;
      if (down) throw new Error("the service is down");
      return {
        hits: PAGES.map(([domain, title], i) => ({
          url: `https://${domain}/fasting?api_key=${CANARY}&page=${i}`,
          title,
          snippet: `${title}. Reported with key ${CANARY} in the text.`,
          publishedAt: null,
          engines: [],
          rank: i + 1,
        })),
        unresponsiveEngines: [],
        warnings: [],
      };
    },
  };
}

function settings(extra: Partial<Config> = {}): Config {
  return configFromObject({
    keyless: "off",
    stateDir: mkdtempSync(join(tmpdir(), "core-search-runs-")),
    cacheTtlMs: 0,
    keys: { exa: CANARY },
    ...extra,
  });
}

/** Every file under the state directory, as text. */
function stored(config: Config): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [readFileSync(join(dir, entry.name), "utf8")],
    );
  return walk(config.stateDir).join("\n");
}

/** Says the opposite of every snippet. */
const contrarian: StanceJudge = {
  name: "contrarian",
  kind: "caller",
  judge: async (_claim, items) => items.map(() => ({ stance: "contradict", score: 0.9 })),
};

describe("runs", () => {
  it("keeps a question's run, lists it, gives the same report back, and keeps no key", async () => {
    const config = settings();
    const calls = { count: 0 };
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config,
      providers: [scripted(calls)],
    });
    expect(report.notes).toEqual(expect.not.arrayContaining([expect.stringMatching(/not kept/)]));
    expect(isRunId(report.runId)).toBe(true);
    reportSchema.parse(report);

    const [listed] = await listRuns({ config });
    expect(listed).toMatchObject({
      id: report.runId,
      kind: "corroborate",
      question: "Is intermittent fasting safe?",
      label: report.confidence,
      judge: "builtin",
    });
    const run = await getRun(report.runId as string, { config });
    expect(withoutKey(run.report)).toEqual(withoutKey(report));
    expect(stored(config)).not.toContain(CANARY);
    expect(stored(config)).toContain("api_key=***");
  });

  it("judges a run again without searching, under a new id that names the first", async () => {
    const config = settings();
    const calls = { count: 0 };
    const first = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config,
      providers: [scripted(calls)],
    });
    const searched = calls.count;
    expect(first.direction).toBe("affirms");

    const again = (await rejudge(first.runId as string, { config, judge: contrarian })) as Report;
    expect(calls.count).toBe(searched);
    reportSchema.parse(again);
    expect(again.runId).not.toBe(first.runId);
    expect(again.notes).toContain(`Judged again from run ${first.runId}, without searching`);
    expect(again.direction).toBe("refutes");
    expect(again.evidence.map((item) => item.domain)).toEqual(first.evidence.map((item) => item.domain));
    const [newest] = await listRuns({ config, limit: 1 });
    expect(newest).toMatchObject({ id: again.runId, from: first.runId });
  });

  it("keeps an assessment and judges it again", async () => {
    const config = settings();
    const evidence = PAGES.map(([domain, title]) => ({ url: `https://${domain}/x`, title, snippet: title }));
    const first = await assess({ claim: "Intermittent fasting is safe", evidence }, { config });
    assessmentSchema.parse(first);
    expect(isRunId(first.runId)).toBe(true);
    const again = await rejudge(first.runId as string, { config, judge: contrarian });
    expect(again.direction).toBe("refutes");
    expect((await getRun(again.runId as string, { config })).summary.from).toBe(first.runId);
  });

  it("keeps nothing when runs are off", async () => {
    const config = settings({ runs: "off" });
    const report = await corroborate("Is intermittent fasting safe?", {
      read: 0,
      config,
      providers: [scripted({ count: 0 })],
    });
    expect(report.runId).toBeUndefined();
    expect(await listRuns({ config })).toEqual([]);
  });

  it("keeps only the newest runs the keep setting allows", async () => {
    const config = settings({ runsKeep: { count: 2, ms: 86_400_000 } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const report = await assess({ claim: "Intermittent fasting is safe", evidence: [] }, { config });
      ids.push(report.runId as string);
    }
    expect((await listRuns({ config })).map((run) => run.id)).toEqual([ids[2], ids[1]]);
    await expect(getRun(ids[0] as string, { config })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("keeps a run too large for the store cut, with a note, without failing the question", async () => {
    const config = settings();
    const long = "Intermittent fasting is safe for most adults. ".repeat(400);
    const evidence = Array.from({ length: 60 }, (_, i) => ({
      url: `https://site${i}.example/page`,
      title: `Report ${i}`,
      text: long,
    }));
    const first = await assess({ claim: "Intermittent fasting is safe", evidence }, { config });
    expect(first.notes.some((note) => /kept without what it was built from/.test(note))).toBe(true);
    const run = await getRun(first.runId as string, { config });
    expect(run.basis).toBeUndefined();
    expect(run.report.notes).toEqual(expect.arrayContaining([expect.stringMatching(/text cut to 1,000/)]));
    await expect(rejudge(first.runId as string, { config })).rejects.toThrow(/cannot be judged again/);
  });

  it("says which ids are not runs, and which runs are not there", async () => {
    const config = settings();
    await expect(getRun("../../etc/passwd", { config })).rejects.toBeInstanceOf(InvalidInputError);
    const missing = "A".repeat(22);
    const error = await getRun(missing, { config }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CoreSearchError);
    expect((error as CoreSearchError).code).toBe("NOT_FOUND");
    expect(await deleteRun(missing, { config })).toBe(false);
  });

  it("removes a run", async () => {
    const config = settings();
    const { runId } = await assess({ claim: "Intermittent fasting is safe", evidence: [] }, { config });
    expect(await deleteRun(runId as string, { config })).toBe(true);
    expect(await listRuns({ config })).toEqual([]);
    await expect(getRun(runId as string, { config })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

/** A report with the key, masked or not, written one way: stored reports hold it masked. */
function withoutKey(report: unknown): unknown {
  return JSON.parse(
    JSON.stringify(report)
      .replaceAll(CANARY, "KEY")
      .replaceAll("[redacted]", "KEY")
      .replaceAll("api_key=***", "api_key=KEY"),
  );
}

describe("run ids", () => {
  it("are 22 letters and digits, never a leading dash, and never the same twice", () => {
    const ids = Array.from({ length: 2_000 }, () => newRunId());
    expect(ids.every((id) => /^[A-Za-z0-9]{22}$/u.test(id) && isRunId(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Every letter and digit turns up last somewhere: the ids use the whole alphabet.
    expect(new Set(ids.map((id) => id.at(-1))).size).toBe(62);
  });
});
