import {
  ConfigError,
  CoreSearchError,
  InvalidInputError,
  ReadFailure,
  type ReadFailureReason,
} from "../errors.js";
import { describeProblems } from "./parse-input.js";

export type ErrorOutputCode =
  | "INVALID_INPUT"
  | "INVALID_CONFIG"
  | "NOTHING_CONFIGURED"
  | "READ_FAILED"
  | "NOT_FOUND"
  | "INTERNAL";

/** What every surface makes of an error: the CLI's exit code, HTTP's status, MCP's `isError`. */
export interface ErrorOutput {
  code: ErrorOutputCode;
  /** Safe to show: input and settings problems never carry secrets; anything else is not shown. */
  message: string;
  httpStatus: number;
  exitCode: number;
  mcpIsError: boolean;
  /** False for a failure nobody planned for: the surface logs it (the CLI lets it reach bin.ts). */
  expected: boolean;
}

/** Read failures that are refusals of what was asked, not failures of the page. */
const REFUSALS: ReadonlySet<ReadFailureReason> = new Set([
  "bad_address",
  "private_address",
  "unsupported_type",
]);

const INTERNAL_MESSAGE = "internal error; the log has the details";

/**
 * The one mapping from an error to its output. `fieldName` spells a field as the surface does
 * (`limit` → `--limit`), so a surface changes the syntax of a message, never its wording.
 */
export function errorOutput(
  error: unknown,
  options: { fieldName?: ((field: string) => string) | undefined } = {},
): ErrorOutput {
  if (error instanceof ConfigError) {
    // The problems name settings, never their values.
    return {
      code: error.code === "NOTHING_CONFIGURED" ? "NOTHING_CONFIGURED" : "INVALID_CONFIG",
      message: error.problems.join("; "),
      httpStatus: 503,
      exitCode: 2,
      mcpIsError: true,
      expected: true,
    };
  }
  if (error instanceof CoreSearchError && error.code === "INVALID_INPUT") {
    const problems = error instanceof InvalidInputError ? error.problems : [];
    const message =
      problems.length > 0 && options.fieldName
        ? describeProblems(problems, options.fieldName)
        : error.message;
    return { code: "INVALID_INPUT", message, httpStatus: 400, exitCode: 2, mcpIsError: true, expected: true };
  }
  if (error instanceof CoreSearchError && error.code === "NOT_FOUND") {
    return {
      code: "NOT_FOUND",
      message: error.message,
      httpStatus: 404,
      exitCode: 2,
      mcpIsError: true,
      expected: true,
    };
  }
  if (error instanceof ReadFailure) {
    // An address the caller gave that is not read is bad input; a page that failed is the web's doing.
    const refused = REFUSALS.has(error.reason);
    return {
      code: "READ_FAILED",
      message: error.message,
      httpStatus: refused ? 422 : 502,
      exitCode: refused ? 2 : 3,
      mcpIsError: true,
      expected: true,
    };
  }
  return {
    code: "INTERNAL",
    message: INTERNAL_MESSAGE,
    httpStatus: 500,
    exitCode: 1,
    mcpIsError: true,
    expected: false,
  };
}
