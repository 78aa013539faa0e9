/**
 * Settings: one zod schema, the only reader of `process.env`. `loadConfig()` reads the environment,
 * `configFromObject()` takes the same settings as a plain object; both fill defaults, validate
 * everything at once and throw one `ConfigError` naming every problem. Problems never carry the
 * value of a key or of a URL (URLs may embed credentials).
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "./errors.js";
import { PROVIDER_NAMES, type ProviderName } from "./providers/search-provider.js";

/** The fallback chain's default order: every service but the keyless stages, which the chain appends. */
export const DEFAULT_ORDER: readonly ProviderName[] = PROVIDER_NAMES.filter((name) => !name.endsWith("-mcp"));

export interface Config {
  keys: {
    exa?: string;
    parallel?: string;
    brave?: string;
    nimble?: string;
    tavily?: string;
    youcom?: string;
    firecrawl?: string;
  };
  /** http(s) URL without trailing slash; may contain `user:pass@` (mask it with `maskUrl` before showing it). */
  searxngUrl?: string;
  degoogUrl?: string;
  baseUrls: {
    exa?: string;
    parallel?: string;
    brave?: string;
    nimble?: string;
    tavily?: string;
    youcom?: string;
    firecrawl?: string;
    exaMcp?: string;
    parallelMcp?: string;
  };
  order: ProviderName[];
  /** Settings that were usable but not as written (e.g. unknown names dropped from the order). */
  warnings: string[];
  keyless: "auto" | "off";
  stateDir: string;
  deadlineMs: number;
  limit: number;
  llm: { url?: string; model?: string; apiKey?: string };
  redisUrl?: string;
  /** Outgoing proxy (HTTP_PROXY / HTTPS_PROXY / NO_PROXY, either case), honoured by every request. */
  proxy: { http?: string; https?: string; noProxy?: string };
  cacheTtlMs: number;
  budget: { provider: ProviderName; limit: number; period: "day" | "month" }[];
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

type Env = Record<string, string | undefined>;
type Path = readonly PropertyKey[];

const LOG_LEVELS = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] as const satisfies readonly Config["logLevel"][];
const KEY_NAMES = ["exa", "parallel", "brave", "nimble", "tavily", "youcom", "firecrawl"] as const;
const BASE_URL_NAMES = [...KEY_NAMES, "exaMcp", "parallelMcp"] as const;
const KEYLESS_PROVIDERS: readonly ProviderName[] = ["exa-mcp", "parallel-mcp"];
const PROVIDER_ALIASES: Readonly<Record<string, ProviderName>> = { you: "youcom", "you.com": "youcom" };

const DEFAULT_DEADLINE_MS = 30_000;
const DEFAULT_LIMIT = 5;
const DEFAULT_CACHE_TTL_MS = 20 * 60_000;
const MAX_CACHE_TTL_MS = 7 * 24 * 3_600_000;
const MAX_BUDGET_LIMIT = 1_000_000_000;
const DURATION_UNITS_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * Where each environment variable lands in the settings object. A problem found at a path is
 * reported under the variable's name (`loadConfig`) or the dotted path (`configFromObject`).
 */
