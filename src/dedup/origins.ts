import type { FoundBy } from "./merge-hits.js";
import { originKeys } from "./origin-keys.js";
import { ownerOf } from "./owner-of.js";
import { findSyndicationClusters } from "./syndication.js";

export type OriginReason =
  | "same-url"
  | "syndication"
  | "wire"
  | "press-release"
  | "same-owner"
  | "doi"
  | "single";

export interface OriginItem {
  url: string;
  domain: string;
  title: string;
  snippet: string;
  foundBy: readonly FoundBy[];
}

export interface OriginGroup {
  /** Indexes into the item list, ascending. */
  members: number[];
  why: OriginReason;
}

/** When a group is tied by several links, the most specific one names it. */
const PRECEDENCE: readonly OriginReason[] = ["doi", "wire", "press-release", "syndication", "same-owner"];

/**
 * Groups unique pages into independent origins: a story syndicated onto five domains, a wire or
 * press release reprinted, a paper cited by its DOI, or sites of one publisher are one origin
 * each. Links are transitive (union-find). A page alone is `single`, or `same-url` when several
 * calls or indexes found that very page.
 */
export function assignOrigins(items: readonly OriginItem[]): OriginGroup[] {
  const parent = items.map((_, index) => index);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) {
      const next = parent[i] as number;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const links = new Map<number, Set<OriginReason>>();
  const union = (a: number, b: number, why: OriginReason) => {
    const [ra, rb] = [find(a), find(b)];
    const reasons = new Set([...(links.get(ra) ?? []), ...(links.get(rb) ?? []), why]);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    links.set(find(a), reasons);
  };

  for (const cluster of findSyndicationClusters(items)) {
    for (const member of cluster.slice(1)) union(cluster[0] as number, member, "syndication");
  }
  const firstWithKey = new Map<string, number>();
  const firstOfOwner = new Map<string, number>();
  items.forEach((item, index) => {
    for (const { kind, key } of originKeys(item)) {
      const first = firstWithKey.get(key);
      if (first === undefined) firstWithKey.set(key, index);
      else union(first, index, kind);
    }
    const owner = ownerOf(item.domain);
    if (owner !== null) {
      const first = firstOfOwner.get(owner);
      if (first === undefined) firstOfOwner.set(owner, index);
      else union(first, index, "same-owner");
    }
  });

  const groups = new Map<number, number[]>();
  items.forEach((_, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(index);
    else groups.set(root, [index]);
  });
  return [...groups.entries()]
    .map(([root, members]): OriginGroup => {
      if (members.length > 1) {
        const reasons = links.get(root) ?? new Set<OriginReason>();
        return { members, why: PRECEDENCE.find((r) => reasons.has(r)) ?? "syndication" };
      }
      const only = items[members[0] as number];
      return { members, why: (only?.foundBy.length ?? 0) > 1 ? "same-url" : "single" };
    })
    .sort((a, b) => (a.members[0] as number) - (b.members[0] as number));
}
