import type { z } from "zod";
import type { HttpClient } from "../http/http-client.js";
import { missingSetting, providerRow } from "./registry.js";
import type { ProviderName, SearchProvider, SearchRequest, SearchResponse } from "./search-provider.js";
import { endpoint, notConfigured, parseReply, requestJson, type VendorCall } from "./vendor-request.js";

/** The settings every API vendor takes (its own file may add a clock or a size). */
export interface KeyedProviderSettings {
  apiKey?: string | undefined;
  /** Replaces scheme, host and optional path prefix of the documented endpoint (the row's address variable). */
  baseUrl?: string | undefined;
  http: HttpClient;
  timeoutMs?: number | undefined;
}

/** One request to the vendor, as its file describes it; the shell adds address, key, timeout and signal. */
export type VendorRequest = Pick<VendorCall, "method" | "query" | "json" | "errorCode" | "quotaCodes"> & {
  path: string;
};

/** What a vendor's search gets from the shell. */
export interface VendorContext {
  /** The key, already checked to be set (for vendors that read it, e.g. to drop a message quoting it). */
  apiKey: string;
  send(request: VendorRequest): Promise<unknown>;
  /** A 2xx reply read through the vendor's private schema (any other shape is a `bad_response`). */
  parse<T>(schema: z.ZodType<T>, reply: unknown): T;
}

/** The vendor-specific part of a provider: where it lives, how the key is sent, and the search. */
export interface Vendor {
  /** The documented endpoint's scheme and host; absent for self-hosted services, whose address is required. */
  documentedBase?: string;
  /** The headers that carry the key; absent for services that take no key. */
  auth?: (apiKey: string) => Record<string, string>;
  search(request: SearchRequest, vendor: VendorContext): Promise<SearchResponse>;
}

const DEFAULT_TIMEOUT_MS = 12_000;

/** `Authorization: Bearer <key>`, the most common way a vendor takes its key. */
export function bearer(apiKey: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}` };
}

/**
 * The shell every API vendor shares: configured when its key (and address) is set, a `no_key`
 * attempt when not, and each request sent through the one HTTP client with the vendor's name on it.
 */
export function createKeyedProvider(
  name: ProviderName,
  settings: KeyedProviderSettings,
  vendor: Vendor,
): SearchProvider {
  const { label } = providerRow(name);
  const apiKey = vendor.auth ? settings.apiKey?.trim() || undefined : "";
  const base = settings.baseUrl?.trim() || vendor.documentedBase;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const configured = apiKey !== undefined && base !== undefined;

  return {
    name,
    configured,
    async search(request) {
      if (apiKey === undefined || base === undefined) throw notConfigured(name, label, missingSetting(name));
      const auth = vendor.auth?.(apiKey) ?? {};
      return vendor.search(request, {
        apiKey,
        send: ({ path, ...call }) =>
          requestJson({
            ...call,
            http: settings.http,
            provider: name,
            label,
            url: endpoint(undefined, base, path),
            headers: { ...auth, accept: "application/json" },
            timeoutMs,
            signal: request.signal,
          }),
        parse: (schema, reply) => parseReply(schema, reply, name, label),
      });
    },
  };
}
