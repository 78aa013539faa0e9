import type { Config } from "../config/config.js";
import type { HttpClient } from "../http/http-client.js";
import { PROVIDER_ROWS, type ProviderAccess, type ProviderRow } from "./registry.js";
import type { ProviderName, SearchProvider } from "./search-provider.js";
import type { SearxngProvider } from "./searxng.js";

export interface ProviderSet {
  /** The stages in fallback order: the configured order, then the keyless tier. */
  chain: SearchProvider[];
  searxng: SearxngProvider | undefined;
}

/** A setting by its registry path ("baseUrls.exaMcp", "searxngUrl"). */
function settingAt(config: Config, path: string): string | undefined {
  let node: unknown = config;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === "string" ? node : undefined;
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
    address: row.address === undefined ? undefined : settingAt(config, row.address.setting),
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
  const chain = stages.map((row) => row.create(accessFor(config, row, http)));
  const searxng = chain.find((p): p is SearxngProvider => p.name === "searxng");
  return { chain, searxng };
}
