import { describe, expect, it } from "vitest";
import { type LabelInput, labelEvidence } from "../../src/judge/label.js";
import type { Stance } from "../../src/judge/stance.js";

/** `spec` like "support:a.org:o1:bing" — stance, domain, origin, families (comma-separated). */
const items = (...specs: string[]): LabelInput[] =>
  specs.map((spec) => {
    const [stance, domain, originId, families] = spec.split(":");
    return {
      stance: stance as Stance,
      domain: domain ?? "",
      originId: originId ?? "",
      families: (families ?? "").split(","),
    };
  });

describe("labelEvidence", () => {
  it.each([
    [
      "fewer than 3 domains is low-coverage even when they agree",
      ["support:a.org:o1:bing", "support:b.org:o2:mojeek"],
      "low-coverage",
      "affirms",
    ],
    [
      "two independent origins from two families agreeing is corroborated",
      ["support:a.org:o1:bing", "support:b.org:o2:mojeek", "neutral:c.org:o3:google"],
      "corroborated",
      "affirms",
    ],
    [
      "a debunked myth is corroborated with direction refutes",
      ["contradict:a.org:o1:bing", "contradict:b.org:o2:google", "neutral:c.org:o3:google"],
      "corroborated",
      "refutes",
    ],
    [
      "agreeing copies of one origin are single-source",
      ["support:a.org:o1:bing", "support:b.org:o1:google", "neutral:c.org:o3:google"],
      "single-source",
      "affirms",
    ],
    [
      "agreeing origins all from one index family are single-source",
      ["support:a.org:o1:bing", "support:b.org:o2:bing", "neutral:c.org:o3:google"],
      "single-source",
      "affirms",
    ],
    [
      "one supporting origin is single-source",
      ["support:a.org:o1:bing", "neutral:b.org:o2:google", "neutral:c.org:o3:google"],
      "single-source",
      "affirms",
    ],
    [
      "support and contradiction is contested",
      ["support:a.org:o1:bing", "contradict:b.org:o2:google", "neutral:c.org:o3:google"],
      "contested",
      "unclear",
    ],
    [
      "no source taking a position is low-coverage",
      ["neutral:a.org:o1:bing", "neutral:b.org:o2:google", "unrelated:c.org:o3:mojeek"],
      "low-coverage",
      "unclear",
    ],
    ["nothing at all is low-coverage", [], "low-coverage", "unclear"],
  ])("%s", (_name, specs, confidence, direction) => {
    const result = labelEvidence(items(...specs));
    expect(result.confidence).toBe(confidence);
    expect(result.direction).toBe(direction);
    expect(result.reasons.length).toBeGreaterThan(0);
  });
});

describe("low-quality sources are de-weighted, not dropped", () => {
  const low = (spec: string): LabelInput => ({ ...items(spec)[0], quality: "low" }) as LabelInput;
  it.each<[string, LabelInput[], string, string]>([
    [
      "two content-farm origins agreeing are not corroboration",
      [low("support:a.org:o1:bing"), low("support:b.org:o2:mojeek"), ...items("neutral:c.org:o3:google")],
      "single-source",
      "affirms",
    ],
    [
      "a content farm alone on the other side does not make it contested",
      [...items("support:a.org:o1:bing", "support:b.org:o2:mojeek"), low("contradict:c.org:o3:google")],
      "corroborated",
      "affirms",
    ],
    [
      "a normal source beside a content farm in one origin keeps the origin's full weight",
      [...items("support:a.org:o1:bing"), low("support:b.org:o1:bing"), ...items("support:c.org:o2:mojeek")],
      "corroborated",
      "affirms",
    ],
  ])("%s", (_name, input, confidence, direction) => {
    const result = labelEvidence(input);
    expect(result.confidence).toBe(confidence);
    expect(result.direction).toBe(direction);
  });
});

describe("the boundaries of each label", () => {
  const at = (stance: Stance, n: number, family = "bing", extra: Partial<LabelInput> = {}): LabelInput => ({
    stance,
    domain: `${stance}${n}.example`,
    originId: `${stance}-o${n}`,
    families: [family],
    ...extra,
  });
  it.each<[string, LabelInput[], string, string]>([
    [
      "2 unique domains is low-coverage",
      [at("support", 1, "bing"), at("support", 2, "google")],
      "low-coverage",
      "affirms",
    ],
    [
      "3 unique domains is enough to judge",
      [at("support", 1, "bing"), at("support", 2, "google"), at("neutral", 3)],
      "corroborated",
      "affirms",
    ],
    [
      "one hesitant contradiction among many supports does not contest the finding",
      [
        at("support", 1, "bing"),
        at("support", 2, "google"),
        at("support", 3, "mojeek"),
        at("contradict", 4, "bing", { score: 0.4 }),
      ],
      "corroborated",
      "affirms",
    ],
    [
      "one firm contradiction against four supports is far outnumbered",
      [
        at("support", 1, "bing"),
        at("support", 2, "google"),
        at("support", 3, "mojeek"),
        at("support", 4, "wiby"),
        at("contradict", 5, "bing", { score: 0.9 }),
      ],
      "corroborated",
      "affirms",
    ],
    [
      "a firm contradiction against two supports contests the finding",
      [at("support", 1, "bing"), at("support", 2, "google"), at("contradict", 3, "mojeek", { score: 0.9 })],
      "contested",
      "unclear",
    ],
    [
      "all support through one engine family is single-source",
      [at("support", 1, "bing"), at("support", 2, "bing"), at("support", 3, "bing")],
      "single-source",
      "affirms",
    ],
  ])("%s", (_name, input, confidence, direction) => {
    const result = labelEvidence(input);
    expect([result.confidence, result.direction]).toEqual([confidence, direction]);
  });
});
