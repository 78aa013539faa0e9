import type { Dispatcher } from "undici";
import { type Config, loadConfig } from "../config/config.js";
import { canonicalUrl } from "../dedup/canonical-url.js";
import { dedupe, domainCapNotes } from "../dedup/dedupe.js";
import { ConfigError, InvalidInputError } from "../errors.js";
import { chooseJudge } from "../judge/choose-judge.js";
import { defaultJudge } from "../judge/default-judge.js";
import { judgeStances } from "../judge/judge-stances.js";
import { labelEvidence } from "../judge/label.js";
import type { Stance, StanceJudge } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import { normalizeQuestion } from "../plan/question.js";
import { formFinding } from "../report/finding.js";
import { reliabilityOf } from "../report/reliability.js";
import { keepRun } from "../runs/keep-run.js";
import type { StoredRun } from "../runs/run-record.js";
import { openRunStore } from "../runs/run-store.js";
import { openStateStore } from "../state/open-state-store.js";
import type { StateStore } from "../state/state-store.js";
import { withoutControls } from "../util/control-characters.js";
import { type Assessment, assessInputSchema } from "./assess-input.js";
import { checkCallOptions } from "./call-options.js";
import type { JudgeChoice } from "./input-fields.js";
import { describeProblems, parseInput } from "./parse-input.js";
import { readRun } from "./stored-runs.js";

export interface AssessEvidence {
  url: string;
  title?: string | undefined;
  /** The page text the claim is judged against; `text` is accepted too. */
  snippet?: string | undefined;
  text?: string | undefined;
  /** The caller's own reading of the source: used as given, with `judge: "caller"`. */
  stance?: Stance | undefined;
}

export interface AssessOptions {
  /** Who judges: a choice (`auto` by default, as on every surface) or a judge of your own. */
  judge?: StanceJudge | JudgeChoice | undefined;
  /** Settings for `auto` and `llm` (default: from the environment, as `corroborate` reads them). */
  config?: Config | undefined;
  dispatcher?: Dispatcher | undefined;
  logger?: Logger | undefined;
  signal?: AbortSignal | undefined;
  /** Where the run is kept (a server's store); by default the configured store, opened for the call. */
  state?: StateStore | undefined;
  /** False: keep no run, whatever the settings say (scoring many claims, as `eval` does). */
  keep?: boolean | undefined;
}

export type { Assessment };

/** A stance the caller gives to one item of a stored run's evidence, by the item's id (`e1`). */
export interface GivenStance {
  id: string;
  stance: Stance;
}

/** What `assess` judges: a claim and its evidence, or a stored run's evidence with the caller's stances. */
export interface AssessRequest {
  /** Required with `evidence`; with `runId`, by default the stored report's claim. */
  claim?: string | undefined;
  evidence?: readonly AssessEvidence[] | undefined;
  /** Instead of `evidence`: a stored run (a report's `runId`), whose evidence is assessed again. */
  runId?: string | undefined;
  /** With `runId`: the caller's stances for items of the stored report; the judge decides the rest. */
  stances?: readonly GivenStance[] | undefined;
  judge?: JudgeChoice | undefined;
}

/**
 * Judge and label evidence someone already has, without searching: the claim is stated as is,
 * independence comes from origins alone (bare evidence says nothing about indexes). Given a `runId`
 * instead of evidence, the stored report's sources are assessed with the caller's `stances`, and the
 * new run names the first.
 */
export async function assess(input: AssessRequest, options: AssessOptions = {}): Promise<Assessment> {
  const started = performance.now();
  checkCallOptions(options);
  // A claim that is not a string is named as such (not "required"), as it always was.
  if (input?.runId === undefined && typeof input?.claim !== "string")
    normalizeQuestion(input?.claim, "claim");
  // A choice of judge in the options is checked as one in the input is; the input's comes first.
  const optionsChoice = typeof options.judge === "string" ? options.judge : undefined;
  const { judge: choice, ...request } = parseInput(assessInputSchema, {
    ...input,
    judge: input.judge ?? optionsChoice,
  });
  const judge = judgeOf(choice, options);
  if (request.runId !== undefined) return assessRun(request.runId, request, judge, options, started);
  // Without a runId the schema requires both.
  const { claim, evidence } = request as { claim: string; evidence: AssessEvidence[] };
  return assessEvidence(claim, evidence, judge, options, started);
}

