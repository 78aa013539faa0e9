import { describe, expect, it } from "vitest";
import { parseClaim } from "../../src/judge/claim-parts.js";

describe("parseClaim", () => {
  it.each([
    ["Sunscreen is safe", { subject: ["sunscreen"], predicate: ["safe"], family: "safe" }],
    [
      "Energy drinks are bad for you",
      { subject: ["energy", "drinks"], predicate: ["bad"], family: "harmful" },
    ],
    [
      "Mobile phones cause brain tumours",
      {
        subject: ["mobile", "phones"],
        object: ["brain", "tumours"],
        predicate: ["cause"],
        family: "increase",
      },
    ],
    ["Zinc lozenges shorten colds", { subject: ["zinc", "lozenges"], object: ["colds"], family: "decrease" }],
    // The effect verb splits the claim, not the noun "work".
    ["Office work raises stress", { subject: ["office", "work"], object: ["stress"], family: "increase" }],
    ["Acupuncture works", { subject: ["acupuncture"], family: "works" }],
    ["Ostriches are birds", { subject: ["ostriches"], predicate: ["birds"], family: "other" }],
  ])("%s", (claim, expected) => {
    expect(parseClaim(claim)).toMatchObject(expected);
  });

  it("finds the comparative and the other side of a comparison", () => {
    const parts = parseClaim("Trains are better for the climate than planes");
    expect(parts.subject).toEqual(["trains"]);
    expect(parts.predicate).toEqual(["better"]);
    expect(parts.comparison?.other).toEqual(["planes"]);
    expect(parts.comparison?.worse).toContain("worse");
  });

  it("keeps a claim it cannot split as its subject", () => {
    expect(parseClaim("The mayor resigned yesterday")).toMatchObject({
      subject: ["mayor", "resigned", "yesterday"],
      predicate: [],
      family: "other",
    });
  });
});
