/** Shared pieces of the provider contract tests. */
import { readFileSync } from "node:fs";
import { MockAgent } from "undici";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ProviderError } from "../../src/errors.js";
import { createHttpClient, type HttpClient } from "../../src/http/http-client.js";
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

/**
 * Every search option set, as a caller may set them: each provider test checks that the options its
 * registry row lists reach the vendor as documented, and that nothing is sent for the others.
 */
export const EVERY_OPTION = {
  language: "de",
  safeSearch: "strict",
  page: 2,
  includeDomains: ["who.int", "nih.gov"],
  excludeDomains: ["pinterest.com"],
} as const satisfies Partial<SearchRequest>;

/**
 * The ProviderError a search rejected with (failing the test if it resolved or threw anything
 * else); with `secret`, also that neither its message nor its stack shows it.
 */
export async function providerFailure(promise: Promise<unknown>, secret?: string): Promise<ProviderError> {
  const error = await promise.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const failure = error as ProviderError;
  if (secret !== undefined) expect(`${failure.message}\n${failure.stack}`).not.toContain(secret);
  return failure;
}

/** What one intercepted request carried. */
export interface SentRequest {
  method?: string;
  /** The path with its query string, as sent. */
  path?: string;
  pathname?: string;
  params?: URLSearchParams;
  /** Header names lower-cased. */
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

export interface MockNetwork {
  readonly agent: MockAgent;
  /** The one HTTP client, sending through this test's agent. */
  http(): HttpClient;
  /**
   * One request to `origin` whose path (without the query) is `path`, with `method` when given;
   * what it carried is recorded in `sent`.
   */
  intercept(
    sent: SentRequest,
    origin: string,
    path: string,
    method?: "GET" | "POST",
  ): ReturnType<ReturnType<MockAgent["get"]>["intercept"]>;
}

/**
 * A fresh undici MockAgent for every test of the enclosing `describe`, passed to the HTTP client as
 * its dispatcher: nothing reaches the network, and each test must use every reply it set up.
 */
export function useMockNetwork(): MockNetwork {
  let agent: MockAgent | undefined;
  const current = (): MockAgent => {
    if (agent === undefined) throw new Error("the mock network exists only inside a test");
    return agent;
  };
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
  });
  afterEach(async () => {
    try {
      current().assertNoPendingInterceptors();
    } finally {
      await current().close();
      agent = undefined;
    }
  });
  return {
    get agent() {
      return current();
    },
    http: () => createHttpClient({ dispatcher: current() }),
    intercept: (sent, origin, path, method) =>
      current()
        .get(origin)
        .intercept({
          path: (p) => {
            const url = new URL(p, origin);
            sent.path = p;
            sent.pathname = url.pathname;
            sent.params = url.searchParams;
            return url.pathname === path;
          },
          method: (m) => {
            sent.method = m;
            return method === undefined || m === method;
          },
          headers: (h) => {
            sent.headers = Object.fromEntries(
              Object.entries(h as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
            );
            return true;
          },
          body: (b) => {
            if (b) sent.body = JSON.parse(b) as Record<string, unknown>;
            return true;
          },
        }),
  };
}

/** Everything an error exposes, to look for a key in. */
export function exposedText(error: ProviderError): string {
  const cause = error.cause as { message?: unknown } | undefined;
  return JSON.stringify([error.message, error.stack, error.vendorCode, cause?.message]);
}

/** The key provider tests send: a canary that must never show up in an error, a warning or a log. */
export const TEST_KEY = "canary-key-5f3a";

/** A contract fixture: request, response and error samples written from the vendor's documented contract. */
export interface ContractFixture<ResponseBody = Record<string, unknown>> {
  request: { body: Record<string, unknown> };
  response: { body: ResponseBody };
  errors: { status: number; headers?: Record<string, string>; body: unknown }[];
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
  /** One mocked search request of this provider, recording what was sent (defaults: the documented address). */
  intercept: (
    sent?: SentRequest,
    origin?: string,
    path?: string,
  ) => { reply(status: number, body: string | object): { delay(ms: number): unknown } };
  provider: (settings?: {
    timeoutMs?: number;
    apiKey?: string | undefined;
    baseUrl?: string | undefined;
  }) => SearchProvider;
  request: (overrides?: Partial<SearchRequest>) => SearchRequest;
  /** A valid reply with no results, in this vendor's shape. */
  emptyBody: object;
  /** A reply over the 5 MiB cap, in this vendor's shape. */
  oversizedBody: string;
  /** A base-URL override: the documented path must be appended to its path prefix. */
  override?: { baseUrl: string; origin: string; path: string; body: object; hits: number };
  /** A reply and a request that make warnings, none of which may name `key`. */
  warnings?: { key: string; body: object; request: Partial<SearchRequest> };
}

/**
 * The transport and key cases every keyed vendor answers the same way: an oversized body, a slow
 * reply, an aborting caller, no key at all, an endpoint override, and warnings that never name the key.
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
    ["a blank key", "   "],
  ])("is unconfigured with %s and sends nothing", async (_name, apiKey) => {
    const unconfigured = provider({ apiKey });
    expect(unconfigured.name).toBe(subject.name);
    expect(unconfigured.configured).toBe(false);
    expect((await providerFailure(unconfigured.search(request()))).outcome).toBe("no_key");
  });

  it("is configured with a key", () => {
    expect(provider().configured).toBe(true);
  });

  const { override, warnings } = subject;
  if (override) {
    it("sends to the base-URL override with the documented path appended", async () => {
      const sent: SentRequest = {};
      intercept(sent, override.origin, override.path).reply(200, override.body);
      const result = await provider({ baseUrl: override.baseUrl }).search(request());
      expect(sent.pathname).toBe(override.path);
      expect(result.hits).toHaveLength(override.hits);
    });
  }

  if (warnings) {
    it("never names the key in a warning", async () => {
      intercept().reply(200, warnings.body);
      const result = await provider().search(request(warnings.request));
      expect(result.warnings.length).toBeGreaterThan(0);
      expect(JSON.stringify(result)).not.toContain(warnings.key);
    });
  }
}
