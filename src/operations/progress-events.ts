import type { Attempt, ChainResult } from "../chain/fallback-chain.js";
import type { PreflightResult } from "../health/preflight.js";
import type { CallRole } from "../plan/plan-schema.js";
import type { Category, ProviderName, TimeRange } from "../providers/search-provider.js";
import type { PageRead } from "../read/read-leading-pages.js";
import type { Report } from "../report/report-schema.js";

/**
 * What `corroborate` (and `search`, as call 1) is doing, as it happens. `preflight` carries facts
 * the report does not keep (healthy engines and families); `call-started` the engines a call runs
 * with after the health check; `attempt` one stage of the fallback chain; `page-read` one page read
 * (`read: N`) as it ends.
 */
export type ProgressEvent =
  | ({ type: "preflight" } & Pick<
      PreflightResult,
      "status" | "healthyEngines" | "families" | "degraded" | "error" | "roundTrips" | "ms"
    >)
  | {
      type: "call-started";
      call: number;
      role: CallRole;
      query: string;
      categories: Category[];
      engines: string[];
      /** Null: no date restriction. */
      timeRange: TimeRange | null;
    }
  | ({ type: "attempt"; call: number; role: CallRole; hits: number } & Attempt)
  | ({ type: "page-read" } & PageRead)
  | {
      type: "call-finished";
      call: number;
      role: CallRole;
      status: ChainResult["status"];
      provider: ProviderName | null;
      hits: number;
      ms: number;
    };

/** Calls `listener` without letting it throw into the pipeline. */
export function progressEmitter<Event = ProgressEvent>(listener: ((event: Event) => void) | undefined) {
  return (event: Event): void => {
    try {
      listener?.(event);
    } catch {
      // Display only: a broken listener must not break the run.
    }
  };
}

/**
 * The stages of a question besides its calls, for the event stream of a run started over HTTP:
 * the plan, the start of the analysis (dedup → judge → label) and what it found.
 */
export type StageEvent =
  | {
      type: "plan";
      claim: string;
      bypass: boolean;
      calls: { call: number; role: CallRole; query: string }[];
    }
  | { type: "judging"; results: number; judge: string }
  | {
      type: "origins";
      evidence: number;
      origins: number;
      confidence: Report["confidence"];
      direction: Report["direction"];
    };
