import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classProbabilities } from "../../src/judge/score-features.js";
import { readPair, spellOut } from "../../src/judge/stance-features.js";
import { stanceModel } from "../../src/judge/stance-model.js";

// The scorer hashes n-gram names from parts kept with each word, per shape, and finds weights
// through a compact look-up. These hold it to the names spelt out, whatever was judged before.

const CLAIM = "Green tea causes hair loss";
const WORDS = [
  "green",
  "tea",
  "causes",
  "hair",
  "loss",
  "not",
  "no",
  "study",
  "finds",
  "the",
  "isn't",
  "?",
  ":",
  "é",
];
const SHAPES = ["multi", "head", "sent", "x", "y", "z", "other shape"];

describe("hashed n-grams", () => {
  it("score as their spelt-out names, to the last bit, in any shape and after any words", () => {
    const m = stanceModel();
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.stringMatching(/^[a-z0-9]{1,8}$/)), {
          maxLength: 30,
        }),
        fc.constantFrom(...SHAPES),
        fc.boolean(),
        (words, shape, capitals) => {
          const text = words.map((w) => (capitals ? w.toUpperCase() : w)).join(" ");
          const { features, ngrams } = readPair(CLAIM, text);
          // toEqual compares numbers with Object.is.
          expect(classProbabilities(features, m, shape, ngrams)).toEqual(
            classProbabilities(spellOut(features, ngrams, shape), m),
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("score the same once the word cache has been emptied by a flood of new words", () => {
    const text = "Study finds green tea does not cause hair loss: the claim isn't true";
    const before = readPair(CLAIM, text);
    const expected = classProbabilities(before.features, stanceModel(), before.shape, before.ngrams);
    // More distinct words than the word cache keeps, each scored in every shape.
    for (let i = 0; i < 60_000; i += 100) {
      const words = Array.from({ length: 100 }, (_, k) => `w${(i + k).toString(36)}`);
      const { features, ngrams } = readPair(CLAIM, words.join(" "));
      for (const shape of SHAPES.slice(0, 3)) classProbabilities(features, stanceModel(), shape, ngrams);
    }
    const after = readPair(CLAIM, text);
    expect(classProbabilities(after.features, stanceModel(), after.shape, after.ngrams)).toEqual(expected);
    expect(after.ngrams.words[0]).not.toBe(before.ngrams.words[0]);
  });
});
