import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { DEFAULT_CALL_LIMIT, plan, singleCall } from "../../src/plan/plan.js";
import { type Plan, type PlannedCall, planSchema } from "../../src/plan/plan-schema.js";
import { routeCall3 } from "../../src/plan/route.js";
import { chooseTimeRange, wantsNews } from "../../src/plan/time-range.js";

const NOW = new Date("2026-03-01T12:00:00Z");

/** The methodology's numbering: call N always has this role, whether or not call 2 runs. */
const ROLE_BY_ID: Record<number, (p: Plan) => PlannedCall["role"]> = {
  1: () => "neutral",
  2: () => "news",
  3: (p) => p.topicCategory,
  4: () => "counter",
};

/** The words the counter-query templates put in front of or after the subject. */
const COUNTER_CUE =
  /\b(?:criticisms?|problems|drawbacks|risks|unintended consequences|alternatives|failure cases|evidence against|debunked|decline|plateau|overhyped|why not|advantages of .+ over|vs competitors|benefits|rather than|\w+er than)\b/i;

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
    expect(p.neutralQuery).toBe(neutral);
    // Ids keep the methodology's numbering: without the news call the plan runs 1, 3 and 4.
    expect(p.calls.map((c) => c.id)).toEqual(p.newsCall ? [1, 2, 3, 4] : [1, 3, 4]);
    expect(p.calls.map((c) => c.role)).toEqual(p.calls.map((c) => ROLE_BY_ID[c.id]?.(p)));

    const byId = (id: number) => p.calls.find((c) => c.id === id);
    expect(byId(1)).toMatchObject({
      role: "neutral",
      intent: "neutral",
      query: neutral,
      categories: ["general"],
      engines: ["bing", "google", "duckduckgo"],
    });
    if (p.newsCall) {
      expect(byId(2)).toMatchObject({
        intent: "neutral",
        query: neutral,
        categories: ["news"],
        engines: [],
        timeRange: "week",
      });
    }
    expect(byId(3)).toMatchObject({
      role: p.topicCategory,
      intent: "neutral",
      query: neutral,
      categories: [p.topicCategory],
      engines: [],
    });
    expect(byId(4)).toMatchObject({
      role: "counter",
      intent: "counter",
      categories: ["general"],
      engines: ["mojeek", "wiby"],
    });
    expect(byId(4)?.query).not.toBe(neutral);
    expect(byId(4)?.query.length).toBeGreaterThan(0);
  });

  it("calls 1 and 4 both search general, on different engines", () => {
    const p = plan("is nuclear power safe", { now: NOW });
    const general = p.calls.find((c) => c.id === 1);
    const counter = p.calls.find((c) => c.id === 4);
    expect(general?.categories).toEqual(counter?.categories);
    expect(general?.engines.filter((e) => counter?.engines.includes(e))).toEqual([]);
  });

  it("the counter call carries the counter-query for the question's type", () => {
    expect(call("React vs Vue", 4).query).toBe("advantages of Vue over React");
    expect(call("does coffee cause cancer", 4).query).toBe("evidence against coffee causing cancer");
    expect(call("is Rust growing", 4).query).toBe("Rust decline overhyped");
  });

  it("records the question's type, subject and claim", () => {
    expect(plan("Does coffee cause cancer?", { now: NOW })).toMatchObject({
      question: "Does coffee cause cancer?",
      queryType: "claim",
      subject: ["coffee", "cancer"],
      claim: "Coffee causes cancer",
    });
  });
});

describe("intent: only the counter call looks for the other side", () => {
  it.each([
    ...EVALUATIVE_QUESTIONS,
    "latest news on the Fed rate decision",
    "breaking: is the bridge collapse today linked to the storm",
  ])("%s", (question) => {
    const calls = callsOf(question);
    expect(calls.filter((c) => c.intent === "counter").map((c) => c.id)).toEqual([4]);
    for (const c of calls) expect(c.intent).toBe(c.id === 4 ? "counter" : "neutral");
  });

  it("a bypassed question's single call is neutral", () => {
    expect(callsOf("what is photosynthesis").map((c) => c.intent)).toEqual(["neutral"]);
  });
});

