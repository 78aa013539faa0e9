import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { search } from "../../src/operations/search.js";
import {
  describeWithSearx,
  SEARX_HOOK_TIMEOUT_MS,
  SEARX_TEST_TIMEOUT_MS,
  type SearxServer,
  startSearx,
} from "../helpers/searx.js";

vi.setConfig({ testTimeout: SEARX_TEST_TIMEOUT_MS });

/**
 * The search options against a real searx (test/fixtures/searx), which refuses a malformed
 * `language` or `pageno` (400) and a `safesearch` outside 0-2 (500): a search it answers shows the
 * parameters as sent are ones it takes.
 */
describeWithSearx("search options against a real searx", () => {
  let searx: SearxServer;
  beforeAll(async () => {
    searx = await startSearx();
  }, SEARX_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await searx?.stop();
  }, SEARX_HOOK_TIMEOUT_MS);

  it.each([
    { language: "de", safeSearch: "strict" as const },
    { language: "en", safeSearch: "off" as const, page: 2 },
    { safeSearch: "moderate" as const, excludeDomains: ["example.invalid"] },
  ])("takes %o", async (options) => {
    const config = configFromObject({
      searxngUrl: searx.url,
      keyless: "off",
      stateDir: mkdtempSync(join(tmpdir(), "core-search-options-")),
      cacheTtlMs: 0,
    });
    const outcome = await search("intermittent fasting", { config, ...options });
    expect(outcome.attempts.map((a) => [a.provider, a.outcome])).toEqual([["searxng", "ok"]]);
  });
});
