import type { ServerResponse } from "node:http";
import { errorOutput } from "../../operations/error-output.js";

export type ErrorCode =
  | "INVALID_INPUT"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "NOTHING_CONFIGURED"
  | "INVALID_CONFIG"
  | "READ_FAILED"
  | "BUSY"
  | "SHUTTING_DOWN"
  | "FORBIDDEN_HOST"
  | "FORBIDDEN_ORIGIN"
  | "UNAUTHORIZED"
  | "REQUEST_TIMEOUT"
  | "HEADERS_TOO_LARGE"
  | "INTERNAL";

/** An answer a handler gives instead of its result; `respond` turns it into the JSON error body. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/**
 * Any error as the API answers it: the HTTP-only ones as they are, the library's through the one
 * error mapping; anything unexpected is a bare 500 (the details go to the log only).
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const output = errorOutput(error);
  return new HttpError(
    output.httpStatus,
    output.code,
    output.expected ? output.message : "internal error; the server's log has the details",
  );
}

/** Writes a JSON answer; `closeConnection` when a request body was left unread. */
export function respond(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  closeConnection: boolean,
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = Buffer.from(JSON.stringify(body), "utf8");
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(payload.length),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...(closeConnection ? { connection: "close" } : {}),
    ...headers,
  });
  res.end(payload);
}
