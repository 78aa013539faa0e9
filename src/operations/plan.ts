import { plan as makePlan } from "../plan/plan.js";
import type { Plan } from "../plan/plan-schema.js";
import { normalizeQuestion } from "../plan/question.js";
import { inputFieldsOf } from "./call-options.js";
import { LIMIT_RANGE } from "./input-ranges.js";
import { parseInput } from "./parse-input.js";
import { planInputSchema } from "./plan-input.js";

export interface PlanOptions {
  /** Results asked of each call, within `LIMIT_RANGE` (default 5). */
  limit?: number | undefined;
  /** The clock the plan is made against ("in 2019" is old news only relative to now); default: the system clock. */
  now?: Date | undefined;
}

/**
 * The searches a question would run, without touching the network. The input is checked like
 * `corroborate`'s: a limit out of range is an error, not silently clamped.
 */
export function plan(question: string, options: PlanOptions = {}): Plan {
  // A question that is not a string is named as such (not "required"), as it always was.
  if (typeof question !== "string") normalizeQuestion(question);
  const input = parseInput(planInputSchema, { question, ...inputFieldsOf(options) });
  return makePlan(input.question, {
    limit: input.limit ?? LIMIT_RANGE.default,
    now: options.now ?? new Date(),
  });
}
