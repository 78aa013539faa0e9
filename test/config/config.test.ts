import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type Config, configFromObject, DEFAULT_ORDER, loadConfig } from "../../src/config/config.js";
import { ConfigError } from "../../src/errors.js";

const HOME = "/home/tester";
const BASE_ENV = { HOME } as const;

/** The ConfigError `fn` throws, or a test failure when it does not throw one. */
function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError, but the settings were accepted");
}

function load(env: Record<string, string | undefined>): Config {
  return loadConfig({ ...BASE_ENV, ...env });
}

function problemsOf(env: Record<string, string | undefined>): readonly string[] {
  return configError(() => load(env)).problems;
}

const DEFAULTS: Config = {
  keys: {},
  baseUrls: {},
  order: [...DEFAULT_ORDER],
  warnings: [],
  proxy: {},
  keyless: "auto",
  stateDir: join(HOME, ".local", "state", "core-search"),
  deadlineMs: 30_000,
  limit: 5,
  llm: {},
  sampling: "auto",
  cacheTtlMs: 20 * 60_000,
  budget: [],
  rates: [],
  logLevel: "silent",
  allowPrivateAddresses: false,
  runs: "on",
  runsKeep: { count: 200, ms: 30 * 86_400_000 },
  server: {},
};

const ALL_VARIABLES = [
  "EXA_API_KEY",
  "PARALLEL_API_KEY",
  "BRAVE_SEARCH_API_KEY",
  "NIMBLE_API_KEY",
  "TAVILY_API_KEY",
  "YDC_API_KEY",
  "FIRECRAWL_API_KEY",
  "SEARXNG_URL",
  "DEGOOG_URL",
  "EXA_BASE_URL",
  "PARALLEL_BASE_URL",
  "BRAVE_SEARCH_BASE_URL",
  "NIMBLE_BASE_URL",
  "TAVILY_BASE_URL",
  "YDC_BASE_URL",
  "FIRECRAWL_API_URL",
  "EXA_MCP_URL",
  "PARALLEL_MCP_URL",
  "CORE_SEARCH_ORDER",
  "SEEK_ORDER",
  "CORE_SEARCH_KEYLESS",
  "CORE_SEARCH_STATE_DIR",
  "CORE_SEARCH_DEADLINE_MS",
  "CORE_SEARCH_LIMIT",
  "CORE_SEARCH_LLM_URL",
  "CORE_SEARCH_LLM_MODEL",
  "CORE_SEARCH_LLM_API_KEY",
  "CORE_SEARCH_SAMPLING",
  "CORE_SEARCH_REDIS_URL",
  "CORE_SEARCH_CACHE_TTL",
  "CORE_SEARCH_BUDGET",
  "CORE_SEARCH_RUNS",
  "CORE_SEARCH_RUNS_KEEP",
  "LOG_LEVEL",
];

describe("loadConfig defaults", () => {
  it("fills every default from an empty environment", () => {
    expect(load({})).toStrictEqual(DEFAULTS);
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
  ])("treats %s values as unset", (_, value) => {
    const env = Object.fromEntries(ALL_VARIABLES.map((name) => [name, value]));
    expect(load(env)).toStrictEqual(DEFAULTS);
  });

  it("reads process.env when no environment is passed", () => {
    const saved = process.env.CORE_SEARCH_LIMIT;
    process.env.CORE_SEARCH_LIMIT = "7";
    try {
      expect(loadConfig().limit).toBe(7);
    } finally {
      if (saved === undefined) delete process.env.CORE_SEARCH_LIMIT;
      else process.env.CORE_SEARCH_LIMIT = saved;
    }
  });

  it("returns a fresh order array each time", () => {
    const first = load({});
    first.order.pop();
    expect(load({}).order).toStrictEqual([...DEFAULT_ORDER]);
  });
});

