/**
 * A thread of the extraction pool (extraction-pool.ts): one page's bytes in, its extracted text out.
 * A page that cannot be extracted comes back as data, with its reason when it has one, so the pool
 * can tell it from a thread that failed or was stopped.
 */

import { ReadFailure, type ReadFailureReason } from "../errors.js";
import { type ExtractedPage, extractPage, type PageToExtract } from "./extract-page.js";

export type ExtractAnswer = { page: ExtractedPage } | { failed: string; reason: ReadFailureReason };

/** Loads the HTML parsers (the kind of page most reads get) before a page arrives. */
export async function warm(): Promise<void> {
  const page = "<html><body><article><p>warm</p></article></body></html>";
  await extractPage({
    bytes: new TextEncoder().encode(page),
    contentType: "text/html",
    url: "https://warm.invalid/",
  });
}

export default async function extractInThread(input: PageToExtract): Promise<ExtractAnswer> {
  try {
    return { page: await extractPage(input) };
  } catch (error) {
    const failed = error instanceof Error ? error.message : String(error);
    return { failed, reason: error instanceof ReadFailure ? error.reason : "bad_body" };
  }
}
