import type { Dispatcher } from "undici";
import type { Config } from "../config.js";
import { ConfigError } from "../errors.js";
import {
  createFileEngineHealthStore,
  createMemoryEngineHealthStore,
  type EngineHealthStore,
  instanceKey,
} from "../health/engine-health.js";
import { createHttpClient, proxyDispatcher } from "../http/http-client.js";
import { createProviders } from "../providers/create-providers.js";
import type { SearchProvider } from "../providers/search-provider.js";
import type { SearxngProvider } from "../providers/searxng.js";
import { limitInFlight, MAX_IN_FLIGHT } from "./concurrency.js";
import { createFilePauseStore, createMemoryPauseStore, type PauseStore } from "./pause-store.js";

export interface ChainSetup {
  chain: SearchProvider[];
  searxng: SearxngProvider | undefined;
  pauses: PauseStore;
  /** What is known about the SearXNG instance's engines, and its key in that store. */
  health: EngineHealthStore;
  instance: string;
}

/**
 * The stages and their shared state for one `corroborate` or `search`: every call of it shares the
 * same providers, HTTP connections and pause store. Throws only when no stage can ever answer.
 */
export function setUpChain(
  config: Config,
  options: { dispatcher?: Dispatcher | undefined; providers?: readonly SearchProvider[] | undefined },
): ChainSetup {
  const dispatcher = options.dispatcher ?? proxyDispatcher(config.proxy);
  const http = createHttpClient(dispatcher ? { dispatcher } : {});
  const built = options.providers ? undefined : createProviders(config, http);
  const chain = options.providers ? [...options.providers] : (built?.chain ?? []);
  if (!chain.some((p) => p.configured)) {
    throw new ConfigError(
      [
        "no stage configured: set SEARXNG_URL to a SearXNG instance, an API key (EXA_API_KEY, BRAVE_SEARCH_API_KEY, TAVILY_API_KEY, …), or leave CORE_SEARCH_KEYLESS at auto with exa or parallel in the order",
      ],
      { code: "NOTHING_CONFIGURED" },
    );
  }
  // Injected providers (tests, embedding) get their own pause memory, not the user's state.
  const pauses = options.providers ? createMemoryPauseStore() : createFilePauseStore(config.stateDir);
  const health = options.providers
    ? createMemoryEngineHealthStore()
    : createFileEngineHealthStore(config.stateDir);
  const limited = chain.map((provider) => limitInFlight(provider, MAX_IN_FLIGHT[provider.name]));
  return {
    chain: limited,
    searxng: built?.searxng,
    pauses,
    health,
    instance: instanceKey(config.searxngUrl ?? ""),
  };
}
