import type { Config } from "../config/config.js";
import { PROVIDER_NAMES, type ProviderName, type SearchOption } from "./search-provider.js";

export interface ProviderRow {
  /** Human name for messages: "Exa", "You.com". */
  label: string;
  /** The API key's environment variable; the key is the setting `keys.<name>`. */
  keyVariable?: string;
  /**
   * The address: its environment variable and the setting it fills. For keyed vendors it overrides
   * the documented endpoint; for self-hosted services it is what configures them.
   */
  address?: { variable: string; setting: `baseUrls.${string}` | "searxngUrl" | "degoogUrl" };
  /** A keyless stage: the keyed vendor whose free endpoint it is (runs only when that vendor has no key). */
  keylessOf?: ProviderName;
  /**
   * The service's documented request rate: the default of `CORE_SEARCH_RATE`. None for self-hosted
   * services (they take what their host can) and for vendors that document none.
   */
  rate?: Rate;
  /** Where the rate comes from, for `doctor` and the docs ("free plan", "development keys"). */
  rateSource?: string;
  /** Named first where a message suggests a key to set. */
  suggested?: boolean;
  /**
   * The request options the service's own API applies (each provider file maps them to its
   * parameters). The chain warns of the others, drops results outside the domains asked for, and
   * passes over a service that cannot page when a later page is asked.
   */
  options: readonly SearchOption[];
}

/** At most `count` requests per second or minute, a whole period's worth allowed at once. */
export interface Rate {
  count: number;
  per: "second" | "minute";
}

/**
 * One row per search service: every fact about a provider that other modules need (settings,
 * doctor, hints, help, the chain's limits) is derived from here. The default order is the order of
 * `PROVIDER_NAMES`. The factories live apart (`create-providers.ts`): help, hints and settings read
 * these rows without loading any vendor module or zod, which keeps `--help` and `plan` starting fast.
 */
export const PROVIDERS = {
  searxng: {
    label: "SearXNG",
    address: { variable: "SEARXNG_URL", setting: "searxngUrl" },
    options: ["language", "safeSearch", "page"],
  },
  exa: {
    label: "Exa",
    keyVariable: "EXA_API_KEY",
    suggested: true,
    address: { variable: "EXA_BASE_URL", setting: "baseUrls.exa" },
    rate: { count: 10, per: "second" },
    rateSource: "the default for /search",
    options: ["safeSearch", "domains"],
  },
  parallel: {
    label: "Parallel",
    keyVariable: "PARALLEL_API_KEY",
    address: { variable: "PARALLEL_BASE_URL", setting: "baseUrls.parallel" },
    rate: { count: 600, per: "minute" },
    rateSource: "the default for Search",
    options: ["domains"],
  },
  brave: {
    label: "Brave",
    keyVariable: "BRAVE_SEARCH_API_KEY",
    suggested: true,
    address: { variable: "BRAVE_SEARCH_BASE_URL", setting: "baseUrls.brave" },
    rate: { count: 1, per: "second" },
    rateSource: "the free plan",
    options: ["language", "safeSearch", "page", "domains"],
  },
  nimble: {
    label: "Nimble",
    keyVariable: "NIMBLE_API_KEY",
    address: { variable: "NIMBLE_BASE_URL", setting: "baseUrls.nimble" },
    rate: { count: 5000, per: "minute" },
    rateSource: "the default per key",
    options: ["language", "domains"],
  },
  tavily: {
    label: "Tavily",
    keyVariable: "TAVILY_API_KEY",
    suggested: true,
    address: { variable: "TAVILY_BASE_URL", setting: "baseUrls.tavily" },
    rate: { count: 100, per: "minute" },
    rateSource: "development keys",
    options: ["domains"],
  },
  youcom: {
    label: "You.com",
    keyVariable: "YDC_API_KEY",
    address: { variable: "YDC_BASE_URL", setting: "baseUrls.youcom" },
    options: ["language", "safeSearch", "page", "domains"],
  },
  degoog: {
    label: "Degoog",
    address: { variable: "DEGOOG_URL", setting: "degoogUrl" },
    options: ["language", "page"],
  },
  firecrawl: {
    label: "Firecrawl",
    keyVariable: "FIRECRAWL_API_KEY",
    address: { variable: "FIRECRAWL_API_URL", setting: "baseUrls.firecrawl" },
    rate: { count: 10, per: "minute" },
    rateSource: "searches on the free plan",
    options: ["language", "safeSearch", "domains"],
  },
  "exa-mcp": {
    label: "Exa MCP",
    address: { variable: "EXA_MCP_URL", setting: "baseUrls.exaMcp" },
    keylessOf: "exa",
    rate: { count: 2, per: "second" },
    rateSource: "the free tier, per address, with 50 a day",
    options: [],
  },
  "parallel-mcp": {
    label: "Parallel MCP",
    address: { variable: "PARALLEL_MCP_URL", setting: "baseUrls.parallelMcp" },
    keylessOf: "parallel",
    options: [],
  },
} as const satisfies Record<ProviderName, ProviderRow>;

type Rows = typeof PROVIDERS;

/** Providers that take an API key (`keys.<name>` in the settings). */
export type KeyedProviderName = {
  [N in ProviderName]: Rows[N] extends { keyVariable: string } ? N : never;
}[ProviderName];

