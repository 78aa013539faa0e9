/**
 * The commands that run an operation: each maps its flags onto the operation's input and leaves the
 * checking to the operation, so the command line rejects what the library rejects, in its words.
 */
import { writeFile } from "node:fs/promises";
import { CoreSearchError } from "../../errors.js";
import type { FileEvaluation } from "../../eval/render-evaluation.js";
import { loggerAt } from "../../log/silent-logger.js";
import type { AssessEvidence, Assessment, AssessRequest, GivenStance } from "../../operations/assess.js";
import { JUDGE_CHOICES, type JudgeChoice } from "../../operations/input-fields.js";
import { MAX_INPUT_BYTES, READ_PAGES_RANGE } from "../../operations/input-ranges.js";
import type { ProgressEvent } from "../../operations/progress-events.js";
import type { PlanTimeRange } from "../../plan/plan-schema.js";
import type { Category, SafeSearch, TimeRange } from "../../providers/search-provider.js";
import { everyCallFailed, failureCause } from "../../report/failure-cause.js";
import { pageBody, pageFacts } from "../../report/render-page.js";
import type { Report } from "../../report/report-schema.js";
import { withoutControls } from "../../util/control-characters.js";
import { EXIT, listFlag, numberFlag, type Run, type Values } from "./cli-options.js";
import { explainReport, explainSearch } from "./explain.js";
import { allFailedHint } from "./hints.js";
import { createProgressPrinter } from "./progress.js";
import { readInput } from "./read-input.js";

/** The default command: the full pipeline, markdown or JSON on stdout, progress and --explain on stderr. */
export async function questionCommand(question: string, run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const [{ corroborate }, logger] = await Promise.all([
    import("../../operations/corroborate.js"),
    loggerAt(config.logLevel),
  ]);
  const events: ProgressEvent[] = [];
  const report = await corroborate(question, {
    config,
    logger,
    limit: numberFlag(values.limit),
    deadlineMs: numberFlag(values["deadline-ms"]),
    cache: values["no-cache"] ? false : undefined,
    judge: judgeFlag(values.judge),
    read:
      values.read?.trim() === READ_PAGES_RANGE.default ? READ_PAGES_RANGE.default : numberFlag(values.read),
    timeRange: (values["time-range"] || undefined) as PlanTimeRange | undefined,
    ...searchOptionFlags(values),
    onProgress: progressListener(run, events),
  });
  if (values.explain) run.styled(explainReport(report, events, run.style));
  await writeHtml(values.html, report, io);
  io.stdout(await resultText(report, values.json === true));
  return reportExit(report, run);
}

/** 3, with a hint on stderr, when every call of a question's search failed; else 0. */
export function reportExit(result: Report | Assessment, run: Run): number {
  if (!("calls" in result) || !everyCallFailed(result)) return EXIT.ok;
  run.io.stderr(`${allFailedHint(failureCause(result.calls))}\n`);
  return EXIT.allFailed;
}

/** Progress lines on a terminal's stderr, and the events kept for --explain. */
function progressListener(run: Run, events: ProgressEvent[]): (event: ProgressEvent) => void {
  const print = run.io.isTTY?.stderr ? createProgressPrinter(run.styled, run.style) : undefined;
  return (event) => {
    if (run.values.explain) events.push(event);
    print?.(event);
  };
}

