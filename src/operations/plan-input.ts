import { z } from "zod";
import { planSchema } from "../plan/plan-schema.js";
import { limitField, textField } from "./input-fields.js";

/** `plan`'s input: the library and `core-search plan`. */
export const planInputSchema = z.strictObject({
  question: textField("question", 'The question to plan searches for, e.g. "Is X safe?"'),
  limit: limitField,
});

/** `plan`'s output: the plan. */
export const planOutputSchema = planSchema;