describe("loadConfig reads every variable", () => {
  it.each<[string, string, (config: Config) => unknown, unknown]>([
    ["EXA_API_KEY", "  exa-123  ", (c) => c.keys.exa, "exa-123"],
    ["PARALLEL_API_KEY", "par-1", (c) => c.keys.parallel, "par-1"],
    ["BRAVE_SEARCH_API_KEY", "BSA-1", (c) => c.keys.brave, "BSA-1"],
    ["NIMBLE_API_KEY", "nim-1", (c) => c.keys.nimble, "nim-1"],
    ["TAVILY_API_KEY", "tvly-1", (c) => c.keys.tavily, "tvly-1"],
    ["YDC_API_KEY", "ydc-1", (c) => c.keys.youcom, "ydc-1"],
    ["FIRECRAWL_API_KEY", "fc-1", (c) => c.keys.firecrawl, "fc-1"],
    [
      "SEARXNG_URL",
      "http://user:pw@127.0.0.1:8888/searx/",
      (c) => c.searxngUrl,
      "http://user:pw@127.0.0.1:8888/searx",
    ],
    ["DEGOOG_URL", "https://degoog.example/", (c) => c.degoogUrl, "https://degoog.example"],
    ["EXA_BASE_URL", "https://gw.example/exa/", (c) => c.baseUrls.exa, "https://gw.example/exa"],
    ["PARALLEL_BASE_URL", "https://gw.example/par", (c) => c.baseUrls.parallel, "https://gw.example/par"],
    ["BRAVE_SEARCH_BASE_URL", "http://127.0.0.1:9000", (c) => c.baseUrls.brave, "http://127.0.0.1:9000"],
    ["NIMBLE_BASE_URL", "https://nimble.gw", (c) => c.baseUrls.nimble, "https://nimble.gw"],
    ["TAVILY_BASE_URL", "https://tavily.gw/", (c) => c.baseUrls.tavily, "https://tavily.gw"],
    ["YDC_BASE_URL", "https://ydc.gw", (c) => c.baseUrls.youcom, "https://ydc.gw"],
    ["FIRECRAWL_API_URL", "http://localhost:3002/", (c) => c.baseUrls.firecrawl, "http://localhost:3002"],
    ["EXA_MCP_URL", "https://mcp.gw/exa", (c) => c.baseUrls.exaMcp, "https://mcp.gw/exa"],
    ["PARALLEL_MCP_URL", "https://mcp.gw/par/", (c) => c.baseUrls.parallelMcp, "https://mcp.gw/par"],
    ["CORE_SEARCH_ORDER", "Brave, EXA ,you.com", (c) => c.order, ["brave", "exa", "youcom"]],
    ["SEEK_ORDER", "tavily,searxng", (c) => c.order, ["tavily", "searxng"]],
    ["CORE_SEARCH_KEYLESS", "off", (c) => c.keyless, "off"],
    ["CORE_SEARCH_SAMPLING", "off", (c) => c.sampling, "off"],
    ["CORE_SEARCH_STATE_DIR", "/var/lib/cs", (c) => c.stateDir, "/var/lib/cs"],
    ["CORE_SEARCH_DEADLINE_MS", "45000", (c) => c.deadlineMs, 45_000],
    ["CORE_SEARCH_LIMIT", " 12 ", (c) => c.limit, 12],
    [
      "CORE_SEARCH_REDIS_URL",
      "rediss://:pw@redis.internal:6380/2",
      (c) => c.redisUrl,
      "rediss://:pw@redis.internal:6380/2",
    ],
    ["CORE_SEARCH_CACHE_TTL", "90s", (c) => c.cacheTtlMs, 90_000],
    [
      "CORE_SEARCH_BUDGET",
      "exa:1000/month, Firecrawl:500/DAY",
      (c) => c.budget,
      [
        { provider: "exa", limit: 1000, period: "month" },
        { provider: "firecrawl", limit: 500, period: "day" },
      ],
    ],
    [
      "CORE_SEARCH_RATE",
      "brave:20/s, Tavily:1000/MIN, searxng:off",
      (c) => c.rates,
      [
        { provider: "brave", rate: { count: 20, per: "second" } },
        { provider: "tavily", rate: { count: 1000, per: "minute" } },
        { provider: "searxng", rate: null },
      ],
    ],
    ["LOG_LEVEL", "DEBUG", (c) => c.logLevel, "debug"],
    ["CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES", "1", (c) => c.allowPrivateAddresses, true],
    ["CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES", " Yes ", (c) => c.allowPrivateAddresses, true],
    ["CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES", "0", (c) => c.allowPrivateAddresses, false],
  ])("%s=%j", (name, value, read, expected) => {
    expect(read(load({ [name]: value }))).toStrictEqual(expected);
  });

  it("reads the LLM judge settings together", () => {
    const config = load({
      CORE_SEARCH_LLM_URL: "http://127.0.0.1:11434/v1/",
      CORE_SEARCH_LLM_MODEL: " llama3.1:8b ",
      CORE_SEARCH_LLM_API_KEY: "sk-local",
    });
    expect(config.llm).toStrictEqual({
      url: "http://127.0.0.1:11434/v1",
      model: "llama3.1:8b",
      apiKey: "sk-local",
    });
  });

  it("accepts an LLM judge without an API key", () => {
    const config = load({ CORE_SEARCH_LLM_URL: "http://llm.local", CORE_SEARCH_LLM_MODEL: "m" });
    expect(config.llm).toStrictEqual({ url: "http://llm.local", model: "m" });
  });
});

