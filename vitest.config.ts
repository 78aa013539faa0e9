import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One temporary folder for the whole run, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ["test/helpers/temp-root.ts"],
    // Suites that need the real searx start their own on free ports (test/helpers/searx.ts), so
    // files run in parallel.
  },
});
