import { isIP } from "node:net";
import { Agent, type Dispatcher, request } from "undici";
import { maskUrl } from "../config/redact.js";
import { HttpFailure, ReadFailure, type ReadFailureReason } from "../errors.js";
import {
  type AddressAllowed,
  type AddressRefused,
  anyAddress,
  checkedLookup,
  isPublicAddress,
} from "../http/address-policy.js";
import { flattenHeaders, readCappedBody } from "../http/http-client.js";
import { READ_TIMEOUT_MS_RANGE } from "../operations/input-ranges.js";
import { isReadableType, mediaType } from "./extract-page.js";

/**
 * Fetches one web page for reading, safely: the address comes from the web, so every hop is
 * checked (scheme, and the resolved address the socket connects to), redirects are followed by
 * hand and bounded, the body is capped after decompression, and one timeout covers all hops.
 */

export const DEFAULT_MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

/**
 * Types that say only "bytes" (servers send PDFs so, to make browsers download them): read when
 * the bytes are a PDF's, refused otherwise.
 */
const OPAQUE_TYPES = new Set([
  "application/octet-stream",
  "binary/octet-stream",
  "application/download",
  "application/force-download",
]);

/** A PDF starts with `%PDF-` (some writers put a little junk first: the format allows 1 KiB of it). */
const isPdf = (bytes: Buffer): boolean => bytes.subarray(0, 1024).includes("%PDF-");

export interface FetchPageOptions {
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Loopback, private, link-local and the like (CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses?: boolean | undefined;
  /** Tests only: which addresses count as allowed instead of the built-in ranges. */
  addressAllowed?: AddressAllowed | undefined;
  /** Tests only: resolves names instead of the system resolver (hostname → addresses). */
  lookup?: ReturnType<typeof checkedLookup> | undefined;
}

export interface FetchedPage {
  /** The address asked for, credentials masked. */
  url: string;
  /** The address the page came from after redirects, credentials masked. */
  finalUrl: string;
  status: number;
  /** The media type, lower-case, without parameters (`text/html`). */
  mediaType: string;
  /** The content type to read the page as: the header as sent (its charset counts), or the type found. */
  contentType: string;
  bytes: Buffer;
  /** Each address redirected to, in order. */
  redirects: string[];
}

const fail = (reason: ReadFailureReason, message: string, cause?: unknown): ReadFailure =>
  new ReadFailure(message, { reason, cause });

/** How a refused private address ends its message: the setting that lets such addresses be read. */
const NOT_READ_PRIVATE = "; not read unless CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES=1";

/** Only http and https, no credentials in the address: anything else is refused before a connection. */
function checkAddress(raw: string, allowed: AddressAllowed): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw fail("bad_address", "Not a valid web address", error);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw fail("bad_address", `Only http and https pages are read, not ${url.protocol.replace(/:$/, "")}`);
  if (url.username || url.password)
    throw fail("bad_address", `Addresses with credentials are not read (${maskUrl(url.toString())})`);
  // A literal IP is connected to without a lookup: it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !allowed(host))
    throw fail(
      "private_address",
      `${maskUrl(url.toString())} is a private or reserved address${NOT_READ_PRIVATE}`,
    );
  return url;
}

/** A body not wanted: closed, and the abort that closing raises on it kept quiet. */
function discard(body: Dispatcher.ResponseData["body"]): void {
  body.on("error", () => undefined);
  body.destroy();
}

const isRedirect = (status: number): boolean => [301, 302, 303, 307, 308].includes(status);