type AddressSetting = Rows[ProviderName]["address"]["setting"];
/** The endpoint overrides under `baseUrls` (`exa`, `exaMcp`, …). */
export type BaseUrlName = BaseUrlOf<AddressSetting>;
type BaseUrlOf<S> = S extends `baseUrls.${infer N}` ? N : never;
/** Self-hosted services' addresses, top-level settings. */
export type InstanceUrlSetting = Exclude<AddressSetting, `baseUrls.${string}`>;

export function providerRow(name: ProviderName): ProviderRow {
  return PROVIDERS[name];
}

/** Every provider in the default order, with its row. */
export const PROVIDER_ROWS: readonly (ProviderRow & { name: ProviderName })[] = PROVIDER_NAMES.map(
  (name) => ({ name, ...providerRow(name) }),
);

export const KEYED_PROVIDER_NAMES = PROVIDER_ROWS.flatMap((row) =>
  row.keyVariable === undefined ? [] : [row.name as KeyedProviderName],
);

export const BASE_URL_NAMES = PROVIDER_ROWS.flatMap((row) =>
  row.address?.setting.startsWith("baseUrls.") ? [row.address.setting.slice(9) as BaseUrlName] : [],
);

export const INSTANCE_URL_SETTINGS = PROVIDER_ROWS.flatMap((row) =>
  row.address === undefined || row.address.setting.startsWith("baseUrls.")
    ? []
    : [row.address.setting as InstanceUrlSetting],
);

/** The stages a user can order: every provider but the keyless tier, which always runs last. */
export const ORDERABLE_PROVIDERS: readonly ProviderName[] = PROVIDER_ROWS.flatMap((row) =>
  row.keylessOf === undefined ? [row.name] : [],
);

/** The address set for a stage (`SEARXNG_URL`, `EXA_BASE_URL`, …), undefined for its documented endpoint. */
export function stageAddress(
  config: Pick<Config, "baseUrls" | InstanceUrlSetting>,
  name: ProviderName,
): string | undefined {
  const setting = providerRow(name).address?.setting;
  if (setting === undefined) return undefined;
  const address = setting.startsWith("baseUrls.")
    ? (config.baseUrls as Partial<Record<string, string>>)[setting.slice(9)]
    : config[setting as InstanceUrlSetting];
  return typeof address === "string" ? address : undefined;
}

/** What a stage lacks when it is not configured: its key variable, else its address variable. */
export function missingSetting(name: ProviderName): string {
  const row = providerRow(name);
  return row.keyVariable ?? row.address?.variable ?? name;
}

/** The key variables, for hints and help ("EXA_API_KEY, PARALLEL_API_KEY, …"). */
export const KEY_VARIABLES: readonly string[] = PROVIDER_ROWS.flatMap((row) =>
  row.keyVariable === undefined ? [] : [row.keyVariable],
);

/** The variable of a self-hosted service's address ("SEARXNG_URL"). */
export function addressVariable(name: ProviderName): string {
  return providerRow(name).address?.variable ?? name;
}

/** The keys named first where a message suggests one (a vendor with a free tier or a wide index). */
export const SUGGESTED_KEYS: readonly string[] = PROVIDER_ROWS.flatMap((row) =>
  row.suggested && row.keyVariable !== undefined ? [row.keyVariable] : [],
);

/**
 * What to set so that a search service can answer, for the MCP and HTTP interfaces:
 * "SEARXNG_URL or an API key such as EXA_API_KEY", or with `keys` > 1 and `instance`,
 * "SEARXNG_URL to a SearXNG instance or an API key such as EXA_API_KEY, BRAVE_SEARCH_API_KEY or TAVILY_API_KEY".
 */
export function settingsToConfigure(options: { keys: number; instance: boolean }): string {
  const keys = SUGGESTED_KEYS.slice(0, Math.max(1, options.keys));
  const listed = keys.length > 1 ? `${keys.slice(0, -1).join(", ")} or ${keys.at(-1)}` : (keys[0] ?? "");
  const instance = options.instance ? ` to a ${PROVIDERS.searxng.label} instance` : "";
  return `${addressVariable("searxng")}${instance} or an API key such as ${listed}`;
}

/**
 * The chain's services in order for `--help`, wrapped to the help text's width: "SearXNG
 * (SEARXNG_URL), then Exa, Parallel, …, then the keyless Exa and Parallel endpoints …".
 */
export function searchServicesHelp(): string {
  const keyed = ORDERABLE_PROVIDERS.filter((name) => name !== "searxng").map((name) => PROVIDERS[name].label);
  const keyless = PROVIDER_ROWS.flatMap((row) => (row.keylessOf ? [providerRow(row.keylessOf).label] : []));
  const text =
    `Search services, tried in order until one answers: ${PROVIDERS.searxng.label} (${addressVariable("searxng")}), ` +
    `then ${keyed.join(", ")} (their API keys / address), then the keyless ${keyless.join(" and ")} ` +
    "endpoints for vendors without a key (CORE_SEARCH_KEYLESS=off turns them off).";
  return wrapWords(text, 102);
}

function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line].join("\n");
}