/** A stored run's evidence assessed with the caller's stances, kept as a run that names the first. */
async function assessRun(
  runId: string,
  request: { claim?: string | undefined; stances?: readonly GivenStance[] | undefined },
  judge: StanceJudge,
  options: AssessOptions,
  started: number,
): Promise<Assessment> {
  const config = options.config ?? loadConfig();
  const state = options.state ?? openStateStore(config);
  try {
    const run = await readRun(openRunStore(state, config), runId);
    const evidence = evidenceOfRun(run, request.stances ?? []);
    const claim = request.claim ?? run.report.claim;
    return await assessEvidence(claim, evidence, judge, { ...options, config, state }, started, runId);
  } finally {
    if (!options.state) await state.close();
  }
}

/**
 * The sources of a stored report as `assess` takes them (address, title, snippet), each with the
 * stance the caller gave its id. An id the report does not have is refused: a stance meant for one
 * source must not silently go nowhere.
 */
function evidenceOfRun(run: StoredRun, stances: readonly GivenStance[]): AssessEvidence[] {
  const items: { id: string; url: string; title: string; snippet: string }[] = run.report.evidence;
  const ids = new Set(items.map((item) => item.id));
  const has =
    items.length === 0 ? "it has no evidence" : `its evidence is ${items[0]?.id} to ${items.at(-1)?.id}`;
  const problems = stances.flatMap(({ id }, index) =>
    ids.has(id)
      ? []
      : [{ path: ["stances", index, "id"], message: `${id} is not in run ${run.summary.id} (${has})` }],
  );
  if (problems.length > 0) throw new InvalidInputError(describeProblems(problems), { problems });
  const given = new Map(stances.map(({ id, stance }) => [id, stance]));
  return items.map((item) => {
    const stance = given.get(item.id);
    return { url: item.url, title: item.title, snippet: item.snippet, ...(stance ? { stance } : {}) };
  });
}

/** The assessment of `items` against `claim`, kept as a run (naming `from`, the run they came from). */
async function assessEvidence(
  claim: string,
  items: readonly AssessEvidence[],
  judge: StanceJudge,
  options: AssessOptions,
  started: number,
  from?: string,
): Promise<Assessment> {
  // Evidence is text from the web, whoever passes it on: nothing in it may act on a terminal.
  const hits = items.map((item) => ({
    url: withoutControls(item.url),
    title: withoutControls(item.title ?? ""),
    snippet: withoutControls(item.snippet ?? item.text ?? ""),
  }));
  const { evidence, origins, dropped } = dedupe(hits);
  const notes: string[] = [];
  if (dropped.invalidUrls > 0)
    notes.push(`${dropped.invalidUrls} item(s) without a usable web address were dropped`);
  notes.push(...domainCapNotes(evidence.filter((item) => !item.counted).map((item) => item.id)));
  const judgements = await judgeStances(judge, claim, evidence, {
    deadline: options.signal ?? new AbortController().signal,
    note: (note) => notes.push(note),
    given: givenStances(items, evidence, notes),
  });
  const judged = evidence.map((item, index) => ({
    id: item.id,
    url: item.url,
    domain: item.domain,
    title: item.title,
    snippet: item.snippet,
    stance: judgements[index]?.stance ?? ("neutral" as const),
    stanceScore: Math.round((judgements[index]?.score ?? 0) * 100) / 100,
    judge: judgements[index]?.judge ?? ("builtin" as const),
    originId: item.originId,
    quality: item.quality,
  }));
  // Every item is shown, but only those within the per-domain cap count.
  const originById = new Map(origins.map((origin) => [origin.id, origin]));
  const label = labelEvidence(
    judged
      .map((item) => ({
        stance: item.stance,
        domain: item.domain,
        originId: item.originId,
        families: [],
        quality: item.quality,
        score: item.stanceScore,
        judge: item.judge,
        origin: {
          why: originById.get(item.originId)?.why ?? "single",
          source: originById.get(item.originId)?.source,
        },
      }))
      .filter((_, index) => evidence[index]?.counted),
  );
  const escalate = label.confidence === "contested" || label.confidence === "low-coverage";
  const supporting = judged.filter((e) => e.stance === "support").map((e) => e.id);
  const contradicting = judged.filter((e) => e.stance === "contradict").map((e) => e.id);
  const assessment: Assessment = {
    claim,
    finding: formFinding(claim, label.direction, label.confidence),
    direction: label.direction,
    confidence: label.confidence,
    summary: `${label.confidence}: ${judged.length} source(s), ${origins.length} independent origin(s); ${supporting.length} support the claim, ${contradicting.length} contradict it.`,
    evidence: judged,
    supporting,
    contradicting,
    origins,
    notes: [...notes, ...label.reasons.map((r) => `Confidence: ${r}`)],
    escalate,
    reliability: reliabilityOf(
      judged.map((item) => item.judge),
      label.probability,
    ),
  };
  return keepAssessment(assessment, { claim, evidence: [...items] }, options, {
    ms: performance.now() - started,
    from,
  });
}

