import { existsSync } from "node:fs";

/**
 * Files the package ships beside its code, found from the package root instead of from each
 * module's own folder. The command is bundled (scripts/build.mjs): its code runs from chunks in
 * dist/cli/, not from the modules it was built from, so a path relative to a module would miss.
 * The package root is the nearest folder above this code that holds package.json; the code root
 * is its child on the way (src/ when running the sources, dist/ once built).
 */
interface Roots {
  pkg: URL;
  code: URL;
}

let roots: Roots | undefined;

function findRoots(): Roots {
  let code = new URL(".", import.meta.url);
  for (let up = new URL("..", code); up.href !== code.href; code = up, up = new URL("..", up)) {
    if (existsSync(new URL("package.json", up))) return { pkg: up, code };
  }
  throw new Error(`core-search: no package.json above ${import.meta.url}`);
}

/** A file of the package, e.g. "package.json" or "prompts/SKILL.md". */
export function packageFile(path: string): URL {
  roots ??= findRoots();
  return new URL(path, roots.pkg);
}

/** A file beside the code (src/ or dist/), e.g. "data/plan-en.json". */
export function codeFile(path: string): URL {
  roots ??= findRoots();
  return new URL(path, roots.code);
}
