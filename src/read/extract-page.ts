import { decodePage } from "./extract-decode.js";
import { extractHtml } from "./extract-html.js";
import { extractPdf } from "./extract-pdf.js";
import { cleanLine, normalisePageText } from "./page-text.js";

export const PAGE_KINDS = ["html", "pdf", "text"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export interface ExtractedPage {
  kind: PageKind;
  title: string | undefined;
  /** <link rel="canonical"> or og:url, absolute, http(s) only */
  canonicalUrl: string | undefined;
  /** ISO 8601 date (YYYY-MM-DD or full timestamp) when the page states one: article:published_time, JSON-LD datePublished, <time datetime> in the article, PDF CreationDate... */
  publishedAt: string | undefined;
  /** BCP 47-ish language tag from <html lang>, content-language meta, or undefined */
  language: string | undefined;
  /** The main text. Paragraphs separated by "\n\n", no other markup. This string is the stable character index: quotes later cite [start,end) offsets into it, so it must be deterministic for the same input. */
  text: string;
  /** Markdown of the main content (HTML pages only; for text/pdf equal to text or undefined) */
  markdown: string | undefined;
}

export const DEFAULT_MAX_TEXT_CHARS = 200_000;

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const PDF_TYPES = new Set(["application/pdf", "application/x-pdf"]);
const MARKDOWN_TYPES = new Set(["text/markdown", "text/x-markdown"]);

/** What extraction is given: the fetched bytes, the type they are read as, and the page's address. */
export interface PageToExtract {
  bytes: Uint8Array;
  contentType: string;
  url: string;
  maxTextChars?: number;
}

/** What ends an extraction: the read's deadline (on the `performance.now()` clock) or its caller. */
export interface ExtractBounds {
  deadlineAt: number;
  signal?: AbortSignal | undefined;
}

/** {@link extractPage} in a thread that is ended when its bounds are reached (extraction-pool.ts). */
export type ExtractPage = ((input: PageToExtract, bounds: ExtractBounds) => Promise<ExtractedPage>) & {
  /** Starts a thread and loads the HTML parsers in it while the page is still being fetched. */
  warm?: () => void;
};

/**
 * The readable content of a fetched page: its main text, cleaned of everything a terminal or a
 * later quote should not see, and what the page says of itself. The parsers (linkedom, Readability,
 * turndown, pdf.js) are loaded by the first page of their kind, not when this module is.
 */
export async function extractPage(input: PageToExtract): Promise<ExtractedPage> {
  const maxTextChars = input.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
  const type = mediaType(input.contentType);
  const kind = pageKindOf(type);
  if (kind === "html") {
    const html = decodePage(input.bytes, input.contentType, { html: true });
    return extractHtml(html, input.url, maxTextChars);
  }
  if (kind === "pdf") return extractPdf(input.bytes, maxTextChars);
  if (kind === "text") {
    const text = normalisePageText(decodePage(input.bytes, input.contentType, { html: false }), maxTextChars);
    const markdown = MARKDOWN_TYPES.has(type);
    return {
      kind: "text",
      title: markdown ? markdownTitle(text) : undefined,
      canonicalUrl: undefined,
      publishedAt: undefined,
      language: undefined,
      text,
      // Plain text is not markdown: `*` and `#` in it would be read as markup.
      markdown: markdown ? text : undefined,
    };
  }
  throw new Error(`Pages of content type "${cleanLine(type, 100) ?? "(none)"}" are not read`);
}

/** What kind of page a media type (see {@link mediaType}) is read as; undefined for types not read. */
export function pageKindOf(type: string): PageKind | undefined {
  if (HTML_TYPES.has(type)) return "html";
  if (PDF_TYPES.has(type)) return "pdf";
  if (type === "text/plain" || MARKDOWN_TYPES.has(type)) return "text";
  return undefined;
}

/** Whether pages of this media type are read: HTML, PDF and text. */
export function isReadableType(type: string): boolean {
  return pageKindOf(type) !== undefined;
}

/** `text/html` of `Text/HTML; charset=utf-8`. */
export function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** The first level-one ATX heading (`# Title`) of a markdown document. */
function markdownTitle(text: string): string | undefined {
  const heading = /^# +(.+?)(?: +#+)?$/m.exec(text);
  return cleanLine(heading?.[1]);
}
