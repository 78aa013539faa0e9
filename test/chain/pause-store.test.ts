import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPauseStore } from "../../src/chain/pause-store.js";
import { openStateStore } from "../../src/state/open-state-store.js";

describe("pause store over the state directory", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "core-search-pauses-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const pause = (until: number) => ({ until, reason: "quota" as const, detail: "HTTP 402 NO_MORE_CREDITS" });
  const open = (stateDir: string) => {
    const state = openStateStore({ stateDir });
    return { state, pauses: createPauseStore(state) };
  };

  it("shares pauses between stores on the same directory (as between processes)", async () => {
    const now = Date.now();
    const first = open(join(dir, "state")).pauses;
    const second = open(join(dir, "state")).pauses;
    await first.set("exa", pause(now + 2_000), Date.now());
    await second.set("brave", { until: now + 3_000, reason: "rate_limit", detail: "HTTP 429" }, Date.now());
    expect(await second.get("exa", now)).toEqual(pause(now + 2_000));
    expect((await first.get("brave", now))?.reason).toBe("rate_limit");
    expect(await first.get("exa", now + 2_500)).toBeUndefined();
    expect(readdirSync(join(dir, "state", "pause")).sort()).toEqual(["brave.json", "exa.json"]); // no temporary files
  });

  it("ignores an entry that is not a pause", async () => {
    const { state, pauses } = open(dir);
    await state.set("pause:exa", { until: "soon" }, 60_000);
    expect(await pauses.get("exa", 0)).toBeUndefined();
  });

  it("an unwritable state directory gives one warning and pauses in memory", async () => {
    // A file where the directory should be: not writable for any user, root included.
    writeFileSync(join(dir, "state"), "");
    const { state, pauses } = open(join(dir, "state"));
    await pauses.set("exa", pause(Date.now() + 5_000), Date.now());
    await pauses.set("brave", pause(Date.now() + 5_000), Date.now());
    expect((await pauses.get("exa", Date.now()))?.detail).toBe("HTTP 402 NO_MORE_CREDITS");
    expect(state.warnings).toHaveLength(1);
    expect(state.warnings[0]).toMatch(/Shared state \(file\) failed: .*ENOTDIR.*kept in this process/);
  });
});
