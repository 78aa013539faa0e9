import { z } from "zod";
import { LIMIT_RANGE } from "../operations/input-ranges.js";
import { CATEGORIES } from "../providers/search-provider.js";

export const QUERY_TYPES = [
  "evaluative",
  "comparative",
  "tool",
  "claim",
  "policy",
  "trend",
  "procedural",
  "superlative",
  "fallback",
] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/**
 * What the counter-query looks for: `risks` (harms, drawbacks, criticism) against a claim that
 * something is good, safe or effective; `benefits` (benefits, safety, refutations) against a claim
 * that it is bad, harmful or a myth; `reverse` the reverse comparison; `refute` evidence against a
 * factual or causal claim; `alternatives` other choices and failure cases for a tool, a "best" or a
 * way of doing something.
 */
export const COUNTER_INTENTS = ["risks", "benefits", "reverse", "refute", "alternatives"] as const;
export type CounterIntent = (typeof COUNTER_INTENTS)[number];

export const CALL_ROLES = ["neutral", "news", "science", "it", "counter", "single"] as const;
export type CallRole = (typeof CALL_ROLES)[number];

/** `none` = no date restriction (history, standards, seminal papers). */
export const PLAN_TIME_RANGES = ["week", "year", "none"] as const;
export type PlanTimeRange = (typeof PLAN_TIME_RANGES)[number];

export const plannedCallSchema = z.object({
  id: z
    .int()
    .positive()
    .describe("Call number as in the methodology: 1 neutral, 2 news, 3 science/it, 4 counter"),
  role: z.enum(CALL_ROLES),
  intent: z.enum(["neutral", "counter"]).describe("Whether the call looks for the other side on purpose"),
  query: z.string(),
  categories: z.array(z.enum(CATEGORIES)),
  engines: z
    .array(z.string())
    .describe("SearXNG engines to restrict the call to; empty = the category's default"),
  timeRange: z.enum(PLAN_TIME_RANGES),
  limit: z.int().min(LIMIT_RANGE.min).max(LIMIT_RANGE.max),
});
export type PlannedCall = z.infer<typeof plannedCallSchema>;

export const planSchema = z.object({
  question: z.string(),
  language: z
    .string()
    .describe(
      "The question's language (ISO 639-1), detected, English when unsure; the searches ask for results in it",
    ),
  bypass: z.boolean(),
  bypassReason: z.string().nullable(),
  queryType: z.enum(QUERY_TYPES),
  subject: z.array(z.string()).describe("The noun phrase(s) the question is about: X, or X and Y"),
  context: z.string().nullable().describe('A purpose or setting the question adds ("for a banking ledger")'),
  claim: z.string().describe("The proposition the evidence is judged against"),
  neutralQuery: z.string(),
  counterQuery: z.string().nullable().describe("Null when the plan runs no counter call (bypass)"),
  counterIntent: z
    .enum(COUNTER_INTENTS)
    .nullable()
    .describe(
      "What the counter-query looks for, against the claim; null without a counter call, or when it repeats the question (a language without templates)",
    ),
  topicCategory: z.enum(["science", "it"]),
  timeRange: z.enum(PLAN_TIME_RANGES),
  newsCall: z.boolean(),
  newsReason: z.string().describe("Why the news call runs or not"),
  structuredData: z.boolean(),
  warnings: z.array(z.string()),
  calls: z.array(plannedCallSchema).min(1),
});
export type Plan = z.infer<typeof planSchema>;
