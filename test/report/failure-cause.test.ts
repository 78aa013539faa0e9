import { describe, expect, it } from "vitest";
import { allFailedHint } from "../../src/interfaces/cli/hints.js";
import { allFailedNote, failureCause } from "../../src/report/failure-cause.js";

type Attempt = { outcome: string; detail?: string };
const failed = (...attempts: Attempt[]) => ({ status: "failed", attempts });

const UNRESOLVED: Attempt = {
  outcome: "network",
  detail: "Request to https://mcp.exa.ai/mcp failed: ENOTFOUND",
};
const COOLING_UNRESOLVED: Attempt = {
  outcome: "cooling",
  detail:
    "could not be reached: its name did not resolve (ENOTFOUND); skipped until 2026-12-06T14:57:24.637Z, then one request checks whether it is back",
};
const COOLING_REFUSED: Attempt = {
  outcome: "cooling",
  detail:
    "could not be reached (ECONNREFUSED); skipped until 2026-12-06T14:57:24.637Z, then one request checks",
};
const NO_KEY: Attempt = { outcome: "no_key" };

describe("why every call failed", () => {
  it.each<[string, ReturnType<typeof failed>[], ReturnType<typeof failureCause>]>([
    [
      "no name resolved",
      [failed(NO_KEY, UNRESOLVED), failed(UNRESOLVED)],
      { kind: "offline", code: "ENOTFOUND" },
    ],
    [
      "no name resolved, then skipped for it",
      [failed(NO_KEY, UNRESOLVED, COOLING_UNRESOLVED), failed(COOLING_UNRESOLVED)],
      { kind: "offline", code: "ENOTFOUND" },
    ],
    [
      "the resolver did not answer",
      [failed({ outcome: "network", detail: "Request to https://api.exa.ai/search failed: EAI_AGAIN" })],
      { kind: "offline", code: "EAI_AGAIN" },
    ],
    ["every service skipped for an earlier failure", [failed(NO_KEY, COOLING_REFUSED)], { kind: "cooling" }],
    [
      "a name that resolved and a service that answered 503",
      [failed(UNRESOLVED, { outcome: "http_503", detail: "HTTP 503" })],
      { kind: "unavailable" },
    ],
    [
      "a timeout",
      [failed({ outcome: "timeout", detail: "Request to … timed out after 12000 ms" })],
      { kind: "unavailable" },
    ],
    ["nothing configured", [failed(NO_KEY)], { kind: "unavailable" }],
    [
      "calls that did not fail are not read",
      [{ status: "ok", attempts: [COOLING_REFUSED] }],
      { kind: "unavailable" },
    ],
  ])("%s", (_, calls, cause) => {
    expect(failureCause(calls)).toStrictEqual(cause);
  });

  it("says so in plain words, in the report and on the command line, with the way out", () => {
    const offline = { kind: "offline", code: "ENOTFOUND" } as const;
    expect(allFailedNote(offline)).toMatch(/^No network: names did not resolve \(ENOTFOUND\)/);
    expect(allFailedNote(offline)).not.toMatch(/outage/);
    expect(allFailedHint(offline)).toMatch(/^core-search: no network: names did not resolve \(ENOTFOUND\)/);
    for (const said of [allFailedNote(offline), allFailedHint(offline)]) {
      expect(said).toContain("core-search doctor --reset");
    }
    for (const said of [allFailedNote({ kind: "cooling" }), allFailedHint({ kind: "cooling" })]) {
      expect(said).toMatch(/cooling down after an earlier failure/);
      expect(said).toContain("core-search doctor --reset");
    }
    expect(allFailedHint({ kind: "unavailable" })).toMatch(
      /every planned call failed .* Run core-search doctor/,
    );
  });
});
