import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOKENS } from "../../src/judge/stance-words.js";
import { wordInfo, wordsOf } from "../../src/judge/word-info.js";

describe("wordsOf", () => {
  it("finds the tokens the judge's token pattern matches, in order", () => {
    const pieces = [
      "a",
      "z",
      "0",
      "9",
      "'",
      "’",
      "?",
      ":",
      " ",
      "-",
      "é",
      "İ",
      "\n",
      "don't",
      "isn’t",
      "x'",
      "'s",
      "A",
    ];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.constantFrom(...pieces), { maxLength: 20 }).map((p) => p.join("")),
          fc.string(),
        ),
        (text) => {
          const lower = text.toLowerCase();
          expect(wordsOf(lower).map((info) => info.word)).toEqual(lower.match(TOKENS) ?? []);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("reads each word once, and the same word the same way wherever it stands", () => {
    const [first, second] = wordsOf("safe? not safe");
    expect(first).toBe(wordInfo("safe"));
    expect(wordsOf("x safe")[1]).toBe(first);
    expect(second?.word).toBe("?");
  });

  it("forgets what it read once a flood of new words fills it, and reads those words alike again", () => {
    const before = wordInfo("unsafe");
    for (let i = 0; i < 60_000; i += 500)
      wordsOf(Array.from({ length: 500 }, (_, k) => `q${(i + k).toString(36)}`).join(" "));
    const after = wordInfo("unsafe");
    expect(after).not.toBe(before);
    expect({ ...after, hashes: undefined }).toEqual({ ...before, hashes: undefined });
  });
});
