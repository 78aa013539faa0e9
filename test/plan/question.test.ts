import { describe, expect, it } from "vitest";
import { CoreSearchError, InvalidInputError } from "../../src/errors.js";
import { plan } from "../../src/plan/plan.js";
import { MAX_QUESTION_CHARS, normalizeQuestion } from "../../src/plan/question.js";

/** The InvalidInputError `fn` throws, or a test failure when it throws something else or nothing. */
function invalidInput(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error("expected an InvalidInputError, but the input was accepted");
}

describe("normalizeQuestion rejects what is not a question", () => {
  it.each([
    ["an empty string", "", /is empty/],
    ["spaces only", "     ", /is empty/],
    ["tabs and newlines only", "\t\n\r\n \t", /is empty/],
    ["non-breaking and ideographic spaces only", "\u00a0\u3000\u2003", /is empty/],
    ["100 KB of text", "a".repeat(100_000), /too long .*at most 1000/],
    [
      "100 KB of spaces around a real question",
      `${" ".repeat(50_000)}is coffee safe${" ".repeat(50_000)}`,
      /too long/,
    ],
    [
      "one character over the limit",
      "a".repeat(MAX_QUESTION_CHARS + 1),
      /too long \(1001 characters; at most 1000\)/,
    ],
    ["a NUL byte", "is coffee\u0000 safe", /control characters/],
    ["an ANSI escape", "is coffee \u001b[31msafe\u001b[0m", /control characters/],
    ["a C1 next-line (U+0085)", "is coffee\u0085safe", /control characters/],
    ["a DEL", "is coffee\u007f safe", /control characters/],
    ["a vertical tab", "is coffee\u000bsafe", /control characters/],
    ["a form feed", "is coffee\u000csafe", /control characters/],
    ["a lone high surrogate", "is coffee \ud83d safe", /invalid Unicode \(a lone surrogate\)/],
    ["a lone low surrogate", "is coffee \ude00 safe", /lone surrogate/],
    ["a high surrogate at the very end", "is coffee safe\ud83d", /lone surrogate/],
    ["a low surrogate at the very start", "\ude00is coffee safe", /lone surrogate/],
    ["two surrogates in the wrong order", "is coffee \ude00\ud83d safe", /lone surrogate/],
  ])("%s", (_label, input, message) => {
    const error = invalidInput(() => normalizeQuestion(input));
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/^The question /);
    expect(error.code).toBe("INVALID_INPUT");
    expect(error).toBeInstanceOf(CoreSearchError);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["a boolean", true],
    ["an object", { question: "is coffee safe" }],
    ["an array of words", ["is", "coffee", "safe"]],
    ["a String object", new String("is coffee safe")],
    ["a Buffer", Buffer.from("is coffee safe")],
  ])("a non-string: %s", (_label, input) => {
    expect(invalidInput(() => normalizeQuestion(input)).message).toBe("The question must be a string");
  });

  it.each([
    ["", "The query is empty"],
    ["a\u0000", "The query contains control characters"],
    [7, "The query must be a string"],
  ])("names what was passed in the message (%j)", (input, message) => {
    expect(invalidInput(() => normalizeQuestion(input, "query")).message).toBe(message);
  });

  it.each([
    ["empty", ""],
    ["control characters", "is coffee\u001bsafe"],
    ["a lone surrogate", "is \ud800 safe"],
    ["too long", "x".repeat(100_000)],
  ])("plan() rejects the same input before planning: %s", (_label, input) => {
    expect(() => plan(input)).toThrow(InvalidInputError);
  });
});

describe("normalizeQuestion accepts real questions", () => {
  it.each([
    ["trims the ends", "  is coffee safe?  ", "is coffee safe?"],
    ["collapses a newline", "is coffee\nsafe?", "is coffee safe?"],
    ["collapses CRLF", "is coffee\r\nsafe?", "is coffee safe?"],
    ["collapses a tab", "is\tcoffee\tsafe?", "is coffee safe?"],
    ["collapses runs of mixed whitespace", "is \t\n  coffee \r\n\t safe?", "is coffee safe?"],
    ["collapses non-breaking spaces", "is\u00a0coffee\u00a0safe?", "is coffee safe?"],
    [
      "keeps a line-wrapped paste on one line",
      "Does intermittent fasting\n    reduce inflammation\n    in adults?",
      "Does intermittent fasting reduce inflammation in adults?",
    ],
    ["keeps a valid surrogate pair (emoji)", "is 🍕 healthy?", "is 🍕 healthy?"],
    ["keeps accented and non-Latin text", "Ist Kaffee gesund? 咖啡健康吗", "Ist Kaffee gesund? 咖啡健康吗"],
    ["keeps punctuation and symbols", "C++ vs. C# — which is faster?", "C++ vs. C# — which is faster?"],
    ["keeps a one-character question", "x", "x"],
  ])("%s", (_label, input, expected) => {
    expect(normalizeQuestion(input)).toBe(expected);
  });

  it("accepts exactly the maximum length", () => {
    const question = "a".repeat(MAX_QUESTION_CHARS);
    expect(normalizeQuestion(question)).toBe(question);
  });

  it("measures the limit after collapsing whitespace", () => {
    const padded = `${"\n".repeat(1500)}${"a".repeat(MAX_QUESTION_CHARS)}${"\t".repeat(1500)}`;
    expect(normalizeQuestion(padded)).toHaveLength(MAX_QUESTION_CHARS);
  });

  it("is idempotent", () => {
    const once = normalizeQuestion("  is\ncoffee \t safe?  ");
    expect(normalizeQuestion(once)).toBe(once);
  });

  it("plan() records the normalized question", () => {
    expect(plan("  is\ncoffee\tsafe?  ").question).toBe("is coffee safe?");
  });
});
