import { afterEach, describe, expect, it } from "vitest";
import { judgeText } from "../../src/judge/lexical-stance.js";
import { stanceModel, stanceModelOf, useStanceModel } from "../../src/judge/stance-model.js";

describe("useStanceModel()", () => {
  afterEach(() => useStanceModel(undefined));

  it("judges with a fold's model until the shipped one is restored", () => {
    const claim = "Coffee raises blood pressure";
    const text = "Coffee and blood pressure\nDrinking coffee raises blood pressure for a few hours.";
    const shipped = judgeText(claim, text);
    expect(shipped.stance).toBe("support");
    // No weights, and a bias for `contradict` far above the others: every text contradicts.
    useStanceModel(
      stanceModelOf({
        dim: stanceModel().dim,
        bias: [0, 20, 0],
        temperature: 1,
        neutralBelow: 0.4,
        index: new Int32Array(0),
        weights: new Float32Array(0),
      }),
    );
    expect(judgeText(claim, text).stance).toBe("contradict");
    useStanceModel(undefined);
    expect(judgeText(claim, text)).toEqual(shipped);
  });

  it("finds each feature's row through the table it builds", () => {
    const model = stanceModelOf({
      dim: 16,
      bias: [0, 0, 0],
      temperature: 1,
      neutralBelow: 0,
      index: Int32Array.from([3, 9]),
      weights: Float32Array.from([1, 2, 3, 4, 5, 6]),
    });
    expect([model.rowOf[3], model.rowOf[9], model.rowOf[4]]).toEqual([1, 2, 0]);
  });
});
