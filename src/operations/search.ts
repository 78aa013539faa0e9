import type { Dispatcher } from "undici";
import { setUpChain } from "../chain/chain-setup.js";
import { type Attempt, runChain } from "../chain/fallback-chain.js";
import { type Config, loadConfig } from "../config/config.js";
import type { Logger } from "../log/logger.js";
import { silentLogger } from "../log/silent-logger.js";
import { normalizeQuestion } from "../plan/question.js";
import type {
  Category,
  ProviderName,
  SearchHit,
  SearchProvider,
  TimeRange,
} from "../providers/search-provider.js";
import type { StateStore } from "../state/state-store.js";
import { checkCallOptions, inputFieldsOf, type SearchOptionInputs } from "./call-options.js";
import { parseInput } from "./parse-input.js";
import type { ProgressEvent } from "./progress-events.js";
import { searchInputSchema, toWebResults, type WebResult } from "./search-input.js";

export interface SearchOptions extends SearchOptionInputs {
  config?: Config | undefined;
  /** Kinds of results to search (default: general). */
  categories?: readonly Category[] | undefined;
  /** Null: no date restriction (the default). */
  timeRange?: TimeRange | null | undefined;
  /** Results wanted, within `LIMIT_RANGE` (default: the configured limit). */
  limit?: number | undefined;
  /** Overall deadline in ms, within `DEADLINE_MS_RANGE` (default: the configured deadline). */
  deadlineMs?: number | undefined;
  /** Which page of results, within `PAGE_RANGE` (default 1); services that cannot page are passed over. */
  page?: number | undefined;
  signal?: AbortSignal | undefined;
  dispatcher?: Dispatcher | undefined;
  logger?: Logger | undefined;
  providers?: readonly SearchProvider[] | undefined;
  /** False: ask the services even when a fresh cached answer exists (the answer is still cached). */
  cache?: boolean | undefined;
  /** Shared state for many calls (a server); by default each call opens the configured store and closes it. */
  state?: StateStore | undefined;
  /** Told of the query as call 1 (role `single`) while it runs; a throwing listener is ignored. */
  onProgress?: ((event: ProgressEvent) => void) | undefined;
}

export interface SearchOutcome {
  status: "ok" | "empty" | "failed";
  provider: ProviderName | null;
  hits: SearchHit[];
  attempts: Attempt[];
  warnings: string[];
  /** When no stage served: every stage asked or paused with its reason. */
  error: string | null;
}

/** The result envelope other agent tools already read. */
export type SearchEnvelope =
  | { success: true; data: { web: WebResult[] } }
  | { success: false; error: string };

/** One query through the fallback chain (no planning, no judging). Throws only for bad input or settings. */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
  checkCallOptions(options);
  // A query that is not a string is named as such (not "required"), as it always was.
  if (typeof query !== "string") normalizeQuestion(query, "query");
  const input = parseInput(searchInputSchema, { query, ...inputFieldsOf(options) });
  const text = input.query;
  const config = options.config ?? loadConfig();
  const limit = input.limit ?? config.limit;
  const deadlineMs = input.deadlineMs ?? config.deadlineMs;
  const categories = input.categories ?? ["general"];
  const timeRange = input.timeRange ?? null;
  const engines = input.engines ?? [];
  const { language, safeSearch, page, includeDomains, excludeDomains } = input;
  const { chain, shared, state, close } = setUpChain(config, options);
  try {
    const timeout = AbortSignal.timeout(deadlineMs);
    const deadline = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    // Not corroborate's emitter: importing it would load the whole pipeline for one query.
    const emit = (event: ProgressEvent): void => {
      try {
        options.onProgress?.(event);
      } catch {
        // Display only.
      }
    };
    const call = { call: 1, role: "single" } as const;
    emit({ type: "call-started", ...call, query: text, categories: [...categories], engines, timeRange });
    const started = performance.now();
    const result = await runChain(
      chain,
      {
        query: text,
        categories: [...categories],
        engines,
        timeRange,
        limit,
        language,
        safeSearch,
        page,
        includeDomains,
        excludeDomains,
      },
      {
        deadline,
        deadlineAt: performance.now() + deadlineMs,
        logger: options.logger ?? silentLogger,
        ...shared,
        onAttempt: (attempt, hits) => emit({ type: "attempt", ...call, hits, ...attempt }),
      },
    );
    emit({
      type: "call-finished",
      ...call,
      status: result.status,
      provider: result.provider,
      hits: result.hits.length,
      ms: Math.round(performance.now() - started),
    });
    return {
      status: result.status,
      provider: result.provider,
      hits: result.hits,
      attempts: result.attempts,
      warnings: [...config.warnings, ...result.warnings, ...state.warnings],
      error: result.error,
    };
  } finally {
    await close();
  }
}

export function toEnvelope(outcome: SearchOutcome): SearchEnvelope {
  if (outcome.status !== "ok")
    return { success: false, error: `core-search: ${outcome.error ?? "no results"}` };
  return { success: true, data: { web: toWebResults(outcome.hits) } };
}
