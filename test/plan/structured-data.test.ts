import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLAN_QUESTIONS_NOW } from "../../bench/plan-questions.mjs";
import { plan } from "../../src/plan/plan.js";

/** A question, its language, and whether its answer lives in a database (step 7 of the methodology). */
interface Row {
  question: string;
  language: "en" | "de" | "fr" | "es";
  structuredData: boolean;
}

const LANGUAGES = ["en", "de", "fr", "es"] as const;
const NOW = new Date(PLAN_QUESTIONS_NOW);

function rows(file: string): Row[] {
  return readFileSync(new URL(`../../bench/data/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Row);
}

/** The rows the rules were written against; the held-out file is for measuring only. */
const DEV = rows("plan-structured-data.jsonl");
const HELD_OUT = rows("plan-structured-data-heldout.jsonl");

function expectLookUp(question: string): void {
  const p = plan(question, { now: NOW });
  expect(p).toMatchObject({
    structuredData: true,
    bypass: true,
    bypassReason: "live data",
    counterQuery: null,
  });
  expect(p.calls).toHaveLength(1);
  expect(p.warnings.join(" ")).toMatch(/structured databases/);
}

function expectEvaluated(question: string): void {
  const p = plan(question, { now: NOW });
  expect(p.structuredData).toBe(false);
  expect(p.bypass).toBe(false);
  expect(p.calls.map((c) => c.id)).toEqual(expect.arrayContaining([1, 3, 4]));
}

describe("a market's figures over a period and live odds are structured data", () => {
  it.each([
    "How did the S&P 500 do in 2023?",
    "What was the return of VTSAX over the last 5 years?",
    "Wie hat sich der DAX 2022 entwickelt?",
    "What are the odds for Arsenal tonight?",
    "current betting odds for the Super Bowl",
    "Comment le S&P 500 s'est-il comporté en 2023 ?",
    "¿Cuánto ha subido el IBEX 35 este año?",
  ])("%s: one call for context, with the warning", expectLookUp);

  it.each([
    "Is investing in index funds a good idea?",
    "Are betting odds rigged?",
    "Is the S&P 500 overvalued?",
    "why did the S&P 500 drop in 2022",
    "Sind Indexfonds eine gute Geldanlage?",
    "Les paris sportifs sont-ils truqués ?",
    "¿Está sobrevalorado el S&P 500?",
  ])("%s: a question that only mentions them keeps the full pattern", expectEvaluated);

  it("a figure of software is no market's figure", () => {
    expectEvaluated("how did postgres index performance change in 2024");
    expect(plan("postgres index performance 2024", { now: NOW }).structuredData).toBe(false);
  });

  it("a probability is not a bookmaker's odds", () => {
    expect(plan("what are the odds of getting struck by lightning", { now: NOW }).structuredData).toBe(false);
  });

  it("a judgement of the figures still carries the caution about where they live", () => {
    const p = plan("is past performance of a fund a good guide", { now: NOW });
    expect(p.structuredData).toBe(false);
    expect(p.warnings).toEqual([expect.stringMatching(/structured databases/)]);
  });
});

describe(`the development rows (${DEV.length})`, () => {
  it.each(DEV)("$language $question → structured data: $structuredData", (row) => {
    const p = plan(row.question, { now: NOW });
    expect({ language: p.language, structuredData: p.structuredData }).toEqual({
      language: row.language,
      structuredData: row.structuredData,
    });
  });
});

describe("the rows themselves", () => {
  it.each([
    ["development", DEV],
    ["held-out", HELD_OUT],
  ] as const)("the %s rows have both sides in every language", (_, set) => {
    for (const language of LANGUAGES) {
      const own = set.filter((row) => row.language === language);
      expect(own.filter((row) => row.structuredData).length, language).toBeGreaterThanOrEqual(5);
      expect(own.filter((row) => !row.structuredData).length, language).toBeGreaterThanOrEqual(5);
    }
  });

  it("asks each question once, in one file only", () => {
    const key = (row: Row) =>
      row.question
        .toLowerCase()
        .replace(/[?¿!.\s]+/g, " ")
        .trim();
    const questions = [...DEV, ...HELD_OUT].map(key);
    expect(questions.filter((q, i) => questions.indexOf(q) !== i)).toEqual([]);
  });
});
