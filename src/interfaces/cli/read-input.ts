import { createReadStream } from "node:fs";
import { CoreSearchError } from "../../errors.js";
import type { CliIo } from "./cli-options.js";

/**
 * A JSONL file, or standard input for `-`, read no further than `maxBytes`: a wrong path
 * (`/dev/zero`) or an endless stream is refused as soon as it passes the limit, not after it has
 * filled memory.
 */
export async function readInput(
  path: string | undefined,
  flag: string,
  io: CliIo,
  maxBytes: number,
): Promise<string> {
  if (!path) throw new CoreSearchError(`${flag} <file.jsonl or -> is required`, { code: "INVALID_INPUT" });
  const source = path === "-" ? io.stdin?.() : createReadStream(path);
  if (source === undefined) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // Leaving the loop early (the limit) closes the stream.
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > maxBytes) {
        throw new CoreSearchError(`${flag}: the input is larger than ${describeBytes(maxBytes)}`, {
          code: "INVALID_INPUT",
        });
      }
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof CoreSearchError) throw error;
    const code = (error as { code?: unknown }).code;
    const what = path === "-" ? "standard input" : path;
    throw new CoreSearchError(`${flag}: cannot read ${what} (${typeof code === "string" ? code : "error"})`, {
      code: "INVALID_INPUT",
      cause: error,
    });
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `16777216` → "16 MiB (16777216 bytes)". */
function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB (${bytes} bytes)` : `${bytes} bytes`;
}
