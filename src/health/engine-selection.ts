import type { PlannedCall } from "../plan/plan-schema.js";
import { engineFamily } from "./engine-families.js";
import type { PreflightResult } from "./preflight.js";

export interface EngineChoice {
  engines: string[];
  /** Why the call's engines differ from the plan's, or null. */
  note: string | null;
}

/**
 * The engines a call is actually sent to: the planned ones that are healthy; when none is, healthy
 * engines of other families stand in (general web engines first), avoiding the families in
 * `avoidFamilies` so the counter-query still reaches a different index than the neutral call.
 */
export function chooseEngines(
  call: PlannedCall,
  preflight: PreflightResult,
  avoidFamilies: ReadonlySet<string>,
): EngineChoice {
  if (call.engines.length === 0 || preflight.status !== "ok") return { engines: call.engines, note: null };
  const byName = new Map(preflight.engines.map((e) => [e.name, e]));
  const healthy = new Set(preflight.healthyEngines);
  const why = (name: string) => {
    const engine = byName.get(name);
    if (!engine) return `${name} (not on this instance)`;
    if (!engine.enabled) return `${name} (disabled)`;
    return `${name} (${engine.unresponsive ?? "unavailable"})`;
  };
  const usable = call.engines.filter((name) => healthy.has(name));
  const left = call.engines.filter((name) => !healthy.has(name));
  if (left.length === 0) return { engines: call.engines, note: null };
  if (usable.length > 0) {
    return { engines: usable, note: `Call ${call.id}: left out ${left.map(why).join(", ")}` };
  }
  const general = (name: string) => byName.get(name)?.categories.includes("general") ?? false;
  const candidates = preflight.healthyEngines
    .filter((name) => !avoidFamilies.has(engineFamily(name)))
    .sort((a, b) => Number(general(b)) - Number(general(a)));
  const family = new Set<string>();
  const substitutes = candidates.filter((name) => {
    const f = engineFamily(name);
    if (family.has(f)) return false;
    family.add(f);
    return true;
  });
  if (substitutes.length === 0) {
    return {
      engines: call.engines,
      note: `Call ${call.id}: ${left.map(why).join(", ")} unavailable and no healthy engine of another index to stand in`,
    };
  }
  const chosen = substitutes.slice(0, 2);
  return {
    engines: chosen,
    note: `Call ${call.id}: ${left.map(why).join(", ")} unavailable — sent to ${chosen.join(", ")} instead`,
  };
}
