import type { Config } from "../config.js";
import type { HttpClient } from "../http/http-client.js";
import { createBraveProvider } from "./brave.js";
import { createDegoogProvider } from "./degoog.js";
import { createExaProvider } from "./exa.js";
import { createExaMcpProvider } from "./exa-mcp.js";
import { createFirecrawlProvider } from "./firecrawl.js";
import { createNimbleProvider } from "./nimble.js";
import { createParallelProvider } from "./parallel.js";
import { createParallelMcpProvider } from "./parallel-mcp.js";
import type { ProviderName, SearchProvider } from "./search-provider.js";
import { createSearxngProvider, type SearxngProvider } from "./searxng.js";
import { createTavilyProvider } from "./tavily.js";
import { createYoucomProvider } from "./youcom.js";

export interface ProviderSet {
  /** The stages in fallback order: the configured order, then the keyless tier. */
  chain: SearchProvider[];
  searxng: SearxngProvider | undefined;
}

type KeyedName = keyof Config["keys"];

/** `{ apiKey, baseUrl }` for a keyed vendor, leaving out what is not set. */
function access(config: Config, name: KeyedName): { apiKey?: string; baseUrl?: string } {
  const apiKey = config.keys[name];
  const baseUrl = config.baseUrls[name];
  return { ...(apiKey === undefined ? {} : { apiKey }), ...(baseUrl === undefined ? {} : { baseUrl }) };
}

const FACTORIES: Record<
  Exclude<ProviderName, "exa-mcp" | "parallel-mcp">,
  (c: Config, http: HttpClient) => SearchProvider
> = {
  searxng: (c, http) => createSearxngProvider({ url: c.searxngUrl, http }),
  exa: (c, http) => createExaProvider({ ...access(c, "exa"), http }),
  parallel: (c, http) => createParallelProvider({ ...access(c, "parallel"), http }),
  brave: (c, http) => createBraveProvider({ ...access(c, "brave"), http }),
  nimble: (c, http) => createNimbleProvider({ ...access(c, "nimble"), http }),
  tavily: (c, http) => createTavilyProvider({ ...access(c, "tavily"), http }),
  youcom: (c, http) => createYoucomProvider({ ...access(c, "youcom"), http }),
  degoog: (c, http) => createDegoogProvider({ url: c.degoogUrl, http }),
  firecrawl: (c, http) => createFirecrawlProvider({ ...access(c, "firecrawl"), http }),
};

/**
 * The stages of the chain. The keyless tier runs strictly last and only for a vendor that is in the
 * order and has no key: a keyed vendor whose quota ran out is never rerouted to its free tier, and
 * `CORE_SEARCH_KEYLESS=off` leaves the tier out entirely.
 */
export function createProviders(config: Config, http: HttpClient): ProviderSet {
  const chain = config.order.flatMap((name) =>
    name === "exa-mcp" || name === "parallel-mcp" ? [] : [FACTORIES[name](config, http)],
  );
  const keyless = config.keyless === "auto";
  const keylessFor = (vendor: "exa" | "parallel") =>
    keyless && config.order.includes(vendor) && config.keys[vendor] === undefined;
  chain.push(
    createExaMcpProvider({
      ...(config.baseUrls.exaMcp === undefined ? {} : { url: config.baseUrls.exaMcp }),
      http,
      enabled: keylessFor("exa"),
    }),
    createParallelMcpProvider({
      ...(config.baseUrls.parallelMcp === undefined ? {} : { url: config.baseUrls.parallelMcp }),
      http,
      enabled: keylessFor("parallel"),
    }),
  );
  const searxng = chain.find((p): p is SearxngProvider => p.name === "searxng");
  return { chain, searxng };
}
