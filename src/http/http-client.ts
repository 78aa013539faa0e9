import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { type Dispatcher, EnvHttpProxyAgent, request } from "undici";
import { maskUrl } from "../config/redact.js";
import { HttpFailure } from "../errors.js";

/**
 * The one HTTP path of core-search. Every request: an injected dispatcher (tests pass a MockAgent
 * or reach local servers; nothing touches the global dispatcher), a hard timeout combined with the
 * caller's signal, no redirects, a cap on the (decompressed) body, and credentials lifted out of
 * the URL into a Basic header so they never appear in logs or error messages.
 */

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpRequest {
  url: string;
  method?: "GET" | "POST";
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Serialised as JSON with a JSON content type. */
  json?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  maxBodyBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpResponse>;
}

/**
 * The dispatcher for configured proxy settings, or undefined for a direct connection (undici's
 * keep-alive agent). Values are passed explicitly (empty = none) so undici never reads the
 * environment behind the settings' back.
 */
export function proxyDispatcher(proxy: {
  http?: string | undefined;
  https?: string | undefined;
  noProxy?: string | undefined;
}): Dispatcher | undefined {
  if (!proxy.http && !proxy.https) return undefined;
  return new EnvHttpProxyAgent({
    httpProxy: proxy.http ?? "",
    httpsProxy: proxy.https ?? "",
    noProxy: proxy.noProxy ?? "",
  });
}

export function createHttpClient(options: { dispatcher?: Dispatcher | undefined } = {}): HttpClient {
  return { send: (req) => send(req, options.dispatcher) };
}

async function send(req: HttpRequest, dispatcher: Dispatcher | undefined): Promise<HttpResponse> {
  const { url, authorization } = prepareUrl(req.url, req.query);
  const shownUrl = maskUrl(url.toString());
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const headers: Record<string, string> = {
    "accept-encoding": "gzip, deflate, br",
    ...lowerKeys(req.headers),
  };
  if (authorization && headers.authorization === undefined) headers.authorization = authorization;
  let body: string | undefined;
  if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers["content-type"] ??= "application/json";
  }

  const failure = (error: unknown): HttpFailure => {
    if (timeout.aborted) {
      return new HttpFailure(`Request to ${shownUrl} timed out after ${req.timeoutMs} ms`, {
        kind: "timeout",
        cause: error,
      });
    }
    if (signal.aborted)
      return new HttpFailure(`Request to ${shownUrl} was aborted`, { kind: "aborted", cause: error });
    if (error instanceof HttpFailure) return error;
    const code = (error as { code?: unknown } | null)?.code;
    return new HttpFailure(
      `Request to ${shownUrl} failed: ${typeof code === "string" ? code : "network error"}`,
      { kind: "network", cause: error },
    );
  };

  try {
    const response = await request(url, {
      method: req.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body: body ?? null,
      signal,
      ...(dispatcher ? { dispatcher } : {}),
    });
    const responseHeaders = flattenHeaders(response.headers);
    const bytes = await readCappedBody(
      response.body,
      responseHeaders["content-encoding"],
      req.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      shownUrl,
    );
    return { status: response.statusCode, headers: responseHeaders, text: bytes.toString("utf8") };
  } catch (error) {
    throw failure(error);
  }
}

/** Moves `user:pass@` out of the URL into a Basic header; fetch-style clients reject such URLs. */
function prepareUrl(
  raw: string,
  query: HttpRequest["query"],
): { url: URL; authorization: string | undefined } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw new HttpFailure("Request URL is not a valid URL", { kind: "network", cause: error });
  }
  let authorization: string | undefined;
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return { url, authorization };
}

/**
 * A response body, decompressed as its `content-encoding` says, stopped with `too_large` as soon as
 * the decompressed bytes pass `maxBytes`.
 */
export async function readCappedBody(
  body: Readable,
  encoding: string | undefined,
  maxBytes: number,
  shownUrl: string,
): Promise<Buffer> {
  let stream: Readable = body;
  const coding = encoding?.trim().toLowerCase();
  const decoder =
    coding === "gzip" || coding === "x-gzip"
      ? createGunzip()
      : coding === "deflate"
        ? createInflate()
        : coding === "br"
          ? createBrotliDecompress()
          : undefined;
  // Which failed first: the body itself (reset, abort) or the decoder (bytes that do not decode).
  // `pipeline` passes either failure on to the other stream, so the first one tells them apart.
  let firstFailure: "body" | "decoder" | undefined;
  if (decoder) {
    body.once("error", () => {
      firstFailure ??= "body";
    });
    decoder.once("error", () => {
      firstFailure ??= "decoder";
    });
    // `pipeline`, not `pipe`: a timeout, abort or reset that ends the body mid-way must reach the
    // decoder, or the read below waits for a chunk that never comes (with `pipe` it hung forever).
    // Errors surface through the loop below; the callback only keeps them from going unhandled.
    pipeline(body, decoder, () => {});
    stream = decoder;
  }

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      // Counted after decompression, so a small gzip bomb is stopped as early as a huge plain body.
      if (size > maxBytes) {
        throw new HttpFailure(`Response from ${shownUrl} exceeded ${maxBytes} bytes`, { kind: "too_large" });
      }
      chunks.push(buffer);
    }
  } catch (error) {
    body.destroy();
    stream.destroy();
    if (error instanceof HttpFailure) throw error;
    const isZlib = firstFailure === "decoder" && typeof (error as { errno?: unknown }).errno === "number";
    if (isZlib) {
      throw new HttpFailure(`Response from ${shownUrl} could not be decompressed`, {
        kind: "bad_body",
        cause: error,
      });
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
