import { join } from "node:path";
import type { ProviderName } from "../providers/search-provider.js";
import { createStateFile } from "./state-file.js";

/**
 * Pauses after a quota (402/432/433) or rate-limit (429) answer, kept in the state directory so
 * the next process does not spend its first request re-discovering an exhausted key.
 */
export interface Pause {
  /** Epoch milliseconds. */
  until: number;
  reason: "quota" | "rate_limit";
  /** What the service said, e.g. "HTTP 402 NO_MORE_CREDITS". */
  detail: string;
}

export interface PauseStore {
  get(provider: ProviderName, now: number): Pause | undefined;
  set(provider: ProviderName, pause: Pause): void;
  /** At most one line about the store itself (e.g. an unreadable file), for the report's notes. */
  readonly warnings: readonly string[];
}

export function createMemoryPauseStore(): PauseStore {
  const pauses = new Map<ProviderName, Pause>();
  return {
    get: (provider, now) => {
      const pause = pauses.get(provider);
      return pause && pause.until > now ? pause : undefined;
    },
    set: (provider, pause) => {
      pauses.set(provider, pause);
    },
    warnings: [],
  };
}

type PauseFile = { version: 1; pauses: Partial<Record<ProviderName, Pause>> };

/** `pauses.json` in `dir`, shared by every process that uses the same state directory. */
export function createFilePauseStore(dir: string): PauseStore {
  const memory = createMemoryPauseStore();
  const file = createStateFile<PauseFile>(join(dir, "pauses.json"), "Pause state", isPauseFile, () => ({
    version: 1,
    pauses: {},
  }));
  return {
    get(provider, now) {
      const remembered = memory.get(provider, now);
      if (remembered || !file.usable) return remembered;
      const pause = file.read().pauses[provider];
      return pause && pause.until > now ? pause : undefined;
    },
    set(provider, pause) {
      memory.set(provider, pause);
      const now = Date.now();
      file.update((current) => ({
        version: 1,
        // Expired pauses are dropped as the file is rewritten.
        pauses: {
          ...Object.fromEntries(Object.entries(current.pauses).filter(([, p]) => p && p.until > now)),
          [provider]: pause,
        },
      }));
    },
    get warnings() {
      return file.warnings;
    },
  };
}

function isPauseFile(value: unknown): value is PauseFile {
  if (typeof value !== "object" || value === null) return false;
  const { version, pauses } = value as { version?: unknown; pauses?: unknown };
  if (version !== 1 || typeof pauses !== "object" || pauses === null) return false;
  return Object.values(pauses).every(
    (p) =>
      typeof p === "object" &&
      p !== null &&
      typeof (p as Pause).until === "number" &&
      ((p as Pause).reason === "quota" || (p as Pause).reason === "rate_limit") &&
      typeof (p as Pause).detail === "string",
  );
}