const ENV_BINDINGS: readonly (readonly [string, Path])[] = [
  ["EXA_API_KEY", ["keys", "exa"]],
  ["PARALLEL_API_KEY", ["keys", "parallel"]],
  ["BRAVE_SEARCH_API_KEY", ["keys", "brave"]],
  ["NIMBLE_API_KEY", ["keys", "nimble"]],
  ["TAVILY_API_KEY", ["keys", "tavily"]],
  ["YDC_API_KEY", ["keys", "youcom"]],
  ["FIRECRAWL_API_KEY", ["keys", "firecrawl"]],
  ["SEARXNG_URL", ["searxngUrl"]],
  ["DEGOOG_URL", ["degoogUrl"]],
  ["EXA_BASE_URL", ["baseUrls", "exa"]],
  ["PARALLEL_BASE_URL", ["baseUrls", "parallel"]],
  ["BRAVE_SEARCH_BASE_URL", ["baseUrls", "brave"]],
  ["NIMBLE_BASE_URL", ["baseUrls", "nimble"]],
  ["TAVILY_BASE_URL", ["baseUrls", "tavily"]],
  ["YDC_BASE_URL", ["baseUrls", "youcom"]],
  ["FIRECRAWL_API_URL", ["baseUrls", "firecrawl"]],
  ["EXA_MCP_URL", ["baseUrls", "exaMcp"]],
  ["PARALLEL_MCP_URL", ["baseUrls", "parallelMcp"]],
  ["CORE_SEARCH_KEYLESS", ["keyless"]],
  ["CORE_SEARCH_DEADLINE_MS", ["deadlineMs"]],
  ["CORE_SEARCH_LIMIT", ["limit"]],
  ["CORE_SEARCH_LLM_URL", ["llm", "url"]],
  ["CORE_SEARCH_LLM_MODEL", ["llm", "model"]],
  ["CORE_SEARCH_LLM_API_KEY", ["llm", "apiKey"]],
  ["CORE_SEARCH_REDIS_URL", ["redisUrl"]],
  ["CORE_SEARCH_CACHE_TTL", ["cacheTtlMs"]],
  ["CORE_SEARCH_BUDGET", ["budget"]],
  ["LOG_LEVEL", ["logLevel"]],
];

// ---------------------------------------------------------------------------------------------
// Field schemas. Each accepts the environment's string form and the object form of the setting.
// Messages complete a sentence that starts with the setting's name, e.g. "EXA_API_KEY must ...".
// Placeholders like `{llm.model}` are replaced by that setting's name when the problem is reported.
// ---------------------------------------------------------------------------------------------

type Ctx = z.core.$RefinementCtx;

function problem(ctx: Ctx, message: string, path?: PropertyKey[]): void {
  // No `input`: issues never hold the offending value, so nothing downstream can print a secret.
  ctx.addIssue(path === undefined ? { code: "custom", message } : { code: "custom", message, path });
}

/** Trims strings; blank strings mean "not set". */
function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function quote(name: string): string {
  return JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);
}

const apiKeySchema = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    const key = blankToUndefined(value);
    if (key === undefined) return undefined;
    if (typeof key !== "string") {
      problem(ctx, "must be a string");
      return z.NEVER;
    }
    if (/\s/u.test(key)) {
      problem(ctx, "must not contain whitespace or line breaks");
      return z.NEVER;
    }
    if (!/^[\x21-\x7e]+$/u.test(key)) {
      problem(ctx, "must contain only printable ASCII characters");
      return z.NEVER;
    }
    return key;
  })
  .optional();

/** Parses a URL without ever echoing it; `schemes` are the accepted protocols without the colon. */
function parseUrl(value: unknown, ctx: Ctx, schemes: readonly string[]): URL | undefined {
  const expected = schemes.map((scheme) => `${scheme}://`).join(" or ");
  if (typeof value !== "string") {
    problem(ctx, `must be a URL starting with ${expected}`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problem(ctx, `is not a valid URL (expected ${expected}…; check the host, port and any escaping)`);
    return undefined;
  }
  if (!schemes.includes(url.protocol.slice(0, -1))) {
    problem(ctx, `must be a URL starting with ${expected}`);
    return undefined;
  }
  if (url.hostname === "") {
    problem(ctx, "must include a host");
    return undefined;
  }
  return url;
}

/** An http(s) base address: scheme, host and optional path prefix; returned without trailing slash. */
const httpUrlSchema = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    const text = blankToUndefined(value);
    if (text === undefined) return undefined;
    const url = parseUrl(text, ctx, ["http", "https"]);
    if (url === undefined) return z.NEVER;
    if (url.search !== "" || url.hash !== "" || url.href.endsWith("?") || url.href.endsWith("#")) {
      problem(
        ctx,
        "must not contain a query string or fragment (only scheme, host and optional path prefix)",
      );
      return z.NEVER;
    }
    return url.href.replace(/\/+$/u, "");
  })
  .optional();

