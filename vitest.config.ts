import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Suites that need the real searx share its fixed ports; test/helpers/searx.ts serialises them
    // with a lock file, so files still run in parallel.
  },
});
