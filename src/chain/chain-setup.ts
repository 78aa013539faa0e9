import type { Dispatcher } from "undici";
import type { Config } from "../config/config.js";
import { ConfigError } from "../errors.js";
import { createEngineHealthStore, type EngineHealthStore, instanceKey } from "../health/engine-health.js";
import { createHttpClient, proxyDispatcher } from "../http/http-client.js";
import { createProviders } from "../providers/create-providers.js";
import { addressVariable, SUGGESTED_KEYS } from "../providers/registry.js";
import type { SearchProvider } from "../providers/search-provider.js";
import type { SearxngProvider } from "../providers/searxng.js";
import { createMemoryStore } from "../state/memory-store.js";
import { openStateStore } from "../state/open-state-store.js";
import type { StateStore } from "../state/state-store.js";
import { createResultCache, type ResultCache } from "./result-cache.js";
import { createStageState, type StageStores } from "./stage-gate.js";

export interface ChainSetup {
  chain: SearchProvider[];
  searxng: SearxngProvider | undefined;
  /** What is known about the SearXNG instance's engines, and its key in that store. */
  health: EngineHealthStore;
  instance: string;
  /** The shared state behind pauses and health (its warnings go in the report's notes). */
  state: StateStore;
  /** What every `runChain` of this setup shares, kept in `state`. */
  shared: StageStores & {
    /** Fresh answers to the same request; undefined when the cache is off or bypassed. */
    cache: ResultCache | undefined;
  };
  /** Closes the state store when this setup opened it; a store the caller passed in stays open. */
  close(): Promise<void>;
}

/**
 * The stages and their shared state for one `corroborate` or `search`: every call of it shares the
 * same providers, HTTP connections and pause store. Throws only when no stage can ever answer.
 */
export function setUpChain(
  config: Config,
  options: {
    dispatcher?: Dispatcher | undefined;
    providers?: readonly SearchProvider[] | undefined;
    /** A state store shared by many calls (servers); by default each call opens and closes its own. */
    state?: StateStore | undefined;
    /** False: do not read cached answers (fresh ones are still stored). */
    cache?: boolean | undefined;
  },
): ChainSetup {
  const dispatcher = options.dispatcher ?? proxyDispatcher(config.proxy);
  const http = createHttpClient({ dispatcher });
  const built = options.providers ? undefined : createProviders(config, http);
  const chain = options.providers ? [...options.providers] : (built?.chain ?? []);
  if (!chain.some((p) => p.configured)) {
    throw new ConfigError(
      [
        `no stage configured: set ${addressVariable("searxng")} to a SearXNG instance, an API key (${SUGGESTED_KEYS.join(", ")}, …), or leave CORE_SEARCH_KEYLESS at auto with exa or parallel in the order`,
      ],
      { code: "NOTHING_CONFIGURED" },
    );
  }
  // Injected providers (tests, embedding) get state of their own, not the user's.
  const owned = options.state === undefined;
  const state = options.state ?? (options.providers ? createMemoryStore() : openStateStore(config));
  const cache =
    config.cacheTtlMs > 0
      ? cacheFor(state, config.cacheTtlMs, cacheScope(config), options.cache !== false)
      : undefined;
  const stages = createStageState(state, config);
  return {
    chain,
    searxng: built?.searxng,
    health: createEngineHealthStore(state),
    instance: instanceKey(config.searxngUrl ?? ""),
    state,
    shared: { ...stages, cache },
    close: async () => {
      await cache?.flush();
      if (!owned) return;
      // A rate's background top-up finishes on the store it started on.
      await stages.rates.settled();
      await state.close();
    },
  };
}

/** With reading bypassed (`--no-cache`), answers are still stored for the next caller. */
function cacheFor(state: StateStore, ttlMs: number, scope: string, read: boolean): ResultCache {
  const cache = createResultCache(state, ttlMs, { scope });
  return read ? cache : { ...cache, get: async () => undefined };
}

/** The services behind the answers — order and self-hosted addresses, never keys or credentials. */
function cacheScope(config: Config): string {
  const hosts = [config.searxngUrl, config.degoogUrl].map((url) => instanceKey(url ?? ""));
  return [config.order.join(","), ...hosts].join("|");
}
