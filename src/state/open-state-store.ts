import type { Config } from "../config/config.js";
import { withMemoryFallback } from "./fallback-store.js";
import { createFileStore } from "./file-store.js";
import { createRedisStore } from "./redis-store.js";
import type { StateStore } from "./state-store.js";

/** Redis when `CORE_SEARCH_REDIS_URL` is set, else the state directory; either falls back to memory. */
export function openStateStore(config: Pick<Config, "redisUrl" | "stateDir">): StateStore {
  const primary = config.redisUrl ? createRedisStore(config.redisUrl) : createFileStore(config.stateDir);
  return withMemoryFallback(primary);
}
