import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The built CLI as installed (`npm test` builds before the tests run). */
export const BIN = fileURLToPath(new URL("../../dist/bin.cjs", import.meta.url));
/** The full CLI the installed entry point hands every command but a plain `plan` to. */
export const FULL_BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));
const run = promisify(execFile);

/**
 * Runs the built CLI as its own process with only PATH, the run's temporary folder (TMPDIR) and
 * `env`; never throws on a non-zero exit.
 */
export function runBin(args: string[], env: Record<string, string>) {
  return runBinAt(BIN, args, env);
}

/** {@link runBin} of the entry point `bin` (BIN or FULL_BIN). */
export async function runBinAt(bin: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? "", TMPDIR: process.env.TMPDIR ?? "", ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
