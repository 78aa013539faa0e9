import { z } from "zod";
import { MAX_QUESTION_CHARS, normalizeQuestion } from "../plan/question.js";
import { DEADLINE_MS_RANGE, LIMIT_RANGE, rangeProblem } from "./input-ranges.js";

/** A required field's error: "is required" when absent, else `problem` (after the field's name). */
export function requiredField(problem: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? "is required" : problem);
}

/** An optional integer in `range`; every way of missing it gets the one range message. */
export function intField(range: { min: number; max: number }, description: string) {
  const error = rangeProblem(range);
  return z
    .int({ error })
    .min(range.min, { error })
    .max(range.max, { error })
    .optional()
    .describe(description);
}

export const limitField = intField(
  LIMIT_RANGE,
  `Results per search call, ${LIMIT_RANGE.min}-${LIMIT_RANGE.max} (default: CORE_SEARCH_LIMIT or ${LIMIT_RANGE.default})`,
);

/** `max` below the library's: a server caps callers at its own deadline. */
export function deadlineMsField(max: number = DEADLINE_MS_RANGE.max) {
  return intField(
    { min: DEADLINE_MS_RANGE.min, max },
    `Overall deadline in milliseconds, ${DEADLINE_MS_RANGE.min}-${max} (default: CORE_SEARCH_DEADLINE_MS or ${DEADLINE_MS_RANGE.default})`,
  );
}

/**
 * A question, query or claim: a string, then trimmed and checked as the planner does (not empty,
 * no control characters, at most 1000 characters), so every surface rejects the same text alike.
 */
export function textField(what: "question" | "query" | "claim", description: string) {
  return (
    z
      .string({ error: requiredField(`The ${what} must be a string`) })
      .describe(description)
      // Published for clients; the check itself is normalizeQuestion's (it counts after collapsing spaces).
      .meta({ minLength: 1, maxLength: MAX_QUESTION_CHARS })
      .transform((value, ctx) => {
        try {
          return normalizeQuestion(value, what);
        } catch (error) {
          ctx.issues.push({ code: "custom", message: (error as Error).message, input: value });
          return z.NEVER;
        }
      })
  );
}

/** Who judges the stances, per call; `auto` means the same on every surface. */
export const JUDGE_CHOICES = ["auto", "builtin", "llm", "sampling"] as const;
export type JudgeChoice = (typeof JUDGE_CHOICES)[number];

export const judgeField = z
  .enum(JUDGE_CHOICES, { error: `must be one of ${JUDGE_CHOICES.join(", ")}` })
  .optional()
  .describe(
    "Who judges the stances: auto (the MCP client's model when it offers sampling, else the configured " +
      "LLM, else the built-in classifier), builtin, llm (needs CORE_SEARCH_LLM_URL and _MODEL) or " +
      "sampling (MCP clients that offer it). Default auto",
  );
