/**
 * The bounds of the state stores: no operation waits on a stalled store longer than its bound, no
 * read takes more than a state value's worth of memory or blocks on what is not a regular file,
 * and nothing a peer on the Redis port sends can crash the process.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMemoryFallback } from "../../src/state/fallback-store.js";
import { createFileStore } from "../../src/state/file-store.js";
import { createRedisStore } from "../../src/state/redis-store.js";
import { makeDirectory, StateDirectoryError } from "../../src/state/state-files.js";
import { MAX_STATE_VALUE_BYTES, type StateStore } from "../../src/state/state-store.js";
import { type FakeRedis, startFakeRedis } from "../helpers/fake-redis.js";

afterEach(() => {
  vi.useRealTimers();
});

/** A shared store that never answers: every operation (and closing) waits forever. */
function mute(): StateStore {
  const never = () => new Promise<never>(() => {});
  return {
    kind: "redis",
    get: never,
    set: never,
    update: never,
    increment: never,
    clear: never,
    warnings: [],
    close: never,
  };
}

describe("withMemoryFallback bounds every operation of the shared store", () => {
  it("answers from memory once the bound passes, and every operation waiting gives up with the first", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const store = withMemoryFallback(mute(), { timeoutMs: 1_000 });
    const first = store.get("pause:exa");
    await vi.advanceTimersByTimeAsync(400);
    // Started later, yet released with the first: the store is known to be down.
    const second = store.increment("spend:exa", 1, { ttlMs: 60_000 });
    await vi.advanceTimersByTimeAsync(600);
    expect(await first).toBeUndefined();
    expect(await second).toEqual({ value: 1, applied: true });
    expect(store.warnings).toEqual([
      "Shared state (redis) failed: no answer within 1000 ms; state is kept in this process for now",
    ]);
    // Until the retry, the store is not asked: no operation waits at all.
    await store.set("pause:exa", { until: 1 }, 60_000);
    expect(await store.get("pause:exa")).toEqual({ until: 1 });
  });

  it("lets a busy server wait on many operations at once without a leak warning on stderr", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const store = withMemoryFallback(mute(), { timeoutMs: 1_000 });
      // Twenty questions at once each wait on the shared store.
      const waiting = Array.from({ length: 20 }, (_, index) => store.get(`pause:${index}`));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await Promise.all(waiting)).toEqual(Array(20).fill(undefined));
      // Node emits the warning on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
  });

  it("closes within the bound even when the store never does", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const store = withMemoryFallback(mute(), { timeoutMs: 1_000 });
    const closed = store.close();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(closed).resolves.toBeUndefined();
  });
});

describe("file store reads only regular files of a bounded size", () => {
  const dir = () => {
    const root = mkdtempSync(join(tmpdir(), "core-search-bounds-"));
    mkdirSync(join(root, "pause"));
    return root;
  };

  it.each<[string, (file: string) => void, RegExp]>([
    ["a FIFO", (file) => execFileSync("mkfifo", [file]), /is not a regular file/],
    ["a symlink to /dev/zero", (file) => symlinkSync("/dev/zero", file), /is not a regular file/],
    [
      "a file past the bound",
      (file) => writeFileSync(file, "x".repeat(MAX_STATE_VALUE_BYTES + 1)),
      new RegExp(`is larger than ${MAX_STATE_VALUE_BYTES} bytes`),
    ],
  ])("%s is treated as empty, with a warning, and replaced by the next write", async (_, plant, warning) => {
    const root = dir();
    plant(join(root, "pause", "exa.json"));
    const store = createFileStore(root);
    expect(await store.get("pause:exa")).toBeUndefined();
    expect(store.warnings).toEqual([expect.stringMatching(warning)]);
    await store.set("pause:exa", { until: 5 }, 60_000);
    expect(await store.get("pause:exa")).toEqual({ until: 5 });
  });

  it("treats a directory as empty, with a warning; writing over it fails (the fallback takes over)", async () => {
    const root = dir();
    mkdirSync(join(root, "pause", "exa.json"));
    const store = createFileStore(root);
    expect(await store.get("pause:exa")).toBeUndefined();
    expect(store.warnings).toEqual([expect.stringMatching(/is not a regular file/)]);
    await expect(store.set("pause:exa", { until: 5 }, 60_000)).rejects.toThrow(/EISDIR/);
  });

  it("does not store a value past the bound, and says so", async () => {
    const store = createFileStore(dir());
    await store.set("cache:big", "x".repeat(MAX_STATE_VALUE_BYTES), 60_000);
    expect(await store.get("cache:big")).toBeUndefined();
    expect(store.warnings).toEqual([expect.stringMatching(/was not stored: larger than/)]);
  });
});

describe("makeDirectory", () => {
  it("creates missing levels", async () => {
    const root = mkdtempSync(join(tmpdir(), "core-search-mkdir-"));
    await makeDirectory(join(root, "a", "b", "c"));
    await makeDirectory(join(root, "a", "b", "c"));
  });

  it.each<[string, () => string, string]>([
    [
      "under /proc, where node's recursive mkdir loops forever",
      () => "/proc/self/core-search/cache",
      "ENOENT",
    ],
    [
      "under a file",
      () => {
        const file = join(mkdtempSync(join(tmpdir(), "core-search-mkdir-")), "file");
        writeFileSync(file, "");
        return join(file, "state");
      },
      "ENOTDIR",
    ],
  ])("refuses a directory %s, naming it", async (_, path, code) => {
    const dir = path();
    const failure = makeDirectory(dir);
    await expect(failure).rejects.toBeInstanceOf(StateDirectoryError);
    await expect(failure).rejects.toMatchObject({ code, message: expect.stringContaining(dir) });
  });
});

describe("Redis store against a peer that does not speak Redis", () => {
  let fake: FakeRedis | undefined;
  let store: StateStore | undefined;
  afterEach(async () => {
    await store?.close();
    await fake?.close();
  });

  it("fails the operation, never the process, on a reply the parser cannot take", async () => {
    fake = await startFakeRedis({ reply: "*4294967296\r\n" });
    store = createRedisStore(fake.url);
    await expect(store.get("pause:exa")).rejects.toThrow(/does not speak Redis's protocol/);
  });

  it("drops a connection that floods, long before the flood fills memory", async () => {
    fake = await startFakeRedis({ flood: true });
    store = createRedisStore(fake.url);
    await expect(store.get("pause:exa")).rejects.toThrow(/Redis sent more than \d+ bytes for one reply/);
    expect(fake.bytesSent()).toBeLessThan(64 * 1024 * 1024);
  });

  it("drops its connection on close even when the peer acknowledges everything and never hangs up", async () => {
    fake = await startFakeRedis({ reply: "+OK\r\n" });
    store = createRedisStore(fake.url);
    await expect(store.get("pause:exa")).rejects.toThrow();
    expect(fake.connections()).toBeGreaterThan(0);
    await store.close();
    store = undefined;
    await vi.waitFor(() => expect(fake?.open()).toBe(0));
  });
});