describe("order", () => {
  it.each<[string, Record<string, string>, string[]]>([
    ["CORE_SEARCH_ORDER only", { CORE_SEARCH_ORDER: "exa,brave" }, ["exa", "brave"]],
    ["SEEK_ORDER only", { SEEK_ORDER: "nimble" }, ["nimble"]],
    ["both: CORE_SEARCH_ORDER wins", { CORE_SEARCH_ORDER: "exa", SEEK_ORDER: "brave" }, ["exa"]],
    ["blank CORE_SEARCH_ORDER falls back", { CORE_SEARCH_ORDER: " ", SEEK_ORDER: "brave" }, ["brave"]],
    ["aliases", { CORE_SEARCH_ORDER: "you,searxng" }, ["youcom", "searxng"]],
    [
      "case and spacing",
      { CORE_SEARCH_ORDER: "  SearXNG ,  DEGOOG,firecrawl  " },
      ["searxng", "degoog", "firecrawl"],
    ],
    ["trailing comma", { CORE_SEARCH_ORDER: "exa,brave," }, ["exa", "brave"]],
    ["neither", {}, [...DEFAULT_ORDER]],
  ])("%s", (_, env, expected) => {
    expect(load(env).order).toStrictEqual(expected);
  });

  it.each<[string, Record<string, string>, string[], RegExp]>([
    [
      "unknown name",
      { CORE_SEARCH_ORDER: "exa,bing" },
      ["exa"],
      /^CORE_SEARCH_ORDER: ignored unknown or repeated names "bing"/,
    ],
    [
      "duplicate",
      { CORE_SEARCH_ORDER: "exa,brave,EXA" },
      ["exa", "brave"],
      /ignored unknown or repeated names "EXA"/,
    ],
    ["duplicate through an alias", { CORE_SEARCH_ORDER: "youcom,you" }, ["youcom"], /names "you"/],
    ["keyless stage", { CORE_SEARCH_ORDER: "exa,exa-mcp" }, ["exa"], /names "exa-mcp"/],
    [
      "names of Object's own properties",
      { CORE_SEARCH_ORDER: "exa,constructor,__proto__,toString" },
      ["exa"],
      /names "constructor", "__proto__", "toString"/,
    ],
    ["a bad SEEK_ORDER is named as such", { SEEK_ORDER: "exa,nope" }, ["exa"], /^SEEK_ORDER: /],
  ])("drops with one warning: %s", (_, env, order, warning) => {
    const config = load(env);
    expect(config.order).toStrictEqual(order);
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toMatch(warning);
  });

  // Falling back to every service would spend on the ones the order meant to leave out.
  it.each<[string, Record<string, string>, RegExp]>([
    [
      "no valid name",
      { CORE_SEARCH_ORDER: "bing,yahoo" },
      /^CORE_SEARCH_ORDER names no known service \("bing", "yahoo"\)/,
    ],
    [
      "only commas",
      { CORE_SEARCH_ORDER: " , ," },
      /^CORE_SEARCH_ORDER names no known service: list some of searxng, /,
    ],
    ["only a keyless stage", { CORE_SEARCH_ORDER: "exa-mcp" }, /names no known service \("exa-mcp"\)/],
    [
      "a bad CORE_SEARCH_ORDER does not fall back to a good SEEK_ORDER",
      { CORE_SEARCH_ORDER: "nope", SEEK_ORDER: "exa" },
      /^CORE_SEARCH_ORDER names no known service \("nope"\)/,
    ],
    ["a bad SEEK_ORDER", { SEEK_ORDER: "nope" }, /^SEEK_ORDER names no known service/],
    [
      "only names of Object's own properties",
      { CORE_SEARCH_ORDER: "__proto__,constructor" },
      /names no known service/,
    ],
  ])("fails closed when it names no known service: %s", (_, env, problem) => {
    expect(problemsOf(env)).toEqual([expect.stringMatching(problem)]);
  });

  it("a clean order has no warnings", () => {
    expect(load({ CORE_SEARCH_ORDER: "exa,brave" }).warnings).toEqual([]);
  });
});

