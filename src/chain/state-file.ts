import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * One JSON file of shared state in the state directory (pauses, engine health), safe for several
 * processes on one machine: re-read on every look-up, replaced atomically (temporary file + rename).
 * A corrupt or unwritable file costs one warning, then the caller carries on in memory; it never
 * fails a search.
 */
export interface StateFile<T> {
  /** The file's content, or `empty` when it does not exist or can no longer be used. */
  read(): T;
  /** Read-modify-write; skipped once the file is unusable. */
  update(change: (current: T) => T): void;
  readonly usable: boolean;
  readonly warnings: readonly string[];
}

export function createStateFile<T>(
  file: string,
  what: string,
  isValid: (value: unknown) => value is T,
  empty: () => T,
): StateFile<T> {
  const warnings: string[] = [];
  let usable = true;
  const degrade = (problem: string, error: unknown) => {
    if (!usable) return;
    usable = false;
    const code = (error as { code?: unknown } | null)?.code;
    warnings.push(
      `${what} ${problem} (${typeof code === "string" ? code : "invalid content"}): kept in memory for this run`,
    );
  };
  const read = (): T => {
    if (!usable) return empty();
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
      if (!isValid(parsed)) throw new Error("invalid");
      return parsed;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT") degrade(`file ${file} could not be read`, error);
      return empty();
    }
  };
  return {
    read,
    update(change) {
      const current = read();
      if (!usable) return;
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        writeFileSync(temporary, `${JSON.stringify(change(current), null, 2)}\n`, { mode: 0o600 });
        renameSync(temporary, file);
      } catch (error) {
        degrade(`could not be written to ${dirname(file)}`, error);
      }
    },
    get usable() {
      return usable;
    },
    warnings,
  };
}