/** A proxy address as the usual variables hold it; it may carry credentials, so it is never echoed. */
const proxyUrlSchema = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    const text = blankToUndefined(value);
    if (text === undefined) return undefined;
    return parseUrl(text, ctx, ["http", "https"]) === undefined ? z.NEVER : (text as string);
  })
  .optional();

const redisUrlSchema = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    const text = blankToUndefined(value);
    if (text === undefined) return undefined;
    const url = parseUrl(text, ctx, ["redis", "rediss"]);
    return url === undefined ? z.NEVER : (text as string);
  })
  .optional();

const modelSchema = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    const model = blankToUndefined(value);
    if (model === undefined) return undefined;
    if (typeof model !== "string") {
      problem(ctx, "must be a string");
      return z.NEVER;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    if (/[\u0000-\u001f\u007f]/u.test(model) || model.length > 200) {
      problem(ctx, "must be a model name of at most 200 characters without control characters");
      return z.NEVER;
    }
    return model;
  })
  .optional();

function intSchema(min: number, max: number, fallback: number) {
  const message = `must be an integer between ${min} and ${max}`;
  return z
    .preprocess(
      (value) => {
        const trimmed = blankToUndefined(value);
        return typeof trimmed === "string" && /^\d+$/u.test(trimmed) ? Number(trimmed) : trimmed;
      },
      z.int({ error: message }).min(min, { error: message }).max(max, { error: message }),
    )
    .default(fallback);
}

function choiceSchema<const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) {
  const message = `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`;
  return z
    .preprocess(
      (value) => {
        const trimmed = blankToUndefined(value);
        return typeof trimmed === "string" ? trimmed.toLowerCase() : trimmed;
      },
      z.enum(choices, { error: message }),
    )
    .default(fallback);
}

/** A provider name, case-insensitive and trimmed, with aliases (`you`, `you.com`); undefined when unknown. */
function providerName(raw: string): ProviderName | undefined {
  const name = raw.trim().toLowerCase();
  const alias = PROVIDER_ALIASES[name];
  if (alias !== undefined) return alias;
  return (PROVIDER_NAMES as readonly string[]).includes(name) ? (name as ProviderName) : undefined;
}

const ORDER_FORMAT = `must be a comma-separated list of providers (${DEFAULT_ORDER.join(", ")})`;

/**
 * Like Seek: unknown and repeated names are dropped with one warning rather than failing the run,
 * and an order with no valid name falls back to the default. The keyless stages cannot be listed:
 * they always run last, switched by CORE_SEARCH_KEYLESS.
 */
const orderSchema = z
  .unknown()
  .transform((value, ctx): { names: ProviderName[]; ignored: string[] } => {
    const entries = typeof value === "string" ? value.split(",") : value;
    if (!Array.isArray(entries) || entries.some((entry) => typeof entry !== "string")) {
      problem(ctx, ORDER_FORMAT);
      return z.NEVER;
    }
    const names: ProviderName[] = [];
    const ignored: string[] = [];
    for (const entry of entries as string[]) {
      if (entry.trim() === "") continue;
      const name = providerName(entry);
      if (name === undefined || KEYLESS_PROVIDERS.includes(name) || names.includes(name))
        ignored.push(entry.trim());
      else names.push(name);
    }
    return { names, ignored };
  })
  .default(() => ({ names: [...DEFAULT_ORDER], ignored: [] }));

function orderWarnings(order: { names: ProviderName[]; ignored: string[] }, variable: string): string[] {
  if (order.ignored.length === 0 && order.names.length > 0) return [];
  const ignored =
    order.ignored.length > 0
      ? `ignored unknown or repeated names ${order.ignored.map(quote).join(", ")}`
      : "";
  const fallback = order.names.length === 0 ? "no valid name: using the default order" : "";
  return [
    `${variable}: ${[ignored, fallback].filter(Boolean).join("; ")} (known: ${DEFAULT_ORDER.join(", ")})`,
  ];
}

