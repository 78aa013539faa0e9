import type { DedupedItem } from "../dedup/dedupe.js";
import type { OriginGroup } from "../dedup/origins.js";

/**
 * The page to read for each of the `count` leading origins: an origin leads by the best rank any of
 * its pages had in any call, so the top results of the counter-query are read as well as the
 * neutral query's. Each origin is read through its first page that counts toward the label,
 * preferring one of normal quality; origins whose pages are all low quality come last.
 */
export function leadingPages(
  items: readonly DedupedItem[],
  origins: readonly OriginGroup[],
  count: number,
): number[] {
  if (count <= 0) return [];
  const candidates = origins.flatMap((origin, order) => {
    const counted = origin.members.filter((m) => items[m]?.counted);
    const lead = counted.find((m) => items[m]?.quality === "normal") ?? counted[0];
    if (lead === undefined) return [];
    const rank = Math.min(...origin.members.flatMap((m) => items[m]?.foundBy.map((f) => f.rank) ?? []));
    return [{ lead, rank, order, low: items[lead]?.quality === "low" }];
  });
  return candidates
    .sort((a, b) => Number(a.low) - Number(b.low) || a.rank - b.rank || a.order - b.order)
    .slice(0, count)
    .map((c) => c.lead);
}
