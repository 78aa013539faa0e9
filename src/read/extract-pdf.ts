import { isoDate, pdfDate } from "./extract-dates.js";
import type { ExtractedPage } from "./extract-page.js";
import { cleanLine, languageTag, normalisePageText } from "./page-text.js";
import { refuseStreamBombs } from "./pdf-streams.js";

/** Pages read at most: past that a document is a book, and its first pages are what gets quoted. */
export const MAX_PDF_PAGES = 300;

/** pdf.js's level for errors only: its warnings go to the console, which may be a protocol stream. */
const PDFJS_ERRORS_ONLY = 0;

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

let unpdf: Promise<typeof import("unpdf")> | undefined;

/**
 * The text of a PDF's pages in order, a blank line between pages, with the title and creation
 * date of its document information (or XMP metadata) and the language its catalog declares. pdf.js (the serverless build unpdf ships)
 * is loaded on first use; it runs without eval and without native code.
 */
export async function extractPdf(bytes: Uint8Array, maxTextChars: number): Promise<ExtractedPage> {
  refuseStreamBombs(bytes);
  unpdf ??= import("unpdf");
  const { getDocumentProxy } = await unpdf;
  // A plain copy: pdf.js refuses a Buffer (what a fetch gives) and may detach what it is handed.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: PDFJS_ERRORS_ONLY });
  try {
    const pages: string[] = [];
    let length = 0;
    const pageCount = Math.min(pdf.numPages, MAX_PDF_PAGES);
    for (let number = 1; number <= pageCount && length <= maxTextChars; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = (content.items as TextItem[])
        .map((item) => (item.str ?? "") + (item.hasEOL ? "\n" : ""))
        .join("");
      page.cleanup();
      pages.push(text);
      length += text.length;
    }
    const { info, metadata } = await pdf.getMetadata();
    const fields = info as Record<string, unknown>;
    const title = cleanLine(stringOr(fields.Title)) ?? cleanLine(stringOr(metadata?.get("dc:title")));
    const text = normalisePageText(pages.join("\n\n"), maxTextChars);
    return {
      kind: "pdf",
      title,
      canonicalUrl: undefined,
      publishedAt: pdfDate(fields.CreationDate) ?? isoDate(metadata?.get("xmp:createdate")),
      language: languageTag(fields.Language),
      text,
      markdown: undefined,
    };
  } finally {
    await pdf.destroy();
  }
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
