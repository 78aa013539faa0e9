import { randomBytes } from "node:crypto";
import { z } from "zod";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62²² > 2¹²⁸: every 128-bit number fits in 22 letters and digits. */
const LENGTH = 22;

/**
 * A run's id: 128 random bits written in letters and digits (22 of them). Knowing one is what lets
 * someone read a run, so it cannot be guessed from another or from when the run was made. No `-`
 * or `_`: an id that began with `-` would be taken for an option on a command line.
 */
export function newRunId(): string {
  let value = BigInt(`0x${randomBytes(16).toString("hex")}`);
  let id = "";
  for (let i = 0; i < LENGTH; i += 1) {
    id = DIGITS[Number(value % 62n)] + id;
    value /= 62n;
  }
  return id;
}

/** What a run id looks like: checked before an id reaches the store. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9]{22}$/u;

export const runIdSchema = z.string().regex(RUN_ID_PATTERN, { error: "is not a run id" });

export function isRunId(value: unknown): value is string {
  return runIdSchema.safeParse(value).success;
}
