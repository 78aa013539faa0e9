import type { SearchHit } from "../providers/search-provider.js";
import { canonicalUrl } from "./canonical-url.js";
import { type FoundBy, type HitFromCall, type MergedItem, mergeHits } from "./merge-hits.js";
import { originTraits } from "./origin-traits.js";
import { assignOrigins, type OriginGroup } from "./origins.js";
import { qualityOf } from "./quality.js";
import { prepareTitle } from "./syndication.js";

/**
 * At most this many pages of one domain count toward the label, so one site cannot outvote the
 * rest; its further pages are still shown and judged, just not counted.
 */
export const MAX_PER_DOMAIN = 3;

export interface DedupedItem extends MergedItem {
  quality: "normal" | "low";
  qualityReason: string | null;
  /** False for a page whose domain already has {@link MAX_PER_DOMAIN} pages before it. */
  counted: boolean;
}

export interface DedupResult {
  items: DedupedItem[];
  origins: OriginGroup[];
  dropped: { invalidUrls: number };
}

/**
 * Works out ahead what dedup computes of every page on its own — its canonical URL, its title as
 * compared — as each call's results arrive; dedup then finds them kept, and when the slowest call
 * returns only its own pages are left to read. (The headline fingerprint is not: only wire copies
 * and releases need one.)
 */
export function prepareHits(hits: readonly SearchHit[]): void {
  for (const hit of hits) {
    canonicalUrl(hit.url);
    prepareTitle(hit.title);
  }
}

/**
 * The dedup stage: exact canonical-URL merge, the per-domain cap on what counts, origins
 * (syndication, wire, press release, paper, study, marketing, same owner), and a quality flag that
 * de-weights content farms and selling pages without hiding them. `counterCalls` are the call ids of counter-queries, where listicles
 * are a spam signal.
 */
export function dedupeHits(
  hits: readonly HitFromCall[],
  counterCalls: ReadonlySet<number> = new Set(),
): DedupResult {
  const merged = mergeHits(hits);
  const traits = merged.items.map(originTraits);
  const perDomain = new Map<string, number>();
  const items = merged.items.map((item, index): DedupedItem => {
    const seen = perDomain.get(item.domain) ?? 0;
    perDomain.set(item.domain, seen + 1);
    const { quality, reason } = qualityOf({
      url: item.url,
      domain: item.domain,
      title: item.title,
      snippet: item.snippet,
      fromCounterQuery: item.foundBy.some((f) => counterCalls.has(f.call)),
      marketing: traits[index]?.marketing ?? null,
    });
    return dedupedItem(item, quality, reason, seen < MAX_PER_DOMAIN);
  });
  return {
    items,
    origins: assignOrigins(items, traits),
    dropped: { invalidUrls: merged.invalidUrls },
  };
}

/**
 * The merged item with its quality and count, fields in the merged item's order. Written out, not
 * spread: a spread copy of each page cost more than the quality check itself.
 */
function dedupedItem(
  item: MergedItem,
  quality: DedupedItem["quality"],
  qualityReason: string | null,
  counted: boolean,
): DedupedItem {
  return {
    url: item.url,
    canonicalUrl: item.canonicalUrl,
    domain: item.domain,
    title: item.title,
    snippet: item.snippet,
    publishedAt: item.publishedAt,
    foundBy: item.foundBy,
    quality,
    qualityReason,
    counted,
  };
}

/** The notes' sentence on pages over the per-domain cap, given their ids; none when there are none. */
export function domainCapNotes(uncountedIds: readonly string[]): string[] {
  if (uncountedIds.length === 0) return [];
  return [
    `${uncountedIds.length} further page(s) from domains already listed ${MAX_PER_DOMAIN} times are shown but not counted toward the label: ${uncountedIds.join(", ")}`,
  ];
}

export interface DedupeInput {
  url: string;
  title: string;
  snippet: string;
  publishedAt?: string | null;
  /** Where the hit came from; callers with their own results may leave it out. */
  foundBy?: readonly FoundBy[];
}

export interface DedupeOutput {
  evidence: {
    id: string;
    url: string;
    canonicalUrl: string;
    domain: string;
    title: string;
    snippet: string;
    publishedAt: string | null;
    originId: string;
    quality: "normal" | "low";
    /** False: over the per-domain cap, so not counted toward a label (see {@link MAX_PER_DOMAIN}). */
    counted: boolean;
    foundBy: FoundBy[];
  }[];
  origins: {
    id: string;
    evidence: string[];
    domains: string[];
    why: OriginGroup["why"];
    /** The study, paper, agency, release or product the pages repeat, when they say (untrusted). */
    source?: string;
  }[];
  dropped: DedupResult["dropped"];
}

/**
 * The dedup stage for callers with their own search results: the same canonical URLs, origins
 * and quality flags as a report, with the report's ids (`e1`, `o1`) and `origins[].why`.
 */
export function dedupe(hits: readonly DedupeInput[]): DedupeOutput {
  const fromCalls: HitFromCall[] = hits.flatMap((hit, index) => {
    const base = {
      url: hit.url,
      title: hit.title,
      snippet: hit.snippet,
      publishedAt: hit.publishedAt ?? null,
    };
    const sources = hit.foundBy && hit.foundBy.length > 0 ? hit.foundBy : [undefined];
    return sources.map((source) => ({
      call: source?.call ?? 0,
      provider: source?.provider ?? "searxng",
      hit: { ...base, engines: source?.engines ? [...source.engines] : [], rank: source?.rank ?? index + 1 },
    }));
  });
  const { items, origins, dropped } = dedupeHits(fromCalls);
  const originOf = originIds(origins);
  return {
    evidence: items.map((item, index) => ({
      id: `e${index + 1}`,
      url: item.url,
      canonicalUrl: item.canonicalUrl,
      domain: item.domain,
      title: item.title,
      snippet: item.snippet,
      publishedAt: item.publishedAt,
      originId: originOf.get(index) ?? `o${index + 1}`,
      quality: item.quality,
      counted: item.counted,
      // Provenance the caller did not give is not invented.
      foundBy: item.foundBy.filter((f) => f.call !== 0),
    })),
    origins: reportOrigins(origins, items),
    dropped,
  };
}

/** Item index → its origin's report id (`o1`, `o2`, … in group order). */
export function originIds(origins: readonly OriginGroup[]): Map<number, string> {
  return new Map(origins.flatMap((group, index) => group.members.map((m) => [m, `o${index + 1}`] as const)));
}

/** Origin groups in the report's shape: ids, evidence ids, domains, why and, when known, source. */
export function reportOrigins(
  origins: readonly OriginGroup[],
  items: readonly { domain: string }[],
): DedupeOutput["origins"] {
  return origins.map((group, index) => ({
    id: `o${index + 1}`,
    evidence: group.members.map((m) => `e${m + 1}`),
    domains: [...new Set(group.members.map((m) => items[m]?.domain ?? ""))].filter(Boolean),
    why: group.why,
    ...(group.source === undefined ? {} : { source: group.source }),
  }));
}
