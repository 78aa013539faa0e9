import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MockAgent } from "undici";
import { describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { allFailedHint } from "../../src/interfaces/cli/hints.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { resetState } from "../../src/operations/doctor.js";
import { everyCallFailed, failureCause } from "../../src/report/failure-cause.js";
import type { Report } from "../../src/report/report-schema.js";

/** Exa, whose address never resolves (or refuses the connection): what a machine offline meets. */
function offline(code: "ENOTFOUND" | "ECONNREFUSED") {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const error = Object.assign(new Error(`getaddrinfo ${code} api.exa.ai`), { code });
  agent.get("https://api.exa.ai").intercept({ path: /.*/, method: "POST" }).replyWithError(error).persist();
  const config = configFromObject({
    keys: { exa: "k" },
    order: ["exa"],
    keyless: "off",
    cacheTtlMs: 0,
    stateDir: mkdtempSync(join(tmpdir(), "core-search-offline-")),
  });
  const ask = () => corroborate("Is intermittent fasting safe?", { config, dispatcher: agent, read: 0 });
  return { config, ask };
}

/** The attempts of stages that could be asked (the others are `no_key`). */
const attemptsOf = (report: Report) =>
  report.calls.flatMap((call) => call.attempts).filter((attempt) => attempt.outcome !== "no_key");

describe("a question with no network", () => {
  it("says no name resolved, then what the next run skips and why, until doctor --reset clears it", async () => {
    const { config, ask } = offline("ENOTFOUND");
    const first = await ask();
    expect(everyCallFailed(first)).toBe(true);
    expect(attemptsOf(first).map((a) => a.outcome)).toContain("network");
    expect(first.notes[0]).toMatch(/^No network: names did not resolve \(ENOTFOUND\)/);
    expect(first.notes.join("\n")).not.toMatch(/outage|engines unavailable/);
    expect(allFailedHint(failureCause(first.calls))).toMatch(
      /^core-search: no network: names did not resolve/,
    );

    // The next question does not ask Exa: it says what Exa is skipped for, and how to stop that.
    const second = await ask();
    expect(attemptsOf(second).map((a) => a.outcome)).toStrictEqual(attemptsOf(second).map(() => "cooling"));
    expect(attemptsOf(second)[0]?.detail).toMatch(
      /^could not be reached: its name did not resolve \(ENOTFOUND\); skipped until \d{4}-/,
    );
    expect(second.notes[0]).toMatch(/^No network: names did not resolve \(ENOTFOUND\)/);
    expect(second.notes[0]).toContain("core-search doctor --reset");

    const reset = await resetState(config);
    expect(reset.cooldowns).toStrictEqual([
      {
        provider: "exa",
        until: expect.any(String),
        detail: "could not be reached: its name did not resolve (ENOTFOUND)",
      },
    ]);
    const third = await ask();
    expect(attemptsOf(third).map((a) => a.outcome)).toContain("network");
  });

  it("after another failure, says every service is cooling down and doctor --reset clears it", async () => {
    const { ask } = offline("ECONNREFUSED");
    const first = await ask();
    expect(first.notes[0]).toMatch(/^Every planned call failed: the search services/);
    const second = await ask();
    const cause = failureCause(second.calls);
    expect(cause).toStrictEqual({ kind: "cooling" });
    expect(second.notes[0]).toMatch(
      /^Every planned call failed without asking a service: each one that could answer is cooling down/,
    );
    expect(second.notes[0]).toContain("core-search doctor --reset");
    expect(second.notes.join("\n")).toContain("could not be reached (ECONNREFUSED); skipped until");
    expect(allFailedHint(cause)).toContain("Run core-search doctor --reset");
  });
});
