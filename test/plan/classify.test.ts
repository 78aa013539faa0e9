import { describe, expect, it } from "vitest";
import { classify } from "../../src/plan/classify.js";
import type { QueryType } from "../../src/plan/plan-schema.js";

type Row = [question: string, type: QueryType, subjects: string[]];

function expectClassified([question, type, subjects]: Row): void {
  const c = classify(question);
  expect({ type: c.type, subjects: c.subjects }).toEqual({ type, subjects });
}

describe("comparative: X vs Y and its natural phrasings", () => {
  it.each<Row>([
    ["React vs Vue", "comparative", ["React", "Vue"]],
    ["React vs. Vue for a dashboard", "comparative", ["React", "Vue"]],
    ["Postgres versus MySQL", "comparative", ["Postgres", "MySQL"]],
    ["Postgres versus MySQL for analytics?", "comparative", ["Postgres", "MySQL"]],
    ["cats versus dogs as pets", "comparative", ["cats", "dogs"]],
    ["tabs or spaces for Python", "comparative", ["tabs", "spaces"]],
    ["Mac or PC for programming", "comparative", ["Mac", "PC"]],
    ["iPhone or Android?", "comparative", ["iPhone", "Android"]],
    ["compare Rust and Go", "comparative", ["Rust", "Go"]],
    ["Compare SQLite to Postgres", "comparative", ["SQLite", "Postgres"]],
    ["comparing Kafka with RabbitMQ", "comparative", ["Kafka", "RabbitMQ"]],
    ["Python compared to Julia for data science", "comparative", ["Python", "Julia"]],
    ["Python compared with R", "comparative", ["Python", "R"]],
    ["Is Rust better than Go?", "comparative", ["Rust", "Go"]],
    ["are cats better than dogs", "comparative", ["cats", "dogs"]],
    ["is nuclear safer than solar", "comparative", ["nuclear", "solar"]],
    ["which is better, vim or emacs", "comparative", ["vim", "emacs"]],
    ["which is better: vim or emacs?", "comparative", ["vim", "emacs"]],
    ["should I use MongoDB or Postgres", "comparative", ["MongoDB", "Postgres"]],
    ["should we buy a Mac or a PC", "comparative", ["Mac", "PC"]],
    ["is Rust or Go faster", "comparative", ["Rust", "Go"]],
    ["is tea or coffee healthier", "comparative", ["tea", "coffee"]],
    ["is Rust or Go better for CLIs", "comparative", ["Rust", "Go"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("evaluative: is X good / safe / worth it / production ready", () => {
  it.each<Row>([
    ["is coffee good for you", "evaluative", ["coffee"]],
    ["Is coffee bad for you?", "evaluative", ["coffee"]],
    ["is nuclear power safe", "evaluative", ["nuclear power"]],
    ["are vaccines safe for children", "evaluative", ["vaccines"]],
    ["is a Tesla worth it", "evaluative", ["Tesla"]],
    ["are e-bikes worth the money", "evaluative", ["e-bikes"]],
    ["is TypeScript worth learning", "evaluative", ["TypeScript"]],
    ["is Bun production ready", "evaluative", ["Bun"]],
    ["is Deno production-ready?", "evaluative", ["Deno"]],
    ["is Bitcoin a good investment", "evaluative", ["Bitcoin"]],
    ["is homeopathy a scam", "evaluative", ["homeopathy"]],
    ["is the Mediterranean diet healthy", "evaluative", ["Mediterranean diet"]],
    ["is intermittent fasting effective for weight loss", "evaluative", ["intermittent fasting"]],
    ["Is AI overhyped?", "evaluative", ["AI"]],
    ["are standing desks really good for your back", "evaluative", ["standing desks"]],
    ["was the Iraq war a mistake", "evaluative", ["Iraq war"]],
    ["is it safe to eat raw eggs", "evaluative", ["eating raw eggs"]],
    ["is it worth switching to Linux", "evaluative", ["switching to Linux"]],
    ["is 5 km a day too much", "evaluative", ["5 km a day"]],
    ["is 10000 steps a day enough", "evaluative", ["10000 steps a day"]],
    ["is working from home better for productivity", "evaluative", ["working from home"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("tool: should I / we use, adopt, switch to X", () => {
  it.each<Row>([
    ["should I use Kubernetes", "tool", ["Kubernetes"]],
    ["Should we adopt GraphQL?", "tool", ["GraphQL"]],
    ["should I switch to Linux", "tool", ["Linux"]],
    ["should my team adopt Rust", "tool", ["Rust"]],
    ["should our company migrate to AWS", "tool", ["AWS"]],
    ["should I learn Haskell", "tool", ["Haskell"]],
    ["should we move to a monorepo", "tool", ["monorepo"]],
    ["should I use Redux in 2025", "tool", ["Redux"]],
    ["should I use Postgres for analytics", "tool", ["Postgres"]],
    ["should I use Kubernetes or not", "tool", ["Kubernetes"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("claim: does / do / can X cause, reduce, increase Y", () => {
  it.each<Row>([
    ["does coffee cause cancer", "claim", ["coffee", "cancer"]],
    ["Do vaccines cause autism?", "claim", ["vaccines", "autism"]],
    ["do cell phones cause cancer", "claim", ["cell phones", "cancer"]],
    ["can stretching reduce injury risk", "claim", ["stretching", "injury risk"]],
    ["could 5G cause headaches", "claim", ["5G", "headaches"]],
    ["does sugar increase hyperactivity in children", "claim", ["sugar", "hyperactivity in children"]],
    ["does exercise improve memory", "claim", ["exercise", "memory"]],
    ["does fluoride prevent cavities", "claim", ["fluoride", "cavities"]],
    ["can vitamin D cure depression", "claim", ["vitamin D", "depression"]],
    ["does screen time harm children", "claim", ["screen time", "children"]],
    ["do video games lead to violence", "claim", ["video games", "violence"]],
    ["did the lockdowns reduce covid deaths", "claim", ["lockdowns", "covid deaths"]],
    ["can walking to work help lose pounds", "claim", ["walking to work", "lose pounds"]],
    ["is it true that vitamin C prevents colds", "claim", ["vitamin C", "colds"]],
    ["is coffee linked to cancer", "claim", ["coffee", "cancer"]],
    [
      "are ultra-processed foods associated with depression",
      "claim",
      ["ultra-processed foods", "depression"],
    ],
    ["is there a link between coffee and cancer", "claim", ["coffee", "cancer"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("policy: impact / effects of X on Y", () => {
  it.each<Row>([
    ["impact of remote work on productivity", "policy", ["remote work", "productivity"]],
    ["the impact of AI on jobs", "policy", ["AI", "jobs"]],
    ["What is the impact of tariffs on inflation?", "policy", ["tariffs", "inflation"]],
    ["effects of social media on teenagers", "policy", ["social media", "teenagers"]],
    ["what are the effects of caffeine", "policy", ["caffeine"]],
    ["consequences of Brexit", "policy", ["Brexit"]],
    [
      "what are the implications of quantum computing for encryption",
      "policy",
      ["quantum computing", "encryption"],
    ],
    ["how does inflation affect housing prices", "policy", ["inflation", "housing prices"]],
    ["how will AI change education", "policy", ["AI", "education"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("trend: is X growing / declining, X adoption", () => {
  it.each<Row>([
    ["is Rust growing", "trend", ["Rust"]],
    ["Is PHP dying?", "trend", ["PHP"]],
    ["is Python still popular", "trend", ["Python"]],
    ["are EVs gaining popularity", "trend", ["EVs"]],
    ["is vinyl making a comeback", "trend", ["vinyl"]],
    ["is crypto on the decline", "trend", ["crypto"]],
    ["Rust adoption", "trend", ["Rust"]],
    ["electric vehicle adoption", "trend", ["electric vehicle"]],
    ["Kubernetes adoption in enterprises", "trend", ["Kubernetes"]],
    ["popularity of Rust", "trend", ["Rust"]],
    ["the growth of remote work", "trend", ["remote work"]],
    ["market share of Linux desktop", "trend", ["Linux desktop"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("procedural: how to / how do I X", () => {
  it.each<Row>([
    ["how to learn Rust", "procedural", ["learning Rust"]],
    ["How do I lower my cholesterol?", "procedural", ["lowering my cholesterol"]],
    ["how can I improve sleep", "procedural", ["improving sleep"]],
    ["how should I invest 10k", "procedural", ["investing 10k"]],
    ["how do you deploy a Django app", "procedural", ["deploying a Django app"]],
    ["what's the best way to learn piano", "procedural", ["learning piano"]],
    ["what is the best way to deploy Kubernetes", "procedural", ["deploying Kubernetes"]],
    ["steps to start a business", "procedural", ["starting a business"]],
  ])("%s", (...row) => expectClassified(row));
});

describe("superlative: X is the best …", () => {
  it.each<Row>([
    ["Postgres is the best database", "superlative", ["Postgres"]],
    ["Python is the best language for beginners", "superlative", ["Python"]],
    ["Kubernetes is the worst orchestrator", "superlative", ["Kubernetes"]],
    ["SQLite is the most deployed database", "superlative", ["SQLite"]],
    ["the best programming language is Python", "superlative", ["Python"]],
    ["what is the best laptop for programming", "superlative", ["laptop"]],
    ["which is the best VPN", "superlative", ["VPN"]],
    ["what are the best running shoes", "superlative", ["running shoes"]],
    ["what is the safest car", "superlative", ["car"]],
    ["who is the best president", "superlative", ["president"]],
  ])("%s", (...row) => expectClassified(row));

  it.each(["what is the best laptop", "which is the best VPN", "who is the best goalkeeper"])(
    "never takes the question word as the subject: %s",
    (question) => {
      expect(classify(question).subjects).not.toContainEqual(expect.stringMatching(/^(?:what|which|who)$/i));
    },
  );
});

describe("fallback: no template matches", () => {
  it.each<Row>([
    ["why do cats purr", "fallback", ["cats purr"]],
    ["the future of remote work", "fallback", ["future of remote work"]],
    ["Rust", "fallback", ["Rust"]],
    ["history of the Roman empire", "fallback", ["Roman empire"]],
    ["how many eggs a day is too many", "fallback", ["eggs a day"]],
  ])("%s", (...row) => expectClassified(row));

  it.each(["?", "!!", "..."])(
    "punctuation only yields no subject rather than an empty one: %j",
    (question) => {
      expect(classify(question)).toEqual({
        type: "fallback",
        subjects: [],
        predicate: null,
        action: null,
        phrases: [],
        choice: null,
        auxiliary: null,
      });
    },
  );
});

describe("precedence", () => {
  it.each<Row>([
    // a trend question is a trend before it is an evaluation
    ["is Rust growing", "trend", ["Rust"]],
    ["is Rust growing or declining", "trend", ["Rust"]],
    ["is Python still popular", "trend", ["Python"]],
    // "good or bad" is two judgements of one thing, not two things compared
    ["is coffee good or bad", "evaluative", ["coffee"]],
    ["is coffee good or bad for you", "evaluative", ["coffee"]],
    ["is red meat bad or good for the heart", "evaluative", ["red meat"]],
    ["are eggs healthy or not", "evaluative", ["eggs"]],
    ["is nuclear power safe or dangerous", "evaluative", ["nuclear power"]],
    // "X vs Y" stays a comparison even when it also says "better"
    ["React vs Vue: which is better", "comparative", ["React", "Vue"]],
    ["React vs Vue, which one should I pick?", "comparative", ["React", "Vue"]],
    ["is Rust better than Go", "comparative", ["Rust", "Go"]],
    // a causal question that says "reduce" is a claim, not an evaluation
    ["can stretching reduce injury risk", "claim", ["stretching", "injury risk"]],
    // "the best way to" is a procedure, not a ranking of ways
    ["what is the best way to deploy Kubernetes", "procedural", ["deploying Kubernetes"]],
  ])("%s → %s", (...row) => expectClassified(row));

  it.each([
    ["is coffee good or bad", "good"],
    ["is coffee good or bad for you", "good for you"],
    ["are eggs healthy or not", "healthy"],
    ["is Rust growing", "growing"],
    ["is Rust or Go faster", "faster"],
    ["does coffee cause cancer", "cause cancer"],
  ])("records the predicate of %s", (question, predicate) => {
    expect(classify(question).predicate).toBe(predicate);
  });

  it.each(["React vs Vue", "should I use Kubernetes", "how to learn Rust", "why do cats purr"])(
    "has no predicate when none was asked: %s",
    (question) => {
      expect(classify(question).predicate).toBeNull();
    },
  );

  it("ignores trailing punctuation", () => {
    expect(classify("is coffee safe?!")).toEqual(classify("is coffee safe"));
  });
});

describe("action: the verb phrase as asked when the subject is an action", () => {
  it.each([
    ["how to learn Rust", "learning Rust", "learn Rust"],
    ["How do I lower my cholesterol?", "lowering my cholesterol", "lower my cholesterol"],
    ["what is the best way to deploy Kubernetes", "deploying Kubernetes", "deploy Kubernetes"],
    ["steps to start a business", "starting a business", "start a business"],
    ["is it safe to eat raw eggs", "eating raw eggs", "eat raw eggs"],
  ])("%s → subject %j, action %j", (question, subject, action) => {
    const c = classify(question);
    expect(c.subjects).toEqual([subject]);
    expect(c.action).toBe(action);
  });

  it.each([
    "is coffee safe",
    "React vs Vue",
    "does coffee cause cancer",
    "should I use Kubernetes",
    "why do cats purr",
  ])("is null when the subject is a thing: %s", (question) => {
    expect(classify(question).action).toBeNull();
  });
});
