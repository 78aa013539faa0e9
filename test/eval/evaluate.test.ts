import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEvalData } from "../../src/eval/eval-data.js";
import { evaluate } from "../../src/eval/evaluate.js";
import { defaultJudge } from "../../src/judge/default-judge.js";
import type { Stance, StanceJudge } from "../../src/judge/stance.js";

/**
 * Reads its answer from the text: "support 0.95 …" is support with score 0.95. Wherever the text
 * sits (title or snippet), the judge sees it.
 */
const scriptedJudge: StanceJudge = {
  name: "scripted",
  async judge(_claim, items) {
    return items.map((item) => {
      const [stance, score] = `${item.title} ${item.snippet}`.trim().split(" ");
      return { stance: stance as Stance, score: Number(score) };
    });
  },
};

const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join("\n");

describe("evaluate()", () => {
  it("scores every item of text-only data: no address, one page twice, one crowded domain, identical texts", async () => {
    const data = jsonl([
      {
        claim: "Arguments without addresses",
        evidence: [
          { text: "support 0.9 an argument", stance: "support" },
          { text: "support 0.9 an argument", stance: "support" },
          { text: "contradict 0.8 another", stance: "contradict" },
        ],
      },
      {
        claim: "Headlines from few sites",
        evidence: [
          ...[1, 2, 3, 4, 5].map((n) => ({
            text: `neutral 0.6 report ${n}`,
            url: `https://crowded.example/${n}`,
            stance: "neutral",
          })),
          { text: "support 0.7 first copy", url: "https://copy.example/a", stance: "support" },
          { text: "contradict 0.7 second copy", url: "https://copy.example/a", stance: "contradict" },
          { text: "support 0.7 bad address", url: "not a url", stance: "support" },
        ],
      },
    ]);
    const result = await evaluate(parseEvalData(data), { judge: scriptedJudge });
    expect(result.items).toBe(11);
    // Each item met its own gold stance: nothing merged, dropped or shifted.
    expect(result.stance.accuracy).toBe(1);
    expect(result.stance.confusion).toEqual({
      support: { support: 4, contradict: 0, neutral: 0 },
      contradict: { support: 0, contradict: 2, neutral: 0 },
      neutral: { support: 0, contradict: 0, neutral: 5 },
    });
  });

  it("computes the neutral share and the calibration error (ECE) by hand", async () => {
    const data = jsonl([
      {
        claim: "First claim",
        evidence: [
          { text: "support 0.95", stance: "support" }, // right, bin 0.9–1
          { text: "support 0.92", stance: "contradict" }, // wrong, bin 0.9–1
          { text: "neutral 0.55", stance: "neutral" }, // right, bin 0.5–0.6
        ],
      },
      {
        claim: "Second claim",
        evidence: [
          { text: "unrelated 0.51", stance: "support" }, // wrong (unrelated counts as neutral), bin 0.5–0.6
          { text: "contradict 0.3", stance: "contradict" }, // right, bin 0.3–0.4
        ],
      },
    ]);
    const result = await evaluate(parseEvalData(data), { judge: scriptedJudge });
    // Bin 0.9–1: 2 items, accuracy 0.5, mean score 0.935 → |0.5 − 0.935| × 2/5 = 0.174
    // Bin 0.5–0.6: 2 items, accuracy 0.5, mean score 0.53 → |0.5 − 0.53| × 2/5 = 0.012
    // Bin 0.3–0.4: 1 item, accuracy 1, mean score 0.3 → |1 − 0.3| × 1/5 = 0.14
    expect(result.stance.ece).toBe(0.326);
    // Neutral and unrelated: 2 of 5 take no side.
    expect(result.stance.neutralShare).toBe(0.4);
    expect(result.stance.accuracy).toBe(0.6);
    // Always "support": 2 of 5 right; support F1 = 2·0.4·1/1.4 = 0.571, over three classes.
    expect(result.baseline).toEqual({ accuracy: 0.4, macroF1: 0.19 });
  });

  it.each([
    // Always "support" here: support F1 = 2·⅓·1/(⅓ + 1) = 0.5, over three classes.
    ["all three classes in gold", ["support", "contradict", "neutral"], 0.167],
    // Argument data has no neutral gold stance: support F1 = 2·0.6·1/1.6 = 0.75, over two classes.
    ["no neutral gold stance", ["support", "contradict", "contradict", "support", "support"], 0.375],
  ])("takes macro-F1 over the classes present: %s", async (_name, golds, baselineMacroF1) => {
    const data = jsonl([
      { claim: "A claim", evidence: golds.map((stance) => ({ text: `${stance} 0.9`, stance })) },
    ]);
    const result = await evaluate(parseEvalData(data), { judge: scriptedJudge });
    expect(result.stance.macroF1).toBe(1);
    expect(result.baseline.macroF1).toBe(baselineMacroF1);
  });

  it("scores labels and veracity when the data has it", async () => {
    const data = jsonl([
      {
        claim: "A claim that holds",
        veracity: "true",
        evidence: [
          { text: "support 0.9 officials confirm", url: "https://a.example/1", stance: "support" },
          { text: "support 0.9 a second outlet", url: "https://b.example/2", stance: "support" },
          { text: "neutral 0.5 a third outlet", url: "https://c.example/3", stance: "neutral" },
        ],
      },
      {
        claim: "A claim that fails",
        veracity: "false",
        evidence: [
          { text: "contradict 0.9 a hoax", url: "https://d.example/4", stance: "contradict" },
          { text: "support 0.9 says one blog", url: "https://e.example/5", stance: "support" },
          { text: "neutral 0.5 unclear", url: "https://f.example/6", stance: "contradict" },
        ],
      },
    ]);
    const result = await evaluate(parseEvalData(data), { judge: scriptedJudge });
    expect(result.stance.accuracy).toBe(0.833);
    expect(result.stance.perClass.support).toEqual({ precision: 1, recall: 1, f1: 1, count: 3 });
    expect(result.veracity).toEqual({
      corroborated: { count: 1, agree: 1 },
      contested: { count: 1, false: 1 },
    });
    // Claim 2 is contested both ways: one contradiction of weight is enough against one support.
    expect(result.labelAgreement).toBe(1);

    const without = await evaluate(
      parseEvalData(jsonl([{ claim: "X", evidence: [{ text: "support 1", stance: "support" }] }])),
      {
        judge: scriptedJudge,
      },
    );
    expect(without.veracity).toBeNull();
  });
});

