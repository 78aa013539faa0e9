import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bigramsOf, diceAbove, diceOfOpeningsAbove } from "../../src/dedup/dice-above.js";

/** Normalized text as the dedup compares it: letters and digits, single spaces between words. */
const normalized = fc
  .array(fc.stringMatching(/^[a-eé0-2]{1,6}$/), { minLength: 1, maxLength: 40 })
  .map((words) => words.join(" "));

describe("diceOfOpeningsAbove", () => {
  it("scores two openings exactly as Dice on their sorted bigrams does", () => {
    fc.assert(
      fc.property(
        normalized,
        normalized,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.95, noNaN: true }),
        (a, b, cutShare, floor) => {
          const length = Math.max(1, Math.round(Math.min(a.length, b.length) * cutShare));
          expect(diceOfOpeningsAbove(a, b, length, floor)).toBe(
            diceAbove(bigramsOf(a, length), bigramsOf(b, length), floor),
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("counts a bigram repeated in one opening once against a single one in the other", () => {
    // "aaaa" has the bigram "aa" three times, "aab" has it once: 2 × 1 shared ÷ (3 + 2).
    expect(diceOfOpeningsAbove("aaaa", "aab ", 4, 0)).toBe(0.4);
    expect(diceOfOpeningsAbove("the same text", "the same text cut later", 13, 0.75)).toBe(1);
    expect(
      diceOfOpeningsAbove("weekly updates on the outbreak", "prices rise after a poor harvest", 30, 0.75),
    ).toBe(0);
  });
});
