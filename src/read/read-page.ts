import { ReadFailure } from "../errors.js";
import { READ_TIMEOUT_MS_RANGE } from "../operations/input-ranges.js";
import type { ExtractBounds, ExtractedPage, ExtractPage } from "./extract-page.js";
import { extractBounded } from "./extraction-pool.js";
import { DEFAULT_MAX_PAGE_BYTES, type FetchedPage, type FetchPageOptions, fetchPage } from "./fetch-page.js";
import {
  directReadMs,
  type FirecrawlFallback,
  readThroughFirecrawl,
  worthAskingFirecrawl,
} from "./firecrawl-fallback.js";

/** Who read a page: core-search itself, or Firecrawl's scrape endpoint after the direct read failed. */
export const READ_VIA = ["direct", "firecrawl"] as const;
export type ReadVia = (typeof READ_VIA)[number];

export interface ReadPageOptions extends FetchPageOptions {
  /** Where the page's text is extracted (a server's own pool); default: the process's pool. */
  extract?: ExtractPage | undefined;
  /** Asked when the direct read fails in a way a browser may get past; absent: the failure stands. */
  firecrawl?: FirecrawlFallback | undefined;
}

/** A page fetched and extracted: what the web sent, the text and facts read from it, and who read it. */
export interface ReadPage {
  page: FetchedPage;
  extracted: ExtractedPage;
  via: ReadVia;
}

/**
 * Fetches one page safely and extracts its readable content: the one path every read takes, the
 * `read` operation and the pages `corroborate` reads alike. When that fails and Firecrawl is
 * configured, Firecrawl's scrape endpoint reads the page within the same timeout. Every way it can
 * fail is a `ReadFailure` with a reason, the direct read's.
 */
export async function readPage(url: string, options: ReadPageOptions = {}): Promise<ReadPage> {
  const { extract = extractBounded, firecrawl, ...fetchOptions } = options;
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS_RANGE.default;
  const deadlineAt = performance.now() + timeoutMs;
  // The extraction thread starts while the page is fetched, not after.
  extract.warm?.();
  try {
    const directMs = firecrawl ? directReadMs(timeoutMs) : timeoutMs;
    const direct = { ...fetchOptions, timeoutMs: directMs };
    const bounds = { deadlineAt: performance.now() + directMs, signal: options.signal };
    return { ...(await readDirectly(url, direct, extract, bounds)), via: "direct" };
  } catch (error) {
    const retry = firecrawl && error instanceof ReadFailure && worthAskingFirecrawl(error);
    if (!retry || options.signal?.aborted) throw error;
    const read = await readThroughFirecrawl(url, error, firecrawl, {
      deadlineAt,
      signal: options.signal,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_PAGE_BYTES,
      extract,
    });
    return { ...read, via: "firecrawl" };
  }
}

async function readDirectly(
  url: string,
  options: FetchPageOptions,
  extract: ExtractPage,
  bounds: ExtractBounds,
): Promise<Omit<ReadPage, "via">> {
  const page = await fetchPage(url, options);
  try {
    const extracted = await extract(
      { bytes: page.bytes, contentType: page.contentType, url: page.finalUrl },
      bounds,
    );
    return { page, extracted };
  } catch (error) {
    // Stopped by its deadline, its caller or its size: that reason is the read's.
    if (error instanceof ReadFailure && error.reason !== "bad_body") throw error;
    throw new ReadFailure(`The page at ${page.finalUrl} could not be read as ${page.mediaType}`, {
      reason: "bad_body",
      cause: error,
    });
  }
}
