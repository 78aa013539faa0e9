import { describe, expect, it } from "vitest";
import { judgeProfile } from "../../src/judge/judge-profiles.js";
import { assess } from "../../src/operations/assess.js";
import { reliabilityLine, reliabilityOf } from "../../src/report/reliability.js";
import { renderAssessment } from "../../src/report/render-assessment.js";

const evidence = [
  {
    url: "https://a.example/1",
    title: "Coffee raises blood pressure briefly",
    snippet: "Caffeine raises blood pressure for a few hours.",
  },
  {
    url: "https://b.example/2",
    title: "Caffeine and blood pressure",
    snippet: "Studies show coffee raises blood pressure in people who rarely drink it.",
  },
  {
    url: "https://c.example/3",
    title: "Coffee and hypertension",
    snippet: "Regular coffee does not raise long-term blood pressure, a review found.",
  },
];

describe("reliability", () => {
  it("names the built-in judge and its measured label accuracy in the report and its text", async () => {
    const result = await assess({ claim: "Coffee raises blood pressure", evidence }, { judge: "builtin" });
    expect(result.reliability).toMatchObject({
      judge: "builtin",
      labelAccuracy: judgeProfile("builtin").labelAccuracy,
      measured: true,
    });
    expect(result.reliability.labelProbability).toBeGreaterThan(0);
    expect(result.reliability.labelProbability).toBeLessThanOrEqual(1);
    const text = renderAssessment(result);
    expect(text).toContain("stances by the built-in judge");
    expect(text).toContain(
      `${Math.round(judgeProfile("builtin").labelAccuracy * 100)}% of held-out real questions`,
    );
    expect(text).toContain("Reading the pages, a model judge or your own stances would make it surer");
  });

  it("names the caller when every stance was given, and is then certain of the label", async () => {
    const given = evidence.map((e, i) => ({
      ...e,
      stance: i < 2 ? ("support" as const) : ("neutral" as const),
    }));
    const result = await assess({ claim: "Coffee raises blood pressure", evidence: given });
    expect(result.reliability).toMatchObject({ judge: "caller", labelProbability: 1 });
    expect(reliabilityLine(result.reliability)).not.toContain("surer");
  });

  it("says how many pages were read in full, and then asks for more of them, not for reading", () => {
    const read = reliabilityOf(["builtin", "builtin", "builtin"], 0.8, 2);
    expect(read.pagesRead).toBe(2);
    const line = reliabilityLine(read);
    expect(line).toContain("2 pages were read in full.");
    expect(line).toContain("Reading more pages, a model judge or your own stances would make it surer.");
    expect(reliabilityLine(reliabilityOf(["llm"], 0.8, 1))).toContain(
      "1 page was read in full. Reading more pages or your own stances would make it surer.",
    );
    expect(reliabilityLine(reliabilityOf(["builtin"], 0.8))).not.toContain("read in full");
  });

  it("is mixed when several judges decided, rated by the weakest of them", () => {
    const mixed = reliabilityOf(["caller", "builtin", "builtin"], 0.7);
    expect(mixed.judge).toBe("mixed");
    expect(mixed.labelAccuracy).toBe(
      Math.min(judgeProfile("caller").labelAccuracy, judgeProfile("builtin").labelAccuracy),
    );
  });

  it("says when a model judge's accuracy is a default, not a measurement", () => {
    const llm = reliabilityOf(["llm"], 0.9);
    expect(llm.measured).toBe(false);
    expect(reliabilityLine(llm)).toContain("not yet measured");
  });
});
