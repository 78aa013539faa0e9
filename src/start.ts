#!/usr/bin/env node
import { fileURLToPath } from "node:url";
import { compilePatternsForOneUse, setCommandFlags } from "./interfaces/cli/engine-flags.js";
import { endOnOutputFailure, exitOnceWritten } from "./interfaces/cli/output-failure.js";
import type { planText as PlanText } from "./interfaces/cli/plan-alone.js";
import { PLAN_BUNDLE, type PlanShortcut, planShortcut } from "./interfaces/cli/plan-shortcut.js";
import { requireWithCodeCache } from "./util/code-cache.js";

// The installed command, built as CommonJS (dist/bin.cjs). Node 20 starts an ES module entry point
// about 8 ms later than a CommonJS one, a third of a bare `node` start (bench/plan.mjs), so
// `core-search plan "<question>"`, which needs no settings, network or package, is answered here
// from the planner's own CommonJS bundle and its code cache. Everything else, a plan's errors
// included, is the full CLI's (dist/bin.js).

/**
 * The plan's text, or undefined when the planner refused the question or its bundle could not be
 * loaded: the full CLI then explains the one and plans despite the other.
 */
function planned(shortcut: PlanShortcut): string | undefined {
  // The flags before compiling: V8 takes a code cache only under the flags it was written with.
  setCommandFlags();
  compilePatternsForOneUse();
  const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  try {
    const bundle = requireWithCodeCache(here(PLAN_BUNDLE.file), here(PLAN_BUNDLE.cache));
    return (bundle.exports as { planText: typeof PlanText }).planText(shortcut);
  } catch {
    return undefined;
  }
}

const shortcut = planShortcut(process.argv.slice(2), process.env);
const text = shortcut && planned(shortcut);
if (text === undefined) {
  // Not a literal: the full CLI stays a module of its own, not part of this bundle.
  void import(new URL("./bin.js", import.meta.url).href);
} else {
  endOnOutputFailure(process.stdout, (message) => process.stderr.write(message));
  process.stdout.write(text);
  exitOnceWritten(0);
}
