import { z } from "zod";
import { PLAN_TIME_RANGES } from "../plan/plan-schema.js";
import { reportSchema } from "../report/report-schema.js";
import {
  deadlineMsField,
  domainListsAgree,
  intField,
  judgeField,
  limitField,
  searchOptionFields,
  textField,
} from "./input-fields.js";
import { READ_PAGES_RANGE } from "./input-ranges.js";

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
    read: intField(
      READ_PAGES_RANGE,
      `Pages to read, ${READ_PAGES_RANGE.min}-${READ_PAGES_RANGE.max}: those of the leading independent origins, judged on the passages that bear on the claim and quoted exactly (default ${READ_PAGES_RANGE.default}; ${READ_PAGES_RANGE.recommended} recommended)`,
    ),
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
