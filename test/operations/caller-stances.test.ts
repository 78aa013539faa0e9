import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import type { StanceInput, StanceJudge } from "../../src/judge/stance.js";
import { assess } from "../../src/operations/assess.js";
import { renderAssessment } from "../../src/report/render-assessment.js";

const CLAIM = "Cracking knuckles causes arthritis";

/** Remembers what it was asked about and supports everything, so given stances stand out. */
function recordingJudge(): StanceJudge & { asked: StanceInput[] } {
  const asked: StanceInput[] = [];
  return {
    name: "recording",
    local: true,
    asked,
    async judge(_claim, items) {
      asked.push(...items);
      return items.map(() => ({ stance: "support", score: 0.7 }));
    },
  };
}

describe("assess() with stances given by the caller", () => {
  it("uses given stances as they are, judges only the rest, and says who decided each", async () => {
    const judge = recordingJudge();
    const result = await assess(
      {
        claim: CLAIM,
        evidence: [
          { url: "https://a.example/1", title: "Knuckle cracking and arthritis", stance: "contradict" },
          { url: "https://b.example/2", title: "A study of 300 knuckle crackers" },
          { url: "https://c.example/3", title: "Joint myths", stance: "unrelated" },
        ],
      },
      { judge },
    );
    expect(judge.asked.map((item) => item.title)).toEqual(["A study of 300 knuckle crackers"]);
    expect(result.evidence.map((e) => [e.stance, e.judge, e.stanceScore])).toEqual([
      ["contradict", "caller", 1],
      ["support", "builtin", 0.7],
      ["unrelated", "caller", 1],
    ]);
    expect(result.contradicting).toEqual(["e1"]);
    expect(renderAssessment(result)).toContain("_Stances by the caller (2), the built-in classifier (1)._");
  });

  it("lets the caller's stances decide the label when they cover every item", async () => {
    const judge = recordingJudge();
    const evidence = ["a", "b", "c", "d"].map((site) => ({
      url: `https://${site}.example/study`,
      title: `Study ${site}`,
      stance: "contradict" as const,
    }));
    const result = await assess({ claim: CLAIM, evidence }, { judge });
    expect(judge.asked).toEqual([]);
    expect(result.direction).toBe("refutes");
    expect(result.confidence).toBe("corroborated");
    expect(result.evidence.every((e) => e.judge === "caller")).toBe(true);
  });

  it("does not guess between copies of one page given with different stances", async () => {
    const judge = recordingJudge();
    const result = await assess(
      {
        claim: CLAIM,
        evidence: [
          { url: "https://a.example/1", title: "Knuckles", stance: "contradict" },
          { url: "https://a.example/1?utm_source=feed", title: "Knuckles", stance: "support" },
          { url: "https://b.example/2", title: "Other page", stance: "contradict" },
        ],
      },
      { judge },
    );
    expect(result.evidence.map((e) => [e.url, e.judge])).toEqual([
      ["https://a.example/1", "builtin"],
      ["https://b.example/2", "caller"],
    ]);
    expect(judge.asked).toHaveLength(1);
    expect(result.notes).toContain("Copies of e1 were given with different stances; the judge decided it");
  });

  it("rejects a stance that is not one of the four, naming the item", async () => {
    const call = assess({
      claim: CLAIM,
      evidence: [{ url: "https://a.example/1", stance: "agree" as never }],
    });
    await expect(call).rejects.toBeInstanceOf(InvalidInputError);
    await expect(call).rejects.toThrow(
      "evidence item 1 stance must be one of support, contradict, neutral, unrelated",
    );
  });
});
