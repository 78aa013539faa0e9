import { describe, expect, it } from "vitest";
import { dedupe } from "../../src/dedup/dedupe.js";

// Texts from the web are untrusted: evidence given to `assess` may be whole pages, and none of
// the patterns that read origins may take longer than a pass or two over them.
const LONG = 100_000;
const TEXTS = [
  "A".repeat(LONG),
  "a".repeat(LONG),
  "Aa".repeat(LONG / 2),
  "AAAA ".repeat(LONG / 5),
  "Smith ".repeat(LONG / 6),
  "1".repeat(LONG),
  "1,000 ".repeat(LONG / 6),
  "(AP) ".repeat(LONG / 5),
  "published in the Journal of ".repeat(LONG / 28),
  " ".repeat(LONG),
  "This story was originally published by The ".repeat(LONG / 44),
  "10.1000/".repeat(LONG / 8),
];

describe("origins of pages with very long, repetitive texts", () => {
  it("are read in full and stay pages of their own", () => {
    const hits = TEXTS.map((text, index) => ({
      url: `https://site${index}.example/page`,
      title: text.slice(0, 300),
      snippet: text,
    }));
    const result = dedupe(hits);
    expect(result.evidence).toHaveLength(TEXTS.length);
    expect(result.origins.every((origin) => origin.evidence.length >= 1)).toBe(true);
  });
});
