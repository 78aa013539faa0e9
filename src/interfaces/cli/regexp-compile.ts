import { setFlagsFromString } from "node:v8";

/**
 * The command compiles its regular expressions straight to machine code. By default V8 first
 * compiles each one to bytecode and compiles it again to machine code on its second use; for the
 * planner's long word-list patterns the bytecode step is the slower one, so a cold `core-search plan`
 * spent about 40 ms of its start on it and a second question another 15 ms on the recompiling
 * (bench/plan.mjs). Only the command sets this: the library never changes its host's engine flags.
 * Imported first by the command's entry point, before any pattern runs.
 */
setFlagsFromString("--no-regexp-tier-up");
