import { describeFailure, enterStage, leaveStage, type StageState } from "../chain/stage-gate.js";
import { maskUrl } from "../config/redact.js";
import { ReadFailure, type ReadFailureReason } from "../errors.js";
import { type ExtractedPage, type ExtractPage, pageKindOf } from "./extract-page.js";
import type { FetchedPage } from "./fetch-page.js";
import type { FirecrawlScrape, ScrapedPage } from "./firecrawl-scrape.js";

/**
 * Firecrawl's scrape endpoint as the reader's second attempt: a page the direct read could not get
 * (a bot wall, a page built by scripts, a server failing plain clients) rendered in Firecrawl's
 * browser. Firecrawl is asked under the same rules as when it searches — its pauses, cooldown,
 * rate and allowance, shared with every search — and within the time left of the same read.
 */

export interface FirecrawlFallback {
  scrape: FirecrawlScrape;
  /** The shared state Firecrawl is asked under; called only when it is about to be asked. */
  stageState: () => StageState;
}

/**
 * Failures never handed to Firecrawl: an address the reader refused (private, reserved or not a
 * web address) goes to no third party either, and a read the caller stopped is over.
 */
const KEPT_FROM_FIRECRAWL: ReadonlySet<ReadFailureReason> = new Set([
  "bad_address",
  "private_address",
  "aborted",
]);

/** Statuses a browser may get past: a bot wall, a rate limit, a server failing plain clients. A 404 is gone for a browser too. */
const renderable = (status: number): boolean => status === 403 || status === 429 || status >= 500;

/** Whether Firecrawl may read a page the direct read failed on this way. */
export function worthAskingFirecrawl(failure: ReadFailure): boolean {
  if (KEPT_FROM_FIRECRAWL.has(failure.reason)) return false;
  if (failure.reason !== "http_status") return true;
  return failure.status !== undefined && renderable(failure.status);
}

/** Firecrawl is told at least a second and its reply needs time to come back: with less left, it is not asked. */
const MIN_TIME_LEFT_MS = 2_000;
/** The exchange's own timer runs a little past the read's deadline, so that the deadline is what ends it. */
const DEADLINE_SLACK_MS = 250;

const MARKDOWN = "text/markdown; charset=utf-8";

/**
 * The direct read's share of a read's time when Firecrawl is behind it: half, so that a page that
 * hangs still leaves Firecrawl the rest; all of it when half would be too little for Firecrawl.
 */
export function directReadMs(timeoutMs: number): number {
  const half = Math.ceil(timeoutMs / 2);
  return timeoutMs - half >= MIN_TIME_LEFT_MS ? half : timeoutMs;
}

export interface FallbackContext {
  /** When the read's time is up, on the `performance.now()` clock. */
  deadlineAt: number;
  signal: AbortSignal | undefined;
  maxBytes: number;
  extract: ExtractPage;
}

/**
 * The page as Firecrawl read it, or the direct read's failure (its reason kept) with what became of
 * asking Firecrawl added to its message.
 */
export async function readThroughFirecrawl(
  url: string,
  direct: ReadFailure,
  fallback: FirecrawlFallback,
  context: FallbackContext,
): Promise<{ page: FetchedPage; extracted: ExtractedPage }> {
  const leftMs = () => context.deadlineAt - performance.now();
  if (leftMs() < MIN_TIME_LEFT_MS)
    throw alsoFailed(direct, "too little of the read's time was left to ask Firecrawl");
  const timeout = AbortSignal.timeout(Math.floor(leftMs()));
  const deadline = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
  const state = fallback.stageState();
  const entry = await enterStage("firecrawl", state, {
    deadline,
    deadlineAt: context.deadlineAt,
    clock: Date.now,
    now: () => performance.now(),
  });
  if (!entry.ask) throw alsoFailed(direct, `Firecrawl was not asked (${entry.detail})`);
  let scraped: ScrapedPage;
  try {
    scraped = await fallback.scrape({
      url,
      timeoutMs: Math.ceil(Math.max(1, leftMs())) + DEADLINE_SLACK_MS,
      signal: deadline,
      maxBytes: context.maxBytes,
    });
  } catch (error) {
    const deadlineHit = deadline.aborted;
    await leaveStage("firecrawl", state, entry, { error, deadlineHit, clock: Date.now });
    const why = deadlineHit ? "the read's time ran out" : describeFailure(error);
    throw alsoFailed(direct, `Firecrawl could not read it either (${why})`);
  }
  await leaveStage("firecrawl", state, entry, { deadlineHit: false, clock: Date.now });
  return asReadPage(maskUrl(new URL(url).toString()), scraped, context, direct);
}

async function asReadPage(
  shown: string,
  scraped: ScrapedPage,
  context: FallbackContext,
  direct: ReadFailure,
): Promise<{ page: FetchedPage; extracted: ExtractedPage }> {
  const finalUrl = scraped.finalUrl === undefined ? shown : maskUrl(scraped.finalUrl);
  const bytes = Buffer.from(scraped.markdown, "utf8");
  let text: ExtractedPage;
  try {
    // Read as a markdown page is: the same cleaning, so the text's offsets mean what they always do.
    text = await context.extract(
      { bytes, contentType: MARKDOWN, url: finalUrl },
      { deadlineAt: context.deadlineAt, signal: context.signal },
    );
  } catch {
    throw alsoFailed(direct, "Firecrawl's markdown could not be read");
  }
  // Firecrawl reads web pages: one whose type it does not state is taken for HTML.
  const type = scraped.mediaType ?? "text/html";
  return {
    page: {
      url: shown,
      finalUrl,
      status: scraped.status ?? 200,
      mediaType: type,
      contentType: MARKDOWN,
      bytes,
      // Firecrawl says where it ended up, not the hops on the way.
      redirects: finalUrl === shown ? [] : [finalUrl],
    },
    extracted: {
      ...text,
      // A document Firecrawl turned into text (a Word file) is text.
      kind: pageKindOf(type) ?? "text",
      title: scraped.title ?? text.title,
      canonicalUrl: scraped.canonicalUrl,
      publishedAt: scraped.publishedAt,
      language: scraped.language,
    },
  };
}

/** The direct read's failure, its reason kept, with what became of asking Firecrawl. */
function alsoFailed(direct: ReadFailure, clause: string): ReadFailure {
  return new ReadFailure(`${direct.message}; ${clause}`, {
    reason: direct.reason,
    status: direct.status,
    cause: direct,
  });
}
