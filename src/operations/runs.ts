import type { Dispatcher } from "undici";
import { loadConfig } from "../config/config.js";
import { InvalidInputError } from "../errors.js";
import { chooseJudge } from "../judge/choose-judge.js";
import type { StanceJudge } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import { silentLogger } from "../log/silent-logger.js";
import { type ItemRead, judgeReadPages, type ReadStatus } from "../read/read-leading-pages.js";
import { buildReport } from "../report/build-report.js";
import type { Report } from "../report/report-schema.js";
import { keepRun } from "../runs/keep-run.js";
import type { CorroborationBasis, RunSummary, StoredRun } from "../runs/run-record.js";
import { openRunStore } from "../runs/run-store.js";
import { openStateStore } from "../state/open-state-store.js";
import { analyseHits, hitsOfCalls, labelJudged } from "./analyse-hits.js";
import { type Assessment, assess } from "./assess.js";
import type { JudgeChoice } from "./input-fields.js";
import { inRange, RUNS_LIST_RANGE, rangeProblem } from "./input-ranges.js";
import { describeProblems } from "./parse-input.js";
import { checkedId, type RunsOptions, readRun, withRuns } from "./stored-runs.js";

export type { RunsOptions };

/**
 * The runs kept by `corroborate` and `assess`: listed, fetched, and judged again without searching.
 * Each function opens the configured store for the call unless it is given one (a server's).
 */

export interface RejudgeOptions extends RunsOptions {
  /** Who judges this time: a choice (`auto` by default) or a judge of your own. */
  judge?: StanceJudge | JudgeChoice | undefined;
  dispatcher?: Dispatcher | undefined;
  logger?: Logger | undefined;
  signal?: AbortSignal | undefined;
}

/** The most recent runs, newest first (at most `limit`, default 20). */
export async function listRuns(
  options: RunsOptions & { limit?: number | undefined } = {},
): Promise<RunSummary[]> {
  const limit = options.limit ?? RUNS_LIST_RANGE.default;
  if (!inRange(limit, RUNS_LIST_RANGE)) {
    const problems = [{ path: ["limit"], message: rangeProblem(RUNS_LIST_RANGE) }];
    throw new InvalidInputError(describeProblems(problems), { problems });
  }
  return withRuns(options, (runs) => runs.list(limit));
}

/** A stored run: its list entry, its report as the question gave it, and what it was built from. */
export async function getRun(id: string, options: RunsOptions = {}): Promise<StoredRun> {
  return withRuns(options, (runs) => readRun(runs, id));
}

/** Removes a stored run; false when there was none. */
export async function deleteRun(id: string, options: RunsOptions = {}): Promise<boolean> {
  return withRuns(options, (runs) => runs.remove(checkedId(id)));
}

/**
 * Analyses a stored run again with `judge`, without searching: the same results and pages, judged
 * and labelled anew. The new report is kept as a run of its own whose list entry names the first
 * (`from`); it works with every search service down.
 */
export async function rejudge(id: string, options: RejudgeOptions = {}): Promise<Report | Assessment> {
  const config = options.config ?? loadConfig();
  const state = options.state ?? openStateStore(config);
  try {
    const run = await readRun(openRunStore(state, config), id);
    if (!run.basis)
      throw new InvalidInputError(
        `Run ${id} was kept without what it was built from (it was too large), so it cannot be judged again`,
      );
    const logger = options.logger ?? silentLogger;
    const judge =
      typeof options.judge === "object"
        ? options.judge
        : chooseJudge(config, { dispatcher: options.dispatcher, logger }, options.judge ?? "auto");
    const started = performance.now();
    if (run.basis.kind === "assess") {
      const { claim, evidence } = run.basis;
      const assessment = await assess(
        { claim, evidence },
        {
          judge,
          config,
          signal: options.signal,
          logger,
          keep: false,
        },
      );
      const ms = performance.now() - started;
      return keepRun({ ...assessment, notes: [...assessment.notes, judgedAgain(id)] }, run.basis, {
        state,
        config,
        kind: "assess",
        question: run.basis.claim,
        ms,
        from: id,
        logger,
      });
    }
    const report = await analyseAgain(run.basis, run.report as Report, {
      judge,
      signal: options.signal,
      logger,
      started,
    });
    return keepRun({ ...report, notes: [...report.notes, judgedAgain(id)] }, run.basis, {
      state,
      config,
      kind: "corroborate",
      question: run.summary.question,
      ms: report.timing.totalMs,
      from: id,
      logger,
    });
  } finally {
    if (!options.state) await state.close();
  }
}

/** A question's stored results and pages through dedup → judge → label (→ pages judged → label) again. */
async function analyseAgain(
  basis: CorroborationBasis,
  first: Report,
  context: { judge: StanceJudge; signal: AbortSignal | undefined; logger: Logger; started: number },
): Promise<Report> {
  const { judge, logger } = context;
  const deadline = context.signal ?? new AbortController().signal;
  const claim = basis.plan.claim;
  const analysis = await analyseHits(hitsOfCalls(claim, basis.calls), { judge, deadline, logger });
  const { items, origins } = analysis;
  let { judgements, label } = analysis;
  const notes = [...basis.notes, ...analysis.notes];
  let reads: ItemRead[] | undefined;
  if (basis.pages.length > 0) {
    // The same results give the same items in the same order, so the first report's read statuses apply.
    const snippets = {
      judgements,
      reads: items.map(
        (_, index): ItemRead => ({
          status: (first.evidence[index]?.readStatus ?? "not-read") as ReadStatus,
          quote: null,
        }),
      ),
      texts: new Map(basis.pages.map((page) => [page.item, page.text])),
    };
    const judged = await judgeReadPages(claim, snippets, { judge, deadline, logger });
    ({ judgements } = judged);
    reads = judged.reads;
    label = labelJudged(items, judgements, origins);
    const changed =
      judged.changed.length > 0 ? `; the page changed the stance of ${judged.changed.join(", ")}` : "";
    notes.push(
      `Judged again the ${basis.pages.length} page(s) read for the first run${changed}`,
      ...judged.notes,
    );
  }
  return buildReport({
    plan: basis.plan,
    calls: basis.calls,
    skipped: basis.skipped,
    items,
    judgements,
    origins,
    label,
    reads,
    notes,
    totalMs: performance.now() - context.started,
  });
}

/** The note a report judged again carries, so that it names its first run wherever it is read. */
function judgedAgain(id: string): string {
  return `Judged again from run ${id}, without searching`;
}
