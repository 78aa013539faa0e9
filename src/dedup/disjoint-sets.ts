import { appendTo } from "../util/append-to.js";
/**
 * Groups of item indexes joined pair by pair, transitively (union-find with path compression).
 * A group's root is its smallest member, so groups listed by root come out sorted.
 */
export class DisjointSets {
  private readonly parent: Int32Array;

  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let index = 0; index < size; index += 1) this.parent[index] = index;
  }

  find(index: number): number {
    const parent = this.parent;
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    let current = index;
    while (parent[current] !== root) {
      const next = parent[current] as number;
      parent[current] = root;
      current = next;
    }
    return root;
  }

  /** Joins the groups of `a` and `b`; returns the root of the joined group. */
  union(a: number, b: number): number {
    const [rootA, rootB] = [this.find(a), this.find(b)];
    const root = Math.min(rootA, rootB);
    this.parent[Math.max(rootA, rootB)] = root;
    return root;
  }

  /** Every group, members ascending, groups in order of their smallest member. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    for (let index = 0; index < this.parent.length; index += 1) {
      const root = this.find(index);
      appendTo(byRoot, root, index);
    }
    // Roots are the smallest member, and the map keeps first-insertion order: already sorted.
    return [...byRoot.values()];
  }
}
