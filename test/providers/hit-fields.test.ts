import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanText,
  engineName,
  engineNames,
  MAX_ENGINE_NAME_CHARS,
  sortedEngineNames,
} from "../../src/providers/hit-fields.js";
import { withoutControls } from "../../src/util/control-characters.js";

/** cleanText spelt out step by step, with no shortcut for text that is already clean. */
function cleanedStepByStep(text: string, maxChars: number): string {
  const cleaned = withoutControls(text.slice(0, maxChars * 8 + 200))
    .replace(/<[^>]{0,200}>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (cleaned.length <= maxChars) return cleaned;
  const cut = cleaned.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > maxChars * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Text with what web snippets carry: words, runs of odd whitespace, tags, controls, escapes. */
const webText = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-zé—’]{1,8}$/),
      fc.constantFrom(" ", "  ", "\t", "\n", "\u00a0", "\u2009", "\u3000", "\ufeff", "\r\n"),
      fc.constantFrom("<b>", "</b>", "<", ">", "a < b", "\u001b[31m", "\u0007", "\u009b", "\u0085"),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("cleanText", () => {
  it("gives what its steps give, whether the text needed them or not", () => {
    fc.assert(
      fc.property(webText, fc.integer({ min: 5, max: 120 }), (text, maxChars) => {
        expect(cleanText(text, maxChars)).toBe(cleanedStepByStep(text, maxChars));
      }),
      { numRuns: 5_000 },
    );
  });

  it("returns clean text as it is, and cleans the rest", () => {
    expect(cleanText("Is coffee safe? What the evidence says", 300)).toBe(
      "Is coffee safe? What the evidence says",
    );
    expect(cleanText(" <b>Coffee</b>\u00a0and\u001b[31m  health\n", 300)).toBe("Coffee and health");
    expect(cleanText("a very long title about coffee", 12)).toBe("a very long…");
  });
});

describe("engineName", () => {
  it("gives what its steps give, whether the name needed them or not", () => {
    fc.assert(
      fc.property(webText, (text) => {
        const name = withoutControls(text.slice(0, MAX_ENGINE_NAME_CHARS * 8))
          .replace(/\s+/g, " ")
          .trim();
        expect(engineName(text)).toBe(name !== "" && name.length <= MAX_ENGINE_NAME_CHARS ? name : undefined);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("sortedEngineNames", () => {
  it("orders the names as sort() does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(webText, fc.constantFrom("google", "Bing", "bing news", "é", 7))),
        (values) => {
          expect(sortedEngineNames(values)).toEqual(engineNames(values).sort());
        },
      ),
    );
    expect(sortedEngineNames(["wikipedia", "bing", "Google", "duckduckgo"])).toEqual([
      "Google",
      "bing",
      "duckduckgo",
      "wikipedia",
    ]);
  });
});
