import { describe, expect, it } from "vitest";
import { progressLine } from "../../../src/interfaces/cli/progress.js";
import { colourWanted, createStyle } from "../../../src/interfaces/cli/style.js";
import type { ProgressEvent } from "../../../src/operations/progress-events.js";

const plain = createStyle(false);
const call = { call: 4, role: "counter" } as const;

describe("progress lines", () => {
  it.each<[ProgressEvent, string | null]>([
    [
      {
        type: "preflight",
        status: "ok",
        healthyEngines: ["bing", "google", "mojeek"],
        families: ["bing", "google", "mojeek"],
        degraded: false,
        error: null,
        roundTrips: 1,
        ms: 40,
      },
      "· SearXNG preflight ok: 3 web-index families (bing, google, mojeek), 40 ms",
    ],
    [
      {
        type: "preflight",
        status: "ok",
        healthyEngines: ["bing"],
        families: ["bing"],
        degraded: true,
        error: null,
        roundTrips: 0,
        ms: 2,
      },
      "! SearXNG preflight: only 1 web-index family (bing), 2 ms",
    ],
    [
      {
        type: "preflight",
        status: "failed",
        healthyEngines: [],
        families: [],
        degraded: false,
        error: "Request to http://127.0.0.1:8888/config failed: ECONNREFUSED",
        roundTrips: 1,
        ms: 3,
      },
      "✗ SearXNG preflight failed: Request to http://127.0.0.1:8888/config failed: ECONNREFUSED — SearXNG is skipped",
    ],
    [
      {
        type: "preflight",
        status: "not_configured",
        healthyEngines: [],
        families: [],
        degraded: false,
        error: null,
        roundTrips: 0,
        ms: 0,
      },
      null,
    ],
    [
      {
        type: "call-started",
        ...call,
        query: "x risks",
        categories: ["general"],
        engines: [],
        timeRange: null,
      },
      '· call 4 (counter): searching "x risks"',
    ],
    [
      { type: "attempt", ...call, provider: "searxng", outcome: "ok", ms: 95, hits: 5 },
      "· call 4 (counter): searxng ok, 5 hits, 95 ms",
    ],
    [
      { type: "attempt", ...call, provider: "exa", outcome: "cache", ms: 0, hits: 1 },
      "· call 4 (counter): exa cache, 1 hit",
    ],
    [
      {
        type: "attempt",
        ...call,
        provider: "exa",
        outcome: "http_429",
        ms: 120,
        hits: 0,
        detail: "HTTP 429",
      },
      "· call 4 (counter): exa http_429, 120 ms (HTTP 429)",
    ],
    [
      {
        type: "attempt",
        ...call,
        provider: "brave",
        outcome: "paused",
        ms: 0,
        hits: 0,
        detail: "HTTP 402; paused until 2030-01-01T00:00:00.000Z",
      },
      "· call 4 (counter): brave paused (HTTP 402; paused until 2030-01-01T00:00:00.000Z)",
    ],
    [{ type: "attempt", ...call, provider: "tavily", outcome: "no_key", ms: 0, hits: 0 }, null],
    [
      { type: "call-finished", ...call, status: "ok", provider: "searxng", hits: 1, ms: 97 },
      "✓ call 4 (counter) done: 1 hit from searxng, 97 ms",
    ],
    [
      { type: "call-finished", ...call, status: "empty", provider: null, hits: 0, ms: 50 },
      "– call 4 (counter) done: no results, 50 ms",
    ],
    [
      { type: "call-finished", ...call, status: "failed", provider: null, hits: 0, ms: 5000 },
      "✗ call 4 (counter) done: failed: no service answered, 5000 ms",
    ],
  ])("%j", (event, line) => {
    expect(progressLine(event, plain)).toBe(line);
  });

  it("strips escape sequences and control characters a service might send, and its line breaks", () => {
    const line = progressLine(
      {
        type: "attempt",
        ...call,
        provider: "exa",
        outcome: "error",
        ms: 1,
        hits: 0,
        detail: "bad\u001b[2J\r\nthing",
      },
      plain,
    );
    // The sequence goes whole: no "[2J" is left to show.
    expect(line).toBe("· call 4 (counter): exa error, 1 ms (bad thing)");
  });

  it("colours only through the style", () => {
    const coloured = progressLine(
      { type: "call-finished", ...call, status: "ok", provider: "exa", hits: 2, ms: 9 },
      createStyle(true),
    );
    expect(coloured).toBe("\u001b[32m✓\u001b[39m call 4 (counter) done: 2 hits from exa, 9 ms");
  });
});

describe("colourWanted", () => {
  it.each<[Record<string, string | undefined>, boolean, boolean]>([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "0" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ FORCE_COLOR: "0" }, true, false],
    [{ FORCE_COLOR: "false" }, true, false],
    [{ FORCE_COLOR: "1" }, false, false],
    [{ TERM: "dumb" }, true, false],
  ])("%j on a TTY %s → %s", (env, isTTY, wanted) => {
    expect(colourWanted(env, isTTY)).toBe(wanted);
  });
});
