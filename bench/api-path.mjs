// API path: `corroborate` with search APIs only (no SearXNG, no keyless tier), as a user with an
// Exa or Tavily key and nothing else runs it. Measured twice per question: the report's own
// `timing.totalMs` and the wall time around the call, each ÷ the provider latency of the stage that
// serves (local fakes of Exa and Tavily, bench/fake-services.mjs, answering 20 hits after 300 ms).
//   a. order exa; Exa answers every call after 300 ms                              goal ≤ 1.10
//   b. order exa, tavily; Exa refuses connections (a closed port), Tavily 300 ms   goal ≤ 1.15
//   c. order exa, tavily; Exa accepts and never answers, Tavily 300 ms. The first question in a
//      process waits for Exa's own timeout (12 s, src/providers/keyed-provider.ts; the calls that
//      meet it wait together; the default 30 s deadline is kept). Measured is the
//      second question, in the same process and from another process sharing the state directory
//      (bench/corroborate-once.mjs; its module loading and first-run compilation — one question
//      of Tavily alone in a state directory of its own — are not in the measured time)   goal ≤ 1.3 each
// a and b take turns in one loop, median of 9 after 2 warm-up runs. The first c question is one
// run, waiting on timers while a and b are measured; the two second questions run at the same time
// as each other, one per process, in 3 pairs (a new process each), and each is the median of its 3. Every case has a fresh state directory and the
// result cache off. In b, Exa's refusal opens a cooldown (src/chain/cooldowns.ts): the runs
// after the first skip it ("cooling") instead of each meeting the closed port.
// Run: npm run build && node bench/api-path.mjs
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import {
  attemptChains,
  checkServedReport,
  closedPort,
  fmt,
  goal,
  machineLine,
  median,
  QUESTION,
  run,
  scratchStateDir,
  timed,
} from "./common.mjs";
import { startFakeServices } from "./fake-services.mjs";

const LIMIT = 20;
const WARM_UP = 2;
const RUNS = 9;
/** Pairs of second questions (this process, another one) asked while Exa cools down. */
const SECOND_QUESTION_PAIRS = 3;
const LATENCY_MS = 300;
/** src/providers/keyed-provider.ts DEFAULT_TIMEOUT_MS: every API stage's own timeout. */
const API_TIMEOUT_MS = 12_000;
const ONCE = fileURLToPath(new URL("./corroborate-once.mjs", import.meta.url));

/** Settings as a plain object (it crosses to the other process as JSON). */
function settings(stateDir, baseUrls) {
  const order = Object.keys(baseUrls);
  return {
    order,
    keys: Object.fromEntries(order.map((name) => [name, "bench-key"])),
    baseUrls,
    keyless: "off",
    cacheTtlMs: 0, // every run asks the services
    stateDir,
  };
}

/** One question: the report's own timing, the wall time, and the report. */
async function ask(config) {
  const { ms, result } = await timed(() => corroborate(QUESTION, { config, limit: LIMIT }));
  return { wall: ms, total: result.timing.totalMs, report: result };
}

/** Throws unless some call of the report has an attempt at `provider` with one of `outcomes` ("a|b"). */
function expectAttempt(report, provider, outcomes, what) {
  const allowed = outcomes.split("|");
  const seen = report.calls.some((call) =>
    call.attempts.some((a) => a.provider === provider && allowed.includes(a.outcome)),
  );
  if (!seen) throw new Error(`${what}: no ${provider} ${outcomes} attempt (${attemptChains(report)})`);
}

/**
 * bench/corroborate-once.mjs in a process of its own: `ready` resolves once it has loaded the
 * package; `ask()` starts its one question and resolves with `{ wall, total, report }`.
 */
function otherProcess(request) {
  const child = spawn(process.execPath, [ONCE, JSON.stringify(request)], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? signal));
  });
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.startsWith("ready\n")) resolve();
    });
    exited.then((code) => reject(new Error(`other process exited (${code}) before it was ready: ${stderr}`)));
  });
  ready.catch(() => undefined); // awaited by the caller
  return {
    ready,
    async ask() {
      child.stdin.end("go\n");
      const code = await exited;
      if (code !== 0) throw new Error(`other process exited with ${code}: ${stderr.trim()}`);
      const { wallMs, report } = JSON.parse(stdout.split("\n")[1] ?? "");
      return { wall: wallMs, total: report.timing.totalMs, report };
    },
  };
}

