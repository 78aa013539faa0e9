import type { ReadResult } from "../operations/read-input.js";

/**
 * What is known of a read page besides its text, one fact a line, as the CLI prints it and the MCP
 * tool tells the model: where it came from, when, in what language, and how much of it was kept.
 */
export function pageFacts(page: ReadResult): string[] {
  const facts = [
    `Address: ${page.finalUrl}`,
    page.canonicalUrl && page.canonicalUrl !== page.finalUrl
      ? `Canonical address: ${page.canonicalUrl}`
      : undefined,
    page.publishedAt ? `Published: ${page.publishedAt}` : undefined,
    page.language ? `Language: ${page.language}` : undefined,
    `Read: ${page.kind}, ${page.chars} characters${page.truncated ? `, the first ${page.text.length} kept` : ""}`,
    page.via === "firecrawl" ? "Read by: Firecrawl (the page could not be read directly)" : undefined,
  ];
  return facts.filter((fact) => fact !== undefined);
}

/** The page's body as shown: its markdown where it has one (HTML), else its text. */
export const pageBody = (page: ReadResult): string => page.markdown ?? page.text;