export async function fetchPage(address: string, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const allowed = options.addressAllowed ?? (options.allowPrivateAddresses ? anyAddress : isPublicAddress);
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS_RANGE.default;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_PAGE_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let refused: AddressRefused | undefined;
  const onRefused = (refusal: AddressRefused) => {
    refused = refusal;
  };
  const lookup = options.lookup ?? checkedLookup(allowed, onRefused);
  // One agent per read: its sockets never outlive the read, and its lookup holds this read's policy.
  const agent = new Agent({ connect: { lookup }, connections: 2 });
  const first = checkAddress(address, allowed);
  const shown = maskUrl(first.toString());
  const redirects: string[] = [];
  const seen = new Set<string>([first.toString()]);
  let url = first;
  try {
    for (;;) {
      const response = await exchange(url, agent, signal);
      if (isRedirect(response.statusCode)) {
        discard(response.body);
        const location = [response.headers.location].flat()[0];
        if (!location) throw fail("http_status", `${maskUrl(url.toString())} redirected without a Location`);
        const next = checkAddress(new URL(location, url).toString(), allowed);
        if (seen.has(next.toString())) throw fail("redirect_loop", `${shown} redirects in a loop`);
        if (redirects.length >= MAX_REDIRECTS)
          throw fail("too_many_redirects", `${shown} redirected more than ${MAX_REDIRECTS} times`);
        seen.add(next.toString());
        redirects.push(maskUrl(next.toString()));
        url = next;
        continue;
      }
      const headers = flattenHeaders(response.headers);
      if (response.statusCode < 200 || response.statusCode > 299) {
        discard(response.body);
        throw new ReadFailure(`${maskUrl(url.toString())} answered HTTP ${response.statusCode}`, {
          reason: "http_status",
          status: response.statusCode,
        });
      }
      const header = headers["content-type"] ?? "";
      const sent = mediaType(header) || "text/html";
      const unsupported = () =>
        fail("unsupported_type", `${maskUrl(url.toString())} is ${sent}; only HTML, PDF and text are read`);
      if (!isReadableType(sent) && !OPAQUE_TYPES.has(sent)) {
        discard(response.body);
        throw unsupported();
      }
      const bytes = await readCappedBody(response.body, headers["content-encoding"], maxBytes, shown);
      if (OPAQUE_TYPES.has(sent) && !isPdf(bytes)) throw unsupported();
      const readAs = OPAQUE_TYPES.has(sent) ? "application/pdf" : sent;
      return {
        url: shown,
        finalUrl: maskUrl(url.toString()),
        status: response.statusCode,
        mediaType: readAs,
        // What the page is read as: the header when it names a readable type (its charset counts).
        contentType: isReadableType(sent) && header !== "" ? header : readAs,
        bytes,
        redirects,
      };
    }
  } catch (error) {
    throw asReadFailure(error, { shown, timeout, signal, timeoutMs, refused: () => refused });
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

/** One request, no redirects followed, the read's signal on it. */
function exchange(url: URL, agent: Dispatcher, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  return request(url, {
    method: "GET",
    dispatcher: agent,
    signal,
    headers: {
      accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.1",
      "accept-encoding": "gzip, deflate, br",
      "user-agent": "Mozilla/5.0 (compatible; core-search/0.1; page reader)",
    },
  });
}

function asReadFailure(
  error: unknown,
  context: {
    shown: string;
    timeout: AbortSignal;
    signal: AbortSignal;
    timeoutMs: number;
    refused: () => AddressRefused | undefined;
  },
): ReadFailure {
  if (error instanceof ReadFailure) return error;
  const refusal = context.refused();
  if (refusal) return fail("private_address", `${refusal.message}${NOT_READ_PRIVATE}`, error);
  if (context.timeout.aborted)
    return fail("timeout", `Reading ${context.shown} took longer than ${context.timeoutMs} ms`, error);
  if (context.signal.aborted) return fail("aborted", `Reading ${context.shown} was stopped`, error);
  if (error instanceof HttpFailure) {
    const reason: ReadFailureReason =
      error.kind === "too_large" || error.kind === "bad_body" ? error.kind : "network";
    return fail(reason, error.message.replace(/^Response from/, "The page at"), error);
  }
  const code = (error as { code?: unknown } | null)?.code;
  return fail(
    "network",
    `Could not read ${context.shown}: ${typeof code === "string" ? code : "network error"}`,
    error,
  );
}
