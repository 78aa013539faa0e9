import type { z } from "zod";
import { mentionsSecret } from "../config/redact.js";
import { ProviderError } from "../errors.js";
import type { HttpClient, HttpRequest } from "../http/http-client.js";
import { toProviderError } from "./provider-error.js";
import type { ProviderName } from "./search-provider.js";

/**
 * The request/response/error path every API provider shares: send through the one HTTP client,
 * parse JSON, and turn a non-2xx status into a `ProviderError` whose outcome (`http_402`), vendor
 * code and pause hint the chain can act on. Vendor specifics come in as small functions.
 */

export interface VendorCall extends Omit<HttpRequest, "signal"> {
  http: HttpClient;
  provider: ProviderName;
  /** Human name for messages: "Exa", "Brave". */
  label: string;
  signal: AbortSignal;
  /** Reads the vendor's error code out of an error body (`{"tag":"NO_MORE_CREDITS"}` → "NO_MORE_CREDITS"). */
  errorCode?: (body: unknown) => string | undefined;
  /** Vendor codes that mean the quota is gone even though the status is 429 (Brave `QUOTA_LIMITED`). */
  quotaCodes?: readonly string[];
}

/** Statuses that mean the allowance is used up: a long pause, not a retry in a minute. */
export const QUOTA_STATUSES: ReadonlySet<number> = new Set([402, 432, 433]);

export async function requestJson(call: VendorCall): Promise<unknown> {
  const { http, provider, label, errorCode, quotaCodes, ...request } = call;
  let response: Awaited<ReturnType<HttpClient["send"]>>;
  try {
    response = await http.send(request);
  } catch (error) {
    throw toProviderError(error, provider);
  }
  const body = parseJson(response.text);
  if (response.status >= 200 && response.status < 300) {
    if (body === undefined) {
      throw new ProviderError(`${label} returned a reply that is not JSON`, {
        provider,
        outcome: "bad_response",
        status: response.status,
      });
    }
    return body;
  }
  const vendorCode = safeCode(errorCode, body, credentialsOf(request.headers));
  const quota =
    QUOTA_STATUSES.has(response.status) ||
    (vendorCode !== undefined && (quotaCodes ?? []).includes(vendorCode));
  const retryAfter = retryAfterMs(response.headers["retry-after"]);
  const pause = quota
    ? { reason: "quota" as const }
    : response.status === 429
      ? { reason: "rate_limit" as const, retryAfterMs: retryAfter }
      : undefined;
  throw new ProviderError(
    `${label} request failed with status ${response.status}${vendorCode ? ` (${vendorCode})` : ""}`,
    {
      provider,
      outcome: `http_${response.status}`,
      status: response.status,
      vendorCode,
      pause,
    },
  );
}

/** The attempt of a stage that lacks its key or address: recorded as `no_key`, never sent. */
export function notConfigured(provider: ProviderName, label: string, setting: string): ProviderError {
  return new ProviderError(`${label} is not configured (${setting})`, { provider, outcome: "no_key" });
}

/** A 2xx reply read through the provider's schema; any other shape is a `bad_response` attempt. */
export function parseReply<T>(
  schema: z.ZodType<T>,
  reply: unknown,
  provider: ProviderName,
  label: string,
): T {
  const parsed = schema.safeParse(reply);
  if (!parsed.success) {
    throw new ProviderError(`${label} returned JSON of an unexpected shape`, {
      provider,
      outcome: "bad_response",
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** `Retry-After` as seconds or an HTTP date → milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The address of a vendor endpoint: an override (a base-URL variable such as `https://gateway.example/exa`)
 * replaces scheme, host and optional path prefix; the documented path is appended.
 */
export function endpoint(override: string | undefined, documentedBase: string, path: string): string {
  const base = (override ?? documentedBase).replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Headers that carry the request's own key. */
const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "x-subscription-token",
]);

/** The credentials a request carries (without `Bearer`/`Basic`), so a vendor code can be checked against them. */
function credentialsOf(headers: Record<string, string> | undefined): string[] {
  return Object.entries(headers ?? {})
    .filter(([name]) => CREDENTIAL_HEADERS.has(name.toLowerCase()))
    .map(([, value]) => value.replace(/^(?:Bearer|Basic)\s+/iu, "").trim())
    .filter((value) => value.length >= 4);
}

/**
 * The vendor's error code, when it is short and plain. A code that quotes back the request's key (a
 * gateway echoing `{"code": "<key>"}` looks like any code) is dropped: it would reach messages,
 * reports, logs and the pause state.
 */
function safeCode(
  read: VendorCall["errorCode"],
  body: unknown,
  secrets: readonly string[],
): string | undefined {
  try {
    const code = read?.(body);
    if (typeof code !== "string" || !/^[\w .:-]{1,80}$/.test(code)) return undefined;
    return secrets.some((secret) => mentionsSecret(code, secret)) ? undefined : code;
  } catch {
    return undefined;
  }
}
