import type { Config } from "../config/config.js";
import { withMemoryFallback } from "./fallback-store.js";
import { createFileStore, FILE_OPERATION_TIMEOUT_MS } from "./file-store.js";
import { createRedisStore } from "./redis-store.js";
import type { StateStore } from "./state-store.js";

/** Redis when `CORE_SEARCH_REDIS_URL` is set, else the state directory; either falls back to memory. */
export function openStateStore(config: Pick<Config, "redisUrl" | "stateDir">): StateStore {
  if (config.redisUrl) return withMemoryFallback(createRedisStore(config.redisUrl));
  return withMemoryFallback(createFileStore(config.stateDir), { timeoutMs: FILE_OPERATION_TIMEOUT_MS });
}
