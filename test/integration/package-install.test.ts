import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRegistry, startLocalRegistry } from "../helpers/local-registry.js";

/**
 * What a user gets from `npm pack` and a global install of the tarball: the tarball (built by
 * `npm test` beforehand) is installed with the real npm into an empty prefix, its dependencies
 * resolved through a registry on loopback that holds the locked versions (test/helpers/local-registry.ts),
 * and then used the three ways the README documents: the command, the MCP server, the library.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
};
const run = promisify(execFile);
const INSTALL_TIMEOUT_MS = 120_000;

let registry: LocalRegistry | undefined;
const work = mkdtempSync(join(tmpdir(), "core-search-package-"));
const prefix = join(work, "prefix");
const installed = join(prefix, "lib", "node_modules", "core-search");
const bin = join(prefix, "bin", "core-search");
// The command's `#!/usr/bin/env node` finds this test's node first.
const PATH = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
let packed: string[] = [];

/** npm with this test's settings only: no user or global npmrc, an empty cache, the loopback registry. */
async function npm(args: string[], cwd: string): Promise<string> {
  const [userrc, globalrc] = [join(work, "user.npmrc"), join(work, "global.npmrc")];
  for (const file of [userrc, globalrc]) writeFileSync(file, "");
  const { stdout } = await run("npm", args, {
    cwd,
    timeout: INSTALL_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH,
      HOME: join(work, "home"),
      npm_config_userconfig: userrc,
      npm_config_globalconfig: globalrc,
      npm_config_cache: join(work, "npm-cache"),
      npm_config_registry: registry?.url ?? "http://127.0.0.1:9/",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
    },
  });
  return stdout;
}

async function node(script: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [script], { cwd: dirname(script), env: { PATH }, timeout: 30_000 });
}

beforeAll(async () => {
  registry = await startLocalRegistry(ROOT);
  // Scripts off: the build is `npm test`'s first step, not packing's.
  const [pack] = JSON.parse(
    await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", work], ROOT),
  ) as { filename: string; files: { path: string }[] }[];
  if (!pack) throw new Error("npm pack made no tarball");
  packed = pack.files.map((file) => file.path);
  await npm(["install", "--global", "--prefix", prefix, join(work, pack.filename)], work);
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await registry?.close();
  // An installed prefix is about 100 MB.
  rmSync(work, { recursive: true, force: true });
});

describe("the packed tarball, installed globally into an empty prefix", () => {
  it("holds the build, the prompts and the legal files, and no sources or tests", () => {
    for (const path of [
      "dist/bin.cjs",
      "dist/bin.js",
      "dist/cli/plan.cjs",
      "dist/cli/plan.cache",
      "dist/index.js",
      "dist/index.d.ts",
      "prompts/SKILL.md",
    ]) {
      expect(packed).toContain(path);
    }
    for (const path of ["README.md", "LICENSE", "CHANGELOG.md", "package.json"])
      expect(packed).toContain(path);
    expect(packed.filter((path) => /^(src|test|bench|scripts)\//.test(path))).toEqual([]);
  });

  it("has every dependency installed under the package, none borrowed from elsewhere", () => {
    for (const name of Object.keys(PACKAGE.dependencies)) {
      expect(existsSync(join(installed, "node_modules", name, "package.json")), name).toBe(true);
    }
    expect(registry?.fetched).toContain("@modelcontextprotocol/sdk");
  });

  it("ships only source maps whose sources resolve", () => {
    const maps = packed.filter((path) => path.endsWith(".map"));
    const unresolved = maps.flatMap((path) => {
      const map = JSON.parse(readFileSync(join(installed, path), "utf8")) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      return map.sources
        .filter(
          (source, i) =>
            typeof map.sourcesContent?.[i] !== "string" &&
            !existsSync(join(installed, dirname(path), source)),
        )
        .map((source) => `${path} → ${source}`);
    });
    expect(unresolved).toEqual([]);
  });

  it("gives a core-search command that reports the package's version", async () => {
    const { stdout } = await run(bin, ["--version"], { env: { PATH }, timeout: 30_000 });
    expect(stdout.trim()).toBe(PACKAGE.version);
  });

  it("gives a core-search command that plans a question, with the planner's code cache", async () => {
    const { stdout } = await run(bin, ["plan", "Ist Kaffee gesund?", "--json"], {
      env: { PATH },
      timeout: 30_000,
    });
    expect(JSON.parse(stdout)).toMatchObject({ question: "Ist Kaffee gesund?", language: "de" });
    expect(existsSync(join(installed, "dist", "cli", "plan.cache"))).toBe(true);
  });

  it("serves MCP over stdio: initialize is answered and the tools are listed", async () => {
    const transport = new StdioClientTransport({
      command: bin,
      args: ["mcp"],
      env: {
        PATH,
        HOME: join(work, "home"),
        CORE_SEARCH_STATE_DIR: join(work, "state"),
        CORE_SEARCH_KEYLESS: "off",
      },
      stderr: "pipe",
    });
    const client = new Client({ name: "package-install-test", version: "1.0.0" });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()).toMatchObject({ name: "core-search", version: PACKAGE.version });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["corroborate", "web_search", "assess", "read_page"]),
      );
    } finally {
      await client.close();
    }
  });

  it("can be required from CommonJS, also from TypeScript, and imported from an ES module", async () => {
    // Scripts beside lib/node_modules resolve the package the way a project's own files do.
    const lib = join(prefix, "lib");
    const body = `
      const { claim, calls } = coreSearch.plan("Is coffee safe?", { now: new Date("2026-01-01") });
      const store = coreSearch.createMemoryStore();
      await store.set("test:k", 1, 1000);
      process.stdout.write(JSON.stringify({
        claim, calls: calls.length, kind: store.kind, cached: await store.get("test:k"),
        corroborate: typeof coreSearch.corroborate,
      }));`;
    writeFileSync(
      join(lib, "consumer.cjs"),
      `const coreSearch = require("core-search");\n(async () => {${body}\n})();\n`,
    );
    writeFileSync(join(lib, "consumer.mjs"), `import * as coreSearch from "core-search";\n${body}\n`);
    // TypeScript, compiling CommonJS for Node.js as it is now (`module: nodenext`), checks the
    // same use against the shipped types.
    writeFileSync(
      join(lib, "consumer-ts.cts"),
      `import coreSearch = require("core-search");\n(async () => {${body}\n})();\n`,
    );
    await run(
      process.execPath,
      [
        join(ROOT, "node_modules", "typescript", "bin", "tsc"),
        ...["--module", "nodenext", "--strict", "--skipLibCheck", "--outDir", "ts-out"],
        ...["--types", "node", "--typeRoots", join(ROOT, "node_modules", "@types"), "consumer-ts.cts"],
      ],
      { cwd: lib, timeout: 60_000 },
    );
    for (const script of ["consumer.cjs", "consumer.mjs", "ts-out/consumer-ts.cjs"]) {
      const { stdout } = await node(join(lib, script));
      const answer = JSON.parse(stdout) as { calls: number };
      expect(answer.calls, script).toBeGreaterThan(0);
      expect(answer, script).toEqual({
        claim: "Coffee is safe",
        calls: answer.calls,
        kind: "memory",
        cached: 1,
        corroborate: "function",
      });
    }
  }, 90_000);
});
