import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTempRoot } from "./temp-root.js";

// A system temporary folder of its own, so what other runs do in the real one cannot interfere.
const scratch = mkdtempSync(join(tmpdir(), "core-search-temp-root-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the run's temporary folder", () => {
  it("is where tmpdir() points and the default state folder lies, and is removed at the end", () => {
    const system = mkdtempSync(join(scratch, "system-"));
    const env: NodeJS.ProcessEnv = { HOME: join(scratch, "home") };
    const { root, teardown } = createTempRoot(system, env);
    expect(env.TMPDIR).toBe(root);
    expect(env.XDG_STATE_HOME?.startsWith(`${root}/`)).toBe(true);
    mkdirSync(join(root, "core-search-made-by-a-test"));
    teardown();
    expect(readdirSync(system)).toEqual([]);
  });

  it("fails the run, naming them, when folders were made outside it", () => {
    const system = mkdtempSync(join(scratch, "system-"));
    mkdirSync(join(system, "core-search-there-before"));
    const home = join(scratch, "home-leaked");
    const { teardown } = createTempRoot(system, { HOME: home });
    mkdirSync(join(system, "core-search-leaked-abc123"));
    mkdirSync(join(system, "core-search-tests-another-run"));
    mkdirSync(join(home, ".local", "state", "core-search"), { recursive: true });
    let message = "";
    try {
      teardown();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The tests left 2 folder\(s\) outside their temporary folder/);
    expect(message).toContain(join(system, "core-search-leaked-abc123"));
    expect(message).toContain(join(home, ".local", "state", "core-search"));
    expect(message).not.toContain("there-before");
    expect(message).not.toContain("another-run");
    expect(existsSync(join(system, "core-search-there-before"))).toBe(true);
  });
});