describe("CORE_SEARCH_SERVER_TOKEN", () => {
  it("is kept as given", () => {
    expect(load({ CORE_SEARCH_SERVER_TOKEN: "0123456789abcdef-xyz" }).server).toEqual({
      token: "0123456789abcdef-xyz",
    });
    expect(load({}).server).toEqual({});
  });

  it.each(["short", "0123456789 abcdef0123", "0123456789abcdéf0123"])(
    "refuses %j without echoing it",
    (token) => {
      const problems = problemsOf({ CORE_SEARCH_SERVER_TOKEN: token });
      expect(problems).toEqual([
        expect.stringMatching(/^CORE_SEARCH_SERVER_TOKEN must be at least 16 printable/),
      ]);
      expect(problems.join("")).not.toContain(token);
    },
  );
});

describe("CORE_SEARCH_KEYLESS fails closed", () => {
  it.each<[string, Config["keyless"]]>([
    ["auto", "auto"],
    ["off", "off"],
    ["OFF ", "off"],
    [" Auto", "auto"],
  ])("accepts %j", (value, expected) => {
    expect(load({ CORE_SEARCH_KEYLESS: value }).keyless).toBe(expected);
  });

  it.each(["false", "0", "no", "none", "disabled", "true", "on", "1", "of f", "autooff"])(
    "rejects %j",
    (value) => {
      expect(problemsOf({ CORE_SEARCH_KEYLESS: value })).toStrictEqual([
        'CORE_SEARCH_KEYLESS must be one of "auto", "off"',
      ]);
    },
  );
});

