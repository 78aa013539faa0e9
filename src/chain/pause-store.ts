import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProviderName } from "../providers/search-provider.js";

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

/**
 * `pauses.json` in `dir`, re-read on every look-up (other processes write it too) and replaced
 * atomically (write to a temporary file, then rename). A corrupt or unwritable file costs one
 * warning and the store carries on in memory; it never fails a search.
 */
export function createFilePauseStore(dir: string): PauseStore {
  const file = join(dir, "pauses.json");
  const memory = createMemoryPauseStore();
  const warnings: string[] = [];
  let usable = true;

  const degrade = (what: string, error: unknown) => {
    if (!usable) return;
    usable = false;
    const code = (error as { code?: unknown } | null)?.code;
    warnings.push(
      `Pause state ${what} (${typeof code === "string" ? code : "invalid content"}): pauses are kept in memory for this run`,
    );
  };

  const read = (): PauseFile["pauses"] => {
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
      if (!isPauseFile(parsed)) throw new Error("invalid");
      return parsed.pauses;
    } catch (error) {
      if ((error as { code?: unknown }).code === "ENOENT") return {};
      degrade(`file ${file} could not be read`, error);
      return {};
    }
  };

  return {
    get(provider, now) {
      const remembered = memory.get(provider, now);
      if (remembered || !usable) return remembered;
      const pause = read()[provider];
      return pause && pause.until > now ? pause : undefined;
    },
    set(provider, pause) {
      memory.set(provider, pause);
      if (!usable) return;
      const now = Date.now();
      const pauses = Object.fromEntries(Object.entries(read()).filter(([, p]) => p && p.until > now));
      if (!usable) return;
      const next: PauseFile = { version: 1, pauses: { ...pauses, [provider]: pause } };
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
        renameSync(temporary, file);
      } catch (error) {
        degrade(`could not be written to ${dir}`, error);
      }
    },
    warnings,
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
