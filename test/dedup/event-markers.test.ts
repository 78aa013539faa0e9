import { describe, expect, it } from "vitest";
import {
  markersConflict,
  snippetMarkersConflict,
  stripDateline,
  titleMarkerKey,
  titleMarkersConflict,
} from "../../src/dedup/event-markers.js";

describe("event markers", () => {
  it.each([
    ["Acme reports third quarter 2025 results", "Acme reports fourth quarter 2025 results", true],
    ["Acme launches X200 thermostat", "Acme launches X300 thermostat", true],
    ["Acme sales rose in January", "Acme sales rose in February", true],
    ["Death toll rises to 12 after floods", "Death toll rises after floods", false],
    ["Two-year trial finds benefit", "2-year trial finds benefit", false],
    ["Magnitude 7.1 quake strikes Alaska", "Magnitude 7.1 quake strikes Alaska - AP News", false],
    ["Fed holds rates steady", "Fed holds rates steady again", false],
  ])("%j and %j disagree: %s", (a, b, expected) => {
    expect(titleMarkersConflict(a, b)).toBe(expected);
  });

  it("compares snippets over the words both show, a dateline left out", () => {
    const ap =
      "WASHINGTON (AP) — The Fed raised rates by a quarter point on Wednesday, its 10th increase since March 2022.";
    const copy = "The Fed raised rates by a quarter point on Wednesday, its 10th increase since March 2022.";
    const cut = "The Fed raised rates by a quarter point on Wednesday, its 10th incr";
    const other = "The Fed raised rates by a quarter point on Wednesday, its 11th increase since March 2022.";
    expect(snippetMarkersConflict(ap, copy)).toBe(false);
    expect(snippetMarkersConflict(copy, cut)).toBe(false);
    expect(snippetMarkersConflict(copy, other)).toBe(true);
  });

  it("reads both title and snippet for texts matched by both", () => {
    const a = {
      title: "Acme declares quarterly dividend",
      snippet: "The dividend is payable on April 15, 2025.",
    };
    const b = {
      title: "Acme declares quarterly dividend",
      snippet: "The dividend is payable on July 15, 2025.",
    };
    expect(markersConflict(a, b)).toBe(true);
    expect(markersConflict(a, { ...a })).toBe(false);
  });

  it.each([
    ["WASHINGTON (AP) — The Fed", "The Fed"],
    ["LONDON, March 3 (Reuters) - Shares", "Shares"],
    ["SAN JOSE, Calif., Nov. 2, 2026 /PRNewswire/ -- Acme", "Acme"],
    ["New Delhi [India], May 15 (ANI): The monsoon", "The monsoon"],
    ["Madrid (EFE).- El Gobierno", "El Gobierno"],
    ["A federal rule removing medical bills", "A federal rule removing medical bills"],
  ])("strips the dateline of %j", (text, expected) => {
    expect(stripDateline(text)).toBe(expected);
  });

  it("keys a title by its markers, in order", () => {
    expect(titleMarkerKey("Acme Reports Fourth Quarter 2025 Results")).toBe("2025,4th");
    expect(titleMarkerKey("Acme Opens Factory")).toBe("");
  });
});