const CACHE_TTL_TEXT =
  "must be seconds or a duration such as 90s, 20m or 1h (0 turns the cache off), at most 7d";
const CACHE_TTL_NUMBER = `must be a whole number of milliseconds between 0 and ${MAX_CACHE_TTL_MS}`;

const cacheTtlSchema = z
  .unknown()
  .transform((value, ctx): number => {
    let ms: number | undefined;
    if (typeof value === "number") {
      ms = value;
    } else if (typeof value === "string") {
      const match = /^(\d+)\s*([smhd]?)$/iu.exec(value.trim());
      if (match?.[1] !== undefined) {
        ms = Number(match[1]) * (DURATION_UNITS_MS[(match[2] || "s").toLowerCase()] ?? 1000);
      }
    }
    if (ms === undefined || !Number.isSafeInteger(ms) || ms < 0 || ms > MAX_CACHE_TTL_MS) {
      problem(ctx, typeof value === "number" ? CACHE_TTL_NUMBER : CACHE_TTL_TEXT);
      return z.NEVER;
    }
    return ms;
  })
  .default(DEFAULT_CACHE_TTL_MS);

type BudgetEntry = Config["budget"][number];
const BUDGET_FORMAT = "provider:limit/day or provider:limit/month (e.g. exa:1000/month)";

function checkBudgetEntry(
  ctx: Ctx,
  where: string,
  provider: unknown,
  limit: unknown,
  period: unknown,
): BudgetEntry | undefined {
  const name = typeof provider === "string" ? providerName(provider) : undefined;
  let ok = true;
  if (name === undefined) {
    const shown = typeof provider === "string" ? ` ${quote(provider.trim())}` : "";
    problem(ctx, `${where} has unknown provider${shown} (known: ${PROVIDER_NAMES.join(", ")})`);
    ok = false;
  }
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_BUDGET_LIMIT) {
    problem(ctx, `${where} must have a limit that is an integer between 1 and ${MAX_BUDGET_LIMIT}`);
    ok = false;
  }
  const normalizedPeriod = typeof period === "string" ? period.trim().toLowerCase() : period;
  if (normalizedPeriod !== "day" && normalizedPeriod !== "month") {
    problem(ctx, `${where} must have a period of "day" or "month"`);
    ok = false;
  }
  return ok
    ? { provider: name as ProviderName, limit: limit as number, period: normalizedPeriod as "day" }
    : undefined;
}

const budgetSchema = z
  .unknown()
  .transform((value, ctx): BudgetEntry[] => {
    const budget: BudgetEntry[] = [];
    let failed = false;
    const add = (entry: BudgetEntry | undefined, where: string): void => {
      if (entry === undefined) {
        failed = true;
      } else if (budget.some((b) => b.provider === entry.provider && b.period === entry.period)) {
        problem(ctx, `${where} repeats the ${entry.period} cap of ${entry.provider}`);
        failed = true;
      } else {
        budget.push(entry);
      }
    };
    if (typeof value === "string") {
      for (const raw of value.split(",")) {
        const text = raw.trim();
        if (text === "") continue;
        const where = `entry ${quote(text)}`;
        const match = /^([^:\s]+)\s*:\s*(\d+)\s*\/\s*([a-z]+)$/iu.exec(text);
        if (match === null) {
          problem(ctx, `${where} must look like ${BUDGET_FORMAT}`);
          failed = true;
          continue;
        }
        add(checkBudgetEntry(ctx, where, match[1], Number(match[2]), match[3]), where);
      }
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => {
        const where = `entry ${index + 1}`;
        if (typeof item !== "object" || item === null) {
          problem(ctx, `${where} must be an object { provider, limit, period }`);
          failed = true;
          return;
        }
        const { provider, limit, period, ...rest } = item as Record<string, unknown>;
        if (Object.keys(rest).length > 0) {
          problem(ctx, `${where} has unknown fields: ${Object.keys(rest).map(quote).join(", ")}`);
          failed = true;
        }
        add(checkBudgetEntry(ctx, where, provider, limit, period), where);
      });
    } else {
      problem(ctx, `must be a comma-separated list of ${BUDGET_FORMAT}`);
      return z.NEVER;
    }
    return failed ? z.NEVER : budget;
  })
  .default(() => []);

