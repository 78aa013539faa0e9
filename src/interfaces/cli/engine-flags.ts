import { setFlagsFromString } from "node:v8";

/**
 * A smaller budget (default 920 bytes of bytecode) for what the optimising compiler inlines into one
 * function. With the default, compiling the judge's feature reader alone took 100-700 ms of a
 * background thread, on the same cores the questions need, and a server spends its first few
 * hundred questions compiling (bench/server.mjs). With 120, taking turns with the default over the
 * server's first 140 questions: CPU per question 23.5-26.7 ms against 27.3-30.6. The answers' p95 in
 * bench/server.mjs did not move (2.06-2.21x against 2.01-2.15x, runs taking turns): the saving is
 * CPU left for other work, not latency on that bench.
 */
const INLINED_BYTECODE_BUDGET = 120;

/**
 * How V8 compiles the command's code; only the command sets this, the library never changes its
 * host's engine flags. Set by the command's entry point before any pattern runs, and not before Node
 * has loaded its module loader: Node's own modules come with code V8 compiled under the default
 * flags, which V8 no longer takes once a flag has changed (an ES module entry loads its loader
 * first; the CommonJS one, src/start.ts, sets them only for a plan). The flags are the process's,
 * so the server's analysis threads share them.
 *
 * Regular expressions, measured with bench/plan.mjs and the judge on one question's texts:
 * - Straight to machine code. By default V8 first compiles each pattern to bytecode and compiles it
 *   again to machine code on its second use; for the planner's long word-list patterns the bytecode
 *   step is the slower one (a cold `core-search plan` spent about 40 ms of its start on it, and a
 *   second question 15 ms on recompiling), and the judge reads a question's texts about 20% faster.
 * - Without V8's optimisations of the machine code, for `plan` alone: it runs each pattern once or
 *   twice, so compiling is nearly all of their cost, and the first plan takes 14 ms instead of 21.
 *   Commands that judge or merge many texts keep them: their patterns would run 1.5× slower.
 */
export function setCommandFlags(): void {
  setFlagsFromString("--no-regexp-tier-up");
  setFlagsFromString(`--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_BUDGET}`);
}

/** For a command that runs each pattern once or twice (`plan`), called once its arguments are read. */
export function compilePatternsForOneUse(): void {
  setFlagsFromString("--no-regexp-optimization");
}

/**
 * For a command that answers once and exits (every command but `serve` and `mcp`), called once its
 * arguments are read, before its first request. undici parses HTTP with WebAssembly, which V8 first
 * compiles with its baseline compiler and then, once the parser is busy, again with its optimising
 * compiler on a background thread; a process waits for that compile to end before it exits. After a
 * question's report was printed that was 60-150 ms of waiting (bench/cli.mjs); the baseline code
 * parses the few replies one command reads as fast for all it matters. A server keeps the default.
 */
export function compileWasmForOneUse(): void {
  setFlagsFromString("--no-wasm-dynamic-tiering");
  setFlagsFromString("--no-wasm-tier-up");
}