describe("the counter-query", () => {
  it.each([
    ...EVALUATIVE_QUESTIONS,
    "is Tesla's share price overvalued",
    "Should I use MongoDB for a banking ledger?",
    "is coffee linked to cancer",
    "latest news on the Fed rate decision",
  ])("%s", (question) => {
    const p = plan(question, { now: NOW });
    expect(p.counterQuery).toEqual(expect.any(String));
    expect(p.counterQuery).toBe(call(question, 4).query);
    expect(p.counterQuery).not.toBe(p.neutralQuery);
    expect(p.counterQuery).toMatch(COUNTER_CUE);
    const [subject] = p.subject;
    expect(subject).toEqual(expect.any(String));
    expect(p.counterQuery?.toLowerCase()).toContain(subject?.toLowerCase());
  });

  it("is null when the plan is bypassed", () => {
    expect(plan("what is the capital of France?", { now: NOW }).counterQuery).toBeNull();
    expect(plan("Tesla stock price", { now: NOW }).counterQuery).toBeNull();
  });
});

describe("context: the purpose or setting after the subject", () => {
  it.each<[string, string[], string | null]>([
    ["Should I use MongoDB for a banking ledger?", ["MongoDB"], "banking ledger"],
    ["should I use Postgres for analytics", ["Postgres"], "analytics"],
    ["React vs Vue for a dashboard", ["React", "Vue"], "dashboard"],
    ["Is Rust better than Go for CLIs?", ["Rust", "Go"], "CLIs"],
    ["is nuclear power safe", ["nuclear power"], null],
    ["does coffee cause cancer", ["coffee", "cancer"], null],
    ["React vs Vue", ["React", "Vue"], null],
  ])("%s → subject %j, context %j", (question, subject, context) => {
    const p = plan(question, { now: NOW });
    expect(p.subject).toEqual(subject);
    expect(p.context).toBe(context);
  });

  it("the context stays out of the subject but in the neutral query", () => {
    const p = plan("Should I use MongoDB for a banking ledger?", { now: NOW });
    expect(p.subject.join(" ")).not.toMatch(/ledger/);
    expect(p.neutralQuery).toMatch(/banking ledger/);
    expect(p.counterQuery).toMatch(/MongoDB/);
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
  ])("absent, with a reason: %s", (question) => {
    const p = plan(question, { now: NOW });
    expect(p.newsCall).toBe(false);
    // the report says why the call did not run
    expect(p.newsReason).toEqual(expect.any(String));
    expect(p.newsReason.length).toBeGreaterThan(0);
    // the call is simply not in the plan; the others keep their numbers
    expect(p.calls.map((c) => c.id)).toEqual([1, 3, 4]);
    expect(p.calls.some((c) => c.role === "news" || c.categories.includes("news"))).toBe(false);
  });

  it.each([
    "latest news on the Fed rate decision",
    "breaking: earthquake in Japan",
    "what did Apple announce this week",
    "is the new iPhone worth it",
    "new FDA guidance on aspirin",
    "Boeing lawsuit 2025",
    "is Rust growing",
    "Rust adoption",
    "impact of tariffs on inflation",
    "were there any recalls of Ozempic recently",
  ])("runs: %s", (question) => {
    const p = plan(question, { now: NOW });
    expect(p.newsCall).toBe(true);
    expect(p.newsReason.length).toBeGreaterThan(0);
    expect(call(question, 2)).toMatchObject({ role: "news", intent: "neutral", categories: ["news"] });
  });

  it("news wanted ⇔ recency words, a recent year, or a week range", () => {
    expect(wantsNews("how does TCP work")).toBe(false);
    expect(wantsNews("how does TCP work", NOW)).toBe(false);
    expect(wantsNews("latest TCP congestion research")).toBe(true);
    // a week range (breaking or current event) brings the news call on its own
    expect(plan("how does TCP work today", { now: NOW }).newsCall).toBe(true);
  });

  it("naming the current year or last year counts as recency; an older year does not", () => {
    expect(wantsNews("TCP congestion control in 2026", NOW)).toBe(true);
    expect(wantsNews("TCP congestion control in 2025", NOW)).toBe(true);
    expect(wantsNews("TCP congestion control in 2024", NOW)).toBe(false);
    // without a clock a year cannot be judged recent
    expect(wantsNews("TCP congestion control in 2025")).toBe(false);
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
  ] as const)("%s → %s", (question, category) => {
    expect(routeCall3(question)).toBe(category);
    const p = plan(question, { now: NOW });
    expect(p.topicCategory).toBe(category);
    expect(call(question, 3)).toMatchObject({ role: category, categories: [category] });
  });
});

