/**
 * What the command does when its standard output cannot be written. A reader that went away (`| head`)
 * has all it wanted: the command ends quietly. Any other failure (a full disk, a closed descriptor)
 * is said on stderr and ends the command with status 1, so a script never takes a lost report for
 * an answer.
 */
export function endOnOutputFailure(stdout: NodeJS.WriteStream, stderr: (text: string) => void): void {
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    stderr(`core-search: cannot write the output (${error.code ?? "write failed"})\n`);
    process.exit(1);
  });
}

/**
 * Ends a command that answered once as soon as its output has been handed to the system, instead of
 * once V8 has finished its background work and taken its heap down: 20-30 ms sooner (bench/cli.mjs).
 * A write that failed is left to {@link endOnOutputFailure}, which ends it with its own status.
 */
export function exitOnceWritten(code: number): void {
  process.stdout.write("", (error) => {
    if (!error) process.stderr.write("", () => process.exit(code));
  });
}
