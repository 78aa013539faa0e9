import { fileURLToPath } from "node:url";
import { type CachedBundle, requireWithCodeCache } from "../../util/code-cache.js";
import { compilePatternsForOneUse, setCommandFlags } from "./engine-flags.js";
import type { planText as PlanText } from "./plan-alone.js";

/** The planner's CommonJS bundle (src/interfaces/cli/plan-alone.ts) and its code cache, in dist/. */
const PLAN_BUNDLE = { file: "cli/plan.cjs", cache: "cli/plan.cache" } as const;

export interface Planner {
  planText: typeof PlanText;
  bundle: CachedBundle;
  /** Where its code cache is read from, and written to by scripts/plan-code-cache.mjs. */
  cacheFile: string;
}

/**
 * The planner's bundle, loaded with its code cache under the engine flags `plan` runs with. The
 * flags come first: V8 takes a code cache only under the flags it was written with. The command
 * (src/start.ts) and the script that writes the cache at build time load it here, so the two cannot
 * differ. `dist` is the folder of the built command.
 */
export function loadPlanner(dist: URL): Planner {
  setCommandFlags();
  compilePatternsForOneUse();
  const path = (file: string) => fileURLToPath(new URL(file, dist));
  const cacheFile = path(PLAN_BUNDLE.cache);
  const bundle = requireWithCodeCache(path(PLAN_BUNDLE.file), cacheFile);
  return { planText: (bundle.exports as { planText: typeof PlanText }).planText, bundle, cacheFile };
}
