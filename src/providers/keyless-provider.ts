import { ProviderError } from "../errors.js";
import type { HttpClient } from "../http/http-client.js";
import { createMcpClient, keylessEndpoint, type McpClient } from "./keyless-mcp.js";
import { providerRow } from "./registry.js";
import type { ProviderName, SearchProvider, SearchRequest, SearchResponse } from "./search-provider.js";

/** The settings every keyless stage takes. */
export interface KeylessSettings {
  /** Endpoint override (`EXA_MCP_URL`, `PARALLEL_MCP_URL`); the documented address otherwise. */
  url?: string | undefined;
  http: HttpClient;
  timeoutMs?: number | undefined;
  /** Decided by the caller: only when the vendor has no key and keyless search is not switched off. */
  enabled: boolean;
}

const DEFAULT_TIMEOUT_MS = 12_000;

/** The shell of a keyless stage: one MCP client for the vendor's free endpoint, off unless enabled. */
export function createKeylessProvider(
  name: ProviderName,
  settings: KeylessSettings,
  documentedUrl: string,
  search: (request: SearchRequest, client: McpClient) => Promise<SearchResponse>,
): SearchProvider {
  const { label, keylessOf } = providerRow(name);
  const keyVariable = keylessOf === undefined ? undefined : providerRow(keylessOf).keyVariable;
  const client = createMcpClient({
    http: settings.http,
    provider: name,
    label,
    url: keylessEndpoint(settings.url, documentedUrl),
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // How to get past the free tier, added to rate-limit messages.
    ...(keyVariable === undefined ? {} : { keyHint: `set ${keyVariable} to use the keyed API` }),
  });
  return {
    name,
    configured: settings.enabled,
    async search(request) {
      if (!settings.enabled) {
        throw new ProviderError(`${label} keyless search is not enabled`, {
          provider: name,
          outcome: "no_key",
        });
      }
      return search(request, client);
    },
  };
}
