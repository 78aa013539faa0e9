/**
 * One error base with a stable `code`, so callers (CLI exit codes, MCP `isError`, HTTP status)
 * can branch on the code instead of parsing messages. Messages never carry secrets.
 */
export type CoreSearchErrorCode =
  | "INVALID_INPUT"
  | "INVALID_CONFIG"
  | "NOTHING_CONFIGURED"
  | "PROVIDER_FAILED"
  | "HTTP_FAILED"
  | "READ_FAILED"
  | "NOT_FOUND";

export class CoreSearchError extends Error {
  readonly code: CoreSearchErrorCode;

  constructor(message: string, options: { code: CoreSearchErrorCode; cause?: unknown | undefined }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CoreSearchError";
    this.code = options.code;
  }
}

/**
 * One problem with an input field: its path (`["evidence", 0, "url"]`) and what is wrong, worded to
 * follow the field's name ("must be a string"), or a whole sentence (capitalised) that names it itself.
 * Surfaces re-render the path in their own syntax (`--limit` on the command line).
 */
export interface InputProblem {
  path: readonly (string | number)[];
  message: string;
  /** The path names a field the operation does not have. */
  unknownField?: boolean | undefined;
}

/** A question, query or option the caller passed that cannot be used. Nothing was searched. */
export class InvalidInputError extends CoreSearchError {
  /** The problems the message lists, when they came from an input schema (empty otherwise). */
  readonly problems: readonly InputProblem[];

  constructor(message: string, options: { cause?: unknown; problems?: readonly InputProblem[] } = {}) {
    super(message, { code: "INVALID_INPUT", cause: options.cause });
    this.name = "InvalidInputError";
    this.problems = options.problems ?? [];
  }
}

/** Settings that cannot be used; `problems` names every bad setting (never a secret's value). */
export class ConfigError extends CoreSearchError {
  readonly problems: readonly string[];

  constructor(problems: readonly string[], options: { code?: "INVALID_CONFIG" | "NOTHING_CONFIGURED" } = {}) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`, {
      code: options.code ?? "INVALID_CONFIG",
    });
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * One provider attempt that did not produce results. `outcome` is the short machine word recorded
 * in the report's `attempts` (`http_503`, `timeout`, `network`, `bad_response`, …).
 */
export class ProviderError extends CoreSearchError {
  readonly provider: string;
  readonly outcome: string;
  readonly status: number | undefined;
  /** The vendor's own error code when it sent one (`NO_MORE_CREDITS`, `QUOTA_LIMITED`, …). */
  readonly vendorCode: string | undefined;
  /** Set when the service asked to be left alone: quota gone (long pause) or rate-limited. */
  readonly pause: { reason: "quota" | "rate_limit"; retryAfterMs?: number | undefined } | undefined;

  constructor(
    message: string,
    options: {
      provider: string;
      outcome: string;
      status?: number | undefined;
      vendorCode?: string | undefined;
      pause?: { reason: "quota" | "rate_limit"; retryAfterMs?: number | undefined } | undefined;
      cause?: unknown;
    },
  ) {
    super(message, { code: "PROVIDER_FAILED", cause: options.cause });
    this.name = "ProviderError";
    this.provider = options.provider;
    this.outcome = options.outcome;
    this.status = options.status;
    this.vendorCode = options.vendorCode;
    this.pause = options.pause;
  }
}

/** Why one HTTP exchange produced no usable body; providers map `kind` to an attempt outcome. */
export type HttpFailureKind = "timeout" | "aborted" | "network" | "too_large" | "bad_body";

export class HttpFailure extends CoreSearchError {
  readonly kind: HttpFailureKind;

  constructor(message: string, options: { kind: HttpFailureKind; cause?: unknown }) {
    super(message, { code: "HTTP_FAILED", cause: options.cause });
    this.name = "HttpFailure";
    this.kind = options.kind;
  }
}

/** Why a page was not read: the reason word recorded with the read, and a sentence for people. */
export type ReadFailureReason =
  | "bad_address"
  | "private_address"
  | "too_many_redirects"
  | "redirect_loop"
  | "http_status"
  | "unsupported_type"
  | "timeout"
  | "aborted"
  | "too_large"
  | "network"
  | "bad_body";

/** A page that could not be read. The message names the address with any credentials masked. */
export class ReadFailure extends CoreSearchError {
  readonly reason: ReadFailureReason;
  /** The status the page answered with (`http_status`). */
  readonly status: number | undefined;

  constructor(
    message: string,
    options: { reason: ReadFailureReason; status?: number | undefined; cause?: unknown },
  ) {
    super(message, { code: "READ_FAILED", cause: options.cause });
    this.name = "ReadFailure";
    this.reason = options.reason;
    this.status = options.status;
  }
}

/**
 * The operating system's error code behind a failure (`ENOTFOUND`, `ECONNREFUSED`, …), looked for
 * along its causes: a provider's error wraps the HTTP failure, which wraps the socket's.
 */
export function systemErrorCode(error: unknown): string | undefined {
  let at: unknown = error;
  for (let depth = 0; depth < 8 && typeof at === "object" && at !== null; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z0-9_]+$/.test(code)) return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The codes of a name that did not resolve: offline, or no DNS (EAI_AGAIN: the resolver did not answer). */
export const NAME_NOT_RESOLVED: readonly string[] = ["ENOTFOUND", "EAI_AGAIN"];
