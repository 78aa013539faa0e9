import type { CallRecord } from "./report-schema.js";

/**
 * Step 7: an engine outage is never reported as an absence of evidence. Each call that came back
 * degraded, empty or failed gets a note that says which it was.
 */
export function callNotes(
  calls: readonly CallRecord[],
  engines: ReadonlyMap<number, readonly string[]>,
): string[] {
  const notes: string[] = [];
  const ran = calls.filter((c) => c.status !== "skipped");
  if (ran.length > 0 && ran.every((c) => c.status === "failed")) {
    notes.push(
      "Every planned call failed: the search services or their engines were unavailable. This is an outage, not an absence of evidence — retry later or configure another service.",
    );
  }
  for (const call of calls) {
    if (call.status !== "skipped") notes.push(...call.warnings.map((w) => `Call ${call.id}: ${w}`));
    const down = call.unresponsiveEngines.map((e) => `${e.engine} (${e.reason})`).join(", ");
    if (call.status === "ok" && down) {
      notes.push(`Call ${call.id} degraded — ${down} unavailable, results may be incomplete`);
    } else if (call.status === "failed") {
      const reasons = call.attempts
        .filter((a) => a.outcome !== "no_key")
        .map((a) => `${a.provider}: ${a.detail ?? a.outcome}`)
        .join("; ");
      notes.push(
        `Call ${call.id} (${call.role}) failed — ${reasons || "no search service could be asked"}; engines unavailable, not an absence of evidence`,
      );
    } else if (call.status === "empty") {
      const named = engines.get(call.id) ?? [];
      notes.push(
        call.role === "counter" && named.length > 0
          ? `Call ${call.id} (counter) returned nothing — independent-index gap (${named.join(", ")}), not "no counter-evidence found"`
          : `Call ${call.id} (${call.role}) returned no results`,
      );
    } else if (call.status === "skipped") {
      const reason = call.warnings[0];
      notes.push(`Call ${call.id} (${call.role}) skipped${reason ? ` — ${reason}` : ""}`);
    }
  }
  return notes;
}
