/**
 * The shared state against what a careless host puts where it should be: a Redis address where
 * something accepts connections and never answers, answers garbage or floods; a FIFO, a symlink to
 * /dev/zero, a huge file or a directory where a state file should be; a state directory under
 * /proc. Each is a run of the built CLI, which must end in a report (the state's trouble named in
 * its notes) within the deadline and a second, under 500 MB, with no crash, stack trace or hang.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeRedis, type FakeRedisBehaviour, startFakeRedis } from "../helpers/fake-redis.js";
import { type FakeEngine, page, startFakeSearxng } from "../helpers/fake-searxng.js";
import { BIN } from "../helpers/run-bin.js";
import type { ScriptedServer } from "../helpers/scripted-server.js";

const DEADLINE_MS = 2_000;
/** What the deadline may be passed by (the state's own bound is 1 s of it). */
const PAST_DEADLINE_MS = 1_000;
/** Starting node and loading the CLI, on a loaded machine. */
const START_UP_MS = 3_000;
const MAX_PEAK_MB = 500;

const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek"].map((name, i) => ({
  name,
  categories: ["general", "news", "science"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The process's peak resident memory, from /proc while it ran. */
  peakMb: number;
}

/** Runs the built CLI, watching its peak memory; a run still going after a minute is killed (a hang). */
function runWatched(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let peakKb = 0;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const watch = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
        peakKb = Math.max(peakKb, Number(hwm ?? 0));
      } catch {
        // it has just exited
      }
    }, 20);
    const hung = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearInterval(watch);
      clearTimeout(hung);
      resolve({ code, stdout, stderr, ms: performance.now() - started, peakMb: peakKb / 1024 });
    });
  });
}

let searx: ScriptedServer;
beforeAll(async () => {
  searx = await startFakeSearxng(ENGINES);
});
afterAll(async () => {
  await searx.close();
});

const baseEnv = (): Record<string, string> => ({
  SEARXNG_URL: searx.url,
  CORE_SEARCH_ORDER: "searxng",
  CORE_SEARCH_KEYLESS: "off",
  CORE_SEARCH_DEADLINE_MS: String(DEADLINE_MS),
});

/** A question through the CLI, checked for everything a reproduction must end in; returns its notes. */
async function expectReport(env: Record<string, string>): Promise<string> {
  const run = await runWatched(["Is intermittent fasting safe?", "--json", "--read", "0"], {
    ...baseEnv(),
    ...env,
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  const report = JSON.parse(run.stdout) as {
    evidence: unknown[];
    notes: string[];
    timing: { totalMs: number };
  };
  // The state's trouble costs no evidence: the search itself was fine.
  expect(report.evidence.length).toBeGreaterThan(0);
  expect(report.timing.totalMs).toBeLessThanOrEqual(DEADLINE_MS + PAST_DEADLINE_MS);
  expect(run.ms).toBeLessThan(DEADLINE_MS + PAST_DEADLINE_MS + START_UP_MS);
  expect(run.peakMb).toBeGreaterThan(0);
  expect(run.peakMb).toBeLessThan(MAX_PEAK_MB);
  return report.notes.join("\n");
}

describe("a Redis address where something else answers", () => {
  let fake: FakeRedis | undefined;
  afterAll(async () => {
    await fake?.close();
  });
  const RESP_ARRAY_TOO_LONG = "*4294967296\r\n";

  it.each<[string, FakeRedisBehaviour, RegExp]>([
    [
      "accepts and never answers",
      { silent: true },
      /Shared state \(redis\) failed: .*no answer within 1000 ms/,
    ],
    [
      "answers an array longer than the parser can hold",
      { reply: RESP_ARRAY_TOO_LONG },
      /Shared state \(redis\) failed: .*does not speak Redis's protocol/,
    ],
    [
      "answers bytes that are not Redis's protocol",
      { reply: Buffer.from([0x00, 0xff, 0x9b, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x0d, 0x0a]) },
      /Shared state \(redis\) failed: .*does not speak Redis's protocol/,
    ],
    [
      "acknowledges everything and never hangs up",
      { reply: "+OK\r\n" },
      /Shared state \(redis\) failed: (no answer within 1000 ms|.*is not JSON)/,
    ],
    ["floods an endless value", { flood: true }, /Shared state \(redis\) failed: /],
  ])("%s: a report, with the trouble in its notes", async (_, behaviour, note) => {
    await fake?.close();
    fake = await startFakeRedis(behaviour);
    const notes = await expectReport({ CORE_SEARCH_REDIS_URL: fake.url });
    expect(notes).toMatch(note);
    // No control character from the reply reaches the notes.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    expect(notes).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/);
    expect(fake.connections()).toBeGreaterThan(0);
    // The flood is cut long before it fills memory.
    if ("flood" in behaviour) expect(fake.bytesSent()).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("a state directory holding what is not state", () => {
  /** A fresh state directory with `plant` put at the pause file every run reads. */
  function stateDirWith(plant: (file: string) => void): string {
    const dir = mkdtempSync(join(tmpdir(), "core-search-hostile-state-"));
    mkdirSync(join(dir, "pause"));
    plant(join(dir, "pause", "searxng.json"));
    return dir;
  }

  it.each<[string, (file: string) => void, RegExp]>([
    ["a FIFO", (file) => execFileSync("mkfifo", [file]), /pause\/searxng\.json is not a regular file/],
    ["a symlink to /dev/zero", (file) => symlinkSync("/dev/zero", file), /is not a regular file/],
    ["a directory", (file) => mkdirSync(file), /is not a regular file/],
    [
      "a file of 8 MiB",
      (file) => writeFileSync(file, `{"value":"${"x".repeat(8 * 1024 * 1024)}","expiresAt":1}`),
      /is larger than 1048576 bytes/,
    ],
  ])("%s at a pause file: refused, treated as empty, and named in the notes", async (_, plant, note) => {
    const notes = await expectReport({ CORE_SEARCH_STATE_DIR: stateDirWith(plant) });
    expect(notes).toMatch(note);
  });

  it("a state directory under /proc: named as one that cannot be created", async () => {
    const notes = await expectReport({ CORE_SEARCH_STATE_DIR: "/proc/self/core-search-state" });
    expect(notes).toMatch(
      /cannot create the state directory \/proc\/self\/core-search-state\/\w+ \(ENOENT\)/,
    );
  });
});
