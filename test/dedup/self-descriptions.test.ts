import { describe, expect, it } from "vitest";
import { withoutSelfDescription } from "../../src/dedup/self-descriptions.js";

describe("a company's description of itself opening a release", () => {
  it.each([
    [
      "Acme Bio, Inc. (Nasdaq: ACMB), a clinical-stage biopharmaceutical company developing oral therapies for rare diseases, including IgA nephropathy, today announced topline results.",
      "Acme Bio, Inc. (Nasdaq: ACMB) today announced topline results.",
    ],
    [
      "Orbix Robotics, a developer of general-purpose robots for homes, today unveiled OR-5.",
      "Orbix Robotics today unveiled OR-5.",
    ],
    [
      "Cardiolux, Inc., a medical technology company transforming cardiac monitoring with wearable sensors, announced today that",
      "Cardiolux, Inc. announced today that",
    ],
    // Cut inside the description by the search engine: removed to the end.
    [
      "Acme Bio, Inc. (Nasdaq: ACMB), a clinical-stage biopharmaceutical company developing oral ...",
      "Acme Bio, Inc. (Nasdaq: ACMB)",
    ],
  ])("%j → %j", (text, expected) => {
    expect(withoutSelfDescription(text)).toBe(expected);
  });

  it.each([
    "Voltera Energy, Inc. (NASDAQ: VLTR) today unveiled the VX-520, a solid-state cell.",
    "Pfizer, the drugmaker, said on Tuesday its vaccine was 95% effective.",
    "The Fed raised rates by a quarter point on Wednesday, its 10th increase since March 2022.",
    // A description that does not end within 400 characters is no opening of a release.
    `Acme, a company ${"that makes batteries and more ".repeat(15)}`,
  ])("leaves a text that opens otherwise as it is: %j", (text) => {
    expect(withoutSelfDescription(text)).toBe(text);
  });
});
