/**
 * The file system calls of the state directory that could otherwise hang or grow without bound:
 * reading a state file, and creating the directory. Whatever sits at a state path — a FIFO, a
 * device, a symlink to /dev/zero, a file of gigabytes, a directory under /proc — costs at most one
 * open and one stat before it is refused.
 */
import { constants } from "node:fs";
import { mkdir, open, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { MAX_STATE_VALUE_BYTES } from "./state-store.js";

/** Why a state file was not read; the store treats it as empty and replaces it on the next write. */
export class UnusableStateFile extends Error {
  constructor(file: string, why: string) {
    super(`State file ${file} ${why}; it is treated as empty and will be replaced`);
    this.name = "UnusableStateFile";
  }
}

/**
 * The text of a state file, or undefined when there is none. Opened without blocking (a FIFO would
 * wait for a writer forever) and read only when it is a regular file of at most `maxBytes`.
 */
export async function readStateFile(
  file: string,
  maxBytes = MAX_STATE_VALUE_BYTES,
): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnusableStateFile(file, "is not a regular file");
    if (info.size > maxBytes) throw new UnusableStateFile(file, `is larger than ${maxBytes} bytes`);
    // Read to at most one byte past the bound: a file that grows while it is read is refused too.
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw new UnusableStateFile(file, `is larger than ${maxBytes} bytes`);
    return buffer.toString("utf8", 0, length);
  } finally {
    await handle.close().catch(() => {});
  }
}

/** The state directory cannot be created: the message names the directory and the system's reason. */
export class StateDirectoryError extends Error {
  readonly code: string;

  constructor(dir: string, code: string, cause?: unknown) {
    super(
      `cannot create the state directory ${dir} (${code}): set CORE_SEARCH_STATE_DIR to a writable directory`,
      {
        cause,
      },
    );
    this.name = "StateDirectoryError";
    this.code = code;
  }
}

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "error";
};

/** Levels a state directory may be created under, at most; deeper than this is a mistake. */
const MAX_DEPTH = 64;

/**
 * Creates `dir` and its missing parents, one level at a time. Node's own recursive mkdir loops
 * forever where a parent exists but refuses children with ENOENT (/proc/self/x); here each level is
 * tried once.
 */
export async function makeDirectory(dir: string, mode = 0o700): Promise<void> {
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    const found = await stat(at).catch((error: unknown) => {
      if (codeOf(error) === "ENOENT") return undefined;
      throw new StateDirectoryError(dir, codeOf(error), error);
    });
    if (found?.isDirectory()) break;
    if (found) throw new StateDirectoryError(dir, "ENOTDIR");
    if (missing.length === MAX_DEPTH || dirname(at) === at) throw new StateDirectoryError(dir, "ENOENT");
    missing.unshift(at);
  }
  for (const level of missing) {
    // EEXIST: another process created it in between.
    await mkdir(level, { mode }).catch((error: unknown) => {
      if (codeOf(error) !== "EEXIST") throw new StateDirectoryError(dir, codeOf(error), error);
    });
  }
}
