import { engineFamily } from "../health/engine-families.js";
import { chooseEngines } from "../health/engine-selection.js";
import type { PreflightResult } from "../health/preflight.js";
import type { Plan, PlannedCall } from "../plan/plan-schema.js";
import type { SearchOption, SearchProvider, SearchRequest } from "../providers/search-provider.js";
import type { SearchOptionInputs } from "./call-options.js";

/**
 * What each of a question's planned calls is sent with and to whom: the caller's search options,
 * the caller's or the healthy SearXNG engines, and the chain the counter-query starts on.
 */

/** What every planned call is sent with besides its own query, categories, engines and time range. */
export interface OptionsForCalls {
  request: Pick<SearchRequest, "language" | "safeSearch" | "includeDomains" | "excludeDomains">;
  /** Left unapplied without a warning: the plan's language (the queries are already in it). */
  quiet: SearchOption[];
  /** The caller's SearXNG engines, replacing the planner's; empty: the planner's stay. */
  engines: readonly string[];
  /** What the report says of them: a restriction to some domains narrows what "independent" covers. */
  notes: string[];
}

export function optionsForCalls(input: SearchOptionInputs, plan: Plan): OptionsForCalls {
  const { safeSearch, includeDomains, excludeDomains } = input;
  const notes: string[] = [];
  if (includeDomains?.length) notes.push(`Evidence was sought only on ${includeDomains.join(", ")}`);
  if (excludeDomains?.length) notes.push(`Evidence from ${excludeDomains.join(", ")} was left out`);
  return {
    request: { language: input.language ?? plan.language, safeSearch, includeDomains, excludeDomains },
    quiet: input.language === undefined ? ["language"] : [],
    engines: input.engines ?? [],
    notes,
  };
}

/** The calls with the caller's engines instead of the planner's (then narrowed to healthy ones like any). */
export function withEngines(calls: PlannedCall[], engines: readonly string[]): PlannedCall[] {
  return engines.length === 0 ? calls : calls.map((call) => ({ ...call, engines: [...engines] }));
}

/** Each call's planned engines narrowed to healthy ones, or healthy stand-ins; notes say what changed. */
export function withHealthyEngines(
  calls: PlannedCall[],
  preflight: PreflightResult,
  notes: string[],
): PlannedCall[] {
  const neutral = calls.find((call) => call.role === "neutral");
  const neutralChoice = neutral ? chooseEngines(neutral, preflight, new Set()) : undefined;
  const neutralFamilies = new Set((neutralChoice?.engines ?? []).map(engineFamily));
  return calls.map((call) => {
    const choice =
      call === neutral && neutralChoice
        ? neutralChoice
        : chooseEngines(call, preflight, call.role === "counter" ? neutralFamilies : new Set());
    if (choice.note) notes.push(choice.note);
    return choice.engines === call.engines ? call : { ...call, engines: choice.engines };
  });
}

/** The chain with its first stage that can answer moved to the end. */
export function rotateFirstConfigured(
  chain: readonly SearchProvider[],
  skip: ReadonlyMap<string, string>,
): SearchProvider[] {
  const first = chain.findIndex((p) => p.configured && !skip.has(p.name));
  const others = chain.filter((p, index) => index > first && p.configured && !skip.has(p.name));
  if (first < 0 || others.length === 0) return [...chain];
  return [...chain.slice(0, first), ...chain.slice(first + 1), chain[first] as SearchProvider];
}
