#!/usr/bin/env node
import { compilePatternsForOneUse } from "./interfaces/cli/engine-flags.js";
import { runCli } from "./interfaces/cli/run-cli.js";
import { withoutControls } from "./util/control-characters.js";

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  stdin: () => process.stdin,
  isTTY: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  beforeCommand: (command) => {
    if (command === "plan") compilePatternsForOneUse();
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `core-search: unexpected failure: ${withoutControls(error instanceof Error ? error.message : String(error))}\n`,
    );
    process.exitCode = 1;
  },
);
