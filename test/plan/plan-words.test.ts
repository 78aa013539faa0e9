import { describe, expect, it } from "vitest";
import { planWords } from "../../src/plan/plan-words.js";

const duplicates = (list: readonly string[]) => list.filter((entry, index) => list.indexOf(entry) !== index);

describe("src/data/plan-words.json", () => {
  const words = planWords();
  const lists: [string, readonly string[]][] = [
    ["itTerms", words.itTerms],
    ["evaluativeWords", words.evaluativeWords],
    ["prepositions", [...words.prepositions]],
    ...Object.entries(words.settledFacts),
  ];

  it.each(lists)("%s: lower case, each entry once, none empty", (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(duplicates(list)).toEqual([]);
    expect(list.filter((entry) => entry.trim() === "" || entry !== entry.toLowerCase())).toEqual([]);
  });

  it.each(lists)("%s: every entry is a valid pattern fragment", (_name, list) => {
    for (const entry of list) expect(() => new RegExp(`(?:${entry})`)).not.toThrow();
  });

  it("is read once", () => {
    expect(planWords()).toBe(words);
  });
});
