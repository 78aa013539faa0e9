import { InvalidInputError } from "../errors.js";
import { bypassGate } from "./bypass-gate.js";
import { formClaim } from "./claim.js";
import { classify } from "./classify.js";
import { counterQuery } from "./counter-query.js";
import { hasEvaluativeLanguage } from "./evaluative-language.js";
import type { Plan, PlannedCall } from "./plan-schema.js";
import { normalizeQuestion } from "./question.js";
import { routeCall3 } from "./route.js";
import { chooseTimeRange, wantsNews } from "./time-range.js";

export interface PlanOptions {
  /** Results asked of each call (1–20). */
  limit?: number;
  /** The clock the plan is made against; plans are pure functions of (question, now). */
  now?: Date;
}

export const DEFAULT_CALL_LIMIT = 5;

const STRUCTURED_DATA =
  /\b(?:stock price|share price|fund returns?|etf returns?|(?:bond|dividend|treasury) yields?|market cap|exchange rate|sports? scores?|final score|box score|standings|(?:betting|match|game) odds|live pric(?:e|ing)|price of (?:bitcoin|gold|oil)|quarterly (?:earnings|revenue))\b/i;

/**
 * Question → the calls to run (steps 1–3 of the methodology): the bypass gate, then a neutral
 * general call on mainstream indexes, a news call when timeliness matters, a science-or-it call,
 * and a counter-query on independent indexes.
 */
export function plan(question: string, options: PlanOptions = {}): Plan {
  const text = normalizeQuestion(question);
  const limit = clampLimit(options.limit ?? DEFAULT_CALL_LIMIT);
  const classification = classify(text);
  const claim = formClaim(text, classification);
  const gate = bypassGate(text);
  const timeRange = chooseTimeRange(text);
  const route = routeCall3(text);
  const neutralQuery = text.replace(/[?!]+$/, "").trim();
  // "???" or "..." passes as text but gives a search engine nothing to match.
  if (!/[\p{L}\p{N}]/u.test(text)) throw new InvalidInputError("The question has nothing to search for");
  const warnings: string[] = [];
  const structured = STRUCTURED_DATA.test(text);
  // A plain lookup of such numbers gets one call; a judgement or causal question that mentions them
  // ("does organic farming reduce crop yields") still gets the 4-call pattern.
  const lookup = structured && classification.type === "fallback" && !hasEvaluativeLanguage(text);
  if (lookup) {
    warnings.push(
      "This data lives in structured databases, not web pages: a dedicated financial, sports or pricing source will be more reliable. Running one search for context.",
    );
  } else if (structured) {
    warnings.push(
      "The figures this question mentions live in structured databases, not web pages: check them against a dedicated financial, sports or pricing source.",
    );
  }

  const base = {
    question: text,
    claim,
    queryType: classification.type,
    subjects: classification.subjects,
    route,
    timeRange,
  };

  if (gate.bypass || lookup) {
    return {
      ...base,
      bypass: true,
      bypassReason: gate.reason ?? "structured data",
      warnings,
      calls: [singleCall(neutralQuery, limit)],
    };
  }

  const newsWanted =
    wantsNews(text, timeRange) || classification.type === "trend" || classification.type === "policy";
  const calls: PlannedCall[] = [
    {
      id: 1,
      role: "neutral",
      query: neutralQuery,
      categories: ["general"],
      engines: ["bing", "google", "duckduckgo"],
      timeRange,
      limit,
      skip: null,
    },
    {
      id: 2,
      role: "news",
      query: neutralQuery,
      categories: ["news"],
      engines: [],
      timeRange: "week",
      limit,
      skip: newsWanted ? null : "no recency or event component",
    },
    {
      id: 3,
      role: route,
      query: neutralQuery,
      categories: [route],
      engines: [],
      timeRange,
      limit,
      skip: null,
    },
    {
      id: 4,
      role: "counter",
      query: counterQuery(classification, neutralQuery),
      categories: ["general"],
      engines: ["mojeek", "wiby"],
      timeRange,
      limit,
      skip: null,
    },
  ];
  return { ...base, bypass: false, bypassReason: null, warnings, calls };
}

/** One general call: the bypass path, and the fallback when engine diversity is degraded. */
export function singleCall(query: string, limit: number): PlannedCall {
  return {
    id: 1,
    role: "single",
    query,
    categories: ["general"],
    engines: [],
    timeRange: null,
    limit,
    skip: null,
  };
}

function clampLimit(limit: number): number {
  if (typeof limit !== "number" || Number.isNaN(limit))
    throw new InvalidInputError("The limit must be a number");
  return Math.min(20, Math.max(1, Math.trunc(limit)));
}
