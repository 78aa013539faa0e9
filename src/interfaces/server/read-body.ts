/**
 * Request bodies: JSON only, UTF-8 only, and never more than the configured size is buffered.
 */
import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";

/** Reads at most `limit` bytes; beyond that it stops reading (nothing more is buffered) and says so. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | "too_large"> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve("too_large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanUp = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanUp();
        req.pause();
        resolve("too_large");
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    // A connection destroyed mid-body (hang-up, shutdown) ends the wait too.
    const onClose = () => onError(new Error("the connection closed before the body was complete"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

export function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [type, ...params] = contentType.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  // JSON is UTF-8 (RFC 8259); a body declared as anything else would be misread.
  return params.every((param) => !param.startsWith("charset=") || /^charset="?utf-8"?$/u.test(param));
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(UTF8.decode(body));
  } catch {
    // The parser's message quotes the input; the caller knows what they sent.
    throw new HttpError(400, "INVALID_INPUT", "the request body is not valid JSON (UTF-8)");
  }
}
