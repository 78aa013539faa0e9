import { z } from "zod";
import {
  cleanText,
  engineName,
  engineNames,
  isHttpUrl,
  MAX_PASSAGES_PER_HIT,
  MAX_RESULTS_PER_REPLY,
  MAX_SNIPPET_CHARS,
  MAX_TITLE_CHARS,
} from "./hit-fields.js";
import type { SearchHit } from "./search-provider.js";

/** The fields every result schema starts from; a vendor adds the ones it reads. */
export const resultFields = { url: z.unknown(), title: z.unknown().optional() };

/**
 * A list in a reply, cut to its first `max` entries before anything reads them: a reply of a
 * million entries costs what a reply of `max` does. (`z.array` would visit every entry first.)
 */
export function replyList(max: number = MAX_RESULTS_PER_REPLY) {
  return z
    .custom<unknown[]>((value) => Array.isArray(value), { error: "must be a list" })
    .transform((list) => (list.length > max ? list.slice(0, max) : list));
}

/** A result's passages (highlights, excerpts, extra snippets): the first few; no list reads as none. */
export const passagesField = replyList(MAX_PASSAGES_PER_HIT).optional().catch(undefined);

/** An engine's name as a service sent it; anything that cannot be a name reads as none. */
export const engineNameField = z.unknown().transform(engineName).optional();

/** A result's engine names: the first few that are names at all; anything else reads as none. */
export const engineNamesField = z
  .unknown()
  .transform((value) => (Array.isArray(value) ? engineNames(value) : undefined))
  .optional();

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
 * The one path from a vendor's results to hits: read the first `MAX_RESULTS_PER_REPLY`, keep web
 * pages only, optionally reorder and drop repeated addresses, cut at `limit`, rank from 1 and clean
 * every text field.
 */
export function toHits<T extends { url: unknown }>(
  results: readonly unknown[],
  limit: number,
  fields: (result: T) => HitFields,
  options: ToHitsOptions<T> = {},
): SearchHit[] {
  const read = results.slice(0, MAX_RESULTS_PER_REPLY).flatMap((raw) => {
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
      engines: engineNames(engines),
      rank: hits.length + 1,
    });
  }
  return hits;
}

/** Strings among `values` (anything else dropped), for snippets made of several passages. */
export function texts(values: readonly unknown[] | null | undefined): string[] {
  return (values ?? []).filter((value): value is string => typeof value === "string");
}
