import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import type { StanceJudge } from "../../src/judge/stance.js";
import { assess } from "../../src/operations/assess.js";

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

  it("shows every page of a crowded domain with its stance, counting only the first three", async () => {
    const TOPICS = ["sleep", "muscle", "heart", "mood", "weight", "sugar", "ageing", "liver"];
    const page = (host: string, n: number, word: string) => ({
      url: `https://${host}/${n}`,
      title: `${word} — what ${TOPICS[n - 1]} studies say`,
      snippet: "",
    });
    const result = await assess(
      {
        claim: "Intermittent fasting is safe",
        evidence: [
          ...[1, 2, 3].map((n) => page("farm.example", n, "Yes")),
          page("a.example", 4, "Yes"),
          ...[5, 6, 7].map((n) => page("farm.example", n, "No")),
          page("b.example", 8, "Yes"),
        ],
      },
      { judge: firstWordJudge },
    );
    expect(result.evidence.map((e) => [e.id, e.stance])).toEqual([
      ["e1", "support"],
      ["e2", "support"],
      ["e3", "support"],
      ["e4", "support"],
      ["e5", "contradict"],
      ["e6", "contradict"],
      ["e7", "contradict"],
      ["e8", "support"],
    ]);
    expect(result.contradicting).toEqual(["e5", "e6", "e7"]);
    expect(result.notes).toContain(
      "3 further page(s) from domains already listed 3 times are shown but not counted toward the label: e5, e6, e7",
    );
    // Counted, the three dissenting farm pages would contest five supporting origins.
    expect(result).toMatchObject({ confidence: "corroborated", direction: "affirms" });
    expect(new Set(result.evidence.map((e) => e.originId)).size).toBe(8);
  });

  it.each([
    ["an aborted signal", AbortSignal.abort()],
    ["a live signal", new AbortController().signal],
  ])("judges with the built-in classifier on %s", async (_name, signal) => {
    const result = await assess(
      {
        claim: "Intermittent fasting is safe",
        evidence: [
          {
            url: "https://trials.example/1",
            title: "Intermittent fasting is safe for most adults, review finds",
            snippet: "A review of clinical trials found intermittent fasting is safe and well tolerated.",
          },
        ],
      },
      { signal },
    );
    expect(result.evidence[0]?.stance).toBe("support");
    expect(result.notes.join("\n")).not.toMatch(/failed/);
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
