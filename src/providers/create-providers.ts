import type { Config } from "../config/config.js";
import type { HttpClient } from "../http/http-client.js";
import { createBraveProvider } from "./brave.js";
import { createDegoogProvider } from "./degoog.js";
import { createExaProvider } from "./exa.js";
import { createExaMcpProvider } from "./exa-mcp.js";
import { createFirecrawlProvider } from "./firecrawl.js";
import { createNimbleProvider } from "./nimble.js";
import { createParallelProvider } from "./parallel.js";
import { createParallelMcpProvider } from "./parallel-mcp.js";
import { PROVIDER_ROWS, type ProviderRow, stageAddress } from "./registry.js";
import type { ProviderName, SearchProvider } from "./search-provider.js";
import { createSearxngProvider, type SearxngProvider } from "./searxng.js";
import { createTavilyProvider } from "./tavily.js";
import { createYoucomProvider } from "./youcom.js";

/** What a provider is built from: its key and address as set, and whether its keyless tier is on. */
export interface ProviderAccess {
  apiKey: string | undefined;
  address: string | undefined;
  /** Keyless stages only: on when their vendor has no key and keyless search is allowed. */
  keyless: boolean;
  http: HttpClient;
}

/** How each registry row's provider is built: one line per row, kept apart so reading the rows loads no vendor. */
export const PROVIDER_FACTORIES = {
  searxng: ({ address, http }) => createSearxngProvider({ url: address, http }),
  exa: ({ apiKey, address, http }) => createExaProvider({ apiKey, baseUrl: address, http }),
  parallel: ({ apiKey, address, http }) => createParallelProvider({ apiKey, baseUrl: address, http }),
  brave: ({ apiKey, address, http }) => createBraveProvider({ apiKey, baseUrl: address, http }),
  nimble: ({ apiKey, address, http }) => createNimbleProvider({ apiKey, baseUrl: address, http }),
  tavily: ({ apiKey, address, http }) => createTavilyProvider({ apiKey, baseUrl: address, http }),
  youcom: ({ apiKey, address, http }) => createYoucomProvider({ apiKey, baseUrl: address, http }),
  degoog: ({ address, http }) => createDegoogProvider({ url: address, http }),
  firecrawl: ({ apiKey, address, http }) => createFirecrawlProvider({ apiKey, baseUrl: address, http }),
  "exa-mcp": ({ address, http, keyless }) => createExaMcpProvider({ url: address, http, enabled: keyless }),
  "parallel-mcp": ({ address, http, keyless }) =>
    createParallelMcpProvider({ url: address, http, enabled: keyless }),
} as const satisfies Record<ProviderName, (access: ProviderAccess) => SearchProvider>;

export interface ProviderSet {
  /** The stages in fallback order: the configured order, then the keyless tier. */
  chain: SearchProvider[];
  searxng: SearxngProvider | undefined;
}

function keyOf(config: Config, name: ProviderName): string | undefined {
  return (config.keys as Partial<Record<ProviderName, string>>)[name];
}

function accessFor(
  config: Config,
  row: ProviderRow & { name: ProviderName },
  http: HttpClient,
): ProviderAccess {
  const vendor = row.keylessOf;
  return {
    // A keyless stage never sends its vendor's key.
    apiKey: vendor === undefined ? keyOf(config, row.name) : undefined,
    address: stageAddress(config, row.name),
    // The keyless tier runs only for a vendor that is in the order and has no key: a keyed vendor
    // whose quota ran out is never rerouted to its free tier.
    keyless:
      vendor !== undefined &&
      config.keyless === "auto" &&
      config.order.includes(vendor) &&
      keyOf(config, vendor) === undefined,
    http,
  };
}

/**
 * The stages of the chain: the configured order, then the keyless tier, strictly last
 * (`CORE_SEARCH_KEYLESS=off` leaves it switched off).
 */
export function createProviders(config: Config, http: HttpClient): ProviderSet {
  const ordered = config.order.flatMap((name) => PROVIDER_ROWS.filter((row) => row.name === name));
  const stages = [
    ...ordered.filter((row) => row.keylessOf === undefined),
    ...PROVIDER_ROWS.filter((row) => row.keylessOf !== undefined),
  ];
  const chain = stages.map((row) => PROVIDER_FACTORIES[row.name](accessFor(config, row, http)));
  const searxng = chain.find((p): p is SearxngProvider => p.name === "searxng");
  return { chain, searxng };
}
