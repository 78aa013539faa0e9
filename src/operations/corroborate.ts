import pMap from "p-map";
import type { Dispatcher } from "undici";
import { type ChainSetup, setUpChain } from "../chain/chain-setup.js";
import { runChain } from "../chain/fallback-chain.js";
import type { StageState } from "../chain/stage-gate.js";
import { type Config, loadConfig } from "../config/config.js";
import { prepareHits } from "../dedup/dedupe.js";
import { preflightSearxng } from "../health/preflight.js";
import { recordEngineHealth } from "../health/record-engine-health.js";
import { chooseJudge } from "../judge/choose-judge.js";
import { defaultJudge } from "../judge/default-judge.js";
import { judgeAhead } from "../judge/judge-ahead.js";
import type { StanceJudge } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import { silentLogger } from "../log/silent-logger.js";
import { plan as makePlan, singleCall } from "../plan/plan.js";
import type { Plan, PlannedCall, PlanTimeRange } from "../plan/plan-schema.js";
import { normalizeQuestion } from "../plan/question.js";
import type { SearchProvider } from "../providers/search-provider.js";
import type { ExtractPage } from "../read/extract-page.js";
import type { FirecrawlFallback } from "../read/firecrawl-fallback.js";
import { firecrawlScrapeFor } from "../read/firecrawl-scrape.js";
import { type ItemRead, readLeadingPages } from "../read/read-leading-pages.js";
import { buildReport, type SkippedCall } from "../report/build-report.js";
import type { Report } from "../report/report-schema.js";
import { keepRun } from "../runs/keep-run.js";
import type { CorroborationBasis } from "../runs/run-record.js";
import { openStateStore } from "../state/open-state-store.js";
import type { StateStore } from "../state/state-store.js";
import { type AnalyseHits, analyseHits, hitsOfCalls, labelJudged } from "./analyse-hits.js";
import { checkCallOptions, inputFieldsOf, type SearchOptionInputs } from "./call-options.js";
import { corroborateInputSchema } from "./corroborate-input.js";
import type { JudgeChoice } from "./input-fields.js";
import { READ_PAGES_RANGE } from "./input-ranges.js";
import { parseInput } from "./parse-input.js";
import {
  type OptionsForCalls,
  optionsForCalls,
  rotateFirstConfigured,
  withEngines,
  withHealthyEngines,
} from "./planned-calls.js";
import { primeWhileWaiting } from "./prime-analysis.js";
import { type ProgressEvent, progressEmitter, type StageEvent } from "./progress-events.js";

/** Besides its own, every search option (`SearchOptionInputs`) applies to each planned call. */
export interface CorroborateOptions extends SearchOptionInputs {
  /** Settings; by default read from the environment. */
  config?: Config | undefined;
  /** Results per call, within `LIMIT_RANGE` (default: the configured limit). */
  limit?: number | undefined;
  /** False: ask the services even when a fresh cached answer exists (the answer is still cached). */
  cache?: boolean | undefined;
  /** Shared state for many calls (a server); by default each call opens the configured store and closes it. */
  state?: StateStore | undefined;
  /** Overall deadline in ms, within `DEADLINE_MS_RANGE` (default: the configured deadline). */
  deadlineMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** undici dispatcher for every request (proxies, tests). */
  dispatcher?: Dispatcher | undefined;
  logger?: Logger | undefined;
  /**
   * Pages to read: `auto` (default) reads up to `AUTO_READ_PAGES` pages whose snippet leaves the
   * stance uncertain and whose stance bears on the label; a number within `READ_PAGES_RANGE` reads
   * that many leading origins (0: none). Read pages are judged on the passages that bear on the
   * claim; each item gets a `readStatus`, and a read one a `quote`.
   */
  read?: number | "auto" | undefined;
  /** Who judges: a choice (`auto` by default, as on every surface) or a judge of your own. */
  judge?: StanceJudge | JudgeChoice | undefined;
  /** How recent the evidence must be: `week`, `year` or `none`; default: chosen from the question. */
  timeRange?: PlanTimeRange | undefined;
  /** Replaces the providers built from the settings (embedding, tests). */
  providers?: readonly SearchProvider[] | undefined;
  now?: (() => Date) | undefined;
  /** Where read pages are extracted (a server's own pool); default: the process's pool. */
  extract?: ExtractPage | undefined;
  /** Told what happens while the calls run (progress displays, `--explain`); a throwing listener is ignored. */
  onProgress?: ((event: ProgressEvent) => void) | undefined;
}

