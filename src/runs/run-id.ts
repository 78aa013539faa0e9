import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * A run's id: 128 random bits, URL-safe (22 characters). Knowing one is what lets someone read a
 * run, so it cannot be guessed from another or from when the run was made.
 */
export function newRunId(): string {
  return randomBytes(16).toString("base64url");
}

/** What a run id looks like: checked before an id reaches the store. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/u;

export const runIdSchema = z.string().regex(RUN_ID_PATTERN, { error: "is not a run id" });

export function isRunId(value: unknown): value is string {
  return runIdSchema.safeParse(value).success;
}
