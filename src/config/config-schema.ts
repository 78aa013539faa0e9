/**
 * The one schema for every setting. Each field accepts the environment's string form and the
 * object form. Messages complete a sentence that starts with the setting's name ("<VARIABLE>
 * must ..."); a `{llm.model}` placeholder is replaced by that setting's name when reported.
 * Messages never carry the value (keys, and URLs that may embed credentials).
 */
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { DEADLINE_MS_RANGE, LIMIT_RANGE } from "../operations/input-ranges.js";
import {
  BASE_URL_NAMES,
  type BaseUrlName,
  INSTANCE_URL_SETTINGS,
  type InstanceUrlSetting,
  KEYED_PROVIDER_NAMES,
  type KeyedProviderName,
  ORDERABLE_PROVIDERS,
} from "../providers/registry.js";
import type { ProviderName } from "../providers/search-provider.js";
import { budgetSchema, rateSchema } from "./allowance-schemas.js";
import { blankToUndefined, problem, providerName, quote } from "./schema-parts.js";

export { quote };

/** The fallback chain's default order: every service but the keyless stages, which the chain appends. */
export const DEFAULT_ORDER: readonly ProviderName[] = ORDERABLE_PROVIDERS;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

// The default deadline for every call is at least one second; a single call may still ask for less.
const MIN_SETTINGS_DEADLINE_MS = 1000;
const DEFAULT_CACHE_TTL_MS = 20 * 60_000;
const MAX_CACHE_TTL_MS = 7 * 24 * 3_600_000;
const DURATION_UNITS_MS: ReadonlyMap<string, number> = new Map([
  ["s", 1000],
  ["m", 60_000],
  ["h", 3_600_000],
  ["d", 86_400_000],
]);

/** Optional text: blank means unset. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

// Every check aborts: a field is reported once, and the LLM settings' cross-check runs only on
// fields that passed, as before.
const apiKeySchema = optional(
  z
    .string({ error: "must be a string" })
    .regex(/^\S+$/u, { error: "must not contain whitespace or line breaks", abort: true })
    .regex(/^[\x21-\x7e]+$/u, { error: "must contain only printable ASCII characters", abort: true }),
);

/** Why `value` is not a URL with one of `schemes`, worded without echoing it. */
function urlProblem(value: unknown, schemes: readonly string[]): string {
  const expected = schemes.map((scheme) => `${scheme}://`).join(" or ");
  if (typeof value !== "string") return `must be a URL starting with ${expected}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is not a valid URL (expected ${expected}…; check the host, port and any escaping)`;
  }
  if (!schemes.includes(url.protocol.slice(0, -1))) return `must be a URL starting with ${expected}`;
  return "must include a host";
}

function urlSchema(schemes: readonly string[], normalize: boolean) {
  return z.url({
    protocol: new RegExp(`^(?:${schemes.join("|")})$`, "u"),
    hostname: /./u,
    normalize,
    abort: true,
    error: (issue) => urlProblem(issue.input, schemes),
  });
}

/** An http(s) base address: scheme, host and optional path prefix; returned without trailing slash. */
const httpUrlSchema = optional(
  urlSchema(["http", "https"], true)
    .refine((href) => !/[?#]/u.test(href), {
      error: "must not contain a query string or fragment (only scheme, host and optional path prefix)",
      abort: true,
    })
    .transform((href) => href.replace(/\/+$/u, "")),
);

/** Proxy and Redis addresses are checked as URLs but kept exactly as written (never echoed: they may carry credentials). */
function asWrittenUrlSchema(schemes: readonly string[]) {
  const check = urlSchema(schemes, false);
  return optional(
    z.string().refine((text) => check.safeParse(text).success, {
      error: (issue) => urlProblem(issue.input, schemes),
      abort: true,
    }),
  );
}
const proxyUrlSchema = asWrittenUrlSchema(["http", "https"]);
const redisUrlSchema = asWrittenUrlSchema(["redis", "rediss"]);

