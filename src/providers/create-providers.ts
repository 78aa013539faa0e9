import type { Config } from "../config.js";
import type { HttpClient } from "../http/http-client.js";
import type { ProviderName, SearchProvider } from "./search-provider.js";
import { createSearxngProvider, type SearxngProvider } from "./searxng.js";

export interface ProviderSet {
  /** In fallback order (the configured ORDER, limited to the services this build has clients for). */
  chain: SearchProvider[];
  searxng: SearxngProvider | undefined;
}

type Factory = (config: Config, http: HttpClient) => SearchProvider;

const FACTORIES: Partial<Record<ProviderName, Factory>> = {
  searxng: (config, http) => createSearxngProvider({ url: config.searxngUrl, http }),
};

export function createProviders(config: Config, http: HttpClient): ProviderSet {
  const chain: SearchProvider[] = [];
  for (const name of config.order) {
    const factory = FACTORIES[name];
    if (factory) chain.push(factory(config, http));
  }
  const searxng = chain.find((p): p is SearxngProvider => p.name === "searxng");
  return { chain, searxng };
}
