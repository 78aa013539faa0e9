import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { parseEvalData } from "../../src/eval/eval-data.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/eval/${name}`, import.meta.url), "utf8");

describe("parseEvalData()", () => {
  it.each([
    [
      "headlines with their own addresses (Emergent)",
      "headlines.jsonl",
      [
        [
          { url: "http://one.example/2024/ban", text: "City confirms ban on cars in its centre from Monday" },
          {
            url: "http://www.two.example/news/ban?utm_source=x",
            text: "Report: city may ban cars from centre",
          },
          // No scheme: not a web address dedupe can use.
          { url: "https://line1-item3.eval.invalid/", text: "Mayor denies any plan to ban cars" },
        ],
        [
          { url: "http://four.example/tour", text: "Singer cancels tour, citing illness" },
          // The same page twice: the second would be merged into the first.
          { url: "https://line2-item2.eval.invalid/", text: "Singer cancels tour, citing illness" },
        ],
      ],
    ],
    [
      "arguments without addresses (PERSPECTRUM)",
      "arguments.jsonl",
      [
        [
          {
            url: "https://line1-item1.eval.invalid/",
            text: "Homework takes time children need for play and rest.",
          },
          {
            url: "https://line1-item2.eval.invalid/",
            text: "Practice at home fixes what was learned in class.",
          },
          {
            url: "https://line1-item3.eval.invalid/",
            text: "Practice at home fixes what was learned in class.",
          },
        ],
        [
          {
            url: "https://line2-item1.eval.invalid/",
            text: "Parks give people a place to exercise for free.",
          },
        ],
      ],
    ],
    [
      "search results with a title and a snippet or text",
      "snippets.jsonl",
      [
        [
          {
            url: "https://health.example/cold",
            title: "Do cold showers boost immunity?",
            snippet:
              "A trial found people taking cold showers missed fewer work days, but caught colds as often.",
          },
          {
            url: "https://blog.example/cold",
            title: "Cold showers strengthen your immune system",
            text: "Regular cold exposure raises white blood cell counts, a small study reported.",
          },
        ],
      ],
    ],
  ])("reads %s, each item with an address of its own", (_name, file, evidence) => {
    const rows = parseEvalData(fixture(file));
    expect(rows.map((row) => row.evidence)).toEqual(evidence);
    expect(rows.map((row) => row.gold.length)).toEqual(evidence.map((items) => items.length));
  });

  it("keeps the gold stances and veracity", () => {
    const [row] = parseEvalData(fixture("headlines.jsonl"));
    expect(row).toMatchObject({ line: 1, veracity: "true", gold: ["support", "neutral", "contradict"] });
    expect(parseEvalData(fixture("arguments.jsonl"))[0]?.veracity).toBeUndefined();
  });

  it.each([
    ["", undefined, "The data holds no claims"],
    ["\n\n", "empty.jsonl", "empty.jsonl holds no claims"],
    ['{"claim":"x","evidence":[]}\n{not json', "data.jsonl", "Line 2 of data.jsonl is not JSON"],
    ['{"claim":"x"}', undefined, "Line 1 is not a claim with labelled evidence: evidence: "],
    [
      '{"claim":"x","evidence":[{"text":"a","stance":"support"},{"text":"b","stance":"agree"}]}',
      undefined,
      "Line 1 is not a claim with labelled evidence: evidence item 2 stance: ",
    ],
    [
      '{"claim":"x","evidence":[{"url":"https://a.example/","stance":"support"}]}',
      undefined,
      "Line 1 is not a claim with labelled evidence: evidence item 1: needs text, or a title with a snippet",
    ],
  ])("refuses %j, naming the line", (text, source, message) => {
    expect(() => parseEvalData(text, source)).toThrow(InvalidInputError);
    expect(() => parseEvalData(text, source)).toThrow(message);
  });
});
