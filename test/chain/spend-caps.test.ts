import { describe, expect, it } from "vitest";
import { createSpendCaps, describeAllowance } from "../../src/chain/spend-caps.js";
import { createMemoryStore } from "../../src/state/memory-store.js";

const at = (iso: string) => () => Date.parse(iso);

describe("spend caps", () => {
  it("lets a provider through until its allowance is used, then refuses without counting", async () => {
    const caps = createSpendCaps(
      createMemoryStore(),
      [{ provider: "exa", limit: 3, period: "month" }],
      at("2026-11-30T10:00:00Z"),
    );
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await caps.reserve("exa"));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, false, false]);
    expect(answers[4]).toEqual({
      ok: false,
      allowance: {
        provider: "exa",
        period: "month",
        limit: 3,
        used: 3,
        resetsAt: "2026-12-01T00:00:00.000Z",
      },
    });
    expect(await caps.status()).toEqual([
      { provider: "exa", period: "month", limit: 3, used: 3, resetsAt: "2026-12-01T00:00:00.000Z" },
    ]);
    expect((await caps.reserve("brave")).ok).toBe(true); // no allowance, no limit
  });

  it("starts again with the next period", async () => {
    const state = createMemoryStore();
    let now = "2026-11-30T23:59:00Z";
    const caps = createSpendCaps(state, [{ provider: "brave", limit: 1, period: "day" }], () =>
      Date.parse(now),
    );
    expect((await caps.reserve("brave")).ok).toBe(true);
    expect((await caps.reserve("brave")).ok).toBe(false);
    now = "2026-12-01T00:00:30Z";
    expect((await caps.reserve("brave")).ok).toBe(true);
  });

  it("with a daily and a monthly cap, a refusal by one gives back what the other counted", async () => {
    const caps = createSpendCaps(
      createMemoryStore(),
      [
        { provider: "tavily", limit: 10, period: "day" },
        { provider: "tavily", limit: 2, period: "month" },
      ],
      at("2026-11-10T08:00:00Z"),
    );
    await caps.reserve("tavily");
    await caps.reserve("tavily");
    const refused = await caps.reserve("tavily");
    expect(refused.ok).toBe(false);
    expect((await caps.status()).map((a) => [a.period, a.used])).toEqual([
      ["day", 2],
      ["month", 2],
    ]);
  });

  it("says what ran out and when it resets", () => {
    expect(
      describeAllowance({
        provider: "exa",
        period: "month",
        limit: 1000,
        used: 1000,
        resetsAt: "2026-12-01T00:00:00.000Z",
      }),
    ).toBe("monthly allowance of 1000 requests used up (resets 2026-12-01)");
  });
});
