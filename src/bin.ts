#!/usr/bin/env node
import { isMainThread } from "node:worker_threads";
import { endOnOutputFailure, exitOnceWritten } from "./interfaces/cli/output-failure.js";
import { serveInThread } from "./interfaces/server/serve-thread.js";
import { withoutControls } from "./util/control-characters.js";

const args = process.argv.slice(2);
const stderr = (text: string) => process.stderr.write(text);
/** The commands that keep running until stopped; every other one answers once and exits. */
const LONG_RUNNING: ReadonlySet<string> = new Set(["serve", "mcp"]);
/** Set once the command is known: whether it answers once. */
let answersOnce = false;

/**
 * This built command, to run `serve` in a thread of its own (serve-thread.ts); undefined for any
 * other command, inside that thread, and when running from the TypeScript sources.
 */
function serverThreadEntry(): URL | undefined {
  if (!isMainThread || args[0] !== "serve") return undefined;
  const self = new URL(import.meta.url);
  return self.pathname.endsWith(".js") ? self : undefined;
}

/** The command in this thread. Loaded only here: the thread that starts a server's thread needs none of it. */
async function runHere(): Promise<number> {
  // The engine flags first, before any pattern is compiled.
  const { compilePatternsForOneUse, compileWasmForOneUse, setCommandFlags } = await import(
    "./interfaces/cli/engine-flags.js"
  );
  setCommandFlags();
  const { runCli } = await import("./interfaces/cli/run-cli.js");
  return runCli(args, {
    stdout: (text) => process.stdout.write(text),
    stderr,
    env: process.env,
    stdin: () => process.stdin,
    isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
    beforeCommand: (command) => {
      if (command === "plan") compilePatternsForOneUse();
      answersOnce = !LONG_RUNNING.has(command);
      if (answersOnce) compileWasmForOneUse();
    },
  });
}

endOnOutputFailure(process.stdout, stderr);
const entry = serverThreadEntry();
const run = entry ? serveInThread(entry, args) : runHere();
run.then(
  (code) => {
    process.exitCode = code;
    if (answersOnce) exitOnceWritten(code);
  },
  (error: unknown) => {
    stderr(
      `core-search: unexpected failure: ${withoutControls(error instanceof Error ? error.message : String(error))}\n`,
    );
    process.exitCode = 1;
  },
);
