// Builds dist/ from src/: a clean output folder (no file of a removed module is left to be packed),
// the TypeScript compiler with tsconfig.build.json for the library, the data files next to the code,
// then the command (src/bin.ts) bundled into dist/bin.js with its chunks in dist/cli/, and the
// installed entry point with the planner as CommonJS (dist/bin.cjs, dist/cli/plan.cjs and its code cache).
//
// Why a bundle: Node 20 reads, links and compiles each ES module of an import graph on its own, and
// `core-search plan` needs about 35 of them. As a few chunks it starts about 15 ms sooner, a fifth of
// a bare `node` start (bench/plan.mjs). The commands it loads on demand (serve, mcp, assess, ...)
// become chunks of their own, so `plan` still loads none of them. Packages stay outside the bundle.
//
// Usage: node scripts/build.mjs [--if-compiler]
// With --if-compiler (the `prepare` script) a missing compiler is not an error when dist/ is already
// built: a production install (`npm ci --omit=dev`) has no TypeScript. Without a build, it says how
// to get one and exits 1.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");

function compilerPath() {
  try {
    return createRequire(join(root, "package.json")).resolve("typescript/bin/tsc");
  } catch {
    return undefined;
  }
}

const tsc = compilerPath();
if (!tsc) {
  if (process.argv.includes("--if-compiler") && existsSync(join(dist, "bin.js"))) {
    process.stdout.write("core-search: TypeScript is not installed; using the existing build in dist/\n");
    process.exit(0);
  }
  process.stderr.write(
    [
      "core-search: cannot build dist/: TypeScript (a dev dependency) is not installed.",
      "Build with the dev dependencies, then drop them:  npm ci && npm prune --omit=dev",
      "or install a packed tarball, which carries the build:  npm pack && npm install -g ./core-search-*.tgz",
      "",
    ].join("\n"),
  );
  process.exit(1);
}

rmSync(dist, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], {
  stdio: "inherit",
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
cpSync(join(root, "src", "data"), join(dist, "data"), { recursive: true });
// The page's stylesheet and script, served by `core-search serve` and inlined by --html.
cpSync(join(root, "src", "interfaces", "web", "assets"), join(dist, "interfaces", "web", "assets"), {
  recursive: true,
});

const { build } = await import("esbuild");
/** Every bundle: the command's code for Node 20, packages left to node_modules. */
const bundled = {
  tsconfig: join(root, "tsconfig.build.json"),
  bundle: true,
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};
await build({
  ...bundled,
  entryPoints: [join(root, "src", "bin.ts")],
  splitting: true,
  format: "esm",
  outdir: dist,
  entryNames: "[name]",
  chunkNames: "cli/[name]-[hash]",
});

// The installed command (src/start.ts → dist/bin.cjs) and the planner it answers `plan` with
// (dist/cli/plan.cjs), as CommonJS: Node 20 starts a CommonJS entry point about 8 ms sooner than an
// ES module one (bench/plan.mjs). The package's code reads its own location from import.meta.url.
const commonJs = {
  ...bundled,
  format: "cjs",
  define: { "import.meta.url": "importMetaUrl" },
  banner: { js: '"use strict";\nconst importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
};
await build({ ...commonJs, entryPoints: [join(root, "src", "start.ts")], outfile: join(dist, "bin.cjs") });
await build({
  ...commonJs,
  entryPoints: [join(root, "src", "interfaces", "cli", "plan-alone.ts")],
  outfile: join(dist, "cli", "plan.cjs"),
});
const cached = spawnSync(process.execPath, [join(root, "scripts", "plan-code-cache.mjs")], {
  stdio: "inherit",
});
if (cached.status !== 0) process.exit(cached.status ?? 1);
