import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";

/**
 * A CommonJS bundle compiled with the code V8 cached for it, for a command whose start is mostly
 * compiling: V8 then skips parsing and compiling the functions that were compiled when the cache was
 * written (scripts/plan-code-cache.mjs writes it at build time, after planning sample questions).
 * V8 checks that the cache was written by the same version, from the same source and with the same
 * engine flags; when it does not match (another Node, a changed file), the bundle is compiled as
 * usual. Nothing is written at run time: an installed package may be read-only.
 */
export interface CachedBundle {
  exports: unknown;
  script: Script;
}

/** `file` loaded like `require(file)`, with its code cache at `cacheFile` when there is a usable one. */
export function requireWithCodeCache(file: string, cacheFile: string): CachedBundle {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(Module.wrap(readFileSync(file, "utf8")), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = { exports: {} as unknown };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, script };
}

/** Writes the code V8 has compiled for `bundle` so far, whole or not at all. */
export function writeCodeCache(bundle: CachedBundle, cacheFile: string): void {
  const partial = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(partial, bundle.script.createCachedData());
  renameSync(partial, cacheFile);
}
