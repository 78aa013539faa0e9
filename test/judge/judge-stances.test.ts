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

describe("judgeStances() checks a judge's answers", () => {
  const TWO = [
    ...ITEMS,
    {
      title: "Fasting linked to gallstones in some patients",
      snippet: "Doctors warn intermittent fasting is not safe for people with a history of gallstones.",
    },
  ];
  const builtInTwo = () => defaultJudge.judge(CLAIM, TWO, new AbortController().signal);
  /** A judge elsewhere that answers the first source well and the second as given. */
  const answering = (second: unknown): StanceJudge => ({
    name: "custom",
    judge: async () => [{ stance: "contradict", score: 0.8 }, second] as never,
  });
  const STANCE = "a stance other than support, contradict, neutral, or unrelated";
  const SCORE = "a score that is not a number from 0 to 1";

  it.each([
    ['a stance of "maybe"', { stance: "maybe", score: 0.9 }, STANCE],
    ["a stance in capitals", { stance: "SUPPORT", score: 0.9 }, STANCE],
    ["a score of NaN", { stance: "support", score: Number.NaN }, SCORE],
    ["a score of Infinity", { stance: "support", score: Number.POSITIVE_INFINITY }, SCORE],
    ["a score of -5", { stance: "support", score: -5 }, SCORE],
    ["a score as text", { stance: "support", score: "0.9" }, SCORE],
    ["null", null, "an answer that is not an object"],
    ["a string", "support", "an answer that is not an object"],
    [
      "an unknown judge",
      { stance: "support", score: 0.9, judge: "oracle" },
      "a judge other than builtin, llm, sampling, or caller",
    ],
  ])("%s: the built-in classifier judges that source, the rest stand", async (_what, second, fault) => {
    const notes: string[] = [];
    const judged = await judgeStances(answering(second), CLAIM, TWO, {
      deadline: new AbortController().signal,
      note: (note) => notes.push(note),
    });
    expect(judged).toEqual([{ stance: "contradict", score: 0.8, judge: "llm" }, (await builtInTwo())[1]]);
    expect(notes).toEqual([
      `Stance judge "custom" gave 1 unusable answer(s) of 2 (1 with ${fault}); the built-in classifier judged those sources`,
    ]);
  });

  it.each([
    ["answers too few", async () => [{ stance: "support", score: 1 }], "gave 1 answer(s) for 2 source(s)"],
    [
      "answers too many",
      async () => Array(3).fill({ stance: "support", score: 1 }),
      "gave 3 answer(s) for 2 source(s)",
    ],
    ["answers null", async () => null, "answered with something other than a list"],
    [
      "answers an object",
      async () => ({ 0: { stance: "support", score: 1 } }),
      "answered with something other than a list",
    ],
    [
      "throws",
      () => {
        throw new TypeError("boom");
      },
      "failed",
    ],
    ["rejects", async () => Promise.reject(new Error("down")), "failed"],
  ])("a judge that %s: the built-in classifier judges every source", async (_what, answer, why) => {
    for (const local of [false, true]) {
      const notes: string[] = [];
      const judge = { name: "custom", local, judge: answer } as unknown as StanceJudge;
      const judged = await judgeStances(judge, CLAIM, TWO, {
        deadline: new AbortController().signal,
        note: (note) => notes.push(note),
      });
      expect(judged).toEqual(await builtInTwo());
      expect(notes).toEqual([`Stance judge "custom" ${why}; the built-in classifier judged every source`]);
    }
  });

  it("names every fault once, with how many answers had it, and keeps only the fields a stance has", async () => {
    const notes: string[] = [];
    const judge: StanceJudge = {
      name: "custom",
      judge: async () =>
        [
          { stance: "maybe", score: 0.5 },
          { stance: "support", score: 0.7, extra: "<script>" },
          { stance: "perhaps", score: 0.5 },
          { stance: "neutral", score: -1 },
        ] as never,
    };
    const four = [...TWO, ...TWO];
    const judged = await judgeStances(judge, CLAIM, four, {
      deadline: new AbortController().signal,
      note: (note) => notes.push(note),
    });
    expect(judged[1]).toStrictEqual({ stance: "support", score: 0.7, judge: "llm" });
    expect(judged.filter((j) => j.judge === "builtin")).toHaveLength(3);
    expect(notes).toEqual([
      `Stance judge "custom" gave 3 unusable answer(s) of 4 (2 with ${STANCE}; 1 with ${SCORE}); the built-in classifier judged those sources`,
    ]);
  });
});