const stateDirSchema = z.unknown().transform((value, ctx): string => {
  const dir = blankToUndefined(value);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte can never be part of a path
  if (typeof dir !== "string" || /\u0000/u.test(dir)) {
    problem(ctx, "must be a directory path");
    return z.NEVER;
  }
  return resolve(dir);
});

const llmSchema = z
  .strictObject({ url: httpUrlSchema, model: modelSchema, apiKey: apiKeySchema })
  .default({ url: undefined, model: undefined, apiKey: undefined })
  .transform((llm, ctx) => {
    if (llm.url !== undefined && llm.model === undefined) {
      problem(ctx, "is set but {llm.model} is not (the LLM judge needs both)", ["url"]);
    } else if (llm.model !== undefined && llm.url === undefined) {
      problem(ctx, "is set but {llm.url} is not (the LLM judge needs both)", ["model"]);
    } else if (llm.apiKey !== undefined && llm.url === undefined) {
      problem(ctx, "is set but {llm.url} and {llm.model} are not", ["apiKey"]);
    }
    return llm;
  });

function recordOf<const K extends readonly string[], S extends z.ZodType>(names: K, schema: S) {
  const shape = Object.fromEntries(names.map((name) => [name, schema])) as { [P in K[number]]: S };
  return z.strictObject(shape).default({} as never);
}

/** The one schema for every setting. `stateDir` is always supplied (its default depends on the platform). */
const configSchema = z.strictObject({
  keys: recordOf(KEY_NAMES, apiKeySchema),
  searxngUrl: httpUrlSchema,
  degoogUrl: httpUrlSchema,
  baseUrls: recordOf(BASE_URL_NAMES, httpUrlSchema),
  order: orderSchema,
  keyless: choiceSchema(["auto", "off"], "auto"),
  stateDir: stateDirSchema,
  deadlineMs: intSchema(1000, 600_000, DEFAULT_DEADLINE_MS),
  limit: intSchema(1, 20, DEFAULT_LIMIT),
  llm: llmSchema,
  redisUrl: redisUrlSchema,
  proxy: z
    .strictObject({
      http: proxyUrlSchema,
      https: proxyUrlSchema,
      noProxy: z.string().optional(),
    })
    .default({}),
  cacheTtlMs: cacheTtlSchema,
  budget: budgetSchema,
  logLevel: choiceSchema(LOG_LEVELS, "silent"),
});

// ---------------------------------------------------------------------------------------------
// Reporting and assembly
// ---------------------------------------------------------------------------------------------

function pathKey(path: Path): string {
  return path.map(String).join(".");
}

