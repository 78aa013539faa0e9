import { describe, expect, it } from "vitest";
import { formFinding, negate } from "../../src/report/finding.js";

describe("formFinding", () => {
  it("states the claim when the evidence affirms it", () => {
    expect(
      formFinding("Intermittent fasting is safe", "affirms", "corroborated", "intermittent fasting"),
    ).toBe("Intermittent fasting is safe");
  });

  it.each([
    ["Cracking knuckles causes arthritis", "cracking knuckles", "Cracking knuckles does not cause arthritis"],
    ["Vaccines cause autism", "vaccines", "Vaccines do not cause autism"],
    ["Intermittent fasting is safe", "intermittent fasting", "Intermittent fasting is not safe"],
    ["Rust is growing", "Rust", "Rust is not growing"],
    ["Coffee can reduce anxiety", "coffee", "Coffee cannot reduce anxiety"],
    [
      "Remote work has a significant impact on productivity",
      "remote work",
      "Remote work does not have a significant impact on productivity",
    ],
    ["Sugar reaches the brain", "sugar", "Sugar does not reach the brain"],
  ])("negates %s", (claim, subject, expected) => {
    expect(negate(claim, subject)).toBe(expected);
    expect(formFinding(claim, "refutes", "corroborated", subject)).toBe(expected);
  });

  it("says what the evidence does say when the direction is unclear", () => {
    expect(formFinding("Coffee is good for you", "unclear", "contested", "coffee")).toBe(
      "Sources disagree on whether coffee is good for you.",
    );
    expect(formFinding("Coffee is good for you", "unclear", "low-coverage", "coffee")).toMatch(
      /does not settle whether coffee/,
    );
  });
});

describe("findings of everyday claims", () => {
  it.each([
    ["The Romans did use concrete", "Romans", "The Romans did not use concrete"],
    ["The keto diet is a myth", "keto diet", "The keto diet is not a myth"],
    ["Hybrid cars save money", "hybrid cars", "Hybrid cars do not save money"],
    [
      "The dress is blue rather than gold",
      "dress",
      "The evidence contradicts the claim that the dress is blue rather than gold",
    ],
  ])("refuted, %s reads as %s", (claim, subject, finding) => {
    expect(negate(claim, subject)).toBe(finding);
  });
});

describe("a claim in another language", () => {
  it("is said to be contradicted, not negated with English words", () => {
    expect(formFinding("Kaffee ist gesund", "refutes", "corroborated", "Kaffee", "de")).toBe(
      "The evidence contradicts the claim that Kaffee ist gesund",
    );
    expect(formFinding("Kaffee ist gesund", "affirms", "corroborated", "Kaffee", "de")).toBe(
      "Kaffee ist gesund",
    );
  });
});
