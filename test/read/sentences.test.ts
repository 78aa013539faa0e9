import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentencesIn } from "../../src/read/sentences.js";
import { cpuMs } from "../helpers/cpu-time.js";

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
/** The reference: one segmentation of the whole text. */
const whole = (text: string) =>
  [...segmenter.segment(text)].map(({ segment, index }) => ({ segment, index }));

/** Words, and marks whose sentence ends hang on what surrounds them; sentences long and short. */
const WORDS = [
  ...Array(20).fill("word"),
  ...'The cat sat. Dr. e.g. U.S. Yes! Why? 1.5 3. etc. No. "Quote." — … ... said: It ?! ) \''.split(" "),
  "(see p. 4)",
  "\n",
  "\u00a0",
];
const texts = fc
  .array(fc.constantFrom(...WORDS), { minLength: 300, maxLength: 1500, size: "max" })
  .map((words) => words.join(" "));

describe("sentencesIn", () => {
  it("finds the sentences one segmentation of the whole text finds", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect([...sentencesIn(text)]).toEqual(whole(text));
      }),
      { numRuns: 150 },
    );
  });

  it("keeps a sentence longer than a window whole", () => {
    const text = `Before it. ${"a word ".repeat(1_000)}ends here. After it. And more.`;
    expect([...sentencesIn(text)]).toEqual(whole(text));
  });

  it("reads a page's worth of one-word sentences in milliseconds, where one segmentation took seconds", () => {
    const text = "A. ".repeat(66_666);
    let count = 0;
    const ms = cpuMs(() => {
      for (const _ of sentencesIn(text)) count += 1;
    });
    expect(count).toBe(66_666);
    // About a microsecond a sentence; segmenting the text in one piece took 20 s.
    expect(ms).toBeLessThan(500);
  });
});
