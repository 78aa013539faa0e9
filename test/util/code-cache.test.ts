import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { requireWithCodeCache, writeCodeCache } from "../../src/util/code-cache.js";

const run = promisify(execFile);

function bundle(source: string): { file: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), "core-search-code-cache-"));
  const file = join(dir, "bundle.cjs");
  writeFileSync(file, source);
  return { file, cache: join(dir, "bundle.cache") };
}

describe("a CommonJS bundle loaded with its code cache", () => {
  it("loads like require, with no cache, with its own cache, and with a cache that does not fit", () => {
    const { file, cache } = bundle(
      'const { join } = require("node:path");\nexports.name = join("a", "b") + __filename.slice(-11);\n',
    );
    const first = requireWithCodeCache(file, cache);
    expect(first.exports).toEqual({ name: "a/b/bundle.cjs" });
    writeCodeCache(first, cache);
    const cached = requireWithCodeCache(file, cache);
    expect(cached.exports).toEqual({ name: "a/b/bundle.cjs" });
    expect(cached.script.cachedDataRejected).toBe(false);

    const other = bundle("exports.name = 'other';\n");
    writeFileSync(other.cache, "not a code cache");
    const rejected = requireWithCodeCache(other.file, other.cache);
    expect(rejected.exports).toEqual({ name: "other" });
    expect(rejected.script.cachedDataRejected).toBe(true);
  });

  it("is taken for the built planner under the engine flags the command sets", async () => {
    const dist = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url));
    const script = [
      `import { loadPlanner } from ${JSON.stringify(dist("interfaces/cli/plan-bundle.js"))};`,
      `const { bundle } = loadPlanner(new URL(${JSON.stringify(new URL("../../dist/", import.meta.url).href)}));`,
      "process.stdout.write(String(bundle.script.cachedDataRejected));",
    ].join("\n");
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      timeout: 30_000,
    });
    expect(stdout).toBe("false");
  });
});
