import { describe, expect, it } from "vitest";
import { judgeText, resultText } from "../../src/judge/lexical-stance.js";
import { namesOnlyTheTopic } from "../../src/judge/topic-only.js";
import { assess } from "../../src/operations/assess.js";

describe("topic is not a side", () => {
  it.each([
    [
      "Intermittent fasting is safe",
      "Intermittent fasting",
      "An overview of intermittent fasting and what people should know about it.",
    ],
    ["Coffee raises blood pressure", "How coffee is roasted", "Roasting turns green beans brown."],
    [
      "Grain-free dog food causes heart disease",
      "Grain-free dog food recipes",
      "A guide to the ingredients of grain-free dog food.",
    ],
    [
      "Stretching before exercise prevents injury",
      "Hamstring stretch (standing)",
      "Hold the stretch for 35 seconds. Breathe slowly.",
    ],
    [
      "Dishwashers use less water than washing by hand",
      "How to load a dishwasher",
      "For ease and convenience, load the bottom rack first.",
    ],
  ])("a page that only names the subject of %j is neutral", (claim, title, snippet) => {
    expect(judgeText(claim, resultText(title, snippet)).stance).toBe("neutral");
  });

  it.each([
    [
      "Coffee raises blood pressure",
      "Caffeine and your heart",
      "Caffeine can cause a short, but dramatic increase in your blood pressure.",
    ],
    [
      "Intermittent fasting is safe",
      "Fasting side effects",
      "Fasting can cause dizziness, and dangerous drops in blood sugar for people with diabetes.",
    ],
    [
      "Macs don't get viruses",
      "Mac security",
      "Macs are not immune: malware for macOS has grown every year.",
    ],
  ])("a page that takes a side on %j is not set aside", (claim, title, snippet) => {
    expect(namesOnlyTheTopic(claim, resultText(title, snippet))).toBe(false);
  });

  it("a lone sentence is left to the model: an argument may take its side in words of its own", () => {
    expect(namesOnlyTheTopic("Smoking should be banned", "Smokers choose for themselves.")).toBe(false);
  });

  it("on every entry point: assess does not count a how-it-is-made page for the claim", async () => {
    const result = await assess(
      {
        claim: "Coffee raises blood pressure",
        evidence: [
          {
            url: "https://roast.example/how",
            title: "How coffee is roasted",
            snippet: "Roasting turns green beans brown.",
          },
          {
            url: "https://beans.example/origin",
            title: "Where coffee comes from",
            snippet: "Coffee grows in the tropics of Africa, Asia and the Americas.",
          },
          {
            url: "https://brew.example/guide",
            title: "A beginner's guide to coffee",
            snippet: "An overview of coffee and what people should know about it.",
          },
        ],
      },
      { judge: "builtin" },
    );
    expect(result.evidence.map((e) => e.stance)).toEqual(["neutral", "neutral", "neutral"]);
    expect(result.confidence).toBe("low-coverage");
  });
});
