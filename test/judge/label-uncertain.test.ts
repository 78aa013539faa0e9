import { describe, expect, it } from "vitest";
import { type LabelInput, labelEvidence } from "../../src/judge/label.js";
import type { JudgeKind, Stance } from "../../src/judge/stance.js";
import { answerLikelihoods, drawReadings } from "../../src/judge/stance-readings.js";
import { seededRandom } from "../../src/util/seeded-random.js";

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
    ["three against four is contested", "ssssccc", "contested", "unclear"],
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

/** The share of readings in which each source truly contradicts. */
function contradictShares(items: LabelInput[]): number[] {
  const shares = items.map(() => 0);
  drawReadings(answerLikelihoods(items), 2000, seededRandom(1), (stances) => {
    stances.forEach((stance, i) => {
      if (stance === 1) shares[i] = (shares[i] as number) + 1 / 2000;
    });
  });
  return shares;
}

describe("drawReadings()", () => {
  it("reads a lone dissent as likelier a misread among many agreeing sources than among few", () => {
    const many = contradictShares(judged("sssssssc", "builtin"));
    const few = contradictShares(judged("sc", "builtin"));
    expect(many.at(-1)).toBeLessThan(few.at(-1) as number);
  });

  it("trusts a firm answer more than a hesitant one", () => {
    const items = judged("sssc", "builtin");
    const firm = contradictShares(items);
    const hesitant = contradictShares(items.map((item, i) => (i === 3 ? { ...item, score: 0.4 } : item)));
    expect(hesitant.at(-1)).toBeLessThan(firm.at(-1) as number);
  });

  it("keeps a caller's stances as they were given in every reading", () => {
    const seen = new Set<string>();
    drawReadings(answerLikelihoods(judged("scn", "caller")), 50, seededRandom(1), (stances) =>
      seen.add([...stances].join()),
    );
    expect([...seen]).toEqual(["0,1,2"]);
  });
});
