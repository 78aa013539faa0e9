import type { Config } from "../config/config.js";
import type { Logger } from "../log/logger.js";
import type { Assessment } from "../operations/assess-input.js";
import type { Report } from "../report/report-schema.js";
import type { StateStore } from "../state/state-store.js";
import { newRunId } from "./run-id.js";
import { type RunBasis, type RunKind, summaryOf } from "./run-record.js";
import { openRunStore } from "./run-store.js";

/**
 * Keeps a finished run (unless runs are off) and returns its report with the run's id. Keeping never
 * fails the question: a store that cannot take it leaves a note instead of an id.
 */
export async function keepRun<R extends Report | Assessment>(
  report: R,
  basis: RunBasis,
  context: {
    state: StateStore;
    config: Config;
    kind: RunKind;
    question: string;
    ms: number;
    from?: string | undefined;
    logger?: Logger | undefined;
    /** The run's id when the caller made it beforehand (a run started over HTTP); default a new one. */
    id?: string | undefined;
  },
): Promise<R> {
  if (context.config.runs === "off") return report;
  const id = context.id ?? newRunId();
  const kept: R = { ...report, runId: id };
  let outcome: { kept: boolean; notes: string[] };
  try {
    outcome = await openRunStore(context.state, context.config).keep({
      version: 1,
      summary: summaryOf(kept, { ...context, id }),
      report: kept,
      basis,
    });
  } catch (error) {
    context.logger?.warn({ err: error }, "run not kept");
    outcome = { kept: false, notes: ["The run was not kept: the state store failed"] };
  }
  const notes = [...report.notes, ...outcome.notes];
  return outcome.kept ? { ...kept, notes } : { ...report, notes };
}
