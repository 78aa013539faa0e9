#!/usr/bin/env node
import { endOnOutputFailure, exitOnceWritten } from "./interfaces/cli/output-failure.js";
import { loadPlanner } from "./interfaces/cli/plan-bundle.js";
import { type PlanShortcut, planShortcut } from "./interfaces/cli/plan-shortcut.js";

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
  try {
    return loadPlanner(new URL(".", import.meta.url)).planText(shortcut);
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