const PREFLIGHT_TIMEOUT_MS = 5_000;

/** What a run started over HTTP adds to a question (not part of the library's options). */
export interface RunHooks {
  /** The run's id, made before the question starts so callers can follow it at once. */
  id: string;
  /** Where the run is kept; default the call's state store, or the configured one. */
  state?: StateStore | undefined;
  /** Told of the plan and the analysis, the stages `onProgress` does not cover. */
  onStage?: ((event: StageEvent) => void) | undefined;
  /** Once aborted (the run was cancelled or its server stopped), the report is not kept. */
  stopped?: AbortSignal | undefined;
}

/**
 * Question → report: plan → preflight → search → dedup → judge → label (→ read → judge → label) → report.
 * Throws only for bad input or configuration; every stage failure is recorded in the report.
 */
export function corroborate(question: string, options: CorroborateOptions = {}): Promise<Report> {
  return corroborateWith(question, options, undefined);
}

/**
 * {@link corroborate}, with dedup → judge → label handed to `analyse` (a server's worker pool) when
 * the built-in judge decides; other judges, and no `analyse`, run them in process.
 */
export async function corroborateWith(
  question: string,
  options: CorroborateOptions,
  analyse: AnalyseHits | undefined,
  run?: RunHooks,
): Promise<Report> {
  const started = performance.now();
  checkCallOptions(options);
  // A question that is not a string is named as such (not "required"), as it always was.
  if (typeof question !== "string") normalizeQuestion(question);
  const input = parseInput(corroborateInputSchema, { question, ...inputFieldsOf(options) });
  const config = options.config ?? loadConfig();
  const limit = input.limit ?? config.limit;
  const deadlineMs = input.deadlineMs ?? config.deadlineMs;
  const readPages = input.read ?? READ_PAGES_RANGE.default;
  const logger = options.logger ?? silentLogger;
  const emit = progressEmitter(options.onProgress);
  // Chosen before any search, so a choice that cannot be served costs nothing.
  const judge =
    typeof options.judge === "object"
      ? options.judge
      : chooseJudge(config, { dispatcher: options.dispatcher, logger }, input.judge);
  const plan = makePlan(question, { limit, now: options.now?.() ?? new Date(), timeRange: input.timeRange });
  const searchOptions = optionsForCalls(input, plan);
  const stage = progressEmitter(run?.onStage);
  stage({
    type: "plan",
    claim: plan.claim,
    bypass: plan.bypass,
    calls: plan.calls.map(({ id, role, query }) => ({ call: id, role, query })),
  });

  const setup = setUpChain(config, options);
  try {
    const { report, basis } = await runPipeline(
      question,
      options,
      {
        config,
        limit,
        deadlineMs,
        readPages,
        logger,
        emit,
        stage,
        plan,
        searchOptions,
        started,
        judge,
        analyse,
      },
      setup,
    );
    if (run?.stopped?.aborted) return report;
    // Runs are the user's history: with injected providers, whose pauses and cache stay in memory,
    // they still go to the configured store.
    const runs = run?.state ?? (options.providers && !options.state ? openStateStore(config) : setup.state);
    try {
      return await keepRun(report, basis, {
        state: runs,
        config,
        kind: "corroborate",
        question: input.question,
        ms: report.timing.totalMs,
        logger,
        id: run?.id,
      });
    } finally {
      if (runs !== setup.state && runs !== run?.state) await runs.close();
    }
  } finally {
    await setup.close();
  }
}

