import { createHash, randomBytes } from "node:crypto";
import { opendir, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";
import { makeDirectory, readStateFile, UnusableStateFile } from "./state-files.js";
import {
  type ClearedEntry,
  type CounterResult,
  MAX_STATE_VALUE_BYTES,
  type StateStore,
} from "./state-store.js";

interface Stored {
  value: unknown;
  /** Epoch ms. */
  expiresAt: number;
}

/** One read-modify-write waiting for its file: `apply` gives the next value, `settle` answers the caller. */
interface Turn {
  apply(current: Stored | undefined): Stored | undefined;
  settle(failure: { error: unknown } | undefined): void;
}

/** How long a lock may be held before another process may take it over (a crashed holder). */
const STALE_LOCK_MS = 5_000;
/** Waiting for a lock: up to about 2.5 s of short, jittered retries. */
const LOCK_RETRIES = { retries: 60, minTimeout: 5, maxTimeout: 60, randomize: true };

/**
 * One small JSON file per key in the state directory (`pause/exa.json`, `cache/<hash>.json`, …).
 * Plain writes go to a temporary file renamed into place, so readers never see half a file;
 * read-modify-writes hold a lock file, so concurrent processes on one machine lose no update.
 */
export function createFileStore(dir: string, clock: () => number = Date.now): StateStore {
  const warnings: string[] = [];
  const swept = new Set<string>();
  const pathOf = (key: string) => {
    const [namespace, name] = splitKey(key);
    return { folder: join(dir, namespace), file: join(dir, namespace, `${name}.json`), namespace };
  };

  const warnOnce = (file: string, warning: string) => {
    if (!warnings.some((w) => w.includes(file))) warnings.push(warning);
  };

  // Reads of a file already under way are shared: a burst of questions asking for the same pause or
  // cooldown costs one read instead of one each. A write from this process starts later reads
  // afresh, and a read-modify-write under the lock always reads for itself.
  const reading = new Map<string, Promise<string | undefined>>();
  const sharedRead = (file: string): Promise<string | undefined> => {
    let pending = reading.get(file);
    if (pending === undefined) {
      const started = readStateFile(file);
      pending = started.finally(() => {
        if (reading.get(file) === pending) reading.delete(file);
      });
      reading.set(file, pending);
    }
    return pending;
  };

  const read = async (file: string, shared = false): Promise<Stored | undefined> => {
    let text: string | undefined;
    try {
      text = await (shared ? sharedRead(file) : readStateFile(file));
    } catch (error) {
      if (!(error instanceof UnusableStateFile)) throw error;
      warnOnce(file, error.message);
      return undefined;
    }
    if (text === undefined) return undefined;
    const stored = parseStored(text);
    if (stored) return stored.expiresAt > clock() ? stored : undefined;
    warnOnce(file, `State file ${file} is not valid state; it is treated as empty and will be replaced`);
    return undefined;
  };

  const write = async (place: ReturnType<typeof pathOf>, stored: Stored): Promise<void> => {
    const text = JSON.stringify(stored);
    // Not kept rather than kept unreadable: no read would take it back.
    if (Buffer.byteLength(text) > MAX_STATE_VALUE_BYTES) {
      warnOnce(
        place.file,
        `A value for ${place.file} was not stored: larger than ${MAX_STATE_VALUE_BYTES} bytes`,
      );
      return;
    }
    await makeDirectory(place.folder);
    const temporary = `${place.file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    reading.delete(place.file);
    try {
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, place.file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      throw error;
    } finally {
      // A read that began during the write may hold what was there before: no one joins it now.
      reading.delete(place.file);
    }
    // Expired cache entries are removed now and then, in the background: one process in
    // SWEEP_ONE_IN looks at up to SWEEP_MAX_FILES of them, so no write waits on a large cache.
    if (place.namespace === "cache" && !swept.has(place.namespace)) {
      swept.add(place.namespace);
      if (Math.random() * SWEEP_ONE_IN < 1) void sweep(place.folder, clock()).catch(() => {});
    }
  };

  const locked = async <R>(place: ReturnType<typeof pathOf>, work: () => Promise<R>): Promise<R> => {
    await makeDirectory(place.folder);
    const release = await lockfile.lock(place.file, {
      realpath: false,
      stale: STALE_LOCK_MS,
      retries: LOCK_RETRIES,
      // A lock taken over after a stall must not crash the process from a timer.
      onCompromised: () => {},
    });
    try {
      return await work();
    } finally {
      await release().catch(() => {});
    }
  };

  // Read-modify-writes of one file from this process wait in line here instead of polling for the
  // lock against each other: whoever is waiting when the lock comes free is applied in one turn
  // (one lock, one read, one write), in arrival order. A burst of N updates costs about two turns.
  const lines = new Map<string, Turn[]>();
  const inTurn = <R>(
    place: ReturnType<typeof pathOf>,
    step: (current: Stored | undefined) => { next: Stored | undefined; result: R },
  ): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      let result: R;
      const turn: Turn = {
        apply(current) {
          const outcome = step(current);
          result = outcome.result;
          return outcome.next;
        },
        settle: (failure) => (failure ? reject(failure.error) : resolve(result)),
      };
      const line = lines.get(place.file);
      if (line) {
        line.push(turn);
        return;
      }
      lines.set(place.file, [turn]);
      void drain(place);
    });
  const drain = async (place: ReturnType<typeof pathOf>): Promise<void> => {
    for (let batch = lines.get(place.file) ?? []; batch.length > 0; batch = lines.get(place.file) ?? []) {
      lines.set(place.file, []);
      const failures = new Map<Turn, { error: unknown }>();
      try {
        await locked(place, async () => {
          const stored = await read(place.file);
          let current = stored;
          for (const turn of batch) {
            try {
              current = turn.apply(current) ?? current;
            } catch (error) {
              failures.set(turn, { error });
            }
          }
          if (current !== undefined && current !== stored) await write(place, current);
        });
      } catch (error) {
        for (const turn of batch) if (!failures.has(turn)) failures.set(turn, { error });
      }
      for (const turn of batch) turn.settle(failures.get(turn));
    }
    lines.delete(place.file);
  };

  return {
    kind: "file",
    place: `file:${resolve(dir)}`,
    async get<T>(key: string) {
      return (await read(pathOf(key).file, true))?.value as T | undefined;
    },
    async set(key, value, ttlMs) {
      await write(pathOf(key), { value, expiresAt: clock() + ttlMs });
    },
    async update<T>(key: string, change: (current: T | undefined) => T, ttlMs: number) {
      return inTurn(pathOf(key), (current) => {
        // A copy, as a fresh read would give: one caller's change cannot reach into another's value.
        const next = change(structuredClone(current?.value) as T | undefined);
        return { next: { value: next, expiresAt: clock() + ttlMs }, result: next };
      });
    },
    async increment(key, by, { limit, ttlMs }): Promise<CounterResult> {
      return inTurn<CounterResult>(pathOf(key), (stored) => {
        const current = typeof stored?.value === "number" ? stored.value : 0;
        if (limit !== undefined && current + by > limit)
          return { next: stored, result: { value: current, applied: false } };
        return {
          next: { value: current + by, expiresAt: stored?.expiresAt ?? clock() + ttlMs },
          result: { value: current + by, applied: true },
        };
      });
    },
    async clear(namespace) {
      const { folder } = pathOf(`${namespace}:-`);
      const cleared: ClearedEntry[] = [];
      let listing: Awaited<ReturnType<typeof opendir>>;
      try {
        listing = await opendir(folder);
      } catch (error) {
        if ((error as { code?: unknown }).code === "ENOENT") return cleared;
        throw error;
      }
      // Only the entries: a .tmp file may belong to a writer right now, a .lock to another process.
      for await (const entry of listing) {
        if (!entry.isFile() || !entry.name.endsWith(".json")) continue;
        const file = join(folder, entry.name);
        const stored = await read(file);
        if (stored) cleared.push({ name: entry.name.slice(0, -".json".length), value: stored.value });
        reading.delete(file);
        await rm(file, { force: true });
      }
      return cleared;
    },
    warnings,
    async close() {},
  };
}

/** "cache:3f…" → ["cache", "3f…"]; anything unusual in a name is hashed, never used as a path. */
function splitKey(key: string): [string, string] {
  const at = key.indexOf(":");
  const namespace = at > 0 ? key.slice(0, at) : "misc";
  const name = at > 0 ? key.slice(at + 1) : key;
  const safe = (part: string) =>
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(part) && !part.includes("..")
      ? part
      : createHash("sha256").update(part).digest("hex").slice(0, 32);
  return [safe(namespace), safe(name)];
}

const SWEEP_ONE_IN = 16;
const SWEEP_MAX_FILES = 2_000;

/** Removes expired entries of one namespace; pauses, health and spend expire on read instead. */
async function sweep(folder: string, now: number): Promise<void> {
  let looked = 0;
  // Listed lazily: a folder of a million files is not read into memory to look at a few.
  for await (const entry of await opendir(folder)) {
    if (++looked > SWEEP_MAX_FILES) break;
    // A .tmp file may belong to a writer right now.
    if (!entry.isFile() || !entry.name.endsWith(".json")) continue;
    const file = join(folder, entry.name);
    try {
      const stored = parseStored((await readStateFile(file)) ?? "");
      if (stored && stored.expiresAt <= now) await rm(file, { force: true });
    } catch {
      // unreadable entries are replaced on their next write
    }
  }
}

/** A state file's content, or undefined when it is not state of ours. */
function parseStored(text: string): Stored | undefined {
  try {
    const stored = JSON.parse(text) as Partial<Stored> | null;
    if (typeof stored?.expiresAt === "number" && "value" in stored) return stored as Stored;
  } catch {
    // not JSON
  }
  return undefined;
}
