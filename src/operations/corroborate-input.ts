import { z } from "zod";
import { reportSchema } from "../report/report-schema.js";
import { deadlineMsField, judgeField, limitField, textField } from "./input-fields.js";

/** `corroborate`'s input: the library, `core-search "<question>"`, MCP `corroborate` and `POST /v1/corroborate`. */
export const corroborateInputSchema = z.strictObject({
  question: textField(
    "question",
    'The evaluative question, e.g. "Is intermittent fasting safe?" or "Does X cause Y?"',
  ),
  limit: limitField,
  deadlineMs: deadlineMsField(),
  judge: judgeField,
});
export type CorroborateInput = z.input<typeof corroborateInputSchema>;

/** `corroborate`'s output: the report. */
export const corroborateOutputSchema = reportSchema;
