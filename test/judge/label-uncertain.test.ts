import { describe, expect, it } from "vitest";
import { type LabelInput, labelEvidence } from "../../src/judge/label.js";
import type { JudgeKind, Stance } from "../../src/judge/stance.js";
import { stancePosteriors } from "../../src/judge/stance-posteriors.js";

/** Sources judged `stances` (s, c, n) by `judge`, each its own origin, found through two families. */
function judged(stances: string, judge: JudgeKind): LabelInput[] {
  const names: Record<string, Stance> = { s: "support", c: "contradict", n: "neutral" };
  return [...stances].map((letter, i) => ({
    stance: names[letter] as Stance,
    domain: `site${i}.example`,
    originId: `o${i}`,
    families: [i % 2 === 0 ? "bing" : "google"],
    score: 0.8,
    judge,
  }));
}

describe("labels allow for the judge's measured mistakes", () => {
  it.each<[string, string, string, string]>([
    [
      "one dissent among eight agreeing sources is a likely misread",
      "sssssssscnn",
      "corroborated",
      "affirms",
    ],
    ["two of nine against seven is still far outnumbered", "ssssssscc", "corroborated", "affirms"],
    ["four and four is contested", "sssscccc", "contested", "unclear"],
    ["a debunked myth with one dissent stays refuted", "ccccscnn", "corroborated", "refutes"],
    ["sources that only name the topic take no side", "nnnnnn", "low-coverage", "unclear"],
  ])("built-in judge: %s", (_name, stances, confidence, direction) => {
    const result = labelEvidence(judged(stances, "builtin"));
    expect([result.confidence, result.direction]).toEqual([confidence, direction]);
    expect(result.probability).toBeGreaterThan(0);
    expect(result.probability).toBeLessThan(1);
  });

  it("the same stances given by the caller are taken as certain: one dissent in three contests", () => {
    // The rules as they were: 2 against 1 is contested when every stance is known.
    const caller = labelEvidence(judged("ssc", "caller"));
    expect([caller.confidence, caller.direction, caller.probability]).toEqual(["contested", "unclear", 1]);
    const eightToOne = labelEvidence(judged("sssssssscnn", "caller"));
    expect([eightToOne.confidence, eightToOne.probability]).toEqual(["corroborated", 1]);
  });

  it("says in its reasons how often the label holds once mistakes are allowed for", () => {
    const result = labelEvidence(judged("sssssssscnn", "builtin"));
    expect(result.reasons.join(" ")).toMatch(/corroborated in \d+% of readings/);
    expect(result.reasons.join(" ")).toContain("likely misread");
  });

  it("gives the same label every time for the same evidence", () => {
    const first = labelEvidence(judged("sssccnn", "builtin"));
    for (let i = 0; i < 5; i++) expect(labelEvidence(judged("sssccnn", "builtin"))).toEqual(first);
  });
});

describe("stancePosteriors()", () => {
  it("reads a lone dissent as likelier a misread among many agreeing sources than among few", () => {
    const many = stancePosteriors(judged("sssssssc", "builtin"));
    const few = stancePosteriors(judged("sc", "builtin"));
    const trulyContradicts = (rows: number[][]) => (rows.at(-1) as number[])[1] as number;
    expect(trulyContradicts(many)).toBeLessThan(trulyContradicts(few));
    for (const row of many) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it("keeps a caller's stances as they were given", () => {
    expect(stancePosteriors(judged("scn", "caller"))).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
  });
});
