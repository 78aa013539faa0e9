import { z } from "zod";
import { CONFIDENCE_LABELS } from "../judge/label.js";
import { JUDGE_KINDS, STANCES } from "../judge/stance.js";
import { reliabilitySchema } from "../report/reliability.js";
import { RUN_ID_PATTERN, runIdSchema } from "../runs/run-id.js";
import { judgeField, requiredField, textField } from "./input-fields.js";
import {
  MAX_ASSESS_EVIDENCE,
  MAX_ASSESS_SNIPPET_CHARS,
  MAX_ASSESS_TITLE_CHARS,
  MAX_ASSESS_TOTAL_CHARS,
  MAX_URL_CHARS,
} from "./input-ranges.js";

/** A text field of an item, at most `max` characters. */
function itemText(
  max: number,
  problem: string | ((issue: { input: unknown }) => string) = "must be a string",
) {
  return z.string({ error: problem }).max(max, {
    error: (issue) => `must be at most ${max} characters (got ${(issue.input as string).length})`,
  });
}

// Fields an item does not name are ignored, as they always were by the library (JSONL files carry more).
const evidenceItemSchema = z.object(
  {
    url: itemText(MAX_URL_CHARS, requiredField("must be a string")).describe("Address of the source"),
    title: itemText(MAX_ASSESS_TITLE_CHARS).optional().describe("Title of the page"),
    snippet: itemText(MAX_ASSESS_SNIPPET_CHARS)
      .optional()
      .describe("Text from the page that bears on the claim"),
    text: itemText(MAX_ASSESS_SNIPPET_CHARS).optional().describe("Accepted for snippet"),
    stance: z
      .enum(STANCES, { error: `must be one of ${STANCES.join(", ")}` })
      .optional()
      .describe(
        "Your own reading of this source toward the claim: used as given; the judge decides the rest",
      ),
  },
  { error: "must be an object {url, title?, snippet?, stance?}" },
);

/** A stance the caller gives to one item of a stored run's evidence. */
const givenStanceSchema = z.object(
  {
    id: z
      .string({ error: requiredField("must be a string") })
      .regex(/^e[1-9][0-9]{0,5}$/u, { error: "must be an evidence id such as e1" })
      .describe("The id of an item of the stored report's evidence (e1, e2, …)"),
    stance: z
      .enum(STANCES, { error: requiredField(`must be one of ${STANCES.join(", ")}`) })
      .describe("Your own reading of this source toward the claim: used as given"),
  },
  { error: "must be an object {id, stance}" },
);

/** `assess`'s input: the library, `core-search assess`, MCP `assess` and `POST /v1/assess`. */
export const assessInputSchema = z
  .strictObject({
    claim: textField(
      "claim",
      'The claim to judge the evidence against, stated as a proposition ("X is safe"); with runId, ' +
        "by default the stored report's claim",
    ).optional(),
    evidence: z
      .array(evidenceItemSchema, { error: requiredField("must be a list of {url, title, snippet}") })
      .max(MAX_ASSESS_EVIDENCE, {
        error: (issue) =>
          `Too much evidence (${(issue.input as unknown[]).length} items; at most ${MAX_ASSESS_EVIDENCE})`,
      })
      .superRefine((items, ctx) => {
        const chars = items.reduce(
          (sum, item) =>
            sum +
            item.url.length +
            (item.title?.length ?? 0) +
            (item.snippet?.length ?? 0) +
            (item.text?.length ?? 0),
          0,
        );
        if (chars > MAX_ASSESS_TOTAL_CHARS) {
          ctx.addIssue({
            code: "custom",
            message: `Too much evidence text (${chars} characters in all; at most ${MAX_ASSESS_TOTAL_CHARS})`,
          });
        }
      })
      .optional()
      .describe(
        `Sources you already have: at most ${MAX_ASSESS_EVIDENCE}, with addresses up to ${MAX_URL_CHARS} ` +
          `characters, titles up to ${MAX_ASSESS_TITLE_CHARS}, snippets up to ${MAX_ASSESS_SNIPPET_CHARS}, ` +
          `and ${MAX_ASSESS_TOTAL_CHARS} characters in all. Required unless runId is given`,
      ),
    runId: z
      .string({ error: "must be a string" })
      .regex(RUN_ID_PATTERN, { error: "is not a run id (22 letters and digits, as a report's runId)" })
      .optional()
      .describe(
        "Instead of evidence: the runId of a stored report (corroborate or assess), whose evidence is " +
          "assessed again with your stances; the result is kept as a new run",
      ),
    stances: z
      .array(givenStanceSchema, { error: "must be a list of {id, stance}" })
      .max(MAX_ASSESS_EVIDENCE, {
        error: (issue) =>
          `Too many stances (${(issue.input as unknown[]).length}; at most ${MAX_ASSESS_EVIDENCE})`,
      })
      .superRefine((stances, ctx) => {
        const seen = new Set<string>();
        stances.forEach(({ id }, index) => {
          if (seen.has(id))
            ctx.addIssue({ code: "custom", path: [index, "id"], message: `gives ${id} again` });
          seen.add(id);
        });
      })
      .optional()
      .describe(
        "With runId: your stance toward the claim for items of the stored report, by id; the " +
          "items you give none are judged by the judge",
      ),
    judge: judgeField,
  })
  // Run even when a field has problems, so that a missing claim is named alongside them.
  .superRefine(
    (input, ctx) => {
      const problem = (field: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [field], message });
      if (input.runId !== undefined) {
        if (input.evidence !== undefined)
          problem(
            "evidence",
            "cannot be given with a run id: give either the evidence or the id of a stored run",
          );
        return;
      }
      if (input.claim === undefined) problem("claim", "is required");
      if (input.evidence === undefined) problem("evidence", "is required (or the id of a stored run)");
      if (input.stances !== undefined) problem("stances", "can only be given with the id of a stored run");
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
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
  reliability: reliabilitySchema,
  /** The stored run this assessment is kept under; absent when runs are off. */
  runId: runIdSchema.optional(),
});
export type Assessment = z.infer<typeof assessmentSchema>;
