import { z } from "zod";
import { PLAN_TIME_RANGES } from "../plan/plan-schema.js";
import { reportSchema } from "../report/report-schema.js";
import {
  deadlineMsField,
  domainListsAgree,
  judgeField,
  limitField,
  readPagesField,
  searchOptionFields,
  textField,
} from "./input-fields.js";

/** `corroborate`'s input: the library, `core-search "<question>"`, MCP `corroborate` and `POST /v1/corroborate`. */
export const corroborateInputSchema = z
  .strictObject({
    question: textField(
      "question",
      'The evaluative question, e.g. "Is intermittent fasting safe?" or "Does X cause Y?"',
    ),
    limit: limitField,
    deadlineMs: deadlineMsField(),
    judge: judgeField,
    read: readPagesField,
    timeRange: z
      .enum(PLAN_TIME_RANGES, {
        error: (issue) =>
          `Unknown time range "${String(issue.input)}" (known: ${PLAN_TIME_RANGES.join(", ")})`,
      })
      .optional()
      .describe(
        "How recent the evidence must be: week, year or none (no date restriction); default: the planner's choice from the question's wording",
      ),
    // Every planned call gets them; `language` defaults to the question's, `engines` to the planner's.
    ...searchOptionFields,
  })
  .superRefine(domainListsAgree);
export type CorroborateInput = z.input<typeof corroborateInputSchema>;

/** `corroborate`'s output: the report. */
export const corroborateOutputSchema = reportSchema;