const MODEL_PROBLEM = "must be a model name of at most 200 characters without control characters";
const modelSchema = optional(
  z
    .string({ error: "must be a string" })
    .max(200, { error: MODEL_PROBLEM, abort: true })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/u, { error: MODEL_PROBLEM, abort: true }),
);

/** Whole numbers only: the environment's "1e4" or "30s" is not read as a number. */
function wholeNumber(value: unknown): unknown {
  const trimmed = blankToUndefined(value);
  if (trimmed === undefined || typeof trimmed === "number") return trimmed;
  return typeof trimmed === "string" && /^\d+$/u.test(trimmed) ? trimmed : Number.NaN;
}

function intSchema(min: number, max: number, fallback: number) {
  const error = `must be an integer between ${min} and ${max}`;
  return z.preprocess(
    wholeNumber,
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback),
  );
}

function choiceSchema<const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) {
  const error = `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}`;
  return z.preprocess((value) => {
    const trimmed = blankToUndefined(value);
    return typeof trimmed === "string" ? trimmed.toLowerCase() : trimmed;
  }, z.enum(choices, { error }).default(fallback));
}

/** An on/off setting: `1`, `true`, `yes`, `on` or their opposites in a variable; a boolean in a file. */
function switchSchema(fallback: boolean) {
  const words: ReadonlyMap<string, boolean> = new Map([
    ["1", true],
    ["true", true],
    ["yes", true],
    ["on", true],
    ["0", false],
    ["false", false],
    ["no", false],
    ["off", false],
  ]);
  return z.preprocess(
    (value) => {
      const trimmed = blankToUndefined(value);
      return typeof trimmed === "string" ? (words.get(trimmed.toLowerCase()) ?? trimmed) : trimmed;
    },
    z.boolean({ error: "must be 1 or 0 (true or false)" }).default(fallback),
  );
}

const ORDER_FORMAT = `must be a comma-separated list of providers (${DEFAULT_ORDER.join(", ")})`;

/**
 * Like Seek: unknown and repeated names are dropped with one warning rather than failing the run.
 * An order with no valid name fails closed: falling back to every service would spend on those the
 * order meant to leave out. The keyless stages cannot be listed: they always run last, switched by
 * CORE_SEARCH_KEYLESS.
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
      if (name === undefined || !DEFAULT_ORDER.includes(name) || names.includes(name))
        ignored.push(entry.trim());
      else names.push(name);
    }
    if (names.length === 0) {
      const named = ignored.length > 0 ? ` (${ignored.map(quote).join(", ")})` : "";
      problem(
        ctx,
        `names no known service${named}: list some of ${DEFAULT_ORDER.join(", ")}, or leave it unset`,
      );
      return z.NEVER;
    }
    return { names, ignored };
  })
  .default(() => ({ names: [...DEFAULT_ORDER], ignored: [] }));

/** The warning for an order that was usable but not as written; `{order}` is the variable's name. */
function orderWarnings(order: { names: ProviderName[]; ignored: string[] }): string[] {
  if (order.ignored.length === 0) return [];
  return [
    `{order}: ignored unknown or repeated names ${order.ignored.map(quote).join(", ")} (known: ${DEFAULT_ORDER.join(", ")})`,
  ];
}

const CACHE_TTL_TEXT =
  "must be seconds or a duration such as 90s, 20m or 1h (0 turns the cache off), at most 7d";
const CACHE_TTL_NUMBER = `must be a whole number of milliseconds between 0 and ${MAX_CACHE_TTL_MS}`;

