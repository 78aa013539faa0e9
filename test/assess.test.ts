import { describe, expect, it } from "vitest";
import { assess } from "../src/assess.js";
import { InvalidInputError } from "../src/errors.js";
import { evaluate, parseEvalData } from "../src/eval.js";
import type { StanceJudge } from "../src/judge/stance.js";

/** Takes the stance from the first word of the title: "yes …" supports, "no …" contradicts. */
const firstWordJudge: StanceJudge = {
  name: "first-word",
  async judge(_claim, items) {
    return items.map((item) => {
      const word = item.title.split(" ")[0]?.toLowerCase();
      return word === "yes"
        ? { stance: "support", score: 0.9 }
        : word === "no"
          ? { stance: "contradict", score: 0.9 }
          : { stance: "neutral", score: 0.5 };
    });
  },
};

describe("assess()", () => {
  it("labels bare evidence by independent origins alone", async () => {
    const result = await assess(
      {
        claim: "Cracking knuckles causes arthritis",
        evidence: [
          {
            url: "https://a.example/1",
            title: "No link between knuckle cracking and arthritis in hand study",
            snippet: "",
          },
          {
            url: "https://b.example/2",
            title: "No evidence knuckle popping damages joints",
            text: "Rheumatologists say.",
          },
          {
            url: "https://c.example/3",
            title: "What happens when you crack your knuckles",
            snippet: "Gas bubbles.",
          },
        ],
      },
      { judge: firstWordJudge },
    );
    expect(result).toMatchObject({
      confidence: "corroborated",
      direction: "refutes",
      contradicting: ["e1", "e2"],
    });
    expect(result.finding).toBe("Cracking knuckles does not cause arthritis");
    // `text` is accepted for the snippet.
    expect(result.evidence[1]?.snippet).toBe("Rheumatologists say.");
  });

  it("counts two copies of one syndicated story once", async () => {
    const story = {
      title: "Yes two-year trial finds intermittent fasting lowers blood pressure in adults",
      snippet:
        "Researchers followed 1,200 adults for two years and found modest drops in blood pressure among fasters.",
    };
    const result = await assess(
      {
        claim: "Intermittent fasting lowers blood pressure",
        evidence: [
          { url: "https://one.example/a", ...story },
          { url: "https://two.example/b", ...story },
          { url: "https://three.example/c", title: "A recipe for lentil soup", snippet: "Soup." },
        ],
      },
      { judge: firstWordJudge },
    );
    expect(result.confidence).toBe("single-source");
    expect(result.origins[0]).toMatchObject({ evidence: ["e1", "e2"], why: "syndication" });
  });

  it.each([
    [{ claim: "", evidence: [] }, /claim is empty/],
    [{ claim: "X is safe", evidence: "nope" }, /evidence must be a list/],
    [{ claim: "X is safe", evidence: [{ title: "no url" }] }, /evidence item 1 needs a url/],
  ])("refuses %o", async (input, message) => {
    await expect(assess(input as never)).rejects.toThrow(InvalidInputError);
    await expect(assess(input as never)).rejects.toThrow(message);
  });
});

describe("evaluate()", () => {
  const data = [
    {
      claim: "A claim that holds",
      veracity: "true",
      evidence: [
        { text: "Yes it holds, officials confirm", url: "https://a.example/1", stance: "support" },
        { text: "Yes confirmed again by a second outlet", url: "https://b.example/2", stance: "support" },
        { text: "Maybe, says a third outlet", url: "https://c.example/3", stance: "neutral" },
      ],
    },
    {
      claim: "A claim that fails",
      veracity: "false",
      evidence: [
        { text: "No it was a hoax", url: "https://d.example/4", stance: "contradict" },
        { text: "Yes it happened, says one blog", url: "https://e.example/5", stance: "support" },
        { text: "Unclear what happened", url: "https://f.example/6", stance: "contradict" },
      ],
    },
  ]
    .map((row) => JSON.stringify(row))
    .join("\n");

  it("scores stances, labels and veracity", async () => {
    const result = await evaluate(parseEvalData(data), { judge: firstWordJudge });
    expect(result.items).toBe(6);
    expect(result.stance.accuracy).toBe(0.833);
    expect(result.stance.confusion.contradict).toEqual({ support: 0, contradict: 1, neutral: 1 });
    expect(result.stance.perClass.support).toEqual({ precision: 1, recall: 1, f1: 1, count: 3 });
    expect(result.veracity.corroborated).toEqual({ count: 1, agree: 1 });
    expect(result.veracity.contested).toEqual({ count: 1, false: 1 });
    // Claim 2 is contested both ways: one contradiction of weight is enough against one support.
    expect(result.labelAgreement).toBe(1);
  });

  it.each([
    ["", /no claims/],
    ["{not json", /Line 1 is not JSON/],
    ['{"claim":"x"}', /Line 1 is not a claim with labelled evidence/],
  ])("refuses bad data %j", (text, message) => {
    expect(() => parseEvalData(text)).toThrow(message);
  });
});
