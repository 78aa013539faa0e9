import { Readable } from "node:stream";
import { runCli } from "../../src/interfaces/cli/run-cli.js";

/** Runs the CLI in-process with exactly `env`, collecting what it writes and its exit code. */
export async function runCliWith(argv: string[], env: Record<string, string | undefined>, stdin = "") {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env,
    stdin: () => Readable.from([stdin]),
  });
  return { code, stdout, stderr };
}
