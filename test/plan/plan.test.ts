import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { DEFAULT_CALL_LIMIT, plan, singleCall } from "../../src/plan/plan.js";
import { type Plan, type PlannedCall, planSchema } from "../../src/plan/plan-schema.js";
import { routeCall3 } from "../../src/plan/route.js";
import { chooseTimeRange, wantsNews } from "../../src/plan/time-range.js";

const NOW = new Date("2026-03-01T12:00:00Z");

function callsOf(question: string, options: { limit?: number } = {}): PlannedCall[] {
  return plan(question, { now: NOW, ...options }).calls;
}

function call(question: string, id: number): PlannedCall {
  const found = callsOf(question).find((c) => c.id === id);
  if (!found) throw new Error(`no call ${id} in the plan for ${JSON.stringify(question)}`);
  return found;
}

const EVALUATIVE_QUESTIONS = [
  "Is nuclear power safe?",
  "React vs Vue for a dashboard",
  "should we adopt GraphQL",
  "does coffee cause cancer",
  "impact of remote work on productivity",
  "is Rust growing",
  "how to learn Rust",
  "Postgres is the best database",
  "why do cats purr",
  "what is the best way to deploy Kubernetes",
];

describe("the 4-call shape", () => {
  it.each(EVALUATIVE_QUESTIONS)("%s", (question) => {
    const p = plan(question, { now: NOW });
    const neutral = question.replace(/[?!]+$/, "");
    expect(p.bypass).toBe(false);
    expect(p.bypassReason).toBeNull();
    expect(p.calls.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(p.calls.map((c) => c.role)).toEqual(["neutral", "news", p.route, "counter"]);

    const [general, news, routed, counter] = p.calls as [PlannedCall, PlannedCall, PlannedCall, PlannedCall];
    expect(general).toMatchObject({
      query: neutral,
      categories: ["general"],
      engines: ["bing", "google", "duckduckgo"],
      skip: null,
    });
    expect(news).toMatchObject({ query: neutral, categories: ["news"], engines: [], timeRange: "week" });
    expect(routed).toMatchObject({ query: neutral, categories: [p.route], engines: [], skip: null });
    expect(counter).toMatchObject({ categories: ["general"], engines: ["mojeek", "wiby"], skip: null });
    expect(counter.query).not.toBe(neutral);
    expect(counter.query.length).toBeGreaterThan(0);
  });

  it("calls 1 and 4 both search general, on different engines", () => {
    const [general, , , counter] = callsOf("is nuclear power safe");
    expect(general?.categories).toEqual(counter?.categories);
    expect(general?.engines.filter((e) => counter?.engines.includes(e))).toEqual([]);
  });

  it("the counter call carries the counter-query for the question's type", () => {
    expect(call("React vs Vue", 4).query).toBe("advantages of Vue over React");
    expect(call("does coffee cause cancer", 4).query).toBe("evidence against coffee causing cancer");
    expect(call("is Rust growing", 4).query).toBe("Rust decline overhyped");
  });

  it("records the question's type, subjects and claim", () => {
    expect(plan("Does coffee cause cancer?", { now: NOW })).toMatchObject({
      question: "Does coffee cause cancer?",
      queryType: "claim",
      subjects: ["coffee", "cancer"],
      claim: "Coffee causes cancer",
    });
  });
});

describe("call 2 (news) runs only when timeliness matters", () => {
  it.each([
    "how does TCP work",
    "how does garbage collection work in Java",
    "history of the Roman empire",
    "best practices for Python logging",
    "is coffee good for you",
    "Postgres vs MySQL",
    "does creatine cause hair loss",
    "how to learn Rust",
    "should I use Kubernetes",
  ])("skipped, with a reason: %s", (question) => {
    const news = call(question, 2);
    expect(news.skip).toEqual(expect.any(String));
    expect(news.skip).toMatch(/recency|event/);
    // the call stays in the plan so the report can say why it was not run
    expect(news).toMatchObject({ role: "news", categories: ["news"], timeRange: "week" });
  });

  it.each([
    "latest news on the Fed rate decision",
    "breaking: earthquake in Japan",
    "what did Apple announce this week",
    "is the new iPhone worth it",
    "new FDA guidance on aspirin",
    "Boeing lawsuit 2024",
    "is Rust growing",
    "Rust adoption",
    "impact of tariffs on inflation",
    "were there any recalls of Ozempic recently",
  ])("runs: %s", (question) => {
    expect(call(question, 2).skip).toBeNull();
  });

  it("news wanted ⇔ recency words or a week range", () => {
    expect(wantsNews("how does TCP work", "year")).toBe(false);
    expect(wantsNews("how does TCP work", "week")).toBe(true);
    expect(wantsNews("latest TCP congestion research", "year")).toBe(true);
  });
});

describe("call 3 is routed to science or it", () => {
  it.each([
    // libraries, tools, errors, code → it
    ["is Bun production ready", "it"],
    ["Postgres vs MySQL", "it"],
    ["should we adopt GraphQL", "it"],
    ["is Kubernetes overkill for a small team", "it"],
    ["how to fix TypeError undefined is not a function", "it"],
    ["why does my Python script throw a KeyError", "it"],
    ["how to fix a segfault in C", "it"],
    ["are LLMs reliable for coding", "it"],
    ["is Go good for web servers", "it"],
    ["do REST APIs scale better than GraphQL", "it"],
    ["best password manager", "it"],
    // research, health, theory → science
    ["does coffee cause cancer", "science"],
    ["is intermittent fasting effective for weight loss", "science"],
    ["is meditation effective for anxiety", "science"],
    ["does dark matter exist", "science"],
    ["is bed rest good for back pain", "science"],
    ["are electric cars better for the environment", "science"],
    // ambiguous → science
    ["is remote work here to stay", "science"],
    ["why do cats purr", "science"],
    ["is Bitcoin a good investment", "science"],
  ])("%s → %s", (question, route) => {
    expect(routeCall3(question)).toBe(route);
    const p = plan(question, { now: NOW });
    expect(p.route).toBe(route);
    expect(call(question, 3)).toMatchObject({ role: route, categories: [route] });
  });
});

describe("time range", () => {
  it.each([
    ["is coffee good for you", "year"],
    ["React vs Vue", "year"],
    ["does creatine cause hair loss", "year"],
    ["is Rust growing", "year"],
    // history, standards, canonical references → no restriction
    ["history of the Roman empire", null],
    ["what caused World War I", null],
    ["how did medieval castles defend against sieges", null],
    ["RFC 9110 caching rules", null],
    ["what does the HTTP specification say about redirects", null],
    ["is the ISO 8601 standard still useful", null],
    ["seminal papers on reinforcement learning", null],
    ["what happened to tech stocks in the 1990s", null],
    ["what was life like in 1850", null],
    ["how did the internet change in 2005", null],
    // breaking and current events → week
    ["latest news on the Fed rate decision", "week"],
    ["breaking: earthquake in Japan", "week"],
    ["did the Fed raise rates today", "week"],
    ["who won the game last night", "week"],
    ["what did Apple announce this week", "week"],
    ["what just happened at the summit", "week"],
  ])("%s → %s", (question, range) => {
    expect(chooseTimeRange(question)).toBe(range);
    const p = plan(question, { now: NOW });
    expect(p.timeRange).toBe(range);
    for (const c of p.calls.filter((c) => c.role !== "news")) expect(c.timeRange).toBe(range);
  });

  it("a breaking question uses week on all four calls, not just news", () => {
    const calls = callsOf("breaking: is the bridge collapse today linked to the storm");
    expect(calls).toHaveLength(4);
    expect(calls.map((c) => c.timeRange)).toEqual(["week", "week", "week", "week"]);
    expect(calls[1]?.skip).toBeNull();
  });

  it("the news call is always restricted to week, even for history", () => {
    expect(call("history of the Roman empire", 2).timeRange).toBe("week");
  });
});

describe("bypass: a settled fact gets one single call", () => {
  it.each([
    ["what is photosynthesis", "definition"],
    ["convert 5 km to miles", "unit or currency conversion"],
    ["translate hello to Spanish", "translation"],
    ["weather in Paris", "current time or weather"],
    ["what time is it in Tokyo?", "current time or weather"],
    ["12 * 7", "arithmetic"],
    ["what is the capital of France?", "single agreed fact"],
    ["who wrote Hamlet", "single agreed fact"],
  ])("%s (%s)", (question, reason) => {
    const p = plan(question, { now: NOW });
    expect(p.bypass).toBe(true);
    expect(p.bypassReason).toBe(reason);
    expect(p.warnings).toEqual([]);
    expect(p.calls).toEqual([
      {
        id: 1,
        role: "single",
        query: question.replace(/[?!]+$/, ""),
        categories: ["general"],
        engines: [],
        timeRange: null,
        limit: DEFAULT_CALL_LIMIT,
        skip: null,
      },
    ]);
  });

  it.each(["what is the best way to deploy Kubernetes", "what is the safest car", "is 5 km a day too much"])(
    "an evaluative question shaped like a fact keeps 4 calls: %s",
    (question) => {
      const p = plan(question, { now: NOW });
      expect(p.bypass).toBe(false);
      expect(p.calls).toHaveLength(4);
    },
  );

  it("singleCall builds the same single call", () => {
    expect(singleCall("weather in Paris", 7)).toEqual(
      plan("weather in Paris", { limit: 7, now: NOW }).calls[0],
    );
  });
});

describe("structured-data questions: a warning and one call", () => {
  it.each([
    "Tesla stock price",
    "AAPL share price today",
    "final score of the Super Bowl",
    "NBA box score",
    "Premier League standings",
    "what is the exchange rate USD to EUR",
    "Vanguard fund returns 2024",
    "price of gold",
    "what is the market cap of Apple",
    "Nvidia quarterly earnings",
    "10-year treasury yield",
  ])("%s", (question) => {
    const p = plan(question, { now: NOW });
    expect(p.bypass).toBe(true);
    expect(p.bypassReason).toBe("structured data");
    expect(p.warnings).toHaveLength(1);
    expect(p.warnings[0]).toMatch(/structured databases/);
    expect(p.warnings[0]).toMatch(/dedicated financial, sports or pricing source/);
    expect(p.calls).toHaveLength(1);
    expect(p.calls[0]).toMatchObject({ role: "single", categories: ["general"], skip: null });
  });

  it.each([
    "does organic farming reduce crop yield",
    "what are the odds of getting cancer from smoking",
    "does a strong exchange rate hurt exports",
  ])("a word like yield, odds or exchange rate in a causal question is not a lookup: %s", (question) => {
    const p = plan(question, { now: NOW });
    expect(p.bypass).toBe(false);
    expect(p.calls).toHaveLength(4);
  });

  it.each(["is Tesla's share price overvalued", "is the price of bitcoin too high"])(
    "a judgement about such figures keeps 4 calls but still warns: %s",
    (question) => {
      const p = plan(question, { now: NOW });
      expect(p.bypass).toBe(false);
      expect(p.calls).toHaveLength(4);
      expect(p.warnings).toEqual([expect.stringMatching(/structured databases/)]);
    },
  );

  it("an ordinary evaluative question has no warnings", () => {
    expect(plan("is nuclear power safe", { now: NOW }).warnings).toEqual([]);
  });
});

describe("limit", () => {
  it.each([
    [undefined, DEFAULT_CALL_LIMIT],
    [1, 1],
    [5, 5],
    [12, 12],
    [20, 20],
    [0, 1],
    [-7, 1],
    [21, 20],
    [1000, 20],
    [Number.POSITIVE_INFINITY, 20],
    [3.9, 3],
  ])("limit %s → %s on every call", (limit, expected) => {
    const options = limit === undefined ? {} : { limit };
    for (const question of ["is nuclear power safe", "weather in Paris", "Tesla stock price"]) {
      const calls = callsOf(question, options);
      expect(calls.map((c) => c.limit)).toEqual(calls.map(() => expected));
    }
  });

  it("the default is 5", () => {
    expect(DEFAULT_CALL_LIMIT).toBe(5);
  });

  it("rejects a limit that is not a number", () => {
    expect(() => plan("is coffee safe", { limit: Number.NaN })).toThrow(InvalidInputError);
  });
});

describe("determinism and validity", () => {
  const QUESTIONS = [
    ...EVALUATIVE_QUESTIONS,
    "what is photosynthesis",
    "Tesla stock price",
    "breaking: earthquake in Japan",
    "history of the Roman empire",
    "is Tesla's share price overvalued",
    "  is\ncoffee\tsafe?  ",
  ];

  it.each(QUESTIONS)("same input → deep-equal plan: %j", (question) => {
    const first = plan(question, { limit: 8, now: NOW });
    const second = plan(question, { limit: 8, now: new Date(NOW) });
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it("planning one question does not change the plan of another", () => {
    const before = plan("React vs Vue", { now: NOW });
    for (const q of QUESTIONS) plan(q, { now: NOW });
    expect(plan("React vs Vue", { now: NOW })).toEqual(before);
  });

  it.each(QUESTIONS)("validates against planSchema: %j", (question) => {
    const p: Plan = plan(question, { now: NOW });
    const parsed = planSchema.safeParse(p);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toEqual(p);
  });

  it.each(QUESTIONS)("is plain JSON (round-trips unchanged): %j", (question) => {
    const p = plan(question, { now: NOW });
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it("call ids are 1-based and unique", () => {
    for (const q of QUESTIONS) {
      const ids = plan(q, { now: NOW }).calls.map((c) => c.id);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
    }
  });

  it.each(["", "   ", "?", "...", "?!", "a\u0000b"])(
    "rejects a question with nothing to search: %j",
    (question) => {
      expect(() => plan(question)).toThrow(InvalidInputError);
    },
  );
});
