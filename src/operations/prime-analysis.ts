import { prepareHits } from "../dedup/dedupe.js";
import type { HitFromCall } from "../dedup/merge-hits.js";
import { repliesBegun, unsentRequests, watchRequests } from "../http/request-activity.js";
import { defaultJudge } from "../judge/default-judge.js";
import type { StanceJudgement } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import { lowerFirst } from "../report/finding.js";
import { readDataFile } from "../util/read-data-file.js";
import { analyseHits, type HitsToAnalyse } from "./analyse-hits.js";

/**
 * A process's first analysis (dedup, built-in judge, label) costs about 170 ms of CPU, nearly all of
 * it V8 compiling the code and the data files being read; the next costs 10-30 ms. A question spends
 * most of its time waiting on the network with nothing to do, so the first question of a process
 * analyses a few made-up results (src/data/sample-results.json) in that wait, one small step an
 * event-loop turn, and stops as soon as a reply begins: the real results then find the code
 * compiled. A step waits while any request of the process is not on the wire yet (a connection or
 * TLS handshake under way), so it never holds one back; a step that runs into a reply holds it up
 * by that step only, and the real analysis no longer pays for what the step compiled. Nothing the
 * steps compute is kept.
 */

interface SampleResult {
  url: string;
  title: string;
  snippet: string;
  publishedAt: string | null;
}

interface SampleFile {
  claim: string;
  counterCall: number;
  calls: SampleResult[][];
}

let sampleFile: SampleFile | undefined;

/** The sample results as one question's hits, their text about `claim`. */
export function sampleHits(claim: string): HitsToAnalyse {
  sampleFile ??= readDataFile("sample-results.json") as SampleFile;
  const sample = sampleFile;
  const about = claim.trim() === "" ? sample.claim : claim.trim();
  const inline = lowerFirst(about);
  // Functions, not strings: a claim's "$&" or "$'" is text, not a replacement pattern.
  const fill = (text: string) => text.replaceAll("{claim}", () => about).replaceAll("{inline}", () => inline);
  const hits = sample.calls.flatMap((results, index): HitFromCall[] =>
    results.map((result, rank) => ({
      call: index + 1,
      provider: "searxng",
      hit: {
        url: result.url,
        title: fill(result.title),
        snippet: fill(result.snippet),
        publishedAt: result.publishedAt,
        engines: [],
        rank: rank + 1,
      },
    })),
  );
  return { claim: about, hits, counterCalls: [sample.counterCall] };
}

/** Steps this thread has run: the compiled code serves every claim, so the steps run once a thread. */
let stepsDone = 0;
let primed = false;
/** The priming under way, so that questions asked at once do not each start one. */
let running: Promise<number> | undefined;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How often a step waiting for requests to go out looks again. */
const UNSENT_POLL_MS = 2;
/** Unreferenced: waiting to prime never keeps a process alive. */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, UNSENT_POLL_MS).unref());

/**
 * Runs the steps this thread has not run yet, each in an event-loop turn of its own, until `stop`
 * says a real result is in (left ones wait for the next question). `claim` is the question's, so its
 * parse is the one the real judging then finds made; without one, the sample's own. Resolves with
 * the number of steps run now: 0 when the thread is primed or priming already.
 */
export function primeAnalysis(claim = "", stop: () => boolean = () => false): Promise<number> {
  if (primed || running !== undefined) return Promise.resolve(0);
  running = runSteps(claim, stop).finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Passes over the sample a thread makes: one leaves most functions in V8's interpreter, and the
 * real analysis still pays for their first runs. With four, the bench question's first asking in a
 * process (80 results at 300 ms) ended about 70 ms sooner than with one, and its replies took about
 * 15 ms longer to analyse than in the process's second question.
 */
const PASSES = 4;

async function runSteps(claim: string, stop: () => boolean): Promise<number> {
  const input = sampleHits(claim);
  const texts = input.hits.map((found) => found.hit);
  const signal = new AbortController().signal;
  const pass = (): (() => unknown)[] => {
    const judged: (StanceJudgement | null)[] = texts.map(() => null);
    return [
      // Each text on its own, as judge-ahead judges a call's results.
      ...texts.map((text, index) => async () => {
        judged[index] = (await defaultJudge.judge(input.claim, [text], signal))[0] ?? null;
      }),
      () => prepareHits(texts),
      () => analyseHits({ ...input, judged }),
    ];
  };
  const steps = Array.from({ length: PASSES }, pass).flat();
  let run = 0;
  while (stepsDone < steps.length) {
    await nextTurn();
    while (unsentRequests() > 0 && !stop()) await pause();
    if (stop()) return run;
    try {
      await (steps[stepsDone] as () => unknown)();
    } catch (error) {
      // A step that fails would fail again: the thread gives priming up.
      primed = true;
      throw error;
    }
    stepsDone += 1;
    run += 1;
  }
  primed = true;
  return run;
}

/** What a question tells its primer: a call has asked its service, or is back. */
export interface Primer {
  asked(call: number): void;
  back(): void;
}

/**
 * Primes the analysis while a question waits: from when every one of `calls` has asked a service
 * until the process's first reply begins, a call is back or `deadline` passes. A question with a
 * call back before the last has asked (a cached answer, a skipped stage) leaves it to the next.
 * Priming that fails costs nothing but a debug line.
 */
export function primeWhileWaiting(
  claim: string,
  calls: readonly number[],
  deadline: AbortSignal,
  logger: Logger,
): Primer {
  if (primed) return { asked: () => {}, back: () => {} };
  // Before any request is made, so that each is counted.
  watchRequests();
  const repliesBefore = repliesBegun();
  const notAsked = new Set(calls);
  let anyBack = false;
  // Any reply stops it, not only a call's last: a call may take several requests (a keyless
  // stage's session handshake), and each waits for the event loop.
  const stop = () => anyBack || deadline.aborted || repliesBegun() > repliesBefore;
  return {
    asked(call) {
      if (!notAsked.delete(call) || notAsked.size > 0 || anyBack) return;
      primeAnalysis(claim, stop).catch((error: unknown) =>
        logger.debug({ err: error }, "priming the analysis failed"),
      );
    },
    back() {
      anyBack = true;
    },
  };
}

/** Whether this thread has made every pass over the sample. */
export function isPrimed(): boolean {
  return primed;
}