async function main() {
  const services = await startFakeServices();
  const dirs = { a: scratchStateDir(), b: scratchStateDir(), c: scratchStateDir(), warm: scratchStateDir() };
  try {
    await services.set("exa", { shape: "exa", mode: "ok", delayMs: LATENCY_MS });
    await services.set("tv", { shape: "tavily", mode: "ok", delayMs: LATENCY_MS });
    await services.set("exahang", { shape: "exa", mode: "hang" });
    const exa = `${services.url}/exa`;
    const tavily = `${services.url}/tv`;
    const hangingSettings = settings(dirs.c.dir, { exa: `${services.url}/exahang`, tavily });
    const cases = [
      {
        key: "a",
        name: "a. Exa alone, 300 ms",
        goalName: "Exa alone",
        config: configFromObject(settings(dirs.a.dir, { exa })),
        serving: "exa",
        goal: 1.1,
        expect: ["exa", "ok"],
      },
      {
        key: "b",
        name: "b. Exa refuses → Tavily 300 ms",
        goalName: "Exa refuses → Tavily",
        config: configFromObject(
          settings(dirs.b.dir, { exa: `http://127.0.0.1:${await closedPort()}`, tavily }),
        ),
        serving: "tavily",
        goal: 1.15,
        expect: ["exa", "network|cooling"],
      },
    ];

    // c, first question: waits on Exa's timeout while a and b are measured.
    const hanging = configFromObject(hangingSettings);
    const pendingFirst = ask(hanging);
    pendingFirst.catch(() => undefined); // awaited below

    const runs = { a: [], b: [] };
    for (let i = 0; i < WARM_UP + RUNS; i += 1) {
      for (const one of cases) {
        const answer = await ask(one.config);
        checkServedReport(answer.report, LIMIT, 4, one.serving);
        expectAttempt(answer.report, ...one.expect, one.name);
        if (i >= WARM_UP) runs[one.key].push(answer);
      }
    }

    const first = await pendingFirst;
    checkServedReport(first.report, LIMIT, 4, "tavily");
    expectAttempt(first.report, "exa", "timeout", "c, first question");

    // c, second questions: this process and another one, same state directory, at the same time.
    // The other process first asks once of Tavily alone, in a state directory of its own: what is
    // measured is whether it waits for Exa, not its first-run compilation.
    // Each pair is a single question on a machine shared with the other: the median of a few pairs,
    // each with a process of its own, while the cooldown lasts.
    const pairs = [];
    for (let i = 0; i < SECOND_QUESTION_PAIRS; i += 1) {
      const other = otherProcess({
        settings: hangingSettings,
        question: QUESTION,
        limit: LIMIT,
        warmUp: settings(dirs.warm.dir, { tavily }),
      });
      await other.ready;
      const [otherAnswer, sameProcess] = await Promise.all([other.ask(), ask(hanging)]);
      for (const answer of [sameProcess, otherAnswer]) checkServedReport(answer.report, LIMIT, 4, "tavily");
      pairs.push({ otherAnswer, sameProcess });
    }
    const medianAnswer = (answers) =>
      [...answers].sort((x, y) => x.wall - y.wall)[Math.floor(answers.length / 2)];
    const sameProcess = medianAnswer(pairs.map((pair) => pair.sameProcess));
    const otherAnswer = medianAnswer(pairs.map((pair) => pair.otherAnswer));

    console.log(machineLine());
    console.log(
      `question: ${JSON.stringify(QUESTION)} — 4 calls × ${LIMIT} hits; provider latency ${LATENCY_MS} ms; ` +
        `a and b median of ${RUNS} after ${WARM_UP} warm-up runs, c first question one run, ` +
        `c second questions median of ${SECOND_QUESTION_PAIRS} pairs`,
    );
    console.log("| case | attempts | report timing.totalMs | ÷ latency | wall | ÷ latency |");
    console.log("| --- | --- | ---: | ---: | ---: | ---: |");
    const rows = [];
    for (const one of cases) {
      const answers = runs[one.key];
      rows.push({
        name: one.name,
        attempts: attemptChains(answers[0].report),
        total: median(answers.map((x) => x.total)),
        wall: median(answers.map((x) => x.wall)),
        goal: one.goal,
        goalName: one.goalName,
      });
    }
    const hangingRow = (name, answer, goalLimit, goalName) => ({
      name,
      goalName,
      attempts: attemptChains(answer.report),
      total: answer.total,
      wall: answer.wall,
      goal: goalLimit,
    });
    rows.push(
      hangingRow("c. Exa hangs → Tavily 300 ms: first question", first),
      hangingRow(
        "c. second question, same process",
        sameProcess,
        1.3,
        "Exa hangs, second question, same process",
      ),
      hangingRow(
        "c. second question, another process",
        otherAnswer,
        1.3,
        "Exa hangs, second question, another process",
      ),
    );
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${row.attempts} | ${fmt.ms(row.total)} | ${fmt.ratio(row.total / LATENCY_MS)} | ` +
          `${fmt.ms(row.wall)} | ${fmt.ratio(row.wall / LATENCY_MS)} |`,
      );
    }
    // What the first question paid for the hang: its time over b's (Exa refuses at once), against
    // Exa's timeout, which the calls that met it wait out together.
    const timedOut = first.report.calls.filter((call) =>
      call.attempts.some((a) => a.provider === "exa" && a.outcome === "timeout"),
    ).length;
    const added = first.wall - median(runs.b.map((x) => x.wall));
    console.log(
      `c, first question: +${fmt.ms(added)} over b; ${timedOut} calls met Exa's own ${API_TIMEOUT_MS} ms timeout: ` +
        `added ÷ timeout ${fmt.ratio(added / API_TIMEOUT_MS)}`,
    );
    console.log("");
    for (const row of rows.filter((r) => r.goal !== undefined)) {
      goal(
        `api path, ${row.goalName}: wall ÷ provider latency`,
        row.wall / LATENCY_MS,
        row.goal,
        `${(row.wall / LATENCY_MS).toFixed(2)} (report timing.totalMs ${(row.total / LATENCY_MS).toFixed(2)})`,
      );
    }
  } finally {
    await services.close();
    for (const dir of Object.values(dirs)) dir.remove();
  }
}

run(main);
