import { describe, expect, it } from "vitest";
import type { HitFromCall } from "../../src/dedup/merge-hits.js";
import { analyseHits } from "../../src/operations/analyse-hits.js";
import { fromSent, toSent } from "../../src/operations/analysis-wire.js";

/** Two calls finding overlapping pages: one again with a longer snippet, dated and undated pages. */
function foundHits(): HitFromCall[] {
  const page = (call: number, rank: number, path: string, snippet: string, date: string | null) => ({
    call,
    provider: "searxng" as const,
    hit: {
      url: `https://${path}`,
      title: `Coffee and health: ${path}`,
      // As long as a search service's snippets are.
      snippet: `${snippet} Researchers reviewed decades of studies on coffee, caffeine and health in adults.`,
      publishedAt: date,
      engines: call === 1 ? ["google", "bing"] : ["mojeek"],
      rank,
    },
  });
  return [
    page(1, 1, "a.example.org/coffee", "Coffee is safe for most adults.", "2026-03-01"),
    page(1, 2, "b.example.com/risk", "A study links coffee to heart risk.", null),
    page(1, 3, "c.example.net/review", "Reviewers found no harm in moderate coffee.", "2026-02-10"),
    page(2, 1, "b.example.com/risk", "A study links coffee to heart risk, in smokers only, it says.", null),
    page(2, 2, "d.example.edu/paper", "No evidence that coffee harms healthy adults.", null),
  ];
}

describe("an analysis sent back from an analysis thread", () => {
  it("reads back as the analysis itself, its texts taken from the hits", async () => {
    const hits = foundHits();
    const analysis = await analyseHits({ claim: "Coffee is safe", hits, counterCalls: [] });
    const sent = toSent(analysis, hits);
    // The copy a thread would receive: nothing but the data crosses.
    const received = structuredClone(sent);
    expect(JSON.stringify(fromSent(received, structuredClone(hits)))).toBe(JSON.stringify(analysis));
    // The merged page keeps the longer snippet, from the second call: its place, not its text.
    const risk = sent.items.find((_, index) => analysis.items[index]?.url.endsWith("/risk"));
    expect(risk?.snippet).toBe(3);
    expect(sent.items.every((item) => typeof item.title === "number" && typeof item.url === "number")).toBe(
      true,
    );
    // No page's text travels: none of the hits' titles or snippets is in what is sent.
    const wire = JSON.stringify(sent.items);
    for (const { hit } of hits) {
      expect(wire).not.toContain(hit.title);
      expect(wire).not.toContain(hit.snippet);
    }
  });

  it("sends a value no hit holds as it is, and a missing date as null", async () => {
    const hits = foundHits();
    const analysis = await analyseHits({ claim: "Coffee is safe", hits, counterCalls: [] });
    const first = analysis.items[0];
    if (!first) throw new Error("fixture changed");
    const changed = {
      ...analysis,
      items: [{ ...first, title: "A title of no hit" }, ...analysis.items.slice(1)],
    };
    const sent = toSent(changed, hits);
    expect(sent.items[0]?.title).toBe("A title of no hit");
    expect(sent.items.some((item) => item.publishedAt === null)).toBe(true);
    expect(fromSent(sent, hits)).toEqual(changed);
  });

  it("fails clearly when a place names no hit", async () => {
    const hits = foundHits();
    const sent = toSent(await analyseHits({ claim: "Coffee is safe", hits, counterCalls: [] }), hits);
    expect(() => fromSent(sent, hits.slice(0, 1))).toThrow(/named hit \d+ of 1/);
  });
});