describe("numbers and durations", () => {
  it.each<[string, string, number]>([
    ["CORE_SEARCH_DEADLINE_MS", "1000", 1000],
    ["CORE_SEARCH_DEADLINE_MS", "600000", 600_000],
    ["CORE_SEARCH_LIMIT", "1", 1],
    ["CORE_SEARCH_LIMIT", "20", 20],
  ])("%s=%j is accepted", (name, value, expected) => {
    const config = load({ [name]: value });
    expect(name === "CORE_SEARCH_LIMIT" ? config.limit : config.deadlineMs).toBe(expected);
  });

  it.each<[string, string, string]>([
    ["CORE_SEARCH_DEADLINE_MS", "999", "CORE_SEARCH_DEADLINE_MS must be an integer between 1000 and 600000"],
    [
      "CORE_SEARCH_DEADLINE_MS",
      "600001",
      "CORE_SEARCH_DEADLINE_MS must be an integer between 1000 and 600000",
    ],
    ["CORE_SEARCH_DEADLINE_MS", "30s", "CORE_SEARCH_DEADLINE_MS must be an integer between 1000 and 600000"],
    ["CORE_SEARCH_DEADLINE_MS", "1e4", "CORE_SEARCH_DEADLINE_MS must be an integer between 1000 and 600000"],
    [
      "CORE_SEARCH_DEADLINE_MS",
      "-5000",
      "CORE_SEARCH_DEADLINE_MS must be an integer between 1000 and 600000",
    ],
    ["CORE_SEARCH_LIMIT", "0", "CORE_SEARCH_LIMIT must be an integer between 1 and 20"],
    ["CORE_SEARCH_LIMIT", "21", "CORE_SEARCH_LIMIT must be an integer between 1 and 20"],
    ["CORE_SEARCH_LIMIT", "2.5", "CORE_SEARCH_LIMIT must be an integer between 1 and 20"],
    ["CORE_SEARCH_LIMIT", "five", "CORE_SEARCH_LIMIT must be an integer between 1 and 20"],
  ])("%s=%j is rejected", (name, value, expected) => {
    expect(problemsOf({ [name]: value })).toStrictEqual([expected]);
  });

  it.each<[string, number]>([
    ["1200", 1_200_000],
    ["0", 0],
    ["0s", 0],
    ["90s", 90_000],
    ["20m", 1_200_000],
    ["1h", 3_600_000],
    ["2H", 7_200_000],
    ["7d", 604_800_000],
    [" 15 m ", 900_000],
  ])("CORE_SEARCH_CACHE_TTL=%j is %d ms", (value, expected) => {
    expect(load({ CORE_SEARCH_CACHE_TTL: value }).cacheTtlMs).toBe(expected);
  });

  it.each(["20min", "1.5h", "-1", "8d", "forever", "1w", "h"])(
    "CORE_SEARCH_CACHE_TTL=%j is rejected",
    (value) => {
      const problems = problemsOf({ CORE_SEARCH_CACHE_TTL: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^CORE_SEARCH_CACHE_TTL must be seconds or a duration/u);
    },
  );
});

describe("CORE_SEARCH_RUNS and CORE_SEARCH_RUNS_KEEP", () => {
  it("turns keeping runs off", () => {
    expect(load({ CORE_SEARCH_RUNS: "off" }).runs).toBe("off");
    expect(problemsOf({ CORE_SEARCH_RUNS: "never" })[0]).toMatch(
      /^CORE_SEARCH_RUNS must be one of "on", "off"/u,
    );
  });

  it.each([
    ["50", { count: 50, ms: 30 * 86_400_000 }],
    ["12h", { count: 200, ms: 12 * 3_600_000 }],
    ["500,7d", { count: 500, ms: 7 * 86_400_000 }],
    [" 7d 500 ", { count: 500, ms: 7 * 86_400_000 }],
  ])("CORE_SEARCH_RUNS_KEEP=%j keeps %j", (value, expected) => {
    expect(load({ CORE_SEARCH_RUNS_KEEP: value }).runsKeep).toEqual(expected);
  });

  it.each(["0", "forever", "1.5d", "400d", "1,2,3d", "-5", "2001"])(
    "rejects CORE_SEARCH_RUNS_KEEP=%j",
    (value) => {
      const problems = problemsOf({ CORE_SEARCH_RUNS_KEEP: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^CORE_SEARCH_RUNS_KEEP must be a number of runs/u);
    },
  );
});

describe("CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES", () => {
  it.each(["sometimes", "constructor", "__proto__"])("takes only on/off words, not %j", (value) => {
    const problems = problemsOf({ CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: value });
    expect(problems).toEqual(["CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES must be 1 or 0 (true or false)"]);
  });
});

describe("CORE_SEARCH_RATE", () => {
  it.each<[string, string]>([
    ["brave", 'entry "brave" must look like provider:count/s, provider:count/min or provider:off'],
    ["brave:fast", 'entry "brave:fast" must look like'],
    ["bing:1/s", 'entry "bing:1/s" has unknown provider "bing"'],
    ["brave:0/s", 'entry "brave:0/s" must have a limit that is an integer between 1'],
    ["brave:5/hour", 'entry "brave:5/hour" must have a period of "second" or "minute"'],
    ["constructor:1/s", 'entry "constructor:1/s" has unknown provider "constructor"'],
    ["brave:1/s,brave:off", 'entry "brave:off" repeats the rate of brave'],
  ])("rejects %j", (value, expected) => {
    const problems = problemsOf({ CORE_SEARCH_RATE: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`CORE_SEARCH_RATE ${expected}`);
  });

  it("takes the object form of a settings file, and rejects unknown fields there", () => {
    const config = configFromObject({
      stateDir: "/tmp/cs",
      rates: [
        { provider: "exa", limit: 5, per: "second" },
        { provider: "searxng", limit: "off" },
      ] as unknown as Config["rates"],
    });
    expect(config.rates).toStrictEqual([
      { provider: "exa", rate: { count: 5, per: "second" } },
      { provider: "searxng", rate: null },
    ]);
    const problems = configError(() =>
      configFromObject({
        stateDir: "/tmp/cs",
        rates: [{ provider: "exa", limit: 5, per: "second", burst: 2 }] as unknown as Config["rates"],
      }),
    ).problems;
    expect(problems).toStrictEqual(['rates entry 1 has unknown fields: "burst"']);
  });

  it.each(["constructor", "__proto__", "toString"])("rejects the period %j of a settings file", (per) => {
    const problems = configError(() =>
      configFromObject({
        stateDir: "/tmp/cs",
        rates: [{ provider: "exa", limit: 5, per }] as unknown as Config["rates"],
      }),
    ).problems;
    expect(problems).toStrictEqual(['rates entry 1 must have a period of "second" or "minute"']);
  });
});

describe("CORE_SEARCH_BUDGET", () => {
  it("allows a daily and a monthly cap for the same provider", () => {
    expect(load({ CORE_SEARCH_BUDGET: "exa:10/day,exa:200/month" }).budget).toStrictEqual([
      { provider: "exa", limit: 10, period: "day" },
      { provider: "exa", limit: 200, period: "month" },
    ]);
  });

  it.each<[string, string]>([
    ["exa", 'entry "exa" must look like provider:limit/day or provider:limit/month'],
    ["exa:1000", 'entry "exa:1000" must look like'],
    ["exa:many/month", 'entry "exa:many/month" must look like'],
    ["bing:10/day", 'entry "bing:10/day" has unknown provider "bing"'],
    ["exa:0/day", 'entry "exa:0/day" must have a limit that is an integer between 1'],
    ["exa:10/week", 'entry "exa:10/week" must have a period of "day" or "month"'],
    ["exa:10/day,exa:20/day", 'entry "exa:20/day" repeats the day cap of exa'],
  ])("rejects %j", (value, expected) => {
    const problems = problemsOf({ CORE_SEARCH_BUDGET: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`CORE_SEARCH_BUDGET ${expected}`);
  });
});

describe("URLs", () => {
  it.each<[string, string]>([
    ["not a url", "SEARXNG_URL is not a valid URL"],
    ["127.0.0.1:8888", "SEARXNG_URL is not a valid URL"],
    ["localhost:8888", "SEARXNG_URL must be a URL starting with http:// or https://"],
    ["ftp://files.example", "SEARXNG_URL must be a URL starting with http:// or https://"],
    ["http://host:99999", "SEARXNG_URL is not a valid URL"],
    ["http://host/search?format=json", "SEARXNG_URL must not contain a query string or fragment"],
    ["http://host/#x", "SEARXNG_URL must not contain a query string or fragment"],
  ])("SEARXNG_URL=%j is rejected", (value, expected) => {
    const problems = problemsOf({ SEARXNG_URL: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it.each<[string, string]>([
    ["http://127.0.0.1:6379", "CORE_SEARCH_REDIS_URL must be a URL starting with redis:// or rediss://"],
    ["redis://user:hunter2@host:70000", "CORE_SEARCH_REDIS_URL is not a valid URL"],
  ])("CORE_SEARCH_REDIS_URL=%j is rejected", (value, expected) => {
    expect(problemsOf({ CORE_SEARCH_REDIS_URL: value })[0]).toContain(expected);
  });

  it.each<[string, string]>([
    ["SEARXNG_URL", "http://user:s3cret@host:99999"],
    ["SEARXNG_URL", "ftp://user:s3cret@host"],
    ["SEARXNG_URL", "http://user:s3cret@host/?token=s3cret"],
    ["DEGOOG_URL", "http://user:s3cret@ho st"],
    ["EXA_MCP_URL", "https://mcp.exa.ai/mcp?exaApiKey=s3cret"],
    ["CORE_SEARCH_REDIS_URL", "redis://:s3cret@host:99999"],
    ["CORE_SEARCH_LLM_URL", "http://user:s3cret@llm:1234567"],
  ])("%s=%j names the variable without leaking the secret", (name, value) => {
    const error = configError(() => load({ [name]: value, CORE_SEARCH_LLM_MODEL: "m" }));
    expect(error.problems.join("\n")).toContain(name);
    expect(error.message).not.toContain("s3cret");
    expect(error.problems.join("\n")).not.toContain("s3cret");
    expect(JSON.stringify(error)).not.toContain("s3cret");
    expect(error.cause).toBeUndefined();
  });
});

describe("API keys", () => {
  it.each<[string, string]>([
    ["EXA_API_KEY", "abc def"],
    ["BRAVE_SEARCH_API_KEY", "BSAfirst\nBSAsecond"],
    ["TAVILY_API_KEY", "tvly-abc\tdef"],
    ["CORE_SEARCH_LLM_API_KEY", "sk-live secret"],
  ])("%s with inner whitespace is rejected without showing the value", (name, value) => {
    const error = configError(() => load({ [name]: value }));
    expect(error.problems).toContain(`${name} must not contain whitespace or line breaks`);
    for (const part of value.split(/\s+/u)) expect(error.message).not.toContain(part);
  });

  it("rejects non-ASCII characters in a key", () => {
    expect(problemsOf({ NIMBLE_API_KEY: "key\u00e9" })).toStrictEqual([
      "NIMBLE_API_KEY must contain only printable ASCII characters",
    ]);
  });
});

describe("LLM judge settings", () => {
  it.each<[string, Record<string, string>, string]>([
    [
      "url without model",
      { CORE_SEARCH_LLM_URL: "http://llm.local" },
      "CORE_SEARCH_LLM_URL is set but CORE_SEARCH_LLM_MODEL is not",
    ],
    [
      "model without url",
      { CORE_SEARCH_LLM_MODEL: "gpt-4o-mini" },
      "CORE_SEARCH_LLM_MODEL is set but CORE_SEARCH_LLM_URL is not",
    ],
    [
      "key alone",
      { CORE_SEARCH_LLM_API_KEY: "sk-1" },
      "CORE_SEARCH_LLM_API_KEY is set but CORE_SEARCH_LLM_URL and CORE_SEARCH_LLM_MODEL are not",
    ],
  ])("rejects %s", (_, env, expected) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe("one problem per bad field", () => {
  it.each<[string, Record<string, string>]>([
    ["a URL with a query", { CORE_SEARCH_LLM_URL: "http://llm.local/?q" }],
    ["a model with a control character", { CORE_SEARCH_LLM_MODEL: "m\u0000" }],
    ["a key with non-ASCII characters", { CORE_SEARCH_LLM_API_KEY: "k\u00e9y" }],
  ])("%s is not also reported as an unpaired LLM setting", (_, env) => {
    expect(problemsOf(env)).toHaveLength(1);
  });

  it("keeps a proxy address exactly as written", () => {
    expect(load({ HTTP_PROXY: "http://user:pw@proxy.local:3128" }).proxy).toStrictEqual({
      http: "http://user:pw@proxy.local:3128",
    });
  });
});

describe("state directory", () => {
  it.each<[string, Record<string, string>, string]>([
    ["CORE_SEARCH_STATE_DIR wins", { CORE_SEARCH_STATE_DIR: "/srv/cs", XDG_STATE_HOME: "/xdg" }, "/srv/cs"],
    ["XDG_STATE_HOME", { XDG_STATE_HOME: "/xdg/state" }, "/xdg/state/core-search"],
    [
      "a relative XDG_STATE_HOME is ignored",
      { XDG_STATE_HOME: "rel/state" },
      `${HOME}/.local/state/core-search`,
    ],
    ["HOME", {}, `${HOME}/.local/state/core-search`],
    ["a path with .. is normalized", { CORE_SEARCH_STATE_DIR: "/srv/cs/../state" }, resolve("/srv/state")],
  ])("%s", (_, env, expected) => {
    expect(load(env).stateDir).toBe(expected);
  });

  it.each(["state", "./state", "~/state"])("refuses the relative CORE_SEARCH_STATE_DIR %j", (dir) => {
    expect(problemsOf({ CORE_SEARCH_STATE_DIR: dir })).toEqual([
      expect.stringMatching(/^CORE_SEARCH_STATE_DIR must be an absolute path/),
    ]);
  });
});

describe("several problems at once", () => {
  it("throws one ConfigError that names every bad setting", () => {
    const error = configError(() =>
      load({
        EXA_API_KEY: "abc def",
        SEARXNG_URL: "http://user:s3cret@host:99999",
        CORE_SEARCH_KEYLESS: "false",
        CORE_SEARCH_DEADLINE_MS: "5",
        CORE_SEARCH_LIMIT: "50",
        CORE_SEARCH_LLM_URL: "http://llm.local",
        CORE_SEARCH_CACHE_TTL: "soon",
        CORE_SEARCH_BUDGET: "exa:lots",
        LOG_LEVEL: "verbose",
      }),
    );
    expect(error.code).toBe("INVALID_CONFIG");
    expect(error.problems).toHaveLength(9);
    for (const name of [
      "EXA_API_KEY",
      "SEARXNG_URL",
      "CORE_SEARCH_KEYLESS",
      "CORE_SEARCH_DEADLINE_MS",
      "CORE_SEARCH_LIMIT",
      "CORE_SEARCH_LLM_URL",
      "CORE_SEARCH_CACHE_TTL",
      "CORE_SEARCH_BUDGET",
      "LOG_LEVEL",
    ]) {
      expect(error.problems.some((p) => p.startsWith(`${name} `))).toBe(true);
      expect(error.message).toContain(name);
    }
    expect(error.message).not.toContain("abc def");
    expect(error.message).not.toContain("s3cret");
  });
});

describe("configFromObject", () => {
  it("fills defaults", () => {
    expect(configFromObject({ stateDir: "/tmp/cs" })).toStrictEqual({ ...DEFAULTS, stateDir: "/tmp/cs" });
  });

  it("defaults the state directory like loadConfig", () => {
    expect(configFromObject({}).stateDir).toMatch(/core-search$/u);
  });

  it("normalizes like loadConfig", () => {
    const config = configFromObject({
      stateDir: "/tmp/cs",
      keys: { exa: "  exa-1 " },
      searxngUrl: "http://u:p@searx.local/",
      order: ["Brave", "exa"] as Config["order"],
      keyless: "OFF" as Config["keyless"],
      budget: [{ provider: "exa", limit: 5, period: "day" }],
    });
    expect(config.keys).toStrictEqual({ exa: "exa-1" });
    expect(config.searxngUrl).toBe("http://u:p@searx.local");
    expect(config.order).toStrictEqual(["brave", "exa"]);
    expect(config.keyless).toBe("off");
    expect(config.budget).toStrictEqual([{ provider: "exa", limit: 5, period: "day" }]);
  });

  it.each<[string, Partial<Config>, string]>([
    ["deadline", { deadlineMs: 5 }, "deadlineMs must be an integer between 1000 and 600000"],
    ["fractional limit", { limit: 2.5 }, "limit must be an integer between 1 and 20"],
    ["cache ttl", { cacheTtlMs: -1 }, "cacheTtlMs must be a whole number of milliseconds"],
    ["keyless", { keyless: "no" as Config["keyless"] }, 'keyless must be one of "auto", "off"'],
    [
      "budget",
      { budget: [{ provider: "exa", limit: 0, period: "day" }] },
      "budget entry 1 must have a limit",
    ],
    ["llm", { llm: { model: "m" } }, "llm.model is set but llm.url is not"],
    ["unknown setting", { colour: "red" } as Partial<Config>, 'settings has unknown setting(s): "colour"'],
    ["unknown key", { keys: { bing: "x" } } as Partial<Config>, 'keys has unknown setting(s): "bing"'],
  ])("rejects %s", (_, partial, expected) => {
    const problems = configError(() => configFromObject({ stateDir: "/tmp/cs", ...partial })).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it("accepts a loaded configuration unchanged", () => {
    const loaded = load({
      EXA_API_KEY: "exa-1",
      YDC_API_KEY: "ydc-1",
      SEARXNG_URL: "http://u:p@searx.local:8888/",
      FIRECRAWL_API_URL: "http://localhost:3002",
      CORE_SEARCH_ORDER: "searxng,you,exa",
      CORE_SEARCH_KEYLESS: "off",
      CORE_SEARCH_LLM_URL: "http://llm.local/v1",
      CORE_SEARCH_LLM_MODEL: "m",
      CORE_SEARCH_REDIS_URL: "redis://redis:6379",
      CORE_SEARCH_CACHE_TTL: "1h",
      CORE_SEARCH_BUDGET: "exa:100/day",
      LOG_LEVEL: "info",
    });
    expect(configFromObject(loaded)).toStrictEqual(loaded);
  });

  it("never shows a bad key", () => {
    const error = configError(() =>
      configFromObject({ keys: { exa: "abc def" }, llm: { url: "http://a:s3cret@h:99999", model: "m" } }),
    );
    expect(error.problems).toStrictEqual([
      "keys.exa must not contain whitespace or line breaks",
      "llm.url is not a valid URL (expected http:// or https://…; check the host, port and any escaping)",
    ]);
    expect(error.message).not.toContain("abc");
    expect(error.message).not.toContain("s3cret");
  });
});
