import { describe, expect, it } from "vitest";
import { assess } from "../../src/operations/assess.js";

const CLAIM = "Acme's new battery cell stores 520 watt-hours per kilogram";
const TITLE = "Acme unveils battery cell storing 520 watt-hours per kilogram";
const TEXT =
  "Acme Corp. said on Tuesday its new solid-state battery cell stores 520 watt-hours per kilogram, a record for a cell of its size, and that samples will ship to carmakers next year.";

/** One press text on `count` domains, as a content farm spreads it: suffixes, dates, cuts. */
function copies(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    url: `https://news-site-${index}.example/tech/acme-battery-cell`,
    title: index % 3 === 0 ? `${TITLE} - News Site ${index}` : TITLE,
    snippet: index % 4 === 1 ? `Mar 4, 2025 — ${TEXT}` : index % 4 === 2 ? `${TEXT.slice(0, 150)} ...` : TEXT,
    stance: "support" as const,
  }));
}

describe("assess: a flood of one text is one origin at any size", () => {
  it.each([200, 201, 500, 2_000])(
    "%i copies on as many domains are one origin and single-source",
    async (count) => {
      const result = await assess({ claim: CLAIM, evidence: copies(count) }, { judge: "builtin" });
      expect(result.origins).toHaveLength(1);
      expect(result.confidence).toBe("single-source");
    },
  );

  it("two independent reports next to the flood make it corroborated, counted as three origins", async () => {
    const independent = [
      {
        url: "https://lab.example.edu/blog/acme-cell-test",
        title: "Our lab measured Acme's cell: 518 Wh/kg in independent tests",
        snippet:
          "Independent measurements at the university's battery lab confirmed the cell reaches about 518 Wh/kg.",
        stance: "support" as const,
      },
      {
        url: "https://trade.example.org/acme-teardown",
        title: "Teardown confirms Acme cell's energy density claim",
        snippet: "Engineers who took the cell apart found its energy density matches what Acme advertised.",
        stance: "support" as const,
      },
    ];
    const result = await assess(
      { claim: CLAIM, evidence: [...copies(300), ...independent] },
      { judge: "builtin" },
    );
    expect(result.origins).toHaveLength(3);
    expect(result.confidence).toBe("corroborated");
  });
});

describe("assess: pages that all repeat one study", () => {
  const study = [
    {
      url: "https://sleep.example.org/cherry-juice",
      title: "Can tart cherry juice help you sleep?",
      snippet:
        "A 2012 study of 20 adults published in the European Journal of Nutrition found that tart cherry concentrate added about 25 minutes of sleep a night.",
    },
    {
      url: "https://runners.example.net/tart-cherry",
      title: "Tart cherry juice for runners: recovery and sleep",
      snippet:
        "Howatson and colleagues (2012) gave 20 volunteers cherry concentrate for a week and measured longer sleep.",
    },
    {
      url: "https://wellness.example.com/tart-cherry-benefits",
      title: "Benefits of tart cherry juice",
      snippet:
        "Howatson et al. found that drinking tart cherry juice twice a day increased total sleep time.",
    },
  ].map((page) => ({ ...page, stance: "support" as const }));
  const claim = "Tart cherry juice improves sleep";

  it("are single-source, and the note names the study", async () => {
    const result = await assess({ claim, evidence: study }, { judge: "builtin" });
    expect(result.confidence).toBe("single-source");
    expect(result.origins).toEqual([
      expect.objectContaining({
        why: "same-study",
        source: "Howatson et al. (2012), European Journal of Nutrition",
      }),
    ]);
    expect(result.notes).toContain(
      "Confidence: only one independent origin supports the claim: 3 pages report one study, Howatson et al. (2012), European Journal of Nutrition",
    );
  });

  it("with an independent confirming study are corroborated", async () => {
    const confirming = {
      url: "https://journals.example.com/tart-cherry-insomnia-pilot",
      title: "Pilot Study of the Tart Cherry Juice for the Treatment of Insomnia",
      snippet:
        "by JN Losso · 2018 — In older adults with insomnia, tart cherry juice increased sleep time by 84 minutes.",
      stance: "support" as const,
    };
    const result = await assess({ claim, evidence: [...study, confirming] }, { judge: "builtin" });
    expect(result.origins).toHaveLength(2);
    expect(result.confidence).toBe("corroborated");
  });
});
