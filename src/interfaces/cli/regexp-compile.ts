import { setFlagsFromString } from "node:v8";

/**
 * How the command's regular expressions are compiled; only the command sets this, the library never
 * changes its host's engine flags. Imported first by the command's entry point, before any pattern
 * runs. Measured with bench/plan.mjs and the judge on one question's texts:
 *
 * - Straight to machine code. By default V8 first compiles each pattern to bytecode and compiles it
 *   again to machine code on its second use; for the planner's long word-list patterns the bytecode
 *   step is the slower one (a cold `core-search plan` spent about 40 ms of its start on it, and a
 *   second question 15 ms on recompiling), and the judge reads a question's texts about 20% faster.
 * - Without V8's optimisations of the machine code, for `plan` alone: it runs each pattern once or
 *   twice, so compiling is nearly all of their cost, and the first plan takes 14 ms instead of 21.
 *   Commands that judge or merge many texts keep them: their patterns would run 1.5× slower.
 */
setFlagsFromString("--no-regexp-tier-up");
// The command is the first word that is not an option; an option's value before it only costs speed.
if (process.argv.slice(2).find((arg) => !arg.startsWith("-")) === "plan")
  setFlagsFromString("--no-regexp-optimization");
