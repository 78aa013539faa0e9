import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { withoutControls } from "../util/control-characters.js";
import {
  type ClearedEntry,
  type CounterResult,
  MAX_STATE_VALUE_BYTES,
  type StateStore,
} from "./state-store.js";
import { WaitingTimeout, withinWaiting } from "./waiting-bound.js";

/** Every key lives under this prefix, so one Redis can serve other programs too. */
export const REDIS_KEY_PREFIX = "core-search:";

/**
 * Bounds on connecting (one round trip: the ready check) and on every command: a peer that does not
 * answer within them is taken for gone and the connection dropped. Counted as waiting, not as wall
 * time (waiting-bound.ts), so a loaded machine does not give up on a Redis that did answer.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 1_000;
const MAX_UPDATE_ATTEMPTS = 20;
/** How long closing waits for Redis to acknowledge QUIT before it drops the connection. */
const QUIT_WAIT_MS = 500;
const DISCONNECT_WAIT_MS = 100;
/** Bytes that may arrive while a command waits for its reply: the largest value, and framing to spare. */
const MAX_REPLY_BYTES = 2 * MAX_STATE_VALUE_BYTES;

// Compare-and-set: replaces the value only if nobody changed it since it was read.
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if (ARGV[1] == '0' and current == false) or (ARGV[1] == '1' and current == ARGV[2]) then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
  return 1
end
return 0`;

// Adds to a counter unless that passes the limit; a new counter gets its expiry, an old one keeps it.
const INCREMENT_BELOW = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local by = tonumber(ARGV[1])
if ARGV[2] ~= '' and current + by > tonumber(ARGV[2]) then return {current, 0} end
local value = redis.call('INCRBY', KEYS[1], by)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {value, 1}`;

// Reads a key and deletes it in one step, so no value written in between is lost unseen.
const TAKE = `
local value = redis.call('GET', KEYS[1])
redis.call('DEL', KEYS[1])
return value`;

/** Keys SCAN may hand over per round trip, and the most `clear` looks at: namespaces hold tens. */
const SCAN_COUNT = 100;
const MAX_CLEARED_KEYS = 10_000;

type ScriptedRedis = Redis & {
  take(key: string): Promise<string | null>;
  compareAndSet(
    key: string,
    expectedFlag: "0" | "1",
    expected: string,
    next: string,
    ttlMs: number,
  ): Promise<number>;
  incrementBelow(key: string, by: number, limit: string, ttlMs: number): Promise<[number, number]>;
};

/**
 * State shared by a fleet through Redis: JSON values with their own expiry (PX), atomic updates by
 * compare-and-set and counters by a script. Commands fail fast instead of queueing while Redis is
 * away (the caller falls back to in-process state); the client reconnects by itself in the background.
 */
