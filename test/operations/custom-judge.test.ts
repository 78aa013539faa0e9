/**
 * A library caller's own `StanceJudge` is checked as a model is: whatever it answers that is not a
 * stance — an unknown stance, a score that is not a number from 0 to 1, no object, a list of the
 * wrong length, a throw — is judged by the built-in classifier instead, with one note, and the
 * report still matches its published schema.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { InvalidInputError } from "../../src/errors.js";
import type { StanceInput, StanceJudge } from "../../src/judge/stance.js";
import { assess } from "../../src/operations/assess.js";
import { assessmentSchema } from "../../src/operations/assess-input.js";
import { corroborate } from "../../src/operations/corroborate.js";
import type { SearchProvider } from "../../src/providers/search-provider.js";
import { reportSchema } from "../../src/report/report-schema.js";

const PAGES = [
  ["a.example", "Intermittent fasting is safe for most adults, review finds"],
  ["b.example", "Doctors warn intermittent fasting is not safe for people with diabetes"],
  ["c.example", "Intermittent fasting: what the trials say about safety"],
] as const;

/** One search service that finds the same three pages for every call. */
const scripted: SearchProvider = {
  name: "exa",
  configured: true,
  search: async () => ({
    hits: PAGES.map(([domain, title], i) => ({
      url: `https://${domain}/fasting`,
      title,
      snippet: `${title}. A summary of the evidence.`,
      publishedAt: null,
      engines: [],
      rank: i + 1,
    })),
    unresponsiveEngines: [],
    warnings: [],
  }),
};

const config = configFromObject({
  keyless: "off",
  stateDir: mkdtempSync(join(tmpdir(), "core-search-custom-judge-")),
  cacheTtlMs: 0,
});

const FAILED = /failed; the built-in classifier judged every source/;

/**
 * What a judge answers for the sources it is given: each bad kind for the first, a good answer for
 * the rest; and what the note says of it, and of a per-text judge answering so (which is asked in
 * parts: an answer that is not one judgement per text is its failure).
 */
const BAD: [
  what: string,
  answer: (items: readonly StanceInput[]) => unknown,
  why: RegExp,
  perText?: RegExp,
][] = [
  [
    'a stance of "maybe"',
    (items) => items.map((_, i) => ({ stance: i === 0 ? "maybe" : "support", score: 0.9 })),
    /unusable answer\(s\) .*a stance other than/,
  ],
  [
    "a score of NaN",
    (items) => items.map((_, i) => ({ stance: "support", score: i === 0 ? Number.NaN : 0.9 })),
    /unusable answer\(s\) .*a score that is not a number from 0 to 1/,
  ],
  [
    "a score of Infinity",
    (items) => items.map((_, i) => ({ stance: "support", score: i === 0 ? Number.POSITIVE_INFINITY : 0.9 })),
    /a score that is not a number from 0 to 1/,
  ],
  [
    "a score of -5",
    (items) => items.map((_, i) => ({ stance: "support", score: i === 0 ? -5 : 0.9 })),
    /a score that is not a number from 0 to 1/,
  ],
  [
    "null",
    (items) => items.map((_, i) => (i === 0 ? null : { stance: "support", score: 0.9 })),
    /an answer that is not an object/,
  ],
  ["null for everything", () => null, /answered with something other than a list/, FAILED],
  [
    "a list of the wrong length",
    (items) => [...items, items[0]].map(() => ({ stance: "support", score: 0.9 })),
    /gave \d+ answer\(s\) for \d+ source\(s\)/,
    FAILED,
  ],
  [
    "a throw",
    () => {
      throw new TypeError("Cannot read properties of undefined");
    },
    FAILED,
  ],
];

/** A caller's judge answering as `answer` says; `local` judges run in process, per text when asked. */
const judgeAnswering = (
  answer: (items: readonly StanceInput[]) => unknown,
  shape: Partial<StanceJudge> = {},
) =>
  ({
    name: "mine",
    ...shape,
    judge: async (_claim: string, items: readonly StanceInput[]) => answer(items),
  }) as unknown as StanceJudge;

