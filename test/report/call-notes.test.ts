import { describe, expect, it } from "vitest";
import { callNotes } from "../../src/report/call-notes.js";
import type { CallRecord } from "../../src/report/report-schema.js";

const call = (
  id: number,
  attempts: CallRecord["attempts"],
  status: CallRecord["status"] = "ok",
): CallRecord => ({
  id,
  role: id === 4 ? "counter" : "neutral",
  query: "q",
  status,
  provider: status === "ok" ? "tavily" : null,
  attempts,
  unresponsiveEngines: [],
  hits: status === "ok" ? 3 : 0,
  warnings: [],
});
const cooling = { provider: "exa" as const, outcome: "cooling", ms: 0, detail: "timed out; skipped until …" };
const served = { provider: "tavily" as const, outcome: "ok", ms: 300 };

describe("call notes", () => {
  it("say once per stage that it was passed over, naming the calls, even when they were served", () => {
    const notes = callNotes(
      [call(1, [cooling, served]), call(3, [cooling, served]), call(4, [cooling, served])],
      new Map(),
    );
    expect(notes).toStrictEqual(["exa skipped for calls 1, 3 and 4 — timed out; skipped until …"]);
  });

  it("word a stage out of rate apart from one cooling down", () => {
    const throttled = { provider: "brave" as const, outcome: "throttled", ms: 0, detail: "no request free" };
    expect(callNotes([call(2, [throttled, served])], new Map())).toStrictEqual([
      "brave passed over for call 2 — no request free",
    ]);
  });

  it("leave a failed call to its own note, which names every stage", () => {
    const notes = callNotes([call(1, [cooling], "failed")], new Map());
    expect(notes.filter((n) => n.startsWith("exa skipped"))).toStrictEqual([]);
    expect(notes.join("\n")).toContain("exa: timed out; skipped until …");
  });
});
