import { randomUUID } from "node:crypto";
import { ProviderError } from "../errors.js";
import type { HttpClient } from "../http/http-client.js";
import { createMcpClient, type McpClient } from "./keyless-mcp.js";
import { providerRow } from "./registry.js";
import type { ProviderName, SearchProvider, SearchRequest, SearchResponse } from "./search-provider.js";
import { endpoint } from "./vendor-request.js";

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
    keyHint: keyVariable === undefined ? undefined : `set ${keyVariable} to use the keyed API`,
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

let processSessionId: string | undefined;

/**
 * A random id for tools that group free-tier requests by session (Parallel's `session_id`): made
 * once per process, never stored, derived from nothing about the user or the machine.
 */
export function keylessSessionId(): string {
  processSessionId ??= `core-search-${randomUUID()}`;
  return processSessionId;
}

/**
 * The endpoint for an override such as `EXA_MCP_URL`: like every base-URL override it replaces
 * scheme, host and optional path prefix and the documented path (`/mcp`) is appended — unless the
 * override already ends with that path, since these variables are often set to the full address.
 */
export function keylessEndpoint(override: string | undefined, documented: string): string {
  const documentedUrl = new URL(documented);
  if (override === undefined || override.trim() === "") return documented;
  const path = documentedUrl.pathname;
  let url: URL;
  try {
    url = new URL(override.trim());
  } catch {
    // Left for the HTTP client to reject (without echoing the address).
    return endpoint(override.trim(), documentedUrl.origin, path);
  }
  const prefix = url.pathname.replace(/\/+$/, "");
  url.pathname = prefix.endsWith(path) ? prefix : `${prefix}${path}`;
  return url.toString();
}
