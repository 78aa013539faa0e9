import type { Redis } from "ioredis";
import type { CounterResult, StateStore } from "./state-store.js";

/** Every key lives under this prefix, so one Redis can serve other programs too. */
export const REDIS_KEY_PREFIX = "core-search:";

/** Bounds on every round trip: an unreachable Redis costs at most about a second, once. */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 1_000;
const MAX_UPDATE_ATTEMPTS = 20;

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

type ScriptedRedis = Redis & {
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
  let client: ScriptedRedis | undefined;
  let connecting: Promise<void> | undefined;
  /** The client, created on first use: ioredis is only loaded when Redis is configured and needed. */
  const connection = async (): Promise<ScriptedRedis> => {
    if (!client) {
      const { Redis } = await import("ioredis");
      client ??= new Redis(url, {
        keyPrefix: REDIS_KEY_PREFIX,
        lazyConnect: true,
        enableOfflineQueue: false,
        connectTimeout: CONNECT_TIMEOUT_MS,
        commandTimeout: COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => Math.min(times * 250, 5_000),
      }) as ScriptedRedis;
      client.defineCommand("compareAndSet", { numberOfKeys: 1, lua: COMPARE_AND_SET });
      client.defineCommand("incrementBelow", { numberOfKeys: 1, lua: INCREMENT_BELOW });
      // Without a listener, a connection error would be thrown as an unhandled 'error' event.
      client.on("error", () => {});
    }
    const redis = client;
    if (redis.status === "ready") return redis;
    if (redis.status === "wait") {
      connecting ??= redis.connect().finally(() => {
        connecting = undefined;
      });
    }
    if (connecting) {
      await connecting;
      return redis;
    }
    throw new Error(`Redis is not connected (${redis.status})`);
  };
  const ttl = (ms: number) => Math.max(1, Math.round(ms));

  const queues = new Map<string, Promise<void>>();
  const compareAndSetLoop = async <T>(
    redis: ScriptedRedis,
    key: string,
    change: (current: T | undefined) => T,
    ttlMs: number,
  ) => {
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const text = await redis.get(key);
      const next = change(text === null ? undefined : (JSON.parse(text) as T));
      const swapped = await redis.compareAndSet(
        key,
        text === null ? "0" : "1",
        text ?? "",
        JSON.stringify(next),
        ttl(ttlMs),
      );
      if (swapped === 1) return next;
      // Another process won the race: back off a little, with jitter, and read again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
    throw new Error(`Redis update of ${key} kept conflicting`);
  };

  return {
    kind: "redis",
    async get<T>(key: string) {
      const text = await (await connection()).get(key);
      return text === null ? undefined : (JSON.parse(text) as T);
    },
    async set(key, value, ttlMs) {
      await (await connection()).set(key, JSON.stringify(value), "PX", ttl(ttlMs));
    },
    async update<T>(key: string, change: (current: T | undefined) => T, ttlMs: number) {
      const redis = await connection();
      // Updates of one key from this process go one at a time; only other processes can conflict.
      const previous = queues.get(key) ?? Promise.resolve();
      const mine = previous.then(() => compareAndSetLoop(redis, key, change, ttlMs));
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
      const [value, applied] = await (await connection()).incrementBelow(
        key,
        by,
        limit === undefined ? "" : String(limit),
        ttl(ttlMs),
      );
      return { value: Number(value), applied: applied === 1 };
    },
    warnings: [],
    async close() {
      const redis = client;
      if (!redis) return;
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
