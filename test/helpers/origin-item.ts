import type { OriginItem } from "../../src/dedup/origins.js";

/** A search result as origin grouping sees it, found once by one engine. */
export const originItem = (url: string, title: string, snippet = ""): OriginItem => ({
  url,
  domain: new URL(url).hostname.replace(/^www\./, ""),
  title,
  snippet,
  foundBy: [{ call: 1, provider: "searxng", engines: ["bing"], rank: 1 }],
});
