import { describe, expect, it } from "vitest";
import {
  createCooldowns,
  describeCooldown,
  FIRST_COOLDOWN_MS,
  MAX_COOLDOWN_MS,
} from "../../src/chain/cooldowns.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const T0 = Date.UTC(2026, 11, 1, 12);

describe("cooldowns", () => {
  it("skips a stage that timed out until its cooldown ends, then lets exactly one probe through", async () => {
    const cooldowns = createCooldowns(createMemoryStore());
    expect(await cooldowns.check("exa", T0)).toStrictEqual({ ask: true, probe: false });
    await cooldowns.failed("exa", "timeout", T0);
    const during = await cooldowns.check("exa", T0 + FIRST_COOLDOWN_MS - 1);
    expect(during).toMatchObject({ ask: false, probing: false });
    const after = T0 + FIRST_COOLDOWN_MS;
    expect(await cooldowns.check("exa", after)).toStrictEqual({ ask: true, probe: true });
    // While the probe is out, everyone else still skips.
    expect(await cooldowns.check("exa", after + 1)).toMatchObject({ ask: false, probing: true });
    await cooldowns.recovered("exa");
    expect(await cooldowns.check("exa", after + 2)).toStrictEqual({ ask: true, probe: false });
  });

  it("opens one cooldown for parallel calls that met the same outage", async () => {
    const cooldowns = createCooldowns(createMemoryStore());
    const opened = await Promise.all([1, 2, 3, 4].map(() => cooldowns.failed("searxng", "network", T0)));
    expect(opened.map((c) => c.failures)).toStrictEqual([1, 1, 1, 1]);
    expect((await cooldowns.get("searxng", T0))?.until).toBe(T0 + FIRST_COOLDOWN_MS);
  });

  it("doubles the cooldown each time the probe fails, up to the cap", async () => {
    const cooldowns = createCooldowns(createMemoryStore());
    let now = T0;
    const lengths: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const cooldown = await cooldowns.failed("tavily", "timeout", now);
      lengths.push(cooldown.until - now);
      now = cooldown.until;
      expect((await cooldowns.check("tavily", now)).ask).toBe(true);
    }
    expect(lengths).toStrictEqual([1, 2, 4, 8, 15, 15, 15].map((m) => Math.min(m * 60_000, MAX_COOLDOWN_MS)));
  });

  it("says what happened and what comes next", () => {
    const cooldown = { until: T0, failures: 2, reason: "timeout" };
    expect(describeCooldown(cooldown, false)).toBe(
      "timed out 2 times in a row; skipped until 2026-12-01T12:00:00.000Z, then one request checks whether it is back",
    );
    expect(describeCooldown({ ...cooldown, failures: 1, reason: "network" }, true)).toBe(
      "could not be reached; another request is checking whether it is back",
    );
  });

  it.each([
    ["ENOTFOUND", "could not be reached: its name did not resolve (ENOTFOUND)"],
    ["EAI_AGAIN", "could not be reached: its name did not resolve (EAI_AGAIN)"],
    ["ECONNREFUSED", "could not be reached (ECONNREFUSED)"],
  ])("remembers the failure's code %s and names it while skipping", async (code, said) => {
    const cooldowns = createCooldowns(createMemoryStore());
    await cooldowns.failed("exa-mcp", "network", T0, code);
    const check = await cooldowns.check("exa-mcp", T0 + 1);
    expect(check.ask).toBe(false);
    if (check.ask) return;
    expect(describeCooldown(check.cooldown, false)).toBe(
      `${said}; skipped until 2026-12-01T12:01:00.000Z, then one request checks whether it is back`,
    );
  });

  it("forgets every cooldown at once, at every address, saying which were in force", async () => {
    const state = createMemoryStore();
    await createCooldowns(state, () => "http://127.0.0.1:8888").failed("searxng", "timeout", T0);
    const cooldowns = createCooldowns(state);
    await cooldowns.failed("exa-mcp", "network", T0, "ENOTFOUND");
    await cooldowns.failed("tavily", "timeout", T0 - FIRST_COOLDOWN_MS); // ended, not yet forgotten
    const cleared = await cooldowns.clear(T0 + 1);
    expect(cleared.map((c) => c.provider).sort()).toStrictEqual(["exa-mcp", "searxng"]);
    expect(await cooldowns.peek("tavily")).toBeUndefined();
    expect((await cooldowns.check("exa-mcp", T0 + 2)).ask).toBe(true);
  });
});
