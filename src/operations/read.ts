import type { Dispatcher } from "undici";
import { createStageState, type StageStores } from "../chain/stage-gate.js";
import type { Config } from "../config/config.js";
import { loadConfig } from "../config/config.js";
import type { ExtractPage } from "../read/extract-page.js";
import type { FirecrawlFallback } from "../read/firecrawl-fallback.js";
import { firecrawlScrapeFor } from "../read/firecrawl-scrape.js";
import { readPage } from "../read/read-page.js";
import { openStateStore } from "../state/open-state-store.js";
import type { StateStore } from "../state/state-store.js";
import { checkCallOptions, inputFieldsOf } from "./call-options.js";
import { READ_MAX_CHARS_RANGE } from "./input-ranges.js";
import { parseInput } from "./parse-input.js";
import { type ReadResult, readInputSchema } from "./read-input.js";

export type { ReadResult } from "./read-input.js";

export interface ReadOptions {
  config?: Config | undefined;
  signal?: AbortSignal | undefined;
  /** Most characters of text returned, within `READ_MAX_CHARS_RANGE`. */
  maxChars?: number | undefined;
  /** Timeout of the whole read, redirects included, within `READ_TIMEOUT_MS_RANGE`. */
  timeoutMs?: number | undefined;
  /** Where the page's text is extracted (a server's own pool); default: the process's pool. */
  extract?: ExtractPage | undefined;
  /** Connections for Firecrawl's scrape endpoint; default: direct, or the configured proxy. */
  dispatcher?: Dispatcher | undefined;
  /** Shared state for many calls (a server): Firecrawl's pauses, cooldown, rate and allowance. */
  state?: StateStore | undefined;
}

/**
 * Reads one web page: its main text without navigation and boilerplate (HTML), the text of a PDF,
 * or plain text as is, with its title, canonical address, date and language. A page that cannot be
 * read — a private address, a loop of redirects, a body too large, a type other than HTML, PDF or
 * text — throws a `ReadFailure` whose `reason` says which. With a Firecrawl key, a page the direct
 * read could not get (a refusal, a server error, a timeout) is asked of Firecrawl's scrape endpoint
 * instead (`via: "firecrawl"`); a refused address never is.
 */
export async function read(url: string, options: ReadOptions = {}): Promise<ReadResult> {
  checkCallOptions(options);
  const input = parseInput(readInputSchema, { url, ...inputFieldsOf(options) });
  const config = options.config ?? loadConfig();
  const firecrawl = firecrawlFallback(config, options);
  let result: Awaited<ReturnType<typeof readPage>>;
  try {
    result = await readPage(input.url, {
      allowPrivateAddresses: config.allowPrivateAddresses,
      timeoutMs: input.timeoutMs,
      signal: options.signal,
      extract: options.extract,
      firecrawl: firecrawl?.fallback,
    });
  } finally {
    await firecrawl?.close();
  }
  const { page, extracted, via } = result;
  const maxChars = input.maxChars ?? READ_MAX_CHARS_RANGE.default;
  const text = extracted.text.slice(0, maxChars);
  return {
    url: page.url,
    finalUrl: page.finalUrl,
    redirects: page.redirects,
    kind: extracted.kind,
    contentType: page.mediaType,
    ...(extracted.title ? { title: extracted.title } : {}),
    ...(extracted.canonicalUrl ? { canonicalUrl: extracted.canonicalUrl } : {}),
    ...(extracted.publishedAt ? { publishedAt: extracted.publishedAt } : {}),
    ...(extracted.language ? { language: extracted.language } : {}),
    text,
    ...(extracted.markdown ? { markdown: extracted.markdown.slice(0, maxChars) } : {}),
    chars: extracted.text.length,
    truncated: extracted.text.length > text.length,
    via,
  };
}

/**
 * Firecrawl's scrape endpoint behind the direct read, when its key is set. Its shared state (the
 * pauses and allowance search uses too) is opened only when Firecrawl is about to be asked, and
 * closed after the read when this call opened it.
 */
function firecrawlFallback(
  config: Config,
  options: ReadOptions,
): { fallback: FirecrawlFallback; close: () => Promise<void> } | undefined {
  const scrape = firecrawlScrapeFor(config, options.dispatcher);
  if (scrape === undefined) return undefined;
  let opened: StateStore | undefined;
  let stages: StageStores | undefined;
  return {
    fallback: {
      scrape,
      stageState: () => {
        if (options.state) return createStageState(options.state, config);
        opened ??= openStateStore(config);
        stages ??= createStageState(opened, config);
        return stages;
      },
    },
    close: async () => {
      // A rate's background top-up finishes on the store it started on.
      await stages?.rates.settled();
      await opened?.close();
    },
  };
}
