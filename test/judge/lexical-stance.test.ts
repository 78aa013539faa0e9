import { describe, expect, it } from "vitest";
import { lexicalJudge, relevance, stanceFeatures } from "../../src/judge/lexical-stance.js";
import { STANCE_WEIGHTS } from "../../src/judge/stance-weights.js";

const signal = new AbortController().signal;
const one = async (claim: string, title: string, snippet = "") =>
  (await lexicalJudge.judge(claim, [{ title, snippet }], signal))[0];

const CLAIM = "Drinking green tea causes hair loss";

describe("stanceFeatures", () => {
  it("measures overlap with the claim", () => {
    expect(relevance(CLAIM, "Green tea drinkers report hair loss").matched).toBeGreaterThanOrEqual(3);
    expect(relevance(CLAIM, "Local bakery wins regional pastry award").matched).toBe(0);
  });

  it("fires refuting, hedging and question cues", () => {
    const refute = stanceFeatures(CLAIM, "Claim that green tea causes hair loss is a hoax");
    expect(refute.get("refute")).toBe(1);
    expect(refute.has("r:hoax")).toBe(true);
    const hedge = stanceFeatures(CLAIM, "Green tea could reportedly cause hair loss?");
    expect(hedge.get("hedge")).toBe(1);
    expect(hedge.get("q")).toBe(1);
  });

  it("flags negation near claim words", () => {
    const f = stanceFeatures(CLAIM, "Green tea does not cause hair loss");
    expect(f.get("negnear:text-only")).toBe(1);
    expect(stanceFeatures(CLAIM, "Green tea causes hair loss").has("negnear:text-only")).toBe(false);
  });

  it("ships a small fitted model", () => {
    expect(STANCE_WEIGHTS.index.length).toBeGreaterThan(100);
    expect(STANCE_WEIGHTS.weights.length).toBe(STANCE_WEIGHTS.index.length * 3);
  });
});

describe("lexicalJudge", () => {
  it("is named lexical", () => {
    expect(lexicalJudge.name).toBe("lexical");
  });

  it("calls a confirming study support", async () => {
    expect((await one(CLAIM, "Study confirms drinking green tea causes hair loss"))?.stance).toBe("support");
  });

  it("calls a denial contradict", async () => {
    expect((await one(CLAIM, "Green tea does not cause hair loss, scientists say"))?.stance).toBe(
      "contradict",
    );
  });

  it("calls a hoax verdict contradict", async () => {
    expect((await one(CLAIM, "Viral claim that green tea causes hair loss is a hoax"))?.stance).toBe(
      "contradict",
    );
  });

  it("calls a hedged question neutral", async () => {
    expect((await one(CLAIM, "Could green tea reportedly cause hair loss?"))?.stance).toBe("neutral");
  });

  it("calls text without claim words unrelated", async () => {
    expect(
      (await one(CLAIM, "Local bakery wins regional pastry award", "The judges loved the croissants."))
        ?.stance,
    ).toBe("unrelated");
  });

  describe("search results with page text", () => {
    it.each([
      [
        "a page that restates the question",
        "Does green tea cause hair loss? What to know",
        "Many readers ask whether drinking green tea causes hair loss.",
        "neutral",
      ],
      [
        "a listing that names only the subject",
        "Green tea buying guide",
        "Green tea comes in sencha, matcha and gyokuro grades.",
        "neutral",
      ],
      [
        "a page that finds no link",
        "Green tea and hair: what a review found",
        "Drinking green tea was not linked to hair loss in a review of twelve trials.",
        "contradict",
      ],
      [
        "a page that reports the effect",
        "Tea study",
        "Heavy green tea drinking raised the risk of hair loss in older men, researchers report.",
        "support",
      ],
    ])("calls %s %s", async (_, title, snippet, expected) => {
      expect((await one(CLAIM, title, snippet))?.stance).toBe(expected);
    });
  });

  it("keeps input order, scores in [0, 1], and accepts empty snippets", async () => {
    const items = [
      { title: "Local bakery wins regional pastry award", snippet: "" },
      { title: "Viral claim that green tea causes hair loss is a hoax", snippet: "" },
      { title: "Study confirms drinking green tea causes hair loss", snippet: "" },
      { title: "", snippet: "" },
    ];
    const out = await lexicalJudge.judge(CLAIM, items, signal);
    expect(out).toHaveLength(4);
    expect(out.slice(0, 3).map((j) => j.stance)).toEqual(["unrelated", "contradict", "support"]);
    for (const j of out) {
      expect(j.score).toBeGreaterThanOrEqual(0);
      expect(j.score).toBeLessThanOrEqual(1);
    }
  });

  it("returns an empty list for no items", async () => {
    expect(await lexicalJudge.judge(CLAIM, [], signal)).toEqual([]);
  });

  it("rejects when already aborted", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(lexicalJudge.judge(CLAIM, [{ title: "x", snippet: "" }], ac.signal)).rejects.toThrow();
  });
});
