import { describe, expect, it } from "vitest";
import {
  COUNTER_INTENTS,
  claimMatches,
  countOccurrences,
  KINDS,
  keepMisses,
  type PlanKindRow,
  readPlanKinds,
  rowProblems,
} from "../../bench/plan-kinds-data.mjs";
import { readPlanQuestions } from "../../bench/plan-questions.mjs";

const DEV = readPlanKinds(new URL("../../bench/data/plan-kinds.jsonl", import.meta.url));
const HELD_OUT = readPlanKinds(new URL("../../bench/data/plan-kinds-heldout.jsonl", import.meta.url));
const ALL = [...DEV, ...HELD_OUT];
const OTHER_LANGUAGES = ["de", "fr", "es"] as const;

function count(rows: PlanKindRow[], keep: (row: PlanKindRow) => boolean): number {
  return rows.filter(keep).length;
}

const key = (question: string) => question.toLowerCase().replace(/\s+/g, " ").trim();

describe("the plan-kinds data", () => {
  it.each(KINDS)("%s has at least 10 English questions, some of them held out", (kind) => {
    const english = (row: PlanKindRow) => row.kind === kind && row.language === "en";
    expect(count(ALL, english)).toBeGreaterThanOrEqual(10);
    expect(count(HELD_OUT, english)).toBeGreaterThanOrEqual(3);
  });

  it.each(OTHER_LANGUAGES)(
    "%s has at least 10 questions spread over the kinds, some held out",
    (language) => {
      const rows = ALL.filter((row) => row.language === language);
      expect(rows.length).toBeGreaterThanOrEqual(10);
      expect(new Set(rows.map((row) => row.kind)).size).toBeGreaterThanOrEqual(8);
      expect(count(rows, (row) => row.bypass)).toBeGreaterThanOrEqual(2);
      expect(count(rows, (row) => !row.bypass)).toBeGreaterThanOrEqual(6);
      expect(count(HELD_OUT, (row) => row.language === language)).toBeGreaterThanOrEqual(3);
    },
  );

  it("holds out about a third", () => {
    const share = HELD_OUT.length / ALL.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.4);
  });

  it("asks each question once, in one file only, and none from the other labelled sets", () => {
    const questions = ALL.map((row) => key(row.question));
    expect(questions.filter((q, i) => questions.indexOf(q) !== i)).toEqual([]);
    const older = [
      "../../bench/data/plan-questions.jsonl",
      "../../bench/data/plan-questions-heldout.jsonl",
      "./plan-table.jsonl",
    ].flatMap((file) =>
      readPlanQuestions(new URL(file, import.meta.url)).map((row) =>
        key(row.question.replace(/[?¿!.]/g, "")),
      ),
    );
    expect(questions.filter((q) => older.includes(q))).toEqual([]);
  });

  it("uses every counter intent", () => {
    for (const intent of COUNTER_INTENTS) {
      expect(
        count(ALL, (row) => row.counterIntent === intent),
        intent,
      ).toBeGreaterThanOrEqual(5);
    }
  });

  it("every keep item is in the labelled claim (and each accepted phrasing) exactly once", () => {
    const misses = ALL.flatMap((row) =>
      [row.claim, ...(row.claimAlso ?? [])].flatMap((claim) =>
        keepMisses(row.keep, claim).map((item) => `${row.question}: ${item}`),
      ),
    );
    expect(misses).toEqual([]);
  });
});

const GOOD: PlanKindRow = {
  question: "is linux good for beginners",
  kind: "qualifier",
  language: "en",
  bypass: false,
  claim: "Linux is good for beginners",
  counterIntent: "risks",
  keep: ["Linux", "for beginners"],
};
const LOOKUP: PlanKindRow = {
  question: "how many grams in an ounce",
  kind: "lookup-conversion",
  language: "en",
  bypass: true,
  claim: null,
  counterIntent: null,
  keep: [],
};

describe("the row checks", () => {
  it("accept a well-formed row and a well-formed look-up", () => {
    expect(rowProblems(GOOD)).toEqual([]);
    expect(rowProblems(LOOKUP)).toEqual([]);
  });

  it.each([
    ["a keep item missing from the claim", { ...GOOD, claim: "Linux is good" }, "not in"],
    [
      "a keep item twice in the claim",
      { ...GOOD, claim: "Linux is good for beginners, for beginners" },
      "exactly once",
    ],
    ["a keep item not in the question", { ...GOOD, keep: ["Linux", "for newcomers"] }, "not in the question"],
    [
      "an accepted phrasing that drops a keep item",
      { ...GOOD, claimAlso: ["Linux is fine"] },
      "exactly once",
    ],
    ["an unknown kind", { ...GOOD, kind: "rhetorical" }, "kind"],
    ["a language that is not ISO 639-1", { ...GOOD, language: "english" }, "language"],
    ["an unknown counter intent", { ...GOOD, counterIntent: "harms" }, "counterIntent"],
    ["a look-up kind that is not bypassed", { ...LOOKUP, bypass: false }, "bypass"],
    ["a bypassed row with a claim", { ...LOOKUP, claim: "An ounce is 28 grams" }, "has a claim"],
    ["a bypassed row with a counter intent", { ...LOOKUP, counterIntent: "refute" }, "counterIntent"],
    ["an evaluative row that is bypassed", { ...GOOD, bypass: true }, "bypass"],
    ["an empty keep list", { ...GOOD, keep: [] }, "keep is empty"],
    ["an unknown key", { ...GOOD, queryTyp: "evaluative" }, "unknown key"],
    ["a missing field", { question: "is linux good" }, "missing"],
  ])("reject %s", (_what, row, problem) => {
    expect(rowProblems(row).join("\n")).toContain(problem);
  });

  it("match keep items on word boundaries, case-insensitively", () => {
    expect(countOccurrences("Rust is better than Go for writing tools", "go")).toBe(1);
    expect(countOccurrences("Google is good", "go")).toBe(0);
    expect(countOccurrences("Il faut louer plutôt qu'acheter", "acheter")).toBe(1);
    expect(keepMisses(["cats", "dogs"], "Cats live longer than dogs and cats")).toEqual(["cats"]);
    expect(keepMisses(["cats"], null)).toEqual(["cats"]);
  });

  it("compare claims after case, spaces and trailing punctuation, and accept listed phrasings", () => {
    expect(claimMatches(GOOD, "linux  is good for beginners.")).toBe(true);
    expect(claimMatches(GOOD, "Linux is good for a beginner")).toBe(false);
    expect(claimMatches(GOOD, null)).toBe(false);
    expect(claimMatches({ ...GOOD, claimAlso: ["Linux suits beginners"] }, "Linux suits beginners")).toBe(
      true,
    );
    expect(claimMatches(LOOKUP, null)).toBe(true);
    expect(claimMatches(LOOKUP, "how many grams in an ounce")).toBe(false);
  });
});
