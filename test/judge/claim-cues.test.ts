import { describe, expect, it } from "vitest";
import { claimCues, segments } from "../../src/judge/claim-cues.js";
import { parseClaim } from "../../src/judge/claim-parts.js";

const position = (claim: string, title: string, snippet: string): "affirm" | "deny" | "none" => {
  const cues = claimCues(parseClaim(claim), `${title}\n${snippet}`);
  return cues.affirm > cues.deny ? "affirm" : cues.deny > cues.affirm ? "deny" : "none";
};

describe("segments", () => {
  it("splits a result into title, site name and sentences", () => {
    expect(segments("Is tea safe? - Health Site\nTea is safe. It has antioxidants...")).toEqual([
      "Is tea safe?",
      "Health Site",
      "Tea is safe.",
      "It has antioxidants",
    ]);
  });
});

describe("claimCues", () => {
  it.each([
    // safety: harm words deny, safety words affirm, negation turns them round
    [
      "Sunscreen is safe",
      "Dermatologists agree",
      "Sunscreen is safe for daily use, and well tolerated.",
      "affirm",
    ],
    [
      "Sunscreen is safe",
      "New study",
      "Some sunscreen ingredients were found to be toxic to skin cells.",
      "deny",
    ],
    [
      "Sunscreen is safe",
      "Sunscreen update",
      "Sunscreen does not increase cancer risk, a review found.",
      "affirm",
    ],
    [
      "Energy drinks are bad for you",
      "Energy drinks",
      "Energy drinks were linked to heart risks in teenagers.",
      "affirm",
    ],
    [
      "Energy drinks are bad for you",
      "Review",
      "Energy drinks in moderation carry a lower risk than feared.",
      "deny",
    ],
    // effects: the verb's own family, the opposite effect, and a negated effect
    [
      "Mobile phones cause brain tumours",
      "Large study",
      "Mobile phone use was not linked to brain tumours.",
      "deny",
    ],
    [
      "Mobile phones cause brain tumours",
      "Report",
      "Heavy phone use raised the risk of brain tumours.",
      "affirm",
    ],
    ["Zinc lozenges shorten colds", "Trial", "Zinc lozenges did not shorten colds in adults.", "deny"],
    ["Zinc lozenges shorten colds", "Trial", "Zinc lozenges cut colds by two days on average.", "affirm"],
    // debunking words deny whatever the sentence is about
    [
      "Ostriches bury their heads in sand",
      "Animal facts",
      "Ostriches burying their heads is a myth.",
      "deny",
    ],
    // comparisons: who is named first before the comparative
    [
      "Trains are faster than planes",
      "Over 500 km",
      "Planes are faster than trains over long distances.",
      "deny",
    ],
    [
      "Trains are faster than planes",
      "City to city",
      "Trains are faster than planes between nearby cities.",
      "affirm",
    ],
  ] as const)("%s / %s: %s → %s", (claim, title, snippet, expected) => {
    expect(position(claim, title, snippet)).toBe(expected);
  });

  it.each([
    [
      "a question asserts nothing",
      "Sunscreen is safe",
      "Is sunscreen safe?",
      "Readers often ask whether sunscreen is safe.",
    ],
    [
      "a question without its mark asserts nothing",
      "Sunscreen is safe",
      "Results for Is sunscreen safe",
      'Top hit for "Is sunscreen safe" today.',
    ],
    [
      "an effect word away from the object is not about the claim",
      "Mobile phones cause brain tumours",
      "Mobile phones",
      "10 causes of slow phones.",
    ],
    [
      "reported belief is not held",
      "Mobile phones cause brain tumours",
      "Mobile phones",
      "Many people think mobile phones cause brain tumours.",
    ],
  ])("%s", (_, claim, title, snippet) => {
    expect(position(claim, title, snippet)).toBe("none");
  });

  it("reads the sentence after a question as its answer", () => {
    expect(
      position("Sunscreen is safe", "Is sunscreen safe?", "Yes. Decades of use show few problems."),
    ).toBe("affirm");
    expect(position("Sunscreen is safe", "Is sunscreen safe?", "No. Several filters are under review.")).toBe(
      "deny",
    );
  });

  it("tells a question title and a subject-only result apart from a position", () => {
    const cues = claimCues(
      parseClaim("Sunscreen is safe"),
      "Is sunscreen safe?\nWhat to know before summer.",
    );
    expect(cues).toMatchObject({ titleQuestion: true, affirm: 0, deny: 0 });
    const topic = claimCues(parseClaim("Sunscreen is safe"), "Sunscreen buying guide\nSPF explained.");
    expect(topic.predicateSeen).toBe(false);
  });
});
