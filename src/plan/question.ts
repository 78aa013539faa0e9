import { InvalidInputError } from "../errors.js";

/** Long enough for any real question; a pasted document is not a question. */
export const MAX_QUESTION_CHARS = 1000;

// C0/C1 controls other than the whitespace a pasted question may contain (tab, newline, CR).
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Validates a question or query at the edge; returns it trimmed with whitespace runs collapsed. */
export function normalizeQuestion(input: unknown, what = "question"): string {
  if (typeof input !== "string") throw new InvalidInputError(`The ${what} must be a string`);
  if (input.length > MAX_QUESTION_CHARS * 4) {
    throw new InvalidInputError(
      `The ${what} is too long (${input.length} characters; at most ${MAX_QUESTION_CHARS})`,
    );
  }
  if (CONTROL.test(input)) throw new InvalidInputError(`The ${what} contains control characters`);
  if (LONE_SURROGATE.test(input))
    throw new InvalidInputError(`The ${what} contains invalid Unicode (a lone surrogate)`);
  const text = input.replace(/\s+/g, " ").trim();
  if (text === "") throw new InvalidInputError(`The ${what} is empty`);
  if (text.length > MAX_QUESTION_CHARS) {
    throw new InvalidInputError(
      `The ${what} is too long (${text.length} characters; at most ${MAX_QUESTION_CHARS})`,
    );
  }
  return text;
}
