import type { Config } from "../config/config.js";
import { loadConfig } from "../config/config.js";
import type { ExtractPage } from "../read/extract-page.js";
import { readPage } from "../read/read-page.js";
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
  /** Where the page's text is extracted (a server's worker threads); default: in this thread. */
  extract?: ExtractPage | undefined;
}

/**
 * Reads one web page: its main text without navigation and boilerplate (HTML), the text of a PDF,
 * or plain text as is, with its title, canonical address, date and language. A page that cannot be
 * read — a private address, a loop of redirects, a body too large, a type other than HTML, PDF or
 * text — throws a `ReadFailure` whose `reason` says which.
 */
export async function read(url: string, options: ReadOptions = {}): Promise<ReadResult> {
  checkCallOptions(options);
  const input = parseInput(readInputSchema, { url, ...inputFieldsOf(options) });
  const config = options.config ?? loadConfig();
  const { page, extracted } = await readPage(input.url, {
    allowPrivateAddresses: config.allowPrivateAddresses,
    timeoutMs: input.timeoutMs,
    signal: options.signal,
    extract: options.extract,
  });
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
  };
}
