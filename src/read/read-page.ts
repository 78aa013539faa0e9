import { ReadFailure } from "../errors.js";
import { type ExtractedPage, type ExtractPage, extractPage } from "./extract-page.js";
import { type FetchedPage, type FetchPageOptions, fetchPage } from "./fetch-page.js";

export interface ReadPageOptions extends FetchPageOptions {
  /** Where the page's text is extracted (a server's worker threads); default: in this thread. */
  extract?: ExtractPage | undefined;
}

/** A page fetched and extracted: what the web sent, and the text and facts read from it. */
export interface ReadPage {
  page: FetchedPage;
  extracted: ExtractedPage;
}

/**
 * Fetches one page safely and extracts its readable content: the one path every read takes, the
 * `read` operation and the pages `corroborate` reads alike. Every way it can fail is a
 * `ReadFailure` with a reason.
 */
export async function readPage(url: string, options: ReadPageOptions = {}): Promise<ReadPage> {
  const { extract = extractPage, ...fetchOptions } = options;
  const page = await fetchPage(url, fetchOptions);
  try {
    const extracted = await extract({ bytes: page.bytes, contentType: page.contentType, url: page.finalUrl });
    return { page, extracted };
  } catch (error) {
    throw new ReadFailure(`The page at ${page.finalUrl} could not be read as ${page.mediaType}`, {
      reason: "bad_body",
      cause: error,
    });
  }
}
