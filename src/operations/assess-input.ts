import { z } from "zod";
import { CONFIDENCE_LABELS } from "../judge/label.js";
import { JUDGE_KINDS, STANCES } from "../judge/stance.js";
import { judgeField, requiredField, textField } from "./input-fields.js";
import { MAX_ASSESS_EVIDENCE } from "./input-ranges.js";

// Fields an item does not name are ignored, as they always were by the library (JSONL files carry more).
const evidenceItemSchema = z.object(
  {
    url: z.string({ error: requiredField("must be a string") }).describe("Address of the source"),
    title: z.string({ error: "must be a string" }).optional().describe("Title of the page"),
    snippet: z
      .string({ error: "must be a string" })
      .optional()
      .describe("Text from the page that bears on the claim"),
    text: z.string({ error: "must be a string" }).optional().describe("Accepted for snippet"),
    stance: z
      .enum(STANCES, { error: `must be one of ${STANCES.join(", ")}` })
      .optional()
      .describe(
        "Your own reading of this source toward the claim: used as given; the judge decides the rest",
      ),
  },
  { error: "must be an object {url, title?, snippet?, stance?}" },
);

/** `assess`'s input: the library, `core-search assess`, MCP `assess` and `POST /v1/assess`. */
export const assessInputSchema = z.strictObject({
  claim: textField("claim", 'The claim to judge the evidence against, stated as a proposition ("X is safe")'),
  evidence: z
    .array(evidenceItemSchema, { error: requiredField("must be a list of {url, title, snippet}") })
    .max(MAX_ASSESS_EVIDENCE, {
      error: (issue) =>
        `Too much evidence (${(issue.input as unknown[]).length} items; at most ${MAX_ASSESS_EVIDENCE})`,
    })
    .describe(`Sources you already have, at most ${MAX_ASSESS_EVIDENCE}`),
  judge: judgeField,
});
export type AssessInput = z.input<typeof assessInputSchema>;

/** `assess`'s output. */
export const assessmentSchema = z.object({
  claim: z.string(),
  finding: z.string().describe("The main finding in one sentence"),
  direction: z.enum(["affirms", "refutes", "unclear"]),
  confidence: z.enum(CONFIDENCE_LABELS),
  summary: z.string(),
  evidence: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      domain: z.string(),
      title: z.string(),
      snippet: z.string(),
      stance: z.enum(STANCES).describe("Stance toward `claim`"),
      stanceScore: z.number().min(0).max(1),
      judge: z.enum(JUDGE_KINDS).describe("Who decided the stance; `caller` when it was given with the item"),
      originId: z.string(),
      quality: z.enum(["normal", "low"]),
    }),
  ),
  supporting: z.array(z.string()),
  contradicting: z.array(z.string()),
  origins: z.array(
    z.object({
      id: z.string(),
      evidence: z.array(z.string()),
      domains: z.array(z.string()),
      why: z.string(),
      source: z.string().optional(),
    }),
  ),
  notes: z.array(z.string()),
  escalate: z.boolean(),
});
export type Assessment = z.infer<typeof assessmentSchema>;