const noteAbout = (notes: readonly string[]) =>
  notes.filter((note) => note.startsWith('Stance judge "mine"'));

describe("a caller's own stance judge that answers badly", () => {
  it.each(BAD)(
    "corroborate: %s gives a schema-valid report with one note",
    async (_what, answer, why, perText) => {
      for (const [shape, said] of [
        [{}, why],
        [{ local: true, perText: true }, perText ?? why],
      ] as const) {
        const report = await corroborate("Is intermittent fasting safe?", {
          read: 0,
          config,
          providers: [scripted],
          judge: judgeAnswering(answer, shape),
        });
        const parsed = reportSchema.safeParse(report);
        expect(parsed.error).toBeUndefined();
        expect(report.evidence.length).toBeGreaterThan(0);
        expect(report.evidence.some((item) => item.judge === "builtin")).toBe(true);
        const notes = noteAbout(report.notes);
        expect(notes).toHaveLength(1);
        expect(notes[0]).toMatch(said);
        expect(notes[0]).toMatch(/the built-in classifier judged/);
      }
    },
  );

  it.each(BAD)("assess: %s gives a schema-valid assessment with one note", async (_what, answer, why) => {
    const assessment = await assess(
      {
        claim: "Intermittent fasting is safe",
        evidence: PAGES.map(([domain, title]) => ({
          url: `https://${domain}/fasting`,
          title,
          snippet: title,
        })),
      },
      { judge: judgeAnswering(answer) },
    );
    const parsed = assessmentSchema.safeParse(assessment);
    expect(parsed.error).toBeUndefined();
    expect(assessment.evidence.every((item) => Number.isFinite(item.stanceScore))).toBe(true);
    const notes = noteAbout(assessment.notes);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(why);
  });

  it("echoes none of what the judge answered", async () => {
    const long = `maybe ${"<b>web text</b> ".repeat(1_000)}`;
    const assessment = await assess(
      { claim: "Intermittent fasting is safe", evidence: [{ url: "https://a.example/x", title: "Fasting" }] },
      { judge: judgeAnswering(() => [{ stance: long, score: 0.5 }]) },
    );
    expect(assessment.notes.join("\n")).not.toContain("web text");
    expect(noteAbout(assessment.notes)[0]?.length).toBeLessThan(300);
  });

  it("keeps a judge's good answers as its own", async () => {
    const assessment = await assess(
      {
        claim: "Intermittent fasting is safe",
        evidence: PAGES.map(([domain, title]) => ({ url: `https://${domain}/fasting`, title })),
      },
      { judge: judgeAnswering(BAD[0]?.[1] as (items: readonly StanceInput[]) => unknown) },
    );
    expect(assessment.evidence.map((item) => item.judge)).toEqual(["builtin", "llm", "llm"]);
    expect(assessment.evidence.slice(1).map((item) => [item.stance, item.stanceScore])).toEqual([
      ["support", 0.9],
      ["support", 0.9],
    ]);
  });
});

describe("assess() takes a judge as corroborate() does", () => {
  const input = {
    claim: "Intermittent fasting is safe",
    evidence: [{ url: "https://a.example/x", title: "Fasting" }],
  };

  it.each([
    ["null", null, /options\.judge must be a choice .* or a stance judge/],
    ["a number", 5, /options\.judge must be a choice .* or a stance judge/],
    ["an object without judge()", { name: "x" }, /options\.judge must be a choice .* or a stance judge/],
    ["an unknown choice", "oracle", /judge must be one of/],
  ])("refuses %s as bad input, not a TypeError", async (_what, judge, message) => {
    const error = await assess(input, { judge } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  it("takes a choice from the options, the input's first", async () => {
    expect((await assess(input, { judge: "builtin" })).evidence[0]?.judge).toBe("builtin");
    const error = await assess({ ...input, judge: "llm" }, { judge: "builtin", config }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/judge llm needs CORE_SEARCH_LLM_URL/);
  });
});