/** Copies the defined entries only (the settings types use exact optional properties). */
function definedEntries<T extends Record<string, unknown>>(
  record: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

function parseSettings(input: Record<string, unknown>, labels: ReadonlyMap<string, string>): Config {
  const label = (path: Path): string => {
    for (let end = path.length; end > 0; end--) {
      const found = labels.get(pathKey(path.slice(0, end)));
      if (found !== undefined) return found;
    }
    return path.length === 0 ? "settings" : pathKey(path);
  };
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      if (issue.code === "unrecognized_keys") {
        const where = issue.path.length === 0 ? "settings" : label(issue.path);
        return `${where} has unknown setting(s): ${issue.keys.map(quote).join(", ")}`;
      }
      const message = issue.message.replace(/\{([\w.]+)\}/gu, (_, ref: string) => label(ref.split(".")));
      return `${label(issue.path)} ${message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  const parsed = result.data;
  const { searxngUrl, degoogUrl, redisUrl } = parsed;
  return {
    keys: definedEntries(parsed.keys),
    ...definedEntries({ searxngUrl, degoogUrl }),
    baseUrls: definedEntries(parsed.baseUrls),
    order: parsed.order.names.length > 0 ? parsed.order.names : [...DEFAULT_ORDER],
    warnings: orderWarnings(parsed.order, labels.get("order") ?? "order"),
    keyless: parsed.keyless,
    stateDir: parsed.stateDir,
    deadlineMs: parsed.deadlineMs,
    limit: parsed.limit,
    llm: definedEntries(parsed.llm),
    ...definedEntries({ redisUrl }),
    proxy: definedEntries(parsed.proxy),
    cacheTtlMs: parsed.cacheTtlMs,
    budget: parsed.budget,
    logLevel: parsed.logLevel,
  };
}

/** `$XDG_STATE_HOME/core-search` (only when absolute, as the XDG spec asks), else `$HOME/.local/state/core-search`. */
function defaultStateDir(env: Env): { dir: string; source: string } {
  const xdg = env.XDG_STATE_HOME?.trim();
  if (xdg && isAbsolute(xdg)) return { dir: join(xdg, "core-search"), source: "XDG_STATE_HOME" };
  const home = env.HOME?.trim();
  if (home && isAbsolute(home)) return { dir: join(home, ".local", "state", "core-search"), source: "HOME" };
  return { dir: join(homedir(), ".local", "state", "core-search"), source: "HOME" };
}

function setAt(target: Record<string, unknown>, path: Path, value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[String(key)] ??= {};
    node = node[String(key)] as Record<string, unknown>;
  }
  node[String(path[path.length - 1])] = value;
}

/** Reads every setting from the environment (default `process.env`). Blank values count as unset. */
export function loadConfig(env: Env = process.env): Config {
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === "" ? undefined : raw;
  };
  const input: Record<string, unknown> = {};
  const labels = new Map<string, string>();
  for (const [name, path] of ENV_BINDINGS) {
    labels.set(pathKey(path), name);
    const raw = value(name);
    if (raw !== undefined) setAt(input, path, raw);
  }

  const orderVar = value("CORE_SEARCH_ORDER") !== undefined ? "CORE_SEARCH_ORDER" : "SEEK_ORDER";
  labels.set("order", orderVar);
  const order = value(orderVar);
  if (order !== undefined) input.order = order;

  // Proxy variables come in both cases; the upper-case one wins, as in curl.
  const proxy: Record<string, string> = {};
  for (const [key, names] of [
    ["http", ["HTTP_PROXY", "http_proxy"]],
    ["https", ["HTTPS_PROXY", "https_proxy"]],
    ["noProxy", ["NO_PROXY", "no_proxy"]],
  ] as const) {
    const name = names.find((n) => value(n) !== undefined);
    if (name === undefined) continue;
    proxy[key] = value(name) as string;
    labels.set(pathKey(["proxy", key]), name);
  }
  if (Object.keys(proxy).length > 0) input.proxy = proxy;

  const explicitStateDir = value("CORE_SEARCH_STATE_DIR");
  const fallback = defaultStateDir(env);
  input.stateDir = explicitStateDir ?? fallback.dir;
  labels.set("stateDir", explicitStateDir === undefined ? fallback.source : "CORE_SEARCH_STATE_DIR");

  return parseSettings(input, labels);
}

/** The same settings as a plain object (library callers, tests): fills defaults and validates the same way. */
export function configFromObject(partial: Partial<Config>): Config {
  // Warnings are an output of validation, not a setting.
  const { warnings: _warnings, ...settings } = partial;
  const input: Record<string, unknown> = { ...settings };
  if (partial.stateDir === undefined) input.stateDir = defaultStateDir(process.env).dir;
  return parseSettings(input, new Map());
}
