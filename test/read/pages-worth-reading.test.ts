import { describe, expect, it } from "vitest";
import type { DedupedItem } from "../../src/dedup/dedupe.js";
import type { OriginGroup } from "../../src/dedup/origins.js";
import type { JudgeKind, Stance } from "../../src/judge/stance.js";
import { CLEAR_SNIPPET_SCORE, pagesWorthReading } from "../../src/read/pages-worth-reading.js";

/** One page per origin, ranked in the order given. */
function pages(n: number): { items: DedupedItem[]; origins: OriginGroup[] } {
  const items = Array.from(
    { length: n },
    (_, i) =>
      ({
        url: `https://site${i}.org/a`,
        domain: `site${i}.org`,
        counted: true,
        quality: "normal",
        foundBy: [{ call: 1, provider: "exa", engines: [], rank: i + 1 }],
      }) as unknown as DedupedItem,
  );
  return { items, origins: items.map((_, i) => ({ members: [i], why: "single" as const })) };
}

type Judged = { stance: Stance; score: number; judge: JudgeKind };
const j = (stance: Stance, score: number, judge: JudgeKind = "builtin"): Judged => ({ stance, score, judge });

/** A label that counts sides, as the real one does in spirit: more supporters than opponents affirm. */
const bySides = (judgements: readonly Judged[]) => {
  const support = judgements.filter((x) => x.stance === "support").length;
  const contradict = judgements.filter((x) => x.stance === "contradict").length;
  const sides = support + contradict;
  return sides === 0 ? "low-coverage" : `${support > contradict ? "affirms" : "refutes"} ${sides}`;
};

describe("pagesWorthReading", () => {
  it("reads the pages whose snippet takes no side or takes one unclearly, never a clear one", () => {
    const judgements = [
      j("support", 0.97),
      j("neutral", 0.9),
      j("support", CLEAR_SNIPPET_SCORE - 0.1),
      j("contradict", 0.99),
    ];
    const chosen = pagesWorthReading({ ...pages(4), judgements, labelOf: bySides }, 3);
    expect(chosen.sort()).toEqual([1, 2]);
  });

  it("puts unclear sides first, then snippets without one in leading order, and stops at the most asked", () => {
    const judgements = [j("neutral", 0.5), j("unrelated", 0.5), j("neutral", 0.8), j("contradict", 0.6)];
    expect(pagesWorthReading({ ...pages(4), judgements, labelOf: bySides }, 3)).toEqual([3, 0, 1]);
    expect(pagesWorthReading({ ...pages(4), judgements, labelOf: bySides }, 0)).toEqual([]);
  });

  it("leaves a page whose stance cannot change the label, and stances the caller gave", () => {
    // A label that only one page decides: the others cannot change it, whatever they say.
    const firstOnly = (judgements: readonly Judged[]) => judgements[0]?.stance ?? "none";
    const judgements = [j("neutral", 0.5), j("neutral", 0.5), j("support", 0.5)];
    expect(pagesWorthReading({ ...pages(3), judgements, labelOf: firstOnly }, 3)).toEqual([0]);
    const given = [j("neutral", 1, "caller"), j("support", 1, "caller")];
    expect(pagesWorthReading({ ...pages(2), judgements: given, labelOf: bySides }, 3)).toEqual([]);
  });

  it("reads each origin once, through its lead page, and pages that do not count not at all", () => {
    const { items } = pages(3);
    const origins: OriginGroup[] = [
      { members: [0, 1], why: "syndication" },
      { members: [2], why: "single" },
    ];
    (items[2] as { counted: boolean }).counted = false;
    const judgements = [j("neutral", 0.5), j("neutral", 0.5), j("neutral", 0.5)];
    expect(pagesWorthReading({ items, origins, judgements, labelOf: bySides }, 3)).toEqual([0]);
  });
});
