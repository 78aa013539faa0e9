import { describe, expect, it } from "vitest";
import { defaultJudge } from "../../src/judge/default-judge.js";
import { judgeStances } from "../../src/judge/judge-stances.js";
import type { StanceJudge } from "../../src/judge/stance.js";

const CLAIM = "Intermittent fasting is safe";
const ITEMS = [
  {
    title: "Intermittent fasting is safe for most adults, review finds",
    snippet: "A review of clinical trials found intermittent fasting is safe and well tolerated.",
  },
];

/** A judge elsewhere: honours its signal like a network request, or fails outright. */
const remote = (fails = false): StanceJudge & { asked: number } => ({
  name: "remote",
  asked: 0,
  async judge(_claim, items, signal) {
    this.asked += 1;
    signal.throwIfAborted();
    if (fails) throw new Error("server down");
    return items.map(() => ({ stance: "contradict", score: 0.9 }));
  },
});

/** Stands for whatever the built-in classifier answers when nothing stops it. */
const BUILT_IN = "built-in";
const builtIn = () => defaultJudge.judge(CLAIM, ITEMS, new AbortController().signal);

describe("judgeStances()", () => {
  it.each([
    ["the built-in classifier, deadline spent", () => defaultJudge, AbortSignal.abort(), BUILT_IN, []],
    [
      "the built-in classifier, deadline open",
      () => defaultJudge,
      new AbortController().signal,
      BUILT_IN,
      [],
    ],
    [
      "a judge elsewhere, deadline open",
      () => remote(),
      new AbortController().signal,
      [{ stance: "contradict", score: 0.9, judge: "llm" }],
      [],
    ],
    [
      "a judge elsewhere, deadline spent",
      () => remote(),
      AbortSignal.abort(),
      BUILT_IN,
      [
        'The deadline was spent before the "remote" judge could run; the built-in classifier judged every source',
      ],
    ],
    [
      "a judge elsewhere that fails",
      () => remote(true),
      new AbortController().signal,
      BUILT_IN,
      ['Stance judge "remote" failed; the built-in classifier judged every source'],
    ],
  ])("%s", async (_name, makeJudge, deadline, expected, expectedNotes) => {
    const notes: string[] = [];
    const judgements = await judgeStances(makeJudge(), CLAIM, ITEMS, {
      deadline,
      note: (note) => notes.push(note),
    });
    expect(judgements).toEqual(expected === BUILT_IN ? await builtIn() : expected);
    expect(notes).toEqual(expectedNotes);
  });

  it("judges with the built-in classifier as it would without a deadline", async () => {
    // A judgement that takes a side, so that a neutral fallback could not pass for it.
    expect((await builtIn())[0]?.stance).toBe("support");
  });

  it("asks no judge about nothing", async () => {
    const judge = remote();
    const notes: string[] = [];
    expect(
      await judgeStances(judge, CLAIM, [], { deadline: AbortSignal.abort(), note: (n) => notes.push(n) }),
    ).toEqual([]);
    expect([judge.asked, notes]).toEqual([0, []]);
  });
});
