import type { Dispatcher } from "undici";
import { z } from "zod";
import type { Config } from "../config/config.js";
import { ProviderError } from "../errors.js";
import { createHttpClient, type HttpClient, proxyDispatcher } from "../http/http-client.js";
import { FIRECRAWL_DOCUMENTED_BASE, firecrawlErrorCode } from "../providers/firecrawl.js";
import { isHttpUrl } from "../providers/hit-fields.js";
import { bearer } from "../providers/keyed-provider.js";
import { providerRow, stageAddress } from "../providers/registry.js";
import { endpoint, parseReply, requestJson } from "../providers/vendor-request.js";
import { isoDate } from "./extract-dates.js";
import { httpUrl } from "./extract-html-meta.js";
import { mediaType } from "./extract-page.js";
import { cleanLine, languageTag } from "./page-text.js";

/**
 * Firecrawl's scrape endpoint (`POST /v2/scrape`): one page rendered in a browser and turned into
 * markdown. Everything shaped like Firecrawl's API stays in this file; what leaves it is a page's
 * markdown and the facts its metadata states, or a `ProviderError` the chain's rules act on.
 */

// --- settings ---------------------------------------------------------------------------------

export interface FirecrawlScrapeSettings {
  apiKey: string;
  /** `FIRECRAWL_API_URL`: replaces the scheme, host and optional path prefix of the cloud's address. */
  baseUrl?: string | undefined;
  http: HttpClient;
}

export interface ScrapeRequest {
  url: string;
  /** How long the whole exchange may take; Firecrawl is told a little less, so it answers in time. */
  timeoutMs: number;
  signal: AbortSignal;
  /** Largest reply accepted (its markdown is the page's text). */
  maxBytes: number;
}

/** What Firecrawl read of a page. */
export interface ScrapedPage {
  markdown: string;
  /** Where the page was read after redirects, http(s) only. */
  finalUrl: string | undefined;
  /** The status the page answered Firecrawl with (2xx: anything else is a failure). */
  status: number | undefined;
  /** The page's media type as it was served (`text/html`, `application/pdf`). */
  mediaType: string | undefined;
  title: string | undefined;
  canonicalUrl: string | undefined;
  publishedAt: string | undefined;
  language: string | undefined;
}

export type FirecrawlScrape = (request: ScrapeRequest) => Promise<ScrapedPage>;

// --- factory ----------------------------------------------------------------------------------

/** Firecrawl rejects a scrape `timeout` below one second. */
const MIN_VENDOR_TIMEOUT_MS = 1_000;
/** Left for the reply to travel back after Firecrawl gives up on the page. */
const REPLY_MARGIN_MS = 1_000;

export function createFirecrawlScrape(settings: FirecrawlScrapeSettings): FirecrawlScrape {
  const { label } = providerRow("firecrawl");
  const url = endpoint(settings.baseUrl?.trim() || undefined, FIRECRAWL_DOCUMENTED_BASE, "/v2/scrape");
  return async (request) => {
    const reply = await requestJson({
      http: settings.http,
      provider: "firecrawl",
      label,
      url,
      method: "POST",
      headers: { ...bearer(settings.apiKey), accept: "application/json" },
      json: buildBody(request),
      errorCode: firecrawlErrorCode,
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      maxBodyBytes: request.maxBytes,
    });
    return toScrapedPage(parseReply(responseSchema, reply, "firecrawl", label), request.url);
  };
}

// --- request ----------------------------------------------------------------------------------

/** Only documented keys: Firecrawl validates the body strictly (an unknown key is a 400). */
function buildBody(request: ScrapeRequest) {
  return {
    url: request.url,
    formats: ["markdown"],
    // The article, not the menus: what the direct read keeps of a page too.
    onlyMainContent: true,
    timeout: Math.max(MIN_VENDOR_TIMEOUT_MS, Math.floor(request.timeoutMs - REPLY_MARGIN_MS)),
  };
}

// --- response schema (only the fields read) ---------------------------------------------------

/** A metadata value: a string, or a list when the page repeats the tag (the first counts). */
const metaValue = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .catch(undefined)
  .transform((value) => (Array.isArray(value) ? value.find((v) => typeof v === "string") : value));

const metadataSchema = z.looseObject({
  title: metaValue,
  ogTitle: metaValue,
  ogUrl: metaValue,
  /** The address read after redirects; `sourceURL` is the one asked for. */
  url: metaValue,
  sourceURL: metaValue,
  /** The status the page itself answered Firecrawl with. */
  statusCode: z.number().optional().catch(undefined),
  contentType: metaValue,
  language: metaValue,
  publishedTime: metaValue,
});

const responseSchema = z.looseObject({
  success: z.boolean().optional().catch(undefined),
  data: z.looseObject({
    markdown: z.string().optional().catch(undefined),
    metadata: metadataSchema.optional().catch(undefined),
  }),
});

// --- errors and the page ----------------------------------------------------------------------

function failure(message: string, outcome: string): ProviderError {
  return new ProviderError(message, { provider: "firecrawl", outcome });
}

function toScrapedPage(reply: z.infer<typeof responseSchema>, asked: string): ScrapedPage {
  if (reply.success === false) throw failure("Firecrawl answered without success", "bad_response");
  const metadata = reply.data.metadata;
  const status = metadata?.statusCode;
  // Firecrawl reached the page, but it refused or failed Firecrawl too: its markdown is the error page.
  if (status !== undefined && (status < 200 || status > 299))
    throw failure(`Firecrawl reached the page, which answered HTTP ${status}`, "page_status");
  const markdown = reply.data.markdown ?? "";
  if (markdown.trim() === "") throw failure("Firecrawl found no text on the page", "empty");
  const finalUrl = [metadata?.url, metadata?.sourceURL].find(isHttpUrl);
  return {
    markdown,
    finalUrl,
    status,
    mediaType: mediaType(metadata?.contentType ?? "") || undefined,
    title: cleanLine(metadata?.title ?? metadata?.ogTitle),
    canonicalUrl: httpUrl(metadata?.ogUrl, finalUrl ?? asked),
    publishedAt: isoDate(metadata?.publishedTime),
    language: languageTag(metadata?.language),
  };
}

/** Firecrawl's scrape endpoint as the settings configure it (key, address, proxy); undefined without a key. */
export function firecrawlScrapeFor(config: Config, dispatcher?: Dispatcher): FirecrawlScrape | undefined {
  const apiKey = config.keys.firecrawl;
  if (apiKey === undefined) return undefined;
  return createFirecrawlScrape({
    apiKey,
    baseUrl: stageAddress(config, "firecrawl"),
    http: createHttpClient({ dispatcher: dispatcher ?? proxyDispatcher(config.proxy) }),
  });
}
