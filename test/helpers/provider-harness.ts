/** Shared pieces of the provider contract tests. */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ProviderError } from "../../src/errors.js";
import type { ProviderName, SearchProvider, SearchRequest } from "../../src/providers/search-provider.js";

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

/** A contract fixture of test/fixtures/providers (request, response and error samples). */
export function providerFixture<T>(name: string): T {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/providers/${name}.json`, import.meta.url), "utf8"),
  ) as T;
}

/** What `transportContract` needs of one provider's test file. */
export interface TransportSubject {
  name: ProviderName;
  /** One mocked search request of this provider (a MockAgent interceptor). */
  intercept: () => { reply(status: number, body: string | object): { delay(ms: number): unknown } };
  provider: (settings?: { timeoutMs?: number; apiKey?: string | undefined }) => SearchProvider;
  request: (overrides?: Partial<SearchRequest>) => SearchRequest;
  /** A valid reply with no results, in this vendor's shape. */
  emptyBody: object;
  /** A reply over the 5 MiB cap, in this vendor's shape. */
  oversizedBody: string;
}

/**
 * The transport and key cases every keyed vendor answers the same way: an oversized body, a slow
 * reply, an aborting caller, and no key at all.
 */
export function transportContract(subject: TransportSubject): void {
  const { intercept, provider, request } = subject;
  it("stops reading an oversized body", async () => {
    intercept().reply(200, subject.oversizedBody);
    expect((await providerFailure(provider().search(request()))).outcome).toBe("too_large");
  });

  it("times out a slow reply", async () => {
    intercept().reply(200, subject.emptyBody).delay(1_000);
    const error = await providerFailure(provider({ timeoutMs: 50 }).search(request()));
    expect(error.outcome).toBe("timeout");
  });

  it("stops when the caller aborts", async () => {
    intercept().reply(200, subject.emptyBody).delay(1_000);
    const controller = new AbortController();
    const pending = providerFailure(provider().search(request({ signal: controller.signal })));
    setTimeout(() => controller.abort(), 20);
    expect((await pending).outcome).toBe("aborted");
  });

  it.each([
    ["no key", undefined],
    ["an empty key", ""],
  ])("is unconfigured with %s and sends nothing", async (_name, apiKey) => {
    const unconfigured = provider({ apiKey });
    expect(unconfigured.name).toBe(subject.name);
    expect(unconfigured.configured).toBe(false);
    expect((await providerFailure(unconfigured.search(request()))).outcome).toBe("no_key");
  });

  it("is configured with a key", () => {
    expect(provider().configured).toBe(true);
  });
}
