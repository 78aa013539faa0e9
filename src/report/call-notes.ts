import { allFailedNote, failureCause } from "./failure-cause.js";
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
  if (ran.length > 0 && ran.every((c) => c.status === "failed"))
    notes.push(allFailedNote(failureCause(calls)));
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
      // Offline, or every service cooling down: the engines were never asked, so none is called unavailable.
      const engines = failureCause([call]).kind === "unavailable" ? "engines unavailable, " : "";
      notes.push(
        `Call ${call.id} (${call.role}) failed — ${reasons || "no search service could be asked"}; ${engines}not an absence of evidence`,
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
  notes.push(...passedStageNotes(calls));
  return notes;
}

/** Outcomes of a stage passed over to spare the call a wait: said once per stage, not per call. */
const PASSED_OVER: Readonly<Record<string, string>> = {
  cooling: "skipped",
  throttled: "passed over",
};

/**
 * "exa skipped for calls 1, 3 and 4 — timed out; …": a stage that is cooling down or out of rate
 * for the moment shapes which service answered, so the report says so even when the call succeeded.
 */
function passedStageNotes(calls: readonly CallRecord[]): string[] {
  // Keyed by what the note says of the stage ("exa skipped"), so each stage and outcome is said once.
  const seen = new Map<string, { ids: number[]; detail: string }>();
  for (const call of calls) {
    if (call.status === "failed" || call.status === "skipped") continue; // their own note names it
    for (const attempt of call.attempts) {
      if (!Object.hasOwn(PASSED_OVER, attempt.outcome)) continue;
      const said = `${attempt.provider} ${PASSED_OVER[attempt.outcome]}`;
      const entry = seen.get(said) ?? { ids: [], detail: attempt.detail ?? attempt.outcome };
      if (!entry.ids.includes(call.id)) entry.ids.push(call.id);
      seen.set(said, entry);
    }
  }
  return [...seen].map(([said, { ids, detail }]) => {
    const which =
      ids.length === 1 ? `call ${ids[0]}` : `calls ${ids.slice(0, -1).join(", ")} and ${ids.at(-1)}`;
    return `${said} for ${which} — ${detail}`;
  });
}
