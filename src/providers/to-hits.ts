import { z } from "zod";
import { cleanText, isHttpUrl, MAX_SNIPPET_CHARS, MAX_TITLE_CHARS } from "./hit-fields.js";
import type { SearchHit } from "./search-provider.js";

/** The fields every result schema starts from; a vendor adds the ones it reads. */
export const resultFields = { url: z.unknown(), title: z.unknown().optional() };

/** What a vendor reads out of one result; the mapper cleans and caps it the same way for everyone. */
export interface HitFields {
  title: unknown;
  snippet: unknown;
  /** Used when `snippet` is blank once cleaned. */
  fallbackSnippet?: unknown;
  publishedAt: string | null;
  /** The underlying engines (metasearch only). */
  engines?: readonly string[];
}

export interface ToHitsOptions<T> {
  /** Reads each raw result; results it rejects are skipped. Absent: the items are already read. */
  schema?: z.ZodType<T>;
  /** Reorders the readable results before the cut (SearXNG by score). */
  order?: (a: T, b: T) => number;
  /** Keeps only the first result of each address (services that answer in several sections). */
  uniqueUrls?: boolean;
  snippetChars?: number;
}

/**
 * The one path from a vendor's results to hits: read, keep web pages only, optionally reorder and
 * drop repeated addresses, cut at `limit`, rank from 1 and clean every text field.
 */
export function toHits<T extends { url: unknown }>(
  results: readonly unknown[],
  limit: number,
  fields: (result: T) => HitFields,
  options: ToHitsOptions<T> = {},
): SearchHit[] {
  const read = results.flatMap((raw) => {
    if (options.schema === undefined) return [raw as T];
    const parsed = options.schema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const pages = read.filter((result) => isHttpUrl(result.url));
  if (options.order) pages.sort(options.order);
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const result of pages) {
    if (hits.length >= limit) break;
    const url = result.url as string;
    if (options.uniqueUrls && seen.has(url)) continue;
    seen.add(url);
    const { title, snippet, fallbackSnippet, publishedAt, engines = [] } = fields(result);
    const maxChars = options.snippetChars ?? MAX_SNIPPET_CHARS;
    hits.push({
      url,
      title: cleanText(title, MAX_TITLE_CHARS),
      snippet: cleanText(snippet, maxChars) || cleanText(fallbackSnippet, maxChars),
      publishedAt,
      engines: [...engines],
      rank: hits.length + 1,
    });
  }
  return hits;
}

/** Strings among `values` (anything else dropped), for snippets made of several passages. */
export function texts(values: readonly unknown[] | null | undefined): string[] {
  return (values ?? []).filter((value): value is string => typeof value === "string");
}
