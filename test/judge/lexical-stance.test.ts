import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  judgeText,
  lexicalJudge,
  relevance,
  resultText,
  stanceFeatures,
} from "../../src/judge/lexical-stance.js";
import { classProbabilities } from "../../src/judge/score-features.js";
import { readPair } from "../../src/judge/stance-features.js";
import { stanceModel } from "../../src/judge/stance-model.js";

const signal = new AbortController().signal;
const one = async (claim: string, title: string, snippet = "") =>
  (await lexicalJudge.judge(claim, [{ title, snippet }], signal))[0];

const CLAIM = "Drinking green tea causes hair loss";

describe("stanceFeatures", () => {
  it("measures overlap with the claim", () => {
    expect(relevance(CLAIM, "Green tea drinkers report hair loss").matched).toBeGreaterThanOrEqual(3);
    expect(relevance(CLAIM, "Local bakery wins regional pastry award").matched).toBe(0);
  });

  it("fires refuting, hedging and question cues", () => {
    const refute = stanceFeatures(CLAIM, "Claim that green tea causes hair loss is a hoax");
    expect(refute.get("refute")).toBe(1);
    expect(refute.has("r:hoax")).toBe(true);
    const hedge = stanceFeatures(CLAIM, "Green tea could reportedly cause hair loss?");
    expect(hedge.get("hedge")).toBe(1);
    expect(hedge.get("q")).toBe(1);
  });

  it("flags negation near claim words", () => {
    const f = stanceFeatures(CLAIM, "Green tea does not cause hair loss");
    expect(f.get("negnear:text-only")).toBe(1);
    expect(stanceFeatures(CLAIM, "Green tea causes hair loss").has("negnear:text-only")).toBe(false);
  });

  it("gives every feature once more under the text's shape, not under the field that carried it", () => {
    const headline = stanceFeatures(CLAIM, "Green Tea Causes Hair Loss, Study Finds");
    const sentence = stanceFeatures(CLAIM, "Drinking green tea every day made my hair fall out.");
    expect(headline.get("head|u:study")).toBe(1);
    expect(sentence.get("sent|u:hair")).toBe(1);
  });
});

