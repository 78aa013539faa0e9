import type { DedupedItem } from "../dedup/dedupe.js";
import type { FoundBy, HitFromCall } from "../dedup/merge-hits.js";
import type { HitsAnalysis } from "./analyse-hits.js";

/**
 * An analysis on its way back from an analysis thread. Its pages' addresses, titles, snippets,
 * dates and engines are all taken from the hits the thread was given, which the event loop still
 * holds, so they travel as places in those hits instead of as copies. For a question of 80 hits
 * (bench/server.mjs) the analysis sent back went from 60 to 23 KB, less to copy and to collect on
 * the event loop's thread. A value no hit holds travels as it is.
 */
export interface SentAnalysis extends Omit<HitsAnalysis, "items"> {
  items: SentItem[];
}

/** A hit's value, by the place of the hit in the hits given, or the value itself. */
type ByPlace<T> = number | T;

interface SentItem extends Omit<DedupedItem, "url" | "title" | "snippet" | "publishedAt" | "foundBy"> {
  url: ByPlace<string>;
  title: ByPlace<string>;
  snippet: ByPlace<string>;
  publishedAt: ByPlace<string | null>;
  foundBy: (Omit<FoundBy, "engines"> & { engines: ByPlace<string[]> })[];
}

type TextField = "url" | "title" | "snippet" | "publishedAt";

/** The analysis of `hits` as it is sent back. */
export function toSent(analysis: HitsAnalysis, hits: readonly HitFromCall[]): SentAnalysis {
  const places = {
    url: new Map<string, number>(),
    title: new Map<string, number>(),
    snippet: new Map<string, number>(),
    publishedAt: new Map<string, number>(),
  };
  // Engines are the hits' own lists (merging keeps them), so they are found by identity.
  const engines = new Map<readonly string[], number>();
  hits.forEach(({ hit }, place) => {
    for (const field of ["url", "title", "snippet", "publishedAt"] as const) {
      const value = hit[field];
      if (value !== null && !places[field].has(value)) places[field].set(value, place);
    }
    if (!engines.has(hit.engines)) engines.set(hit.engines, place);
  });
  const placeOf = (field: TextField, value: string): ByPlace<string> => places[field].get(value) ?? value;
  return {
    ...analysis,
    items: analysis.items.map((item) => ({
      ...item,
      url: placeOf("url", item.url),
      title: placeOf("title", item.title),
      snippet: placeOf("snippet", item.snippet),
      publishedAt: item.publishedAt === null ? null : placeOf("publishedAt", item.publishedAt),
      foundBy: item.foundBy.map((found) => ({
        ...found,
        engines: engines.get(found.engines) ?? found.engines,
      })),
    })),
  };
}

/** The analysis as the thread made it, its values read back from the same `hits`. */
export function fromSent(sent: SentAnalysis, hits: readonly HitFromCall[]): HitsAnalysis {
  const hitAt = (place: number) => {
    const found = hits[place];
    if (found === undefined) throw new Error(`an analysis thread named hit ${place} of ${hits.length}`);
    return found.hit;
  };
  const text = (field: "url" | "title" | "snippet", value: ByPlace<string>): string =>
    typeof value === "number" ? hitAt(value)[field] : value;
  return {
    ...sent,
    items: sent.items.map((item) => ({
      ...item,
      url: text("url", item.url),
      title: text("title", item.title),
      snippet: text("snippet", item.snippet),
      publishedAt:
        typeof item.publishedAt === "number" ? hitAt(item.publishedAt).publishedAt : item.publishedAt,
      foundBy: item.foundBy.map((found) => ({
        ...found,
        engines: typeof found.engines === "number" ? hitAt(found.engines).engines : found.engines,
      })),
    })),
  };
}
