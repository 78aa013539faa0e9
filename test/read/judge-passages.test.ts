import { describe, expect, it } from "vitest";
import { lexicalJudge } from "../../src/judge/lexical-stance.js";
import type { StanceJudge, StanceJudgement } from "../../src/judge/stance.js";
import { judgePages } from "../../src/read/judge-passages.js";
import { passagesFor } from "../../src/read/passages.js";

const options = { deadline: new AbortController().signal, note: () => undefined };
const passage = (text: string, start: number, onClaim = true) => ({
  text,
  start,
  end: start + text.length,
  score: 1,
  onClaim,
});

/** A judge that answers each passage by its first word, to test how the answers are combined. */
const scripted = (answers: Record<string, StanceJudgement>): StanceJudge => ({
  name: "scripted",
  local: true,
  async judge(_claim, items) {
    return items.map(
      (item) => answers[item.snippet.split(" ")[0] ?? ""] ?? { stance: "neutral", score: 0.5 },
    );
  },
});

describe("judgePages", () => {
  it("takes the side the passages give the most confidence in total, quoted by its strongest passage", async () => {
    const judge = scripted({
      yes: { stance: "support", score: 0.6 },
      also: { stance: "support", score: 0.7 },
      no: { stance: "contradict", score: 0.9 },
    });
    const result = (
      await judgePages(
        judge,
        "X is safe",
        [[passage("no way", 0), passage("yes indeed", 10), passage("also so", 30)]],
        options,
      )
    )[0];
    expect(result?.judgement.stance).toBe("support");
    expect(result?.quote).toEqual({ text: "also so", start: 30, end: 37 });
  });

  it("gives no side when the passages take none, or both equally", async () => {
    const judge = scripted({
      yes: { stance: "support", score: 0.8 },
      no: { stance: "contradict", score: 0.8 },
    });
    const split = (await judgePages(judge, "X is safe", [[passage("yes", 0), passage("no", 5)]], options))[0];
    expect(split?.judgement.stance).toBe("neutral");
    expect(split?.quote.start).toBe(0);
    expect((await judgePages(judge, "X is safe", [[]], options))[0]).toBeUndefined();
  });

  it("reads the side of a page body with the built-in judge, quoting it verbatim", async () => {
    const claim = "Cracking knuckles causes arthritis";
    const page = [
      "Many people wonder about the popping sound their joints make.",
      "A doctor cracked the knuckles of one hand for sixty years and found no arthritis in either hand. Studies of hundreds of adults found no link between cracking knuckles and arthritis.",
    ].join("\n\n");
    const result = (await judgePages(lexicalJudge, claim, [passagesFor(claim, page)], options))[0];
    expect(result?.judgement.stance).toBe("contradict");
    expect(page.slice(result?.quote.start, result?.quote.end)).toBe(result?.quote.text);
  });

  it("judges the passages of every page in one request, each page on its own passages", async () => {
    const requests: number[] = [];
    const base = scripted({
      yes: { stance: "support", score: 0.8 },
      no: { stance: "contradict", score: 0.8 },
    });
    const counting: StanceJudge = {
      ...base,
      judge: async (claim, items, signal) => {
        requests.push(items.length);
        return base.judge(claim, items, signal);
      },
    };
    const pages = await judgePages(
      counting,
      "X is safe",
      [[passage("yes a", 0)], [], [passage("maybe", 0), passage("no b", 9)]],
      options,
    );
    expect(requests).toEqual([3]);
    expect(pages.map((p) => p?.judgement.stance)).toEqual(["support", undefined, "contradict"]);
    expect(pages[2]?.quote.text).toBe("no b");
  });

  it("asks nothing of a passage that names only the claim's subject: it takes no side", async () => {
    const asked: string[] = [];
    const judge: StanceJudge = {
      name: "eager",
      local: true,
      judge: async (_claim, items) => {
        asked.push(...items.map((i) => i.snippet));
        return items.map(() => ({ stance: "support", score: 0.9 }));
      },
    };
    const [mentionOnly, both] = await judgePages(
      judge,
      "X is safe",
      [[passage("X was on sale", 0, false)], [passage("X was on sale", 0, false), passage("X is safe", 20)]],
      options,
    );
    expect(asked).toEqual(["X is safe"]);
    expect(mentionOnly?.judgement.stance).toBe("neutral");
    expect(mentionOnly?.quote.text).toBe("X was on sale");
    expect(both).toMatchObject({ judgement: { stance: "support" }, quote: { text: "X is safe" } });
  });
});
