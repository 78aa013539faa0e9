import { z } from "zod";
import { CATEGORIES, TIME_RANGES } from "../providers/search-provider.js";

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

export const CALL_ROLES = ["neutral", "news", "science", "it", "counter", "single"] as const;
export type CallRole = (typeof CALL_ROLES)[number];

export const plannedCallSchema = z.object({
  id: z.int().positive().describe("1-based call number, as referenced by notes and evidence provenance"),
  role: z.enum(CALL_ROLES),
  query: z.string(),
  categories: z.array(z.enum(CATEGORIES)),
  engines: z
    .array(z.string())
    .describe("SearXNG engines to restrict the call to; empty = the category's default"),
  timeRange: z.enum(TIME_RANGES).nullable(),
  limit: z.int().positive(),
  skip: z.string().nullable().describe("Why the planner decided not to run this call, or null"),
});
export type PlannedCall = z.infer<typeof plannedCallSchema>;

export const planSchema = z.object({
  question: z.string(),
  claim: z.string().describe("The proposition the evidence is judged against"),
  queryType: z.enum(QUERY_TYPES),
  subjects: z.array(z.string()),
  bypass: z.boolean(),
  bypassReason: z.string().nullable(),
  route: z.enum(["science", "it"]),
  timeRange: z.enum(TIME_RANGES).nullable(),
  warnings: z.array(z.string()),
  calls: z.array(plannedCallSchema),
});
export type Plan = z.infer<typeof planSchema>;