describe("evaluate() on a label file", () => {
  const rows = parseEvalData(
    readFileSync(new URL("../fixtures/eval/labels.jsonl", import.meta.url), "utf8"),
    "labels.jsonl",
  );

  it("reads each claim's expected label and direction (`confidence` taken for `label`)", () => {
    expect(rows.map((row) => row.expected)).toEqual([
      { label: "corroborated", direction: "refutes" },
      { label: "single-source", direction: "affirms" },
    ]);
  });

  it("scores label and direction with the judge's stances and with the labelled stances given", async () => {
    const result = await evaluate(rows, { judge: defaultJudge });
    expect(result.labels?.judge.decidedBy).toBe("builtin");
    expect(result.labels?.caller).toMatchObject({
      decidedBy: "caller",
      claims: 2,
      labelAccuracy: 1,
      directionAccuracy: 1,
    });
    const confusion = result.labels?.caller.confusion;
    expect(confusion?.corroborated.corroborated).toBe(1);
    expect(confusion?.["single-source"]["single-source"]).toBe(1);
    const judged = result.labels?.judge;
    const right = Object.entries(judged?.confusion ?? {}).reduce(
      (sum, [expected, row]) => sum + ((row as Record<string, number>)[expected] ?? 0),
      0,
    );
    expect(judged?.labelAccuracy).toBe(right / 2);
  });

  it("scores each labelled kind of text on its own, and no kinds when the data names none", async () => {
    const data = jsonl([
      {
        claim: "Coffee raises blood pressure",
        evidence: [
          { title: "neutral 0.8 how coffee is roasted", kind: "topic-only", stance: "neutral" },
          { title: "support 0.7 a coffee guide", kind: "topic-only", stance: "neutral" },
          { title: "support 0.9 readings went up", kind: "side in other words", stance: "support" },
          { title: "neutral 0.6 no change seen", kind: "side in other words", stance: "contradict" },
          { title: "support 0.9 plain", stance: "support" },
        ],
      },
    ]);
    const { byKind } = await evaluate(parseEvalData(data), { judge: scriptedJudge });
    expect(byKind).toEqual([
      { kind: "topic-only", items: 2, accuracy: 0.5, neutralShare: 0.5 },
      { kind: "side in other words", items: 2, accuracy: 0.5, neutralShare: 0.5 },
    ]);
    const none = parseEvalData(
      '{"claim": "X is safe", "evidence": [{"text": "support 0.9 x", "stance": "support"}]}',
    );
    expect((await evaluate(none, { judge: scriptedJudge })).byKind).toEqual([]);
  });

  it("has no label scores for stance-only data", async () => {
    const stanceOnly = parseEvalData(
      '{"claim": "X is safe", "evidence": [{"text": "X is safe.", "stance": "support"}]}',
    );
    expect((await evaluate(stanceOnly, { judge: defaultJudge })).labels).toBeNull();
  });
});
