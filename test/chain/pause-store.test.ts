import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFilePauseStore } from "../../src/chain/pause-store.js";

describe("file pause store", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "core-search-pauses-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const pause = (until: number) => ({ until, reason: "quota" as const, detail: "HTTP 402 NO_MORE_CREDITS" });

  it("shares pauses between stores on the same directory (as between processes)", () => {
    const now = Date.now();
    const first = createFilePauseStore(join(dir, "state"));
    const second = createFilePauseStore(join(dir, "state"));
    first.set("exa", pause(now + 2_000));
    second.set("brave", { until: now + 3_000, reason: "rate_limit", detail: "HTTP 429" });
    expect(second.get("exa", now)).toEqual(pause(now + 2_000));
    expect(first.get("brave", now)?.reason).toBe("rate_limit");
    expect(first.get("exa", now + 2_500)).toBeUndefined();
    expect(readdirSync(join(dir, "state"))).toEqual(["pauses.json"]); // no temporary files left behind
  });

  it("drops expired pauses when it writes", () => {
    const store = createFilePauseStore(dir);
    store.set("exa", pause(Date.now() - 1));
    store.set("brave", pause(Date.now() + 60_000));
    const file = JSON.parse(readFileSync(join(dir, "pauses.json"), "utf8")) as {
      pauses: Record<string, unknown>;
    };
    expect(Object.keys(file.pauses)).toEqual(["brave"]);
  });

  it.each(["{not json", '{"version":1,"pauses":{"exa":{"until":"soon"}}}', "[]"])(
    "a corrupt file (%s) gives one warning and pauses in memory",
    (content) => {
      writeFileSync(join(dir, "pauses.json"), content);
      const store = createFilePauseStore(dir);
      expect(store.get("exa", 0)).toBeUndefined();
      store.set("exa", pause(5_000));
      store.set("brave", pause(5_000));
      expect(store.get("exa", 1_000)).toEqual(pause(5_000));
      expect(store.warnings).toHaveLength(1);
      expect(store.warnings[0]).toMatch(/kept in memory/);
      expect(readFileSync(join(dir, "pauses.json"), "utf8")).toBe(content); // not overwritten
    },
  );

  it("an unwritable state directory gives one warning and pauses in memory", () => {
    // A file where the directory should be: not writable for any user, root included.
    writeFileSync(join(dir, "state"), "");
    const store = createFilePauseStore(join(dir, "state"));
    store.set("exa", pause(Date.now() + 5_000));
    store.set("brave", pause(Date.now() + 5_000));
    expect(store.get("exa", Date.now())?.detail).toBe("HTTP 402 NO_MORE_CREDITS");
    expect(store.warnings).toHaveLength(1);
    expect(store.warnings[0]).toMatch(/ENOTDIR.*kept in memory/);
  });
});
