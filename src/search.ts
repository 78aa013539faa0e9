import type { Dispatcher } from "undici";
import { checkCallOptions } from "./call-options.js";
import { setUpChain } from "./chain/chain-setup.js";
import { type Attempt, runChain } from "./chain/fallback-chain.js";
import { type Config, loadConfig } from "./config/config.js";
import type { ProgressEvent } from "./corroborate.js";
import { InvalidInputError } from "./errors.js";
import { type Logger, silentLogger } from "./log/logger.js";
import { normalizeQuestion } from "./plan/question.js";
import {
  CATEGORIES,
  type Category,
  type ProviderName,
  type SearchHit,
  type SearchProvider,
  TIME_RANGES,
  type TimeRange,
} from "./providers/search-provider.js";

import type { StateStore } from "./state/state-store.js";

export interface SearchOptions {
  config?: Config;
  categories?: readonly Category[];
  timeRange?: TimeRange | null;
  /** Results wanted, 1–20 (default: the configured limit). */
  limit?: number;
  deadlineMs?: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  logger?: Logger;
  providers?: readonly SearchProvider[];
  /** False: ask the services even when a fresh cached answer exists (the answer is still cached). */
  cache?: boolean;
  /** Shared state for many calls (a server); by default each call opens the configured store and closes it. */
  state?: StateStore;
  /** Told of the query as call 1 (role `single`) while it runs; a throwing listener is ignored. */
  onProgress?: (event: ProgressEvent) => void;
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
  | { success: true; data: { web: { title: string; url: string; description: string; position: number }[] } }
  | { success: false; error: string };

/** One query through the fallback chain (no planning, no judging). Throws only for bad input or settings. */
export async function search(query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
  checkCallOptions(options);
  const text = normalizeQuestion(query, "query");
  const config = options.config ?? loadConfig();
  const limit = options.limit ?? config.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 20)
    throw new InvalidInputError("limit must be an integer between 1 and 20");
  const deadlineMs = options.deadlineMs ?? config.deadlineMs;
  if (!Number.isInteger(deadlineMs) || deadlineMs < 100 || deadlineMs > 600_000) {
    throw new InvalidInputError("deadlineMs must be an integer between 100 and 600000");
  }
  const categories = options.categories ?? ["general"];
  for (const category of categories) {
    if (!CATEGORIES.includes(category))
      throw new InvalidInputError(`Unknown category "${category}" (known: ${CATEGORIES.join(", ")})`);
  }
  const timeRange = options.timeRange ?? null;
  if (timeRange !== null && !TIME_RANGES.includes(timeRange)) {
    throw new InvalidInputError(`Unknown time range "${timeRange}" (known: ${TIME_RANGES.join(", ")})`);
  }
  const { chain, pauses, state, cache, spend, close } = setUpChain(config, options);
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
    emit({ type: "call-started", ...call, query: text, categories: [...categories], engines: [], timeRange });
    const started = performance.now();
    const result = await runChain(
      chain,
      { query: text, categories: [...categories], engines: [], timeRange, limit },
      {
        deadline,
        logger: options.logger ?? silentLogger,
        pauses,
        spend,
        ...(cache ? { cache } : {}),
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
  return {
    success: true,
    data: {
      web: outcome.hits.map((hit, index) => ({
        title: hit.title,
        url: hit.url,
        description: hit.snippet,
        position: index + 1,
      })),
    },
  };
}
