import { describe, expect, it } from "vitest";
import { type Classification, classify } from "../../src/plan/classify.js";
import { counterQuery } from "../../src/plan/counter-query.js";
import type { QueryType } from "../../src/plan/plan-schema.js";

/** A classification with nothing recognised, for tests to fill in. */
const NONE = {
  subjects: [],
  predicate: null,
  action: null,
  phrases: [],
  choice: null,
  auxiliary: null,
} satisfies Omit<Classification, "type">;

function counterOf(question: string): string {
  return counterQuery(classify(question), question.replace(/[?!]+$/, "")).query;
}

describe("the counter-query follows the skill's template for each query type", () => {
  it.each<[QueryType, string, string]>([
    ["evaluative", "is nuclear power safe", "nuclear power problems drawbacks criticism"],
    ["evaluative", "is coffee good for you", "coffee problems drawbacks criticism"],
    ["comparative", "React vs Vue", "advantages of Vue over React"],
    ["comparative", "is Rust better than Go", "advantages of Go over Rust"],
    ["comparative", "Postgres versus MySQL for analytics", "advantages of MySQL over Postgres"],
    ["tool", "should I use Kubernetes", "Kubernetes alternatives failure cases"],
    ["tool", "should I use Redux in 2025", "Redux alternatives failure cases"],
    ["claim", "does coffee cause cancer", "evidence against coffee causing cancer"],
    ["claim", "do vaccines cause autism", "evidence against vaccines causing autism"],
    ["claim", "does fluoride prevent cavities", "evidence against fluoride preventing cavities"],
    ["claim", "do video games lead to violence", "evidence against video games leading to violence"],
    ["claim", "can stretching reduce injury risk", "evidence against stretching reducing injury risk"],
    ["claim", "is coffee linked to cancer", "evidence against coffee being linked to cancer"],
    ["policy", "impact of remote work on productivity", "remote work risks unintended consequences"],
    ["policy", "how does inflation affect housing prices", "inflation risks unintended consequences"],
    ["trend", "is Rust growing", "Rust decline overhyped"],
    ["trend", "Rust adoption", "Rust decline overhyped"],
    ["procedural", "how to learn Rust", "learning Rust drawbacks alternatives"],
    ["superlative", "Postgres is the best database", "Postgres alternatives comparison"],
    ["fallback", "why do cats purr", "criticisms of cats purr"],
  ])("%s: %s → %s", (type, question, counter) => {
    expect(classify(question).type).toBe(type);
    expect(counterOf(question)).toBe(counter);
  });

  it.each<[QueryType, RegExp]>([
    ["evaluative", /^(?:criticisms of X|X problems drawbacks)\b/],
    ["comparative", /^(?:advantages of Y over X|why not X)\b/],
    ["tool", /^X (?:alternatives|failure cases)\b/],
    ["claim", /^(?:evidence against X causing Y|X debunked)\b/],
    ["policy", /^X (?:risks|unintended consequences)\b/],
    ["trend", /^X (?:decline|plateau|overhyped)\b/],
    ["procedural", /^(?:X alternatives|why not X|X drawbacks)\b/],
    ["superlative", /^(?:X vs competitors|X alternatives comparison)\b/],
    ["fallback", /^(?:criticisms of X|X problems)\b/],
  ])("%s counter starts like one of the skill's templates", (type, template) => {
    const c: Classification = {
      type,
      subjects: ["X", "Y"],
      predicate: type === "claim" ? "cause Y" : null,
      action: null,
      phrases: ["X", "Y"],
      choice: null,
      auxiliary: null,
    };
    expect(counterQuery(c, "neutral query").query).toMatch(template);
  });

  it.each([
    [
      "comparative with one subject",
      { ...NONE, type: "comparative", subjects: ["X"], phrases: ["X"] },
      "why not X",
    ],
    ["claim with one subject", { ...NONE, type: "claim", subjects: ["X"], phrases: ["X"] }, "X debunked"],
    ["no subject at all", { ...NONE, type: "evaluative" }, "neutral query criticism"],
  ] satisfies [string, Classification, string][])("falls back sensibly: %s", (_label, c, counter) => {
    expect(counterQuery(c, "neutral query").query).toBe(counter);
  });

  it.each(["is nuclear power safe", "React vs Vue", "does coffee cause cancer", "is Rust growing"])(
    "never repeats the neutral query: %s",
    (question) => {
      expect(counterOf(question)).not.toBe(question);
    },
  );
});

describe("the counter-query looks for the other side of the claim's polarity", () => {
  it.each([
    ["is coffee good for you", "risks", /problems drawbacks criticism/],
    ["Is coffee bad for you?", "benefits", /benefits/],
    ["is red meat harmful", "benefits", /benefits/],
    ["is the keto diet a myth", "benefits", /benefits/],
    ["is coffee not bad for you", "risks", /problems/],
    ["is nuclear power not safe", "benefits", /benefits/],
    ["Can dogs eat grapes?", "risks", /^dogs eating grapes risks/],
    ["Is the Eiffel Tower taller than Big Ben?", "reverse", /^Big Ben taller than Eiffel Tower$/],
    ["Is the dress blue or gold?", "reverse", /^dress gold rather than blue$/],
    ["is Rust better than Go", "reverse", /^advantages of Go over Rust$/],
    ["do hybrid cars save money", "refute", /^evidence against hybrid cars saving money$/],
    ["should I use Kubernetes", "alternatives", /alternatives/],
  ])("%s → %s", (question, intent, query) => {
    const counter = counterQuery(classify(question), question);
    expect(counter.intent).toBe(intent);
    expect(counter.query).toMatch(query);
  });
});
