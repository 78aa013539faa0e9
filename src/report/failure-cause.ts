import { FIRST_COOLDOWN_MS, MAX_COOLDOWN_MS } from "../chain/cooldowns.js";
import { NAME_NOT_RESOLVED } from "../errors.js";

/**
 * Why every planned call failed, when the attempts say it plainly:
 * - `offline`: each service asked (or skipped for an earlier failure) failed because its name did
 *   not resolve — no network or no DNS, not an outage of the services;
 * - `cooling`: no service was asked at all: each that could answer is left alone for a while after
 *   an earlier failure (a cool-down), which `core-search doctor --reset` clears;
 * - `unavailable`: anything else (timeouts, errors, engines down).
 */
export type FailureCause = { kind: "offline"; code: string } | { kind: "cooling" } | { kind: "unavailable" };

/** A call as far as its cause goes: a report's call, or one search through the chain. */
interface TriedCall {
  status: string;
  attempts: readonly { outcome: string; detail?: string | undefined }[];
}

/** Outcomes of a stage that was not asked and could not have answered: they say nothing of the cause. */
const NOT_ASKED = new Set([
  "no_key",
  "paused",
  "capped",
  "throttled",
  "unsupported",
  "unhealthy",
  "deadline",
]);

/** "ENOTFOUND" when an attempt's reason (the HTTP failure, or the cool-down it opened) names a code of a name that did not resolve. */
function unresolvedName(detail: string | undefined): string | undefined {
  return NAME_NOT_RESOLVED.find((code) => new RegExp(`\\b${code}\\b`).test(detail ?? ""));
}

export function failureCause(calls: readonly TriedCall[]): FailureCause {
  const attempts = calls
    .filter((call) => call.status === "failed")
    .flatMap((call) => call.attempts)
    .filter((attempt) => !NOT_ASKED.has(attempt.outcome));
  if (attempts.length === 0) return { kind: "unavailable" };
  const codes = attempts.map((a) =>
    a.outcome === "network" || a.outcome === "cooling" ? unresolvedName(a.detail) : undefined,
  );
  const [code] = codes;
  if (code !== undefined && codes.every((c) => c !== undefined)) return { kind: "offline", code };
  if (attempts.every((a) => a.outcome === "cooling")) return { kind: "cooling" };
  return { kind: "unavailable" };
}

/** `core-search doctor --reset`, and what it does, for the notes. */
const RESET_ADVICE =
  "core-search doctor --reset clears remembered pauses and cool-downs, so the next run asks at once";

/** The report's first note when every planned call failed: what happened, and what to do about it. */
export function allFailedNote(cause: FailureCause): string {
  switch (cause.kind) {
    case "offline":
      return (
        `No network: names did not resolve (${cause.code}), so no search service could be reached. ` +
        "This is not an absence of evidence — check the connection, DNS or proxy and ask again. " +
        `After such a failure each service is left alone for ${FIRST_COOLDOWN_MS / 60_000} to ${MAX_COOLDOWN_MS / 60_000} minutes; ` +
        `once the network is back, ${RESET_ADVICE}.`
      );
    case "cooling":
      return (
        "Every planned call failed without asking a service: each one that could answer is cooling down " +
        "after an earlier failure (the calls below say which, and until when). This is not an absence of " +
        `evidence — ${RESET_ADVICE}.`
      );
    case "unavailable":
      return "Every planned call failed: the search services or their engines were unavailable. This is an outage, not an absence of evidence — retry later or configure another service.";
  }
}

/** True when every call that ran failed (the CLI's exit code 3). */
export function everyCallFailed(report: { calls: readonly { status: string }[] }): boolean {
  const ran = report.calls.filter((c) => c.status !== "skipped");
  return ran.length > 0 && ran.every((c) => c.status === "failed");
}
