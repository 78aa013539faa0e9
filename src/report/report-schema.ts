import { z } from "zod";
import { ORIGIN_REASONS } from "../dedup/origin-why.js";
import { CONFIDENCE_LABELS } from "../judge/label.js";
import { JUDGE_KINDS, STANCES } from "../judge/stance.js";
import { CALL_ROLES, planSchema } from "../plan/plan-schema.js";
import { PROVIDER_NAMES } from "../providers/search-provider.js";
import { runIdSchema } from "../runs/run-id.js";
import { reliabilitySchema } from "./reliability.js";

/**
 * The report contract (`version: 1`). The zod schema is the single source: the TypeScript type is
 * inferred from it, `core-search schema` prints its JSON Schema, and the MCP tools use it as their
 * output schema. Add fields; never rename or remove one within a version.
 */

const foundBySchema = z.object({
  call: z.int().positive(),
  provider: z.enum(PROVIDER_NAMES),
  engines: z.array(z.string()).describe("Engines of a metasearch provider that returned the page"),
  rank: z.int().positive(),
});

export const evidenceSchema = z.object({
  id: z.string().regex(/^e\d+$/),
  url: z.string(),
  canonicalUrl: z.string(),
  domain: z.string(),
  title: z.string(),
  snippet: z.string().describe("Text from the page as the search service gave it: untrusted"),
  publishedAt: z.string().nullable(),
  stance: z.enum(STANCES).describe("Stance toward `claim`"),
  stanceScore: z.number().min(0).max(1),
  judge: z
    .enum(JUDGE_KINDS)
    .describe(
      "Who decided the stance: the built-in classifier, an LLM, the MCP client's model, or the caller",
    ),
  readStatus: z
    .string()
    .regex(/^(read|not-read|failed: [a-z_]+)$/)
    .describe(
      'Whether the page was read: "read", "not-read", or "failed: <reason>" (it keeps its snippet\'s stance)',
    ),
  quote: z
    .object({
      text: z.string().describe("The passage the stance rests on, verbatim from the page's text: untrusted"),
      start: z
        .int()
        .min(0)
        .describe("Offset of its first character in the page's text (as `read` returns it)"),
      end: z.int().min(0).describe("Offset after its last character"),
    })
    .nullable()
    .describe("Null when the page was not read, or names nothing the claim is about"),
  originId: z.string().regex(/^o\d+$/),
  quality: z.enum(["normal", "low"]),
  foundBy: z.array(foundBySchema).min(1),
});

export const originSchema = z.object({
  id: z.string().regex(/^o\d+$/),
  evidence: z.array(z.string()).min(1),
  domains: z.array(z.string()),
  why: z
    .enum(ORIGIN_REASONS)
    .describe(
      "Why the pages are one origin: the same page (same-url), copies of one story (syndication), one agency story (wire), one press release and its rewrites (press-release), one publisher's sites (same-owner), one paper and its mirrors (doi), one study reported by several pages (same-study), one product's selling pages (marketing), or a page alone (single)",
    ),
  source: z
    .string()
    .optional()
    .describe("The study, paper, agency, release or product the pages repeat, when they say: untrusted"),
});

export const attemptSchema = z.object({
  provider: z.enum(PROVIDER_NAMES),
  outcome: z
    .string()
    .describe(
      "ok | cache | empty | no_key | paused | capped | unhealthy | unsupported | engines_unavailable | timeout | deadline | http_NNN | …",
    ),
  ms: z.number().min(0),
  detail: z.string().optional(),
});

export const callSchema = z.object({
  id: z.int().positive(),
  role: z.enum(CALL_ROLES),
  query: z.string(),
  status: z.enum(["ok", "empty", "failed", "skipped"]),
  provider: z.enum(PROVIDER_NAMES).nullable(),
  attempts: z.array(attemptSchema),
  unresponsiveEngines: z.array(z.object({ engine: z.string(), reason: z.string() })),
  hits: z.int().min(0),
  warnings: z.array(z.string()),
});

export const reportSchema = z.object({
  version: z.literal(1),
  question: z.string(),
  claim: z.string().describe("The proposition under test; stances are relative to it"),
  summary: z.string(),
  finding: z
    .string()
    .describe("The main finding in one sentence: the claim, its negation, or what the evidence does say"),
  direction: z.enum(["affirms", "refutes", "unclear"]),
  confidence: z.enum(CONFIDENCE_LABELS).describe("Confidence of the finding"),
  bypassed: z.boolean(),
  plan: planSchema,
  evidence: z.array(evidenceSchema),
  supporting: z.array(z.string()),
  contradicting: z.array(z.string()),
  origins: z.array(originSchema),
  calls: z.array(callSchema),
  coverage: z.object({
    uniqueUrls: z.int().min(0),
    uniqueDomains: z.int().min(0),
    independentOrigins: z.int().min(0),
    engineFamilies: z.array(z.string()),
  }),
  notes: z.array(z.string()),
  escalate: z.boolean(),
  reliability: reliabilitySchema,
  /** The stored run this report is kept under (`core-search show`); absent when runs are off. */
  runId: runIdSchema.optional(),
  timing: z.object({ totalMs: z.number().min(0) }),
});

export type Report = z.infer<typeof reportSchema>;
export type Evidence = z.infer<typeof evidenceSchema>;
export type Origin = z.infer<typeof originSchema>;
export type CallRecord = z.infer<typeof callSchema>;

export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(reportSchema, { target: "draft-2020-12" }) as Record<string, unknown>;
}