async function runPipeline(
  _question: string,
  options: CorroborateOptions,
  context: {
    config: Config;
    limit: number;
    deadlineMs: number;
    readPages: number | "auto";
    logger: Logger;
    emit: (event: ProgressEvent) => void;
    stage: (event: StageEvent) => void;
    plan: Plan;
    searchOptions: OptionsForCalls;
    started: number;
    judge: StanceJudge;
    analyse: AnalyseHits | undefined;
  },
  setup: ChainSetup,
): Promise<{ report: Report; basis: CorroborationBasis }> {
  const { config, limit, deadlineMs, readPages, logger, emit, stage, plan, searchOptions, started } = context;
  const { judge, analyse } = context;
  const { request: optionsOfCalls, quiet, engines: namedEngines, notes: optionNotes } = searchOptions;
  const { chain, searxng, health, instance, state, shared } = setup;

  const deadline = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(deadlineMs)])
    : AbortSignal.timeout(deadlineMs);
  const deadlineAt = performance.now() + deadlineMs;
  const notes = [...config.warnings, ...plan.warnings, ...optionNotes];

  // preflight
  const preflight = await preflightSearxng(searxng, {
    signal: AbortSignal.any([deadline, AbortSignal.timeout(Math.min(PREFLIGHT_TIMEOUT_MS, deadlineMs))]),
    logger,
    health,
    instance,
    cooldowns: shared.cooldowns,
    deadline,
  });
  emit({
    type: "preflight",
    status: preflight.status,
    healthyEngines: preflight.healthyEngines,
    families: preflight.families,
    degraded: preflight.degraded,
    error: preflight.error,
    roundTrips: preflight.roundTrips,
    ms: preflight.ms,
  });
  const skip = new Map<SearchProvider["name"], string>();
  let calls: PlannedCall[] = withEngines(plan.calls, namedEngines);
  if (preflight.status === "failed") {
    skip.set("searxng", "unhealthy");
    notes.push(`SearXNG preflight failed — ${preflight.error ?? "no answer"}; SearXNG was not asked`);
  } else if (preflight.degraded && !plan.bypass && !plan.structuredData) {
    calls = withEngines([singleCall(plan.neutralQuery, limit)], namedEngines);
    notes.push(
      `Engine diversity degraded — results may be biased toward a single index. Healthy web-index families: ${preflight.families.join(", ") || "none"}.`,
    );
  } else if (preflight.status === "ok") {
    calls = withHealthyEngines(calls, preflight, notes);
  }
  // Without a healthy SearXNG the counter-query starts one stage further down the chain, so
  // neutral and counter evidence do not come from one index by construction.
  const counterChain = preflight.status === "ok" ? chain : rotateFirstConfigured(chain, skip);

  // search, reading and judging each call's results as they arrive — in this thread, unless the
  // analysis goes to a server's worker pool (the built-in judge only), which starts once every call is back
  const pool = judge === defaultJudge ? analyse : undefined;
  const ahead = judgeAhead(pool?.judgeAhead ? pooledJudge(pool.judgeAhead) : judge, plan.claim);
  // The built-in judge judging in this thread (no pool judges ahead): a process's first question
  // compiles the analysis while it waits.
  const primer =
    judge === defaultJudge && !pool?.judgeAhead
      ? primeWhileWaiting(
          plan.claim,
          calls.map((call) => call.id),
          deadline,
          logger,
        )
      : undefined;
  const results = await pMap(
    calls,
    async (call) => {
      const timeRange = call.timeRange === "none" ? null : call.timeRange;
      const { id, role, query, categories, engines } = call;
      emit({ type: "call-started", call: id, role, query, categories, engines, timeRange });
      const callStarted = performance.now();
      const result = await runChain(
        call.role === "counter" ? counterChain : chain,
        { query, categories, engines, timeRange, limit: call.limit, ...optionsOfCalls },
        {
          quiet,
          skip,
          deadline,
          deadlineAt,
          logger,
          ...shared,
          onAttempt: (attempt, hits) => emit({ type: "attempt", call: id, role, hits, ...attempt }),
          onAsking: () => primer?.asked(id),
        },
      );
      primer?.back();
      emit({
        type: "call-finished",
        call: id,
        role,
        status: result.status,
        provider: result.provider,
        hits: result.hits.length,
        ms: Math.round(performance.now() - callStarted),
      });
      ahead.add(result.hits);
      if (!pool) prepareHits(result.hits);
      return result;
    },
    { concurrency: 4 },
  );
  // Written while the hits are analysed (the analysis does not read it): many questions at once
  // wait their turn to write, and would otherwise all wait before analysing.
  const recorded = recordEngineHealth(results, health, instance);
  // The 4-call pattern ran without its news call: show call 2 as skipped, with why.
  const patternRan = calls.some((call) => call.role === "counter");
  const skipped: SkippedCall[] =
    patternRan && !plan.newsCall
      ? [{ id: 2, role: "news", query: plan.neutralQuery, reason: plan.newsReason }]
      : [];

  // dedup → judge → label
  const ran = calls.flatMap((planned, index) => {
    const result = results[index];
    return result ? [{ planned, result }] : [];
  });
  const found = hitsOfCalls(plan.claim, ran);
  const { hits } = found;
  stage({ type: "judging", results: hits.length, judge: judge.kind ?? judge.name });
  const [analysis] = await Promise.all([
    pool
      ? ahead.judgedFor(hits.map((found) => found.hit)).then((judged) => pool({ ...found, judged }))
      : analyseHits(found, { judge: ahead.judge, deadline, logger }),
    recorded,
  ]);
  const { items, origins } = analysis;
  stage({
    type: "origins",
    evidence: items.length,
    origins: origins.length,
    confidence: analysis.label.confidence,
    direction: analysis.label.direction,
  });
  notes.push(...state.warnings);
  const notesBefore = [...notes];
  notes.push(...analysis.notes);

  // read → judge again → label again
  let { judgements, label } = analysis;
  let reads: ItemRead[] | undefined;
  let texts: ReadonlyMap<number, string> = new Map();
  if (readPages !== 0) {
    const labelOf = (judged: readonly (typeof judgements)[number][]) => {
      const { confidence, direction } = labelJudged(items, judged, origins);
      return `${confidence} ${direction}`;
    };
    const reading = await readLeadingPages(
      { claim: plan.claim, items, origins, judgements, pages: readPages, labelOf },
      {
        judge,
        deadline,
        deadlineAt,
        allowPrivateAddresses: config.allowPrivateAddresses,
        extract: options.extract,
        firecrawl: firecrawlFor(config, options.dispatcher, shared),
        logger,
        onRead: (read) => emit({ type: "page-read", ...read }),
      },
    );
    ({ judgements, reads, texts } = reading);
    label = labelJudged(items, judgements, origins);
    notes.push(...reading.notes);
  }

  // report
  const report = buildReport({
    plan,
    calls: ran,
    skipped,
    items,
    judgements,
    origins,
    label,
    reads,
    notes,
    totalMs: performance.now() - started,
  });
  const pages = [...texts].map(([item, text]) => ({ item, text }));
  return { report, basis: { kind: "corroborate", plan, calls: ran, skipped, notes: notesBefore, pages } };
}

/** The built-in judge run in a server's worker pool, one call's results at a time. */
function pooledJudge(judgeThere: NonNullable<AnalyseHits["judgeAhead"]>): StanceJudge {
  return { name: defaultJudge.name, local: true, perText: true, kind: "builtin", judge: judgeThere };
}

/** Firecrawl behind each direct read when its key is set, asked under the rules its searches keep. */
function firecrawlFor(
  config: Config,
  dispatcher: Dispatcher | undefined,
  shared: StageState,
): FirecrawlFallback | undefined {
  const scrape = firecrawlScrapeFor(config, dispatcher);
  return scrape && { scrape, stageState: () => shared };
}
