/**
 * The commands on kept runs: `runs` lists them, `show` prints one again as its question printed it,
 * `rejudge` judges one again without searching. Loaded only when one of them runs.
 */
import { loggerAt } from "../../log/silent-logger.js";
import { getRun, listRuns, rejudge } from "../../operations/runs.js";
import type { RunSummary } from "../../runs/run-record.js";
import { terminalLine } from "../../util/control-characters.js";
import { EXIT, numberFlag, type Run } from "./cli-options.js";
import { judgeFlag, reportExit, resultText, writeHtml } from "./commands.js";

/** Characters of a question shown in the list; `show` prints all of it. */
const QUESTION_CHARS = 80;

/** `core-search runs`: the latest kept runs, newest first, as lines or as the summaries' JSON. */
export async function runsCommand(run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const runs = await listRuns({ config, limit: numberFlag(values.limit) });
  if (values.json) {
    io.stdout(`${JSON.stringify(runs, null, 2)}\n`);
    return EXIT.ok;
  }
  const off = config.runs === "off";
  if (runs.length === 0) {
    io.stdout(
      off
        ? "No runs are kept: CORE_SEARCH_RUNS is off. Unset it (or set it to on) to keep each question's report.\n"
        : "No runs are kept yet: each question and assessment is kept here when it ends.\n",
    );
    return EXIT.ok;
  }
  io.stdout(renderRuns(runs));
  if (off)
    io.stderr("core-search: CORE_SEARCH_RUNS is off: these runs were kept before; new ones are not.\n");
  return EXIT.ok;
}

/** `core-search show <id>`: a kept run's report, printed exactly as its question (or assessment) printed it. */
export async function showCommand(id: string, run: Run): Promise<number> {
  const stored = await getRun(id, { config: await run.loadSettings() });
  await writeHtml(run.values.html, stored.report, run.io);
  run.io.stdout(await resultText(stored.report, run.values.json === true));
  return reportExit(stored.report, run);
}

/**
 * `core-search rejudge <id>`: the run judged and labelled again from what it kept, no search; printed
 * as the question prints it, and stderr says which run it now is and which one it came from.
 */
export async function rejudgeCommand(id: string, run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const result = await rejudge(id, {
    config,
    logger: await loggerAt(config.logLevel),
    judge: judgeFlag(values.judge),
  });
  io.stdout(await resultText(result, values.json === true));
  if (!values.json) {
    io.stderr(
      result.runId
        ? `core-search: kept as run ${result.runId} (judged again from run ${id}); core-search show ${result.runId} prints it again\n`
        : `core-search: judged again from run ${id}; not kept${config.runs === "off" ? " (CORE_SEARCH_RUNS is off)" : ""}\n`,
    );
  }
  return reportExit(result, run);
}

/**
 * One line a run, in columns: when it ended (local time with its offset, so it reads the same
 * anywhere), its id, label and direction, judge, how long it took, the question or claim, and for a
 * re-judged run the run it came from.
 */
export function renderRuns(runs: readonly RunSummary[]): string {
  const rows = runs.map((summary) => [
    localTime(summary.at),
    summary.id,
    `${summary.label} (${summary.direction})`,
    summary.judge,
    duration(summary.ms),
    [
      summary.kind === "assess" ? "claim: " : "",
      truncate(terminalLine(summary.question), QUESTION_CHARS),
      summary.from ? ` (judged again from ${summary.from})` : "",
    ].join(""),
  ]);
  const table = [["when", "id", "label", "judge", "took", "question"], ...rows];
  const widths =
    table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? [];
  const lines = table.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  "),
  );
  return `${lines.join("\n")}\n\ncore-search show <id> prints a run again; core-search rejudge <id> judges it again without searching.\n`;
}

/** `2026-12-06 16:20 +01:00`: the local time, to the minute, with the offset that makes it unambiguous. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  const offset = -date.getTimezoneOffset();
  const zone = `${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())} ${zone}`;
}

/** `850 ms`, `1.8 s`, `2 min 5 s`. */
export function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