/** `core-search search "<query>"`: one query through the chain, as the envelope other tools read. */
export async function searchCommand(query: string, run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const [{ search, toEnvelope }, logger] = await Promise.all([
    import("../../operations/search.js"),
    loggerAt(config.logLevel),
  ]);
  const limit = numberFlag(values.limit);
  const categories = listFlag(values.categories);
  const options = { ...searchOptionFlags(values), page: numberFlag(values.page) };
  const outcome = await search(query, {
    config,
    logger,
    limit,
    deadlineMs: numberFlag(values["deadline-ms"]),
    // Unchecked here: search() validates both and names what it does not know.
    categories: categories as Category[] | undefined,
    timeRange: (values["time-range"] || undefined) as TimeRange | undefined,
    cache: values["no-cache"] ? false : undefined,
    ...options,
    onProgress: progressListener(run, []),
  });
  const envelope = toEnvelope(outcome);
  for (const warning of outcome.warnings) io.stderr(`core-search: warning: ${warning}\n`);
  if (values.explain) {
    const request = {
      categories: categories ?? ["general"],
      timeRange: values["time-range"] ?? null,
      limit: limit ?? config.limit,
      ...options,
    };
    run.styled(explainSearch(query, request, outcome, run.style));
  }
  if (values.json) io.stdout(`${JSON.stringify(envelope)}\n`);
  else if (envelope.success) {
    io.stdout(
      envelope.data.web
        .map((r) => `${r.position}. ${r.title}\n   ${r.url}\n   ${r.description}`)
        .join("\n\n"),
    );
    io.stdout(`\n\n(served by ${outcome.provider})\n`);
  } else io.stderr(`${envelope.error}\n`);
  if (outcome.status === "failed") {
    io.stderr(`${allFailedHint(failureCause([outcome]), "the search failed")}\n`);
  }
  return envelope.success ? EXIT.ok : EXIT.allFailed;
}

/** The search options' flags, unchecked: the operation validates them and words what it refuses. */
function searchOptionFlags(values: Values) {
  return {
    language: values.language,
    safeSearch: values["safe-search"] as SafeSearch | undefined,
    includeDomains: listFlag(values["include-domains"]),
    excludeDomains: listFlag(values["exclude-domains"]),
    engines: listFlag(values.engines),
  };
}

/** `core-search read "<url>"`: one page's main text, or the page as JSON. */
export async function readCommand(url: string, run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const { read } = await import("../../operations/read.js");
  const page = await read(url, {
    config,
    maxChars: numberFlag(values["max-chars"]),
    timeoutMs: numberFlag(values["timeout-ms"]),
  });
  if (values.json) {
    io.stdout(`${JSON.stringify(page, null, 2)}\n`);
    return EXIT.ok;
  }
  const lines = [...(page.title ? [`# ${page.title}`, ""] : []), ...pageFacts(page), "", pageBody(page)];
  // Page text is untrusted: nothing in it reaches the terminal as a control sequence.
  io.stdout(`${withoutControls(lines.join("\n"))}\n`);
  return EXIT.ok;
}

/**
 * `core-search doctor`: every stage — configured, no key or address, paused until when, keyless — and
 * SearXNG's health; `--reset` clears remembered pauses, cool-downs and engine health instead.
 */
export async function doctorCommand(run: Run): Promise<number> {
  const { io } = run;
  const json = run.values.json === true;
  const config = await run.loadSettings();
  const { diagnose, renderDiagnosis, renderReset, resetState } = await import("../../operations/doctor.js");
  if (run.values.reset) {
    const reset = await resetState(config);
    if (json) io.stdout(`${JSON.stringify(reset, null, 2)}\n`);
    else (reset.error === null ? io.stdout : io.stderr)(renderReset(reset));
    return reset.error === null ? EXIT.ok : EXIT.allFailed;
  }
  const diagnosis = await diagnose(config);
  io.stdout(json ? `${JSON.stringify(diagnosis, null, 2)}\n` : renderDiagnosis(diagnosis));
  return EXIT.ok;
}

/** Most bytes of the files `eval --data` reads, each: the largest stance data sets are a few MB. */
const MAX_EVAL_INPUT_BYTES = 50 * 1024 * 1024;

/** `core-search assess --claim "<claim>" --evidence <file.jsonl or ->`: judge and label given evidence. */
export async function assessCommand(run: Run): Promise<number> {
  const { io, values } = run;
  const runId = values["run-id"];
  const input: AssessRequest = {
    // With --run-id the stored report gives the sources and, unless --claim says otherwise, the claim.
    claim: runId === undefined ? claimFlag(values.claim) : values.claim,
    evidence:
      runId === undefined || values.evidence !== undefined
        ? await jsonLines<AssessEvidence>(values.evidence, "--evidence", io)
        : undefined,
    runId,
    stances:
      values.stances === undefined
        ? undefined
        : await jsonLines<GivenStance>(values.stances, "--stances", io),
    judge: judgeFlag(values.judge),
  };
  const { assess } = await import("../../operations/assess.js");
  const result = await assess(input, { config: await run.loadSettings() });
  io.stdout(await resultText(result, values.json === true));
  return EXIT.ok;
}