export function createRedisStore(url: string): StateStore {
  const warnings: string[] = [];
  let client: ScriptedRedis | undefined;
  let guard: ConnectionGuard | undefined;
  let connecting: Promise<void> | undefined;
  let creating: Promise<ScriptedRedis> | undefined;
  /** The client, created on first use: ioredis is only loaded when Redis is configured and needed. */
  const createClient = async (): Promise<ScriptedRedis> => {
    const { Redis } = await import("ioredis");
    const options = {
      keyPrefix: REDIS_KEY_PREFIX,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 250, 5_000),
      // Connecting is one round trip (the ready check), not three: a mute peer costs one timeout.
      disableClientInfo: true,
      // How long a socket being closed waits for the peer to close it too (an option ioredis
      // reads but does not declare; its 2 s would hold a process up at exit when the peer is mute).
      disconnectTimeout: DISCONNECT_WAIT_MS,
    };
    const created = new Redis(url, options) as ScriptedRedis;
    created.defineCommand("compareAndSet", { numberOfKeys: 1, lua: COMPARE_AND_SET });
    created.defineCommand("incrementBelow", { numberOfKeys: 1, lua: INCREMENT_BELOW });
    created.defineCommand("take", { numberOfKeys: 1, lua: TAKE });
    // Connection errors are listened to (by the guard), so none is thrown as an unhandled event.
    guard = guardConnection(created);
    return created;
  };
  const connection = async (): Promise<ScriptedRedis> => {
    // The first commands of a burst all wait for the import: only one of them creates the client
    // (and guards it: a guard per command would pile listeners onto one client).
    if (creating === undefined) creating = createClient();
    const redis = await creating;
    client = redis;
    if (redis.status === "ready") return redis;
    // "end": dropped after a timeout (or never reconnected); the caller's next attempt connects again.
    if (redis.status === "wait" || redis.status === "end") {
      connecting ??= withinWaiting(redis.connect(), CONNECT_TIMEOUT_MS)
        .catch((error: unknown) => {
          redis.disconnect();
          throw error;
        })
        .finally(() => {
          connecting = undefined;
        });
    }
    if (connecting) {
      await connecting;
      return redis;
    }
    throw new Error(`Redis is not connected (${redis.status})`);
  };
  /** One round trip; a failure the guard saw is reported in its words. */
  const command = async <R>(send: (redis: ScriptedRedis) => Promise<R>): Promise<R> => {
    try {
      const redis = await connection();
      return await withinWaiting(send(redis), COMMAND_TIMEOUT_MS).catch((error: unknown) => {
        // Whatever is queued behind an unanswered command fails with it.
        if (error instanceof WaitingTimeout) redis.disconnect();
        throw error;
      });
    } catch (error) {
      const problem = guard?.problem();
      throw problem ? new Error(problem, { cause: error }) : error;
    } finally {
      guard?.replied();
    }
  };
  const ttl = (ms: number) => Math.max(1, Math.round(ms));
  /** A value as JSON, or undefined (with a warning) when it is too large to keep. */
  const serialize = (key: string, value: unknown): string | undefined => {
    const text = JSON.stringify(value);
    if (Buffer.byteLength(text) <= MAX_STATE_VALUE_BYTES) return text;
    if (!warnings.some((w) => w.includes(key)))
      warnings.push(`A value for ${key} was not stored in Redis: larger than ${MAX_STATE_VALUE_BYTES} bytes`);
    return undefined;
  };

  const queues = new Map<string, Promise<void>>();
  const compareAndSetLoop = async <T>(key: string, change: (current: T | undefined) => T, ttlMs: number) => {
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const text = await command((redis) => redis.get(key));
      const next = change(text === null ? undefined : parse<T>(key, text));
      const json = serialize(key, next);
      if (json === undefined) return next;
      const swapped = await command((redis) =>
        redis.compareAndSet(key, text === null ? "0" : "1", text ?? "", json, ttl(ttlMs)),
      );
      if (swapped === 1) return next;
      // Another process won the race: back off a little, with jitter, and read again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
    throw new Error(`Redis update of ${key} kept conflicting`);
  };

  return {
    kind: "redis",
    // Hashed: the address may carry a password.
    place: `redis:${createHash("sha256").update(url).digest("hex")}`,
    async get<T>(key: string) {
      const text = await command((redis) => redis.get(key));
      return text === null ? undefined : parse<T>(key, text);
    },
    async set(key, value, ttlMs) {
      const json = serialize(key, value);
      if (json !== undefined) await command((redis) => redis.set(key, json, "PX", ttl(ttlMs)));
    },
    async update<T>(key: string, change: (current: T | undefined) => T, ttlMs: number) {
      // Updates of one key from this process go one at a time; only other processes can conflict.
      const previous = queues.get(key) ?? Promise.resolve();
      const mine = previous.then(() => compareAndSetLoop(key, change, ttlMs));
      const tail = mine.then(
        () => {},
        () => {},
      );
      queues.set(key, tail);
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key);
      });
      return mine;
    },
    async increment(key, by, { limit, ttlMs }): Promise<CounterResult> {
      const reply = await command((redis) =>
        redis.incrementBelow(key, by, limit === undefined ? "" : String(limit), ttl(ttlMs)),
      );
      if (!Array.isArray(reply) || reply.length !== 2)
        throw new Error("Redis answered a counter with something else");
      return { value: Number(reply[0]), applied: reply[1] === 1 };
    },
    async clear(namespace) {
      // SCAN matches whole keys, prefix included; the other commands add the prefix themselves.
      const prefix = `${REDIS_KEY_PREFIX}${namespace}:`;
      const keys = new Set<string>();
      let cursor = "0";
      do {
        const [next, found] = await command((redis) =>
          redis.scan(cursor, "MATCH", `${globEscape(prefix)}*`, "COUNT", SCAN_COUNT),
        );
        cursor = next;
        for (const key of found) if (key.startsWith(prefix)) keys.add(key.slice(REDIS_KEY_PREFIX.length));
      } while (cursor !== "0" && keys.size < MAX_CLEARED_KEYS);
      const cleared: ClearedEntry[] = [];
      for (const key of keys) {
        const text = await command((redis) => redis.take(key));
        if (text === null) continue;
        let value: unknown;
        try {
          value = parse<unknown>(key, text);
        } catch {
          value = undefined; // not ours to describe, but gone all the same
        }
        cleared.push({ name: key.slice(namespace.length + 1), value });
      }
      return cleared;
    },
    warnings,
    async close() {
      const redis = client;
      if (!redis) return;
      // QUIT lets Redis finish what it was sent; the connection is dropped either way, so a peer that
      // acknowledges and never hangs up cannot keep the process alive.
      if (redis.status === "ready") {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          redis.quit().catch(() => {}),
          new Promise((resolve) => {
            timer = setTimeout(resolve, QUIT_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      redis.disconnect();
    },
  };
}

/** `text` matched literally by a SCAN pattern. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

/** A stored value, or a clear error when what Redis holds under the key is not ours. */
function parse<T>(key: string, text: string): T {
  if (Buffer.byteLength(text) > MAX_STATE_VALUE_BYTES)
    throw new Error(`the value of ${key} in Redis is larger than ${MAX_STATE_VALUE_BYTES} bytes`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`the value of ${key} in Redis is not JSON`);
  }
}

/** An error of the connection in words fit for a note: a reply that is not Redis is never quoted. */
function describeConnectionError(error: Error): string {
  if (error.name === "ParserError") return NOT_REDIS;
  return withoutControls(error.message).slice(0, 200);
}

const NOT_REDIS = "what answers on the Redis port does not speak Redis's protocol";

interface ConnectionGuard {
  /** A command has its reply: the byte count starts again. */
  replied(): void;
  /** Why the connection last failed (dropped by the guard, refused, a protocol error), if it did. */
  problem(): string | undefined;
}

/**
 * Keeps a peer that does not speak Redis (another program on the port) from crashing or flooding
 * the process. ioredis parses replies inside the socket's 'data' handler, where a reply it cannot
 * take (an array of 2^32 items) throws past every caller and ends the process, and a reply may
 * announce any length. Either now drops the connection instead: the commands waiting on it fail,
 * and ioredis reconnects in the background.
 */
function guardConnection(redis: Redis): ConnectionGuard {
  let received = 0;
  let problem: string | undefined;
  redis.on("error", (error: Error) => {
    problem ??= `the connection to Redis failed: ${describeConnectionError(error)}`;
  });
  // 'connect' is emitted on the tick the socket connects, before any data can be read from it.
  redis.on("connect", () => {
    const socket = redis.stream;
    received = 0;
    problem = undefined;
    const drop = (why: string): false => {
      problem = why;
      socket.destroy(new Error(why));
      return false;
    };
    const emit = socket.emit;
    socket.emit = function guardedEmit(this: typeof socket, event: string | symbol, ...args: unknown[]) {
      if (event === "data" && Buffer.isBuffer(args[0])) {
        received += args[0].length;
        if (received > MAX_REPLY_BYTES)
          return drop(`Redis sent more than ${MAX_REPLY_BYTES} bytes for one reply`);
      }
      try {
        return Reflect.apply(emit, this, [event, ...args]) as boolean;
      } catch {
        // What the parser choked on is garbage by definition: it is not quoted.
        return drop(NOT_REDIS);
      }
    } as typeof socket.emit;
  });
  return {
    replied: () => {
      received = 0;
    },
    problem: () => problem,
  };
}