/** Milliseconds as a number, or seconds / a duration (`90s`, `20m`, `1h`, `7d`) as text. */
const cacheTtlSchema = z
  .unknown()
  .transform((value, ctx): number => {
    let ms: number | undefined;
    if (typeof value === "number") {
      ms = value;
    } else if (typeof value === "string") {
      const match = /^(\d+)\s*([smhd]?)$/iu.exec(value.trim());
      if (match?.[1] !== undefined) {
        ms = Number(match[1]) * (DURATION_UNITS_MS.get((match[2] || "s").toLowerCase()) ?? 1000);
      }
    }
    if (ms === undefined || !Number.isSafeInteger(ms) || ms < 0 || ms > MAX_CACHE_TTL_MS) {
      problem(ctx, typeof value === "number" ? CACHE_TTL_NUMBER : CACHE_TTL_TEXT);
      return z.NEVER;
    }
    return ms;
  })
  .default(DEFAULT_CACHE_TTL_MS);

/** Runs kept by default: the last 200, for 30 days. */
export const DEFAULT_RUNS_KEEP = { count: 200, ms: 30 * 86_400_000 } as const;
/** The list of runs is one stored value (at most 1 MiB): a few thousand entries fit. */
const MAX_RUNS_KEPT = 2_000;
const MAX_RUNS_KEEP_MS = 365 * 86_400_000;
const RUNS_KEEP_TEXT = `must be a number of runs (1-${MAX_RUNS_KEPT}), a duration such as 12h or 30d (at most 365d), or both, e.g. "200,30d"`;

/** How many runs to keep and for how long: `200`, `30d`, or both (`200,30d`); what is not said keeps its default. */
const runsKeepSchema = z
  .unknown()
  .transform((value, ctx): { count: number; ms: number } => {
    const keep: { count: number; ms: number } = { ...DEFAULT_RUNS_KEEP };
    // A loaded configuration passed on (configFromObject) holds the numbers already.
    const given = value as { count?: unknown; ms?: unknown } | null;
    if (typeof given === "object" && given !== null && typeof given.count === "number") {
      keep.count = given.count;
      keep.ms = Number(given.ms);
    }
    const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
    const parts = text.split(/[\s,]+/u).filter(Boolean);
    let ok = parts.length <= 2 && (parts.length > 0 || typeof given === "object");
    if (!Number.isSafeInteger(keep.count) || !Number.isSafeInteger(keep.ms) || keep.count < 1 || keep.ms < 1)
      ok = false;
    for (const part of parts) {
      const match = /^(\d+)([smhd]?)$/iu.exec(part);
      const amount = Number(match?.[1]);
      const unit = match?.[2]?.toLowerCase();
      if (!match || !Number.isSafeInteger(amount) || amount < 1) ok = false;
      else if (!unit) keep.count = amount;
      else keep.ms = amount * (DURATION_UNITS_MS.get(unit) ?? 1000);
    }
    if (!ok || keep.count > MAX_RUNS_KEPT || keep.ms > MAX_RUNS_KEEP_MS) {
      problem(ctx, RUNS_KEEP_TEXT);
      return z.NEVER;
    }
    return keep;
  })
  .default({ ...DEFAULT_RUNS_KEEP });

const STATE_DIR_PROBLEM = "must be a directory path";
/** Absolute only: a relative one would put the state wherever each process happens to start. */
const stateDirSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: STATE_DIR_PROBLEM })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte can never be part of a path
    .regex(/^[^\u0000]*$/u, { error: STATE_DIR_PROBLEM, abort: true })
    .refine((dir) => isAbsolute(dir), {
      error: "must be an absolute path (a relative one would depend on where each process starts)",
      abort: true,
    })
    .transform((dir) => resolve(dir)),
);

const TOKEN_PROBLEM =
  "must be at least 16 printable ASCII characters without spaces (e.g. from `openssl rand -hex 32`)";
/** The bearer token `core-search serve` asks every caller for (a secret: never echoed). */
const serverTokenSchema = optional(
  z.string({ error: TOKEN_PROBLEM }).regex(/^[\x21-\x7e]{16,}$/u, { error: TOKEN_PROBLEM, abort: true }),
);

