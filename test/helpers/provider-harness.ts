/** Shared pieces of the provider contract tests. */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { ProviderError } from "../../src/errors.js";
import type { SearchRequest } from "../../src/providers/search-provider.js";

/** A search request for `query` with the defaults every provider test starts from. */
export function searchRequest(query: string, overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    query,
    categories: ["general"],
    engines: [],
    timeRange: null,
    limit: 10,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** The ProviderError a search rejected with (failing the test if it resolved or threw anything else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Everything an error exposes, to look for a key in. */
export function exposedText(error: ProviderError): string {
  const cause = error.cause as { message?: unknown } | undefined;
  return JSON.stringify([error.message, error.stack, error.vendorCode, cause?.message]);
}

/** A contract fixture from ../shared/reference/providers (request, response and error samples). */
export function providerFixture<T>(name: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../../shared/reference/providers/${name}.json`, import.meta.url), "utf8"),
  ) as T;
}