function claimFlag(claim: string | undefined): string {
  if (!claim) throw new CoreSearchError('--claim "<claim>" is required', { code: "INVALID_INPUT" });
  return claim;
}

/** The JSON objects of a JSONL file (or standard input), one a line; the operation checks their fields. */
async function jsonLines<T>(path: string | undefined, flag: string, io: Run["io"]): Promise<T[]> {
  const lines = (await readInput(path, flag, io, MAX_INPUT_BYTES)).split("\n");
  return lines.flatMap((line, index) => {
    if (line.trim() === "") return [];
    try {
      return [JSON.parse(line) as T];
    } catch {
      throw new CoreSearchError(`${flag} line ${index + 1} is not JSON`, { code: "INVALID_INPUT" });
    }
  });
}

/**
 * A question's report or an assessment as its command prints it: JSON, or the report's markdown (the
 * renderer loaded only then). `show` and `rejudge` print a kept run the same way.
 */
/** `--html FILE`: the report as one self-contained page, written before anything is printed. */
export async function writeHtml(file: string | undefined, result: Report | Assessment, io: Run["io"]) {
  if (file === undefined) return;
  if (file === "") throw new CoreSearchError("--html needs a file name", { code: "INVALID_INPUT" });
  const { reportFile } = await import("../web/report-document.js");
  try {
    await writeFile(file, reportFile(result), "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new CoreSearchError(`cannot write --html ${file} (${typeof code === "string" ? code : "error"})`, {
      code: "INVALID_INPUT",
      cause: error,
    });
  }
  io.stderr(`core-search: wrote the report to ${file}\n`);
}

export async function resultText(result: Report | Assessment, json: boolean): Promise<string> {
  if (json) return `${JSON.stringify(result, null, 2)}\n`;
  if ("plan" in result) return (await import("../../report/render-markdown.js")).renderMarkdown(result);
  return `${(await import("../../report/render-assessment.js")).renderAssessment(result)}\n`;
}

/** `core-search eval --data <file.jsonl> [--data …]`: stance and label metrics, one section per file. */
export async function evalCommand(run: Run): Promise<number> {
  const { io, values } = run;
  // Without --data, readInput says it is required. Every file is read and parsed before any is
  // judged, so a bad line in the last file does not wait for the first one's evaluation.
  const inputs: { path: string | undefined; text: string }[] = [];
  for (const path of values.data ?? [undefined]) {
    inputs.push({ path, text: await readInput(path, "--data", io, MAX_EVAL_INPUT_BYTES) });
  }
  const [{ parseEvalData }, { evaluate }, { renderEvaluations }, { chooseJudge }] = await Promise.all([
    import("../../eval/eval-data.js"),
    import("../../eval/evaluate.js"),
    import("../../eval/render-evaluation.js"),
    import("../../judge/choose-judge.js"),
  ]);
  const data = inputs.map(({ path, text }) => {
    const file = path === "-" ? "standard input" : (path ?? "");
    return { file, rows: parseEvalData(text, file) };
  });
  const judge = chooseJudge(await run.loadSettings(), {}, judgeFlag(values.judge));
  const files: FileEvaluation[] = [];
  for (const { file, rows } of data) files.push({ file, ...(await evaluate(rows, { judge })) });
  io.stdout(values.json ? `${JSON.stringify({ files }, null, 2)}\n` : renderEvaluations(files));
  return EXIT.ok;
}

/** `--judge`: the call's choice of judge, worded as every surface words a bad one. */
export function judgeFlag(value: string | undefined): JudgeChoice | undefined {
  if (value === undefined || (JUDGE_CHOICES as readonly string[]).includes(value)) {
    return value as JudgeChoice | undefined;
  }
  throw new CoreSearchError(`--judge must be one of ${JUDGE_CHOICES.join(", ")}`, { code: "INVALID_INPUT" });
}
