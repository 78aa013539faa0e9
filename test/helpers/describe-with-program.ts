import fs from "node:fs";
import { describe, it } from "vitest";

/** Why a suite cannot run: the program is missing (with how to install it), else undefined. */
export function missingProgram(path: string, install: string): string | undefined {
  return fs.existsSync(path) ? undefined : `${path} is not installed: ${install}`;
}

/**
 * A suite that needs a real program (searx, redis-server). Without it the suite fails with the
 * install command, on CI and locally alike: a suite that did not run never counts as passed.
 */
export function describeWithProgram(name: string, path: string, install: string, fn: () => void): void {
  const missing = missingProgram(path, install);
  if (missing === undefined) describe(name, fn);
  else
    describe(name, () => {
      it(`needs ${path}`, () => {
        throw new Error(missing);
      });
    });
}
