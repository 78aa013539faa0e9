import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";

/** A search result as the origin grouping takes it, found by `calls` calls of one index. */
export const originItem = (url: string, title: string, snippet = "", calls = 1): OriginItem => ({
  url,
  domain: new URL(url).hostname.replace(/^www\./, ""),
  title,
  snippet,
  foundBy: Array.from({ length: calls }, (_, i) => ({
    call: i + 1,
    provider: "searxng" as const,
    engines: ["bing"],
    rank: 1,
  })),
});

/** The origins of more than one page, each with its members (ascending) and its reason. */
export function sharedOrigins(items: readonly OriginItem[]): { members: number[]; why: string }[] {
  return assignOrigins(items)
    .filter((origin) => origin.members.length > 1)
    .map(({ members, why }) => ({ members: [...members].sort((a, b) => a - b), why }));
}
