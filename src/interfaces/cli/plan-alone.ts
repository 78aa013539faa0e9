import { withoutControls } from "../../util/control-characters.js";
import { planOutput } from "./plan-output.js";
import type { PlanShortcut } from "./plan-shortcut.js";

/**
 * The planner on its own, built as dist/cli/plan.cjs for the command's entry point (src/start.ts,
 * which sets the engine flags first): what `core-search plan "<question>"` prints, cleaned like
 * every output of the CLI. Throws what the planner throws; the full CLI then runs and reports it.
 */
export function planText(shortcut: PlanShortcut): string {
  return withoutControls(planOutput(shortcut.question, { json: shortcut.json }));
}
