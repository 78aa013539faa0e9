import { describe, expect, it } from "vitest";
import { assess } from "../../src/operations/assess.js";
import { originLines } from "../../src/report/origin-lines.js";
import { renderAssessment } from "../../src/report/render-assessment.js";

describe("origins in the markdown", () => {
  it("lists each origin of more than one page with why, what it is and its pages", () => {
    expect(
      originLines([
        { id: "o1", evidence: ["e1"], why: "single" },
        { id: "o2", evidence: ["e2", "e5"], why: "press-release", source: "Acme Unveils *Cell* <b>" },
        { id: "o3", evidence: ["e3", "e4", "e6"], why: "syndication" },
      ]),
    ).toEqual([
      "",
      "**Origins (pages counted once):**",
      "- o2 — 2 pages, one origin: press-release (one press release and its rewrites): Acme Unveils \\*Cell\\* \\<b\\> (e2, e5)",
      "- o3 — 3 pages, one origin: syndication (copies of one story) (e3, e4, e6)",
    ]);
  });

  it("says nothing when every page is an origin of its own", () => {
    expect(originLines([{ id: "o1", evidence: ["e1"], why: "single" }])).toEqual([]);
  });

  it("shows in an assessment which pages count once", async () => {
    const text =
      "Researchers followed 1,200 adults for two years and found modest drops in blood pressure among those who fasted.";
    const result = await assess(
      {
        claim: "Intermittent fasting lowers blood pressure",
        evidence: [
          {
            url: "https://one.example/fasting",
            title: "Fasting linked to lower blood pressure in two-year trial",
            snippet: text,
          },
          {
            url: "https://two.example/fasting",
            title: "Fasting linked to lower blood pressure in two-year trial | Two",
            snippet: text,
          },
        ],
      },
      { judge: "builtin" },
    );
    expect(renderAssessment(result)).toContain(
      "- o1 — 2 pages, one origin: syndication (copies of one story) (e1, e2)",
    );
  });
});
