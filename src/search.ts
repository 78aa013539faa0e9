import type { Dispatcher } from "undici";
import { setUpChain } from "./chain/chain-setup.js";
import { type Attempt, runChain } from "./chain/fallback-chain.js";
import { type Config, loadConfig } from "./config.js";
import { InvalidInputError } from "./errors.js";
import { type Logger, silentLogger } from "./logger.js";
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
  const { chain, pauses } = setUpChain(config, options);
  const timeout = AbortSignal.timeout(deadlineMs);
  const deadline = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const result = await runChain(
    chain,
    { query: text, categories: [...categories], engines: [], timeRange, limit },
    { deadline, logger: options.logger ?? silentLogger, pauses },
  );
  return {
    status: result.status,
    provider: result.provider,
    hits: result.hits,
    attempts: result.attempts,
    warnings: [...config.warnings, ...result.warnings, ...pauses.warnings],
    error: result.error,
  };
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