/** The assessment kept as a run, in the given store or the configured one (unless runs are off). */
async function keepAssessment(
  assessment: Assessment,
  basis: { claim: string; evidence: AssessEvidence[] },
  options: AssessOptions,
  run: { ms: number; from?: string | undefined },
): Promise<Assessment> {
  if (options.keep === false) return assessment;
  let config: Config;
  try {
    config = options.config ?? loadConfig();
  } catch (error) {
    // Settings that cannot be read keep no run; they do not fail an assessment that needs none.
    if (error instanceof ConfigError) return assessment;
    throw error;
  }
  if (config.runs === "off") return assessment;
  const state = options.state ?? openStateStore(config);
  try {
    return await keepRun(
      assessment,
      { kind: "assess", ...basis },
      {
        state,
        config,
        kind: "assess",
        question: basis.claim,
        ...run,
        logger: options.logger,
      },
    );
  } finally {
    if (!options.state) await state.close();
  }
}

/**
 * The stance given with each deduplicated page, found by canonical address. Copies of one page
 * given with different stances are not guessed between: the judge decides it, and a note says so.
 */
function givenStances(
  items: readonly AssessEvidence[],
  evidence: readonly { id: string; canonicalUrl: string }[],
  notes: string[],
): (Stance | undefined)[] {
  const given = new Map<string, Stance | null>();
  for (const item of items) {
    if (item.stance === undefined) continue;
    const key = canonicalUrl(withoutControls(item.url));
    if (key === null) continue;
    const before = given.get(key);
    given.set(key, before === undefined || before === item.stance ? item.stance : null);
  }
  const conflicting = evidence.filter((item) => given.get(item.canonicalUrl) === null).map((item) => item.id);
  if (conflicting.length > 0) {
    notes.push(
      `Copies of ${conflicting.join(", ")} were given with different stances; the judge decided ${conflicting.length === 1 ? "it" : "them"}`,
    );
  }
  return evidence.map((item) => given.get(item.canonicalUrl) ?? undefined);
}

/** A judge object as given; else the choice (the input's, else the options'), else `auto`. */
function judgeOf(choice: JudgeChoice | undefined, options: AssessOptions): StanceJudge {
  if (typeof options.judge === "object") return options.judge;
  const chosen = choice ?? "auto";
  // The built-in classifier needs no settings.
  if (chosen === "builtin") return defaultJudge;
  const { dispatcher, logger } = options;
  return chooseJudge(options.config ?? loadConfig(), { dispatcher, logger }, chosen);
}
