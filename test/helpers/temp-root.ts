import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultStateDir } from "../../src/config/env.js";

/** The prefix of every folder the tests make, and of the run's own folder. */
const PREFIX = "core-search-";
const RUN_PREFIX = `${PREFIX}tests-`;

/**
 * One temporary folder for a run of the tests: every folder they make with `tmpdir()` — theirs, a
 * spawned command's, a searx or Redis fixture's — lands in it, and it is removed when the run ends,
 * however a test ends. The library's default state folder points into it too, for tests that use
 * the settings of `process.env`. Ending the run, it says what was made outside: `core-search-*`
 * entries that appeared in `system` (the system's temporary folder) and were not there at the start,
 * and the user's own state folder if the run created it.
 */
export function createTempRoot(
  system: string,
  env: NodeJS.ProcessEnv,
): { root: string; teardown: () => void } {
  const before = new Set(readdirSync(system));
  const userState = defaultStateDir(env).dir;
  const userStateBefore = existsSync(userState);
  const root = mkdtempSync(join(system, RUN_PREFIX));
  env.TMPDIR = root;
  env.XDG_STATE_HOME = join(root, "state-home");
  const teardown = () => {
    rmSync(root, { recursive: true, force: true });
    // Other runs' own folders come and go; they answer for what they leave.
    const left = readdirSync(system)
      .filter((name) => name.startsWith(PREFIX) && !name.startsWith(RUN_PREFIX) && !before.has(name))
      .map((name) => join(system, name));
    if (!userStateBefore && existsSync(userState)) left.push(userState);
    if (left.length > 0) {
      throw new Error(
        `The tests left ${left.length} folder(s) outside their temporary folder ${root}; whatever makes ` +
          `them must make them under tmpdir() (a spawned command: pass TMPDIR on) and remove them:\n` +
          left.map((path) => `  ${path}`).join("\n"),
      );
    }
  };
  return { root, teardown };
}

/** Vitest global setup: set before the workers start, so they and their children inherit it. */
export default function setup(): () => void {
  const { teardown } = createTempRoot(tmpdir(), process.env);
  return () => {
    try {
      teardown();
    } catch (error) {
      // Vitest prints an error thrown while it closes but still exits 0: the exit code says it too.
      process.exitCode = 1;
      throw error;
    }
  };
}