describe("time range", () => {
  it.each([
    ["is coffee good for you", "year"],
    ["React vs Vue", "year"],
    ["does creatine cause hair loss", "year"],
    ["is Rust growing", "year"],
    // history, standards, canonical references → no restriction
    ["history of the Roman empire", "none"],
    ["what caused World War I", "none"],
    ["how did medieval castles defend against sieges", "none"],
    ["RFC 9110 caching rules", "none"],
    ["what does the HTTP specification say about redirects", "none"],
    ["is the ISO 8601 standard still useful", "none"],
    ["seminal papers on reinforcement learning", "none"],
    ["what happened to tech stocks in the 1990s", "none"],
    ["what was life like in 1850", "none"],
    ["how did the internet change in 2005", "none"],
    // breaking and current events → week
    ["latest news on the Fed rate decision", "week"],
    ["breaking: earthquake in Japan", "week"],
    ["did the Fed raise rates today", "week"],
    ["what did the senate vote on last night", "week"],
    ["what did Apple announce this week", "week"],
    ["what just happened at the summit", "week"],
  ] as const)("%s → %s", (question, range) => {
    expect(chooseTimeRange(question, NOW)).toBe(range);
    const p = plan(question, { now: NOW });
    expect(p.timeRange).toBe(range);
    for (const c of p.calls.filter((c) => c.role !== "news")) expect(c.timeRange).toBe(range);
  });

  it("a breaking question uses week on all four calls, not just news", () => {
    const calls = callsOf("breaking: is the bridge collapse today linked to the storm");
    expect(calls.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(calls.map((c) => c.timeRange)).toEqual(["week", "week", "week", "week"]);
  });

  it("the news call is always restricted to week, even when the others are not", () => {
    const question = "latest findings on the history of the Roman empire";
    const p = plan(question, { now: NOW });
    expect(p.timeRange).toBe("none");
    expect(p.newsCall).toBe(true);
    expect(call(question, 2).timeRange).toBe("week");
  });
});

describe("time range and news depend on `now` when the question names a year", () => {
  const question = "how did the internet change in 2025";

  it.each<[string, "year" | "none"]>([
    ["2025-06-01T00:00:00Z", "year"],
    ["2026-03-01T12:00:00Z", "year"],
    ["2027-01-01T00:00:00Z", "none"],
    ["2030-01-01T00:00:00Z", "none"],
  ])("now %s → %s", (now, range) => {
    expect(chooseTimeRange(question, new Date(now))).toBe(range);
    const p = plan(question, { now: new Date(now) });
    expect(p.timeRange).toBe(range);
    for (const c of p.calls.filter((c) => c.role !== "news")) expect(c.timeRange).toBe(range);
  });

  it("the same question planned two years apart gets different time ranges", () => {
    const then = plan("iPhone sales in 2025", { now: new Date("2026-03-01T12:00:00Z") });
    const later = plan("iPhone sales in 2025", { now: new Date("2028-03-01T12:00:00Z") });
    expect(then.timeRange).toBe("year");
    expect(later.timeRange).toBe("none");
    // and the year stops counting as recency
    expect(then.newsCall).toBe(true);
    expect(later.newsCall).toBe(false);
    expect(later.calls.map((c) => c.id)).toEqual([1, 3, 4]);
  });

  it("a question about a year at least two years back needs no date restriction", () => {
    expect(chooseTimeRange("iPhone sales in 2024", NOW)).toBe("none");
    expect(chooseTimeRange("iPhone sales in 2025", NOW)).toBe("year");
    expect(chooseTimeRange("iPhone sales in 2026", NOW)).toBe("year");
    // one recent year among old ones keeps the range
    expect(chooseTimeRange("iPhone sales from 2019 to 2025", NOW)).toBe("year");
  });

  it("a question without a year does not depend on now", () => {
    const a = plan("is coffee good for you", { now: new Date("2020-01-01T00:00:00Z") });
    const b = plan("is coffee good for you", { now: new Date("2035-01-01T00:00:00Z") });
    expect(b).toEqual(a);
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
    expect(p.counterQuery).toBeNull();
    expect(p.newsCall).toBe(false);
    expect(p.calls).toEqual([
      {
        id: 1,
        role: "single",
        intent: "neutral",
        query: question.replace(/[?!]+$/, ""),
        categories: ["general"],
        engines: [],
        timeRange: "none",
        limit: DEFAULT_CALL_LIMIT,
      },
    ]);
  });

  it.each(["what is the best way to deploy Kubernetes", "what is the safest car", "is 5 km a day too much"])(
    "an evaluative question shaped like a fact keeps the full pattern: %s",
    (question) => {
      const p = plan(question, { now: NOW });
      expect(p.bypass).toBe(false);
      expect(p.calls.map((c) => c.id)).toEqual(expect.arrayContaining([1, 3, 4]));
      expect(p.calls.length).toBeGreaterThanOrEqual(3);
    },
  );

  it("singleCall builds the same single call", () => {
    expect(singleCall("weather in Paris", 7)).toEqual(
      plan("weather in Paris", { limit: 7, now: NOW }).calls[0],
    );
  });
});

describe("live-data questions: a look-up with a warning and one call", () => {
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
    "bitcoin price",
    "GBP to USD rate",
    "lakers score",
    "who won the f1 race today",
    "how much is a gallon of gas in california today?",
    "Lakers vs Celtics last night",
  ])("%s", (question) => {
    const p = plan(question, { now: NOW });
    // A number to read, not a claim to corroborate: a look-up, with one call for context.
    expect(p.bypass).toBe(true);
    expect(p.bypassReason).toBe("live data");
    expect(p.counterIntent).toBeNull();
    expect(p.newsReason).toMatch(/^live data\b/);
    expect(p.structuredData).toBe(true);
    expect(p.counterQuery).toBeNull();
    expect(p.newsCall).toBe(false);
    expect(p.warnings).toHaveLength(1);
    expect(p.warnings[0]).toMatch(/structured databases/);
    expect(p.warnings[0]).toMatch(/dedicated financial, sports or pricing source/);
    expect(p.calls).toHaveLength(1);
    expect(p.calls[0]).toMatchObject({ id: 1, role: "single", intent: "neutral", categories: ["general"] });
  });

  it.each([
    "does organic farming reduce crop yield",
    "what are the odds of getting cancer from smoking",
    "does a strong exchange rate hurt exports",
    "what is a good credit score",
    "Who is winning the election in Germany right now?",
  ])("a word like yield, odds or exchange rate in a causal question is not a lookup: %s", (question) => {
    const p = plan(question, { now: NOW });
    expect(p.bypass).toBe(false);
    expect(p.calls.map((c) => c.id)).toEqual(expect.arrayContaining([1, 3, 4]));
  });

  it.each(["is Tesla's share price overvalued", "is the price of bitcoin too high"])(
    "a judgement about such figures keeps the full pattern but still warns: %s",
    (question) => {
      const p = plan(question, { now: NOW });
      expect(p.bypass).toBe(false);
      // Its answer is a judgement, not a number in a database.
      expect(p.structuredData).toBe(false);
      expect(p.calls.map((c) => c.id)).toEqual(expect.arrayContaining([1, 3, 4]));
      expect(p.warnings).toEqual([expect.stringMatching(/structured databases/)]);
    },
  );

  it("an ordinary evaluative question has no warnings", () => {
    const p = plan("is nuclear power safe", { now: NOW });
    expect(p.warnings).toEqual([]);
    expect(p.structuredData).toBe(false);
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
    for (const question of [
      "is nuclear power safe",
      "latest news on the Fed",
      "weather in Paris",
      "Tesla stock price",
    ]) {
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
    "Should I use MongoDB for a banking ledger?",
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

  it.each(QUESTIONS)(
    "call ids are unique, ascending and keep the methodology's numbering: %j",
    (question) => {
      const p = plan(question, { now: NOW });
      const ids = p.calls.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      if (p.bypass || p.structuredData) {
        expect(p.calls).toEqual([expect.objectContaining({ id: 1, role: "single" })]);
      } else {
        expect(ids).toEqual(p.newsCall ? [1, 2, 3, 4] : [1, 3, 4]);
        for (const c of p.calls) expect(c.role).toBe(ROLE_BY_ID[c.id]?.(p));
      }
    },
  );

  it.each(["", "   ", "?", "...", "?!", "a\u0000b"])(
    "rejects a question with nothing to search: %j",
    (question) => {
      expect(() => plan(question)).toThrow(InvalidInputError);
    },
  );
});

describe("look-ups need no corroboration", () => {
  it.each([
    ["What is 17 times 23?", "arithmetic"],
    ["what's 15 percent of 80", "arithmetic"],
    ["12 divided by 4", "arithmetic"],
    ["What is the score of the Lakers game?", "live data"],
    ["bitcoin price today", "live data"],
    ["Premier League table", "live data"],
    ["45 plus 78 minus 19", "arithmetic"],
    ["average of 14, 22 and 31", "arithmetic"],
    ["how many km is 26.2 miles", "unit conversion"],
    ["what is the difference between affect and effect", "definition"],
    ["arsenal vs chelsea score", "live data"],
  ])("%s → bypassed (%s)", (question, reason) => {
    const p = plan(question, { now: NOW });
    expect(p).toMatchObject({ bypass: true, bypassReason: reason, counterQuery: null, counterIntent: null });
    expect(p.calls).toHaveLength(1);
    if (reason === "live data") expect(p.warnings[0]).toMatch(/structured databases/);
  });

  it("a judgement about a number is not a look-up", () => {
    expect(plan("is 17 times 23 too much to ask", { now: NOW }).bypass).toBe(false);
  });
});

describe("everyday shapes get the counter intent of the claim they state", () => {
  it.each<[string, string, Plan["counterIntent"]]>([
    // a presupposed verdict: its other side
    ["why is processed meat bad", "Processed meat is bad", "benefits"],
    ["how healthy is oat milk really", "Oat milk is healthy", "risks"],
    ["is it worth buying a used electric car", "Buying a used electric car is worth it", "risks"],
    // a status or a prediction is a fact to refute, not a verdict to weigh
    ["aren't e-scooters illegal in spain", "E-scooters are illegal in spain", "refute"],
    ["will house prices crash in 2027", "House prices will crash in 2027", "refute"],
    // either/or and named comparatives turn round; a named candidate meets the alternatives
    [
      "was the telephone invented by Bell or by Meucci",
      "The telephone was invented by Bell rather than by Meucci",
      "reverse",
    ],
    ["which is cheaper, solar or wind", "Solar is cheaper than wind", "reverse"],
    [
      "what's the best budget phone, is it the pixel 8a",
      "The pixel 8a is the best budget phone",
      "alternatives",
    ],
  ])("%s", (question, claim, counterIntent) => {
    const p = plan(question, { now: NOW });
    expect(p).toMatchObject({ bypass: false, claim, counterIntent });
  });

  it("a result asked about since last night is a look-up of live data", () => {
    const p = plan("did the yankees win last night", { now: NOW });
    expect(p).toMatchObject({
      bypass: true,
      bypassReason: "live data",
      counterIntent: null,
      structuredData: true,
    });
  });
});