/** The LLM judge needs an address and a model together; a key alone means nothing. */
const llmSchema = z
  .strictObject({ url: httpUrlSchema, model: modelSchema, apiKey: apiKeySchema })
  .default({ url: undefined, model: undefined, apiKey: undefined })
  .superRefine((llm, ctx) => {
    if (llm.url !== undefined && llm.model === undefined) {
      problem(ctx, "is set but {llm.model} is not (the LLM judge needs both)", ["url"]);
    } else if (llm.model !== undefined && llm.url === undefined) {
      problem(ctx, "is set but {llm.url} is not (the LLM judge needs both)", ["model"]);
    } else if (llm.apiKey !== undefined && llm.url === undefined) {
      problem(ctx, "is set but {llm.url} and {llm.model} are not", ["apiKey"]);
    }
  });

/** A strict object with the same schema under each of `names` (all optional). */
function recordOf<const K extends string, S extends z.ZodType>(names: readonly K[], schema: S) {
  const shape = Object.fromEntries(names.map((name) => [name, schema])) as Record<K, S>;
  return z.strictObject(shape).default({} as never);
}

/** A copy without the entries that are undefined (settings that are not set are absent). */
function defined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** `stateDir` is always supplied (its default depends on the environment). */
export const configSchema = z
  .strictObject({
    keys: recordOf<KeyedProviderName, typeof apiKeySchema>(KEYED_PROVIDER_NAMES, apiKeySchema),
    ...(Object.fromEntries(INSTANCE_URL_SETTINGS.map((name) => [name, httpUrlSchema])) as Record<
      InstanceUrlSetting,
      typeof httpUrlSchema
    >),
    baseUrls: recordOf<BaseUrlName, typeof httpUrlSchema>(BASE_URL_NAMES, httpUrlSchema),
    order: orderSchema,
    keyless: choiceSchema(["auto", "off"], "auto"),
    stateDir: stateDirSchema,
    deadlineMs: intSchema(MIN_SETTINGS_DEADLINE_MS, DEADLINE_MS_RANGE.max, DEADLINE_MS_RANGE.default),
    limit: intSchema(LIMIT_RANGE.min, LIMIT_RANGE.max, LIMIT_RANGE.default),
    llm: llmSchema,
    /** `auto`: an MCP client that offers sampling judges the stances with its own model. */
    sampling: choiceSchema(["auto", "off"], "auto"),
    redisUrl: redisUrlSchema,
    /** Outgoing proxy (HTTP_PROXY / HTTPS_PROXY / NO_PROXY, either case), honoured by every request. */
    proxy: z
      .strictObject({ http: proxyUrlSchema, https: proxyUrlSchema, noProxy: z.string().optional() })
      .default({}),
    cacheTtlMs: cacheTtlSchema,
    budget: budgetSchema,
    /** Request rates per service, over the registry's documented defaults. */
    rates: rateSchema,
    logLevel: choiceSchema(LOG_LEVELS, "silent"),
    /** `off`: no run is kept (no `runId`, nothing for `runs`, `show` or `rejudge`). */
    runs: choiceSchema(["on", "off"], "on"),
    /** How many runs are kept and for how long (the older ones are removed). */
    runsKeep: runsKeepSchema,
    /** Lets `read` fetch loopback, private and link-local addresses (intranets, tests); off by default. */
    allowPrivateAddresses: switchSchema(false),
    /** `core-search serve`: the bearer token every request but GET /healthz must carry; none by default. */
    server: z.strictObject({ token: serverTokenSchema }).default({ token: undefined }),
  })
  .transform(({ order, ...settings }) => ({
    ...defined(settings),
    keys: defined(settings.keys),
    baseUrls: defined(settings.baseUrls),
    llm: defined(settings.llm),
    proxy: defined(settings.proxy),
    server: defined(settings.server),
    order: order.names,
    /** Settings that were usable but not as written (e.g. unknown names dropped from the order). */
    warnings: orderWarnings(order),
  }));
