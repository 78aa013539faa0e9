import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { judgeText, resultText } from "../../src/judge/lexical-stance.js";

// The hand-labelled search results the model never trained on (bench/data/*-heldout*.jsonl): what a
// user of `corroborate` gets, measured the way `core-search eval` measures it.
const dir = new URL("../../bench/data/", import.meta.url);
const heldout = readdirSync(dir).filter((name) =>
  /^stance-(?:snippets|search)-heldout(?:-\d+)?\.jsonl$/.test(name),
);

interface Row {
  claim: string;
  evidence: { title: string; text: string; stance: "support" | "contradict" | "neutral" }[];
}

const rows: Row[] = heldout.flatMap((name) =>
  readFileSync(new URL(name, dir), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Row),
);

describe("the built-in judge on held-out search results", () => {
  const judged = rows.flatMap((row) =>
    row.evidence.map((e) => {
      const j = judgeText(row.claim, resultText(e.title, e.text));
      return { gold: e.stance, predicted: j.stance === "unrelated" ? "neutral" : j.stance, score: j.score };
    }),
  );

  it("has data to measure on", () => {
    expect(judged.length).toBeGreaterThan(150);
  });

  it("gets most stances right, well above always answering support", () => {
    const accuracy = judged.filter((j) => j.predicted === j.gold).length / judged.length;
    const alwaysSupport = judged.filter((j) => j.gold === "support").length / judged.length;
    expect(accuracy).toBeGreaterThan(0.65);
    expect(accuracy).toBeGreaterThan(alwaysSupport + 0.25);
  });

  it("rarely calls one side the other", () => {
    const flipped = judged.filter(
      (j) => j.gold !== "neutral" && j.predicted !== "neutral" && j.predicted !== j.gold,
    ).length;
    expect(flipped / judged.length).toBeLessThan(0.2);
  });

  it("gives scores that are probabilities: confident answers are right more often", () => {
    const confident = judged.filter((j) => j.score >= 0.7);
    const unsure = judged.filter((j) => j.score < 0.5);
    const rate = (xs: typeof judged) => xs.filter((j) => j.predicted === j.gold).length / xs.length;
    expect(confident.length).toBeGreaterThan(20);
    expect(unsure.length).toBeGreaterThan(10);
    expect(rate(confident)).toBeGreaterThan(rate(unsure));
    expect(rate(confident)).toBeGreaterThan(0.7);
  });
});
