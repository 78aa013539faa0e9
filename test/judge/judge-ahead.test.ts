import { describe, expect, it } from "vitest";
import { defaultJudge } from "../../src/judge/default-judge.js";
import { judgeAhead } from "../../src/judge/judge-ahead.js";
import { judgeStances } from "../../src/judge/judge-stances.js";
import type { StanceInput, StanceJudge } from "../../src/judge/stance.js";

const CLAIM = "coffee causes cancer";
const RESULTS: StanceInput[] = [
  {
    title: "Coffee does not cause cancer, large review finds",
    snippet: "No link between coffee and cancer risk.",
  },
  {
    title: "Study links coffee to cancer",
    snippet: "Researchers say coffee drinkers had a higher cancer rate.",
  },
  { title: "Is coffee bad for you?", snippet: "What the evidence says about coffee and health." },
  { title: "Coffee prices rise", snippet: "Markets react to a poor harvest." },
];
const never = new AbortController().signal;

/** The built-in judge, counting the texts it is given. */
function counting(fail = false): StanceJudge & { texts: string[] } {
  const texts: string[] = [];
  return {
    ...defaultJudge,
    texts,
    async judge(claim, items, signal, note) {
      texts.push(...items.map((item) => item.title));
      if (fail) throw new Error("broken");
      return defaultJudge.judge(claim, items, signal, note);
    },
  };
}

describe("judging ahead", () => {
  it("gives the judge's own stances, whatever parts the results arrived in", async () => {
    const whole = await defaultJudge.judge(CLAIM, RESULTS, never);
    const ahead = judgeAhead(defaultJudge, CLAIM);
    ahead.add(RESULTS.slice(2));
    ahead.add(RESULTS.slice(0, 1));
    expect(await ahead.judge.judge(CLAIM, RESULTS, never)).toStrictEqual(whole);
  });

  it("judges each text once: what was judged ahead is not judged again at the end", async () => {
    const judge = counting();
    const ahead = judgeAhead(judge, CLAIM);
    ahead.add([...RESULTS.slice(0, 2), RESULTS[0] as StanceInput]);
    expect(judge.texts).toHaveLength(2);
    await ahead.judge.judge(CLAIM, RESULTS, never);
    expect(judge.texts).toStrictEqual(RESULTS.map((r) => r.title));
  });

  it("hands over what was judged ahead, one per result in their order, and nothing for the rest", async () => {
    const whole = await defaultJudge.judge(CLAIM, RESULTS, never);
    const ahead = judgeAhead(defaultJudge, CLAIM);
    ahead.add(RESULTS.slice(1, 3));
    // The same text twice (two calls found it) gets the one judgement twice.
    const asked = [...RESULTS, { ...(RESULTS[1] as StanceInput) }];
    expect(await ahead.judgedFor(asked)).toStrictEqual([null, whole[1], whole[2], null, whole[1]]);
    // A judge taking them over as its seed judges only the others.
    const judge = counting();
    const seeded = judgeAhead(judge, CLAIM, [
      [RESULTS[1] as StanceInput, whole[1] as (typeof whole)[number]],
    ]);
    expect(await seeded.judge.judge(CLAIM, RESULTS, never)).toStrictEqual(whole);
    expect(judge.texts).toStrictEqual([RESULTS[0]?.title, RESULTS[2]?.title, RESULTS[3]?.title]);
  });

  it("leaves a judge that reads a batch (a model) to be asked once, with everything", async () => {
    const model: StanceJudge = {
      name: "model",
      kind: "llm",
      judge: async (_c, items) => items.map(() => ({ stance: "support", score: 1 })),
    };
    const ahead = judgeAhead(model, CLAIM);
    ahead.add(RESULTS);
    expect(ahead.judge).toBe(model);
  });

  it("fails at the end like the judge itself, so the judge stage falls back as for the judge", async () => {
    const ahead = judgeAhead(counting(true), CLAIM);
    ahead.add(RESULTS.slice(0, 2));
    const notes: string[] = [];
    const judged = await judgeStances(ahead.judge, CLAIM, RESULTS, {
      deadline: never,
      note: (n) => notes.push(n),
    });
    expect(judged).toStrictEqual(await defaultJudge.judge(CLAIM, RESULTS, never));
    expect(notes).toStrictEqual([
      'Stance judge "lexical" failed; the built-in classifier judged every source',
    ]);
  });
});
