import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passagesFor } from "../../src/read/passages.js";

const PAGE = [
  "Subscribe to our newsletter for weekly updates. Follow us on social media.",
  "Many readers ask whether coffee is bad for the heart. A cohort study of 380,000 adults found that two to three cups a day were linked to a lower risk of heart disease. The authors caution that the study shows an association, not cause and effect.",
  "Tea drinkers showed a similar pattern in an earlier analysis.",
  "Separately, the researchers found no evidence that coffee is bad for blood pressure in people who drink it every day.",
].join("\n\n");
const CLAIM = "Coffee is bad for your heart";

describe("passagesFor", () => {
  it("quotes the page verbatim, with offsets into it", () => {
    const passages = passagesFor(CLAIM, PAGE);
    expect(passages.length).toBeGreaterThan(0);
    for (const passage of passages) expect(PAGE.slice(passage.start, passage.end)).toBe(passage.text);
  });

  it("picks sentences that name the claim's subject, with their neighbours in the same paragraph", () => {
    const [best, ...rest] = passagesFor(CLAIM, PAGE);
    expect(best?.text).toContain("whether coffee is bad for the heart");
    expect(best?.text).toContain("cohort study of 380,000 adults");
    const all = [best, ...rest].map((p) => p?.text ?? "").join(" ");
    expect(all).toContain("no evidence that coffee is bad for blood pressure");
    // Boilerplate and a paragraph about something else are not quoted.
    expect(all).not.toContain("newsletter");
    expect(all).not.toContain("Tea drinkers");
  });

  it("says which passages name what the claim says of its subject, not the subject alone", () => {
    const page =
      "The café sells coffee and cake.\n\nDrinking coffee is not bad for the heart, a review found.";
    const byText = Object.fromEntries(passagesFor(CLAIM, page).map((p) => [p.text, p.onClaim]));
    expect(byText).toEqual({
      "Drinking coffee is not bad for the heart, a review found.": true,
      "The café sells coffee and cake.": false,
    });
  });

  it("gives nothing for a page that never names the subject", () => {
    expect(passagesFor(CLAIM, "Tea is popular in Britain.\n\nMany people drink it daily.")).toEqual([]);
  });

  it("keeps to the limits and never overlaps", () => {
    const passages = passagesFor(CLAIM, PAGE, { max: 1, maxChars: 120 });
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text.length).toBeLessThanOrEqual(120);
    const many = passagesFor(CLAIM, PAGE, { max: 10 });
    const spans = many.map((p) => [p.start, p.end] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? 0);
  });

  it("is verbatim and stable on any text", () => {
    const pieces = [
      "Coffee is bad.",
      "Coffee  helps!",
      "The heart?",
      "x",
      "\n\n",
      " ",
      "café coffee's heart",
      "…",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const page = parts.join(" ");
        const first = passagesFor(CLAIM, page);
        expect(passagesFor(CLAIM, page)).toEqual(first);
        for (const p of first) {
          expect(page.slice(p.start, p.end)).toBe(p.text);
          expect(p.text.trim()).toBe(p.text);
        }
      }),
      { numRuns: 500 },
    );
  });
});
