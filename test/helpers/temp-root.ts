import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Vitest global setup: every folder the tests make with `tmpdir()` — theirs, a spawned command's,
 * a searx or Redis fixture's — lands in one folder of this run, removed when the run ends, however a
 * test ends. Set before the workers start, so they and their children inherit it.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "core-search-tests-"));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
