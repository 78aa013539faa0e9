import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as library from "../src/index.js";
import { page, startFakeSearxng } from "./helpers/fake-searxng.js";

describe("the package's public surface", () => {
  it.each([
    "corroborate",
    "plan",
    "search",
    "toEnvelope",
    "assess",
    "read",
    "dedupe",
    "loadConfig",
    "configFromObject",
    "openStateStore",
    "createFileStore",
    "createRedisStore",
    "createMemoryStore",
    "withMemoryFallback",
  ])("exports %s", (name) => {
    expect(typeof (library as Record<string, unknown>)[name]).toBe("function");
  });

  it("exports the read failure, so callers can branch on its reason", () => {
    const failure = new library.ReadFailure("refused", { reason: "private_address" });
    expect(failure).toBeInstanceOf(library.CoreSearchError);
    expect(failure.code).toBe("READ_FAILED");
  });

  it("exports the report schema", () => {
    expect(library.reportSchema.safeParse({}).success).toBe(false);
    expect(library.reportJsonSchema()).toHaveProperty("properties.confidence");
  });
});

describe("a long-lived caller's state store", () => {
  it("is opened once from the settings, shared by every call and left open for the caller to close", async () => {
    const server = await startFakeSearxng([
      { name: "bing", categories: ["general", "news"], results: [page("a.org"), page("b.org")] },
      { name: "mojeek", categories: ["general"], results: [page("c.org")] },
    ]);
    try {
      const config = library.configFromObject({
        searxngUrl: server.url,
        keyless: "off",
        stateDir: mkdtempSync(join(tmpdir(), "core-search-library-state-")),
        cacheTtlMs: 60_000,
      });
      const state = library.openStateStore(config);
      expect(state.kind).toBe("file");
      const question = "Is intermittent fasting safe?";
      const first = await library.corroborate(question, { read: 0, config, state });
      const searched = server.requests.filter((r) => r.path === "/search").length;
      const second = await library.corroborate(question, { read: 0, config, state });
      // The second report is served from the cache the first one left in the caller's store.
      const outcomes = second.calls.flatMap((call) => call.attempts.map((a) => a.outcome));
      expect(outcomes.length).toBeGreaterThan(0);
      expect(new Set(outcomes)).toEqual(new Set(["cache"]));
      expect(second.evidence.map((e) => e.url)).toEqual(first.evidence.map((e) => e.url));
      expect(server.requests.filter((r) => r.path === "/search").length).toBe(searched);
      // The cache is the given store's: a call given another store searches again.
      const elsewhere = await library.corroborate(question, {
        read: 0,
        config,
        state: library.createMemoryStore(),
      });
      expect(elsewhere.calls.flatMap((call) => call.attempts.map((a) => a.outcome))).not.toContain("cache");
      // Still open after both calls: the caller owns it.
      expect(await state.increment("test:still-open", 1, { ttlMs: 1_000 })).toEqual({
        value: 1,
        applied: true,
      });
      await state.close();
    } finally {
      await server.close();
    }
  });

  it("can be a store of the caller's choosing, in memory or in a folder", async () => {
    const memory = library.createMemoryStore();
    const files = library.withMemoryFallback(
      library.createFileStore(mkdtempSync(join(tmpdir(), "core-search-library-files-"))),
    );
    for (const store of [memory, files]) {
      await store.set("test:key", { n: 1 }, 60_000);
      expect(await store.get("test:key")).toEqual({ n: 1 });
      await store.close();
    }
    expect([memory.kind, files.kind]).toEqual(["memory", "file"]);
  });
});