describe("the fitted model", () => {
  const file = JSON.parse(readFileSync(new URL("../../src/data/stance-model.json", import.meta.url), "utf8"));

  it("says in its header what it was trained on and what it reached", () => {
    expect(file.header.trainedOn.map((d: { file: string }) => d.file)).toEqual(
      expect.arrayContaining(["emergent-dev.jsonl", "perspectrum-train.jsonl"]),
    );
    for (const d of file.header.trainedOn) expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(file.header.trainer.script).toBe("scripts/train-stance.mjs");
    expect(file.header.figures.headlinesCrossValidated.accuracy).toBeGreaterThan(0.5);
    expect(file.header.figures.argumentsDev.ece).toBeLessThanOrEqual(0.1);
  });

  it("unpacks three weights per feature row and a positive temperature", () => {
    const model = stanceModel();
    expect(model.index.length).toBeGreaterThan(1000);
    expect(model.weights.length).toBe(model.index.length * 3);
    expect(model.temperature).toBeGreaterThan(0);
    const p = classProbabilities(stanceFeatures(CLAIM, "Green tea does not cause hair loss"));
    expect(p).toHaveLength(3);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});

describe("the model's reading of shaped features", () => {
  it.each([
    ["a headline", "Green Tea Causes Hair Loss, Study Finds"],
    ["a sentence", "Drinking green tea every day made my hair fall out."],
    [
      "a search result",
      "Does green tea cause hair loss?\nResearchers found no evidence that drinking green tea causes hair loss. A small trial reported the opposite: less shedding among regular drinkers.",
    ],
    ["a text off the claim", "Local bakery wins regional pastry award for its sourdough"],
    ["a text with other scripts", "Grüner Tee – Haarausfall? «Nein», sagt die Studie 研究"],
  ])("gives %s the probabilities of its spelt-out features, to the last bit", (_, text) => {
    const expected = classProbabilities(stanceFeatures(CLAIM, text));
    const { features, shape, ngrams } = readPair(CLAIM, text);
    const shaped = classProbabilities(features, stanceModel(), shape, ngrams);
    expect(shaped).toHaveLength(3);
    // toEqual compares numbers with Object.is: equal to the last bit.
    expect(shaped).toEqual(expected);
  });
});

describe("lexicalJudge", () => {
  it("is named lexical", () => {
    expect(lexicalJudge.name).toBe("lexical");
  });

  it("calls a confirming study support", async () => {
    expect((await one(CLAIM, "Study confirms drinking green tea causes hair loss"))?.stance).toBe("support");
  });

  it("calls a denial contradict", async () => {
    expect((await one(CLAIM, "Green tea does not cause hair loss, scientists say"))?.stance).toBe(
      "contradict",
    );
  });

  it("calls a hoax verdict contradict", async () => {
    expect((await one(CLAIM, "Viral claim that green tea causes hair loss is a hoax"))?.stance).toBe(
      "contradict",
    );
  });

  it("calls a hedged question neutral", async () => {
    expect((await one(CLAIM, "Could green tea reportedly cause hair loss?"))?.stance).toBe("neutral");
  });

  it("calls text without claim words unrelated", async () => {
    expect(
      (await one(CLAIM, "Local bakery wins regional pastry award", "The judges loved the croissants."))
        ?.stance,
    ).toBe("unrelated");
  });

  describe("search results with page text", () => {
    it.each([
      [
        "a page that restates the question",
        "Does green tea cause hair loss? What to know",
        "Many readers ask whether drinking green tea causes hair loss.",
        "neutral",
      ],
      [
        "a page that finds no link",
        "Green tea and hair: what a review found",
        "Drinking green tea was not linked to hair loss in a review of twelve trials.",
        "contradict",
      ],
      [
        "a page about something else",
        "Local bakery wins regional pastry award",
        "The judges loved the croissants.",
        "unrelated",
      ],
    ])("calls %s %s", async (_, title, snippet, expected) => {
      expect((await one(CLAIM, title, snippet))?.stance).toBe(expected);
    });
  });

  it("keeps input order, scores in [0, 1], and accepts empty snippets", async () => {
    const items = [
      { title: "Local bakery wins regional pastry award", snippet: "The judges loved the croissants." },
      { title: "Viral claim that green tea causes hair loss is a hoax", snippet: "" },
      { title: "Study confirms drinking green tea causes hair loss", snippet: "" },
      { title: "", snippet: "" },
    ];
    const out = await lexicalJudge.judge(CLAIM, items, signal);
    expect(out).toHaveLength(4);
    expect(out.slice(0, 3).map((j) => j.stance)).toEqual(["unrelated", "contradict", "support"]);
    for (const j of out) {
      expect(j.score).toBeGreaterThanOrEqual(0);
      expect(j.score).toBeLessThanOrEqual(1);
    }
  });

  it("returns an empty list for no items", async () => {
    expect(await lexicalJudge.judge(CLAIM, [], signal)).toEqual([]);
  });

  it("still judges when the deadline has passed: it is local work, bounded by its own cost", async () => {
    const ac = new AbortController();
    ac.abort();
    const [judged] = await lexicalJudge.judge(
      CLAIM,
      [{ title: "Green tea does not cause hair loss, scientists say", snippet: "" }],
      ac.signal,
    );
    expect(judged?.stance).toBe("contradict");
  });
});

describe("one text, one judgement", () => {
  const texts = [
    "Green tea does not cause hair loss, scientists say",
    "Study confirms drinking green tea causes hair loss",
    "Could green tea reportedly cause hair loss?",
    "Restrictions on tea drinking would do nothing for anyone's hair.",
  ];

  it.each(texts)("judges %j the same as a title, as a snippet and as page text", async (text) => {
    const asTitle = await one(CLAIM, text, "");
    const asSnippet = await one(CLAIM, "", text);
    expect(asSnippet).toEqual(asTitle);
    expect(judgeText(CLAIM, text)).toEqual(asTitle);
    expect(judgeText(CLAIM, `  ${text}\n`)).toEqual(asTitle);
  });

  it("reads a typographic apostrophe as a plain one: a curly “doesn’t” still denies", () => {
    const claim = "Incognito mode keeps you anonymous";
    const pairs = [
      ["Why Incognito mode doesn't make you anonymous", "It feels like you've disappeared. You haven't."],
      ["Green tea isn't linked to hair loss", "The study's authors didn't find a link."],
      ["Don't believe the hype about green tea", "It won't make your hair fall out."],
    ];
    for (const [title, snippet] of pairs) {
      const curly = (text = "") => text.replace(/'/g, "\u2019");
      for (const against of [claim, CLAIM]) {
        expect(judgeText(against, resultText(curly(title), curly(snippet)))).toEqual(
          judgeText(against, resultText(title ?? "", snippet ?? "")),
        );
      }
    }
    expect(
      judgeText(
        claim,
        "Why Incognito mode doesn\u2019t make you anonymous\nIt feels like you\u2019ve disappeared. You haven\u2019t.",
      ).stance,
    ).toBe("contradict");
  });

  it("reads 'not just' and 'doesn't only' as an addition, not a denial", () => {
    const claim = "Dark mode saves battery";
    const negations = (text: string) => [...stanceFeatures(claim, text).keys()].filter((k) => /^neg/.test(k));
    for (const text of [
      "Dark mode doesn't just look cool, it actually saves energy",
      "Dark mode is not only pleasing to the eye but saves battery",
      "Dark mode won’t merely look good: it saves battery",
    ])
      expect(negations(text), text).toEqual([]);
    expect(negations("Dark mode doesn't save battery")).toContain("neg:text-only");
    expect(negations("Stretching not only does not prevent injuries but may cause them")).toContain(
      "neg:text-only",
    );
  });

  it("joins a title and its snippet the same way everywhere", () => {
    expect(resultText(" Title ", " Snippet ")).toBe("Title\nSnippet");
    expect(resultText("", "Snippet")).toBe("Snippet");
    expect(resultText("Title", "")).toBe("Title");
  });
});

describe("claims that are questions", () => {
  it.each([["Is coffee safe?"], ["What is the capital of France"], ["How many moons does Mars have"]])(
    "takes no side on %j: a question asserts nothing",
    (claim) => {
      expect(
        judgeText(claim, "Coffee is safe for most adults, Paris is the capital and Mars has two moons."),
      ).toEqual({
        stance: "neutral",
        score: 0.9,
        judge: "builtin",
      });
    },
  );

  it("still judges a claim that only opens like a question", () => {
    expect(
      judgeText(
        "Will Smith won an Oscar",
        "Will Smith won the Oscar for best actor at the 2022 Academy Awards for King Richard.",
      ).stance,
    ).toBe("support");
  });
});

describe("texts that take no side", () => {
  it.each([
    ["What is the capital of France", "google result 1 for What is the capital of France", ""],
    ["What is the capital of France", "Paris is the capital of France", ""],
    ["The earth is flat", "Is the earth flat?", ""],
    ["The earth is flat", "Earth", "search results"],
    ["Intermittent fasting is safe", "Intermittent fasting", ""],
  ])("calls a result that only echoes %j neutral (%j)", async (claim, title, snippet) => {
    expect((await lexicalJudge.judge(claim, [{ title, snippet }], signal))[0]?.stance).toBe("neutral");
  });
});
