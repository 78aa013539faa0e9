import { describe, expect, it } from "vitest";
import {
  datelinesDisagree,
  markersConflict,
  snippetMarkersConflict,
  storyText,
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
    // An amount however written: "$85 Million" is "$85M", not "$95M".
    ["Tarnwell Raises $85 Million Series C", "Tarnwell raises $85M Series C | Tarnwell", false],
    ["Tarnwell Raises $85 Million Series C", "Tarnwell raises $95M Series C", true],
    ["Acme raises $1.2 billion", "Acme raises $1.2B", false],
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

  it.each([
    [
      "BOSTON, Oct. 25, 2023 (GLOBE NEWSWIRE) -- Acme",
      "BOSTON, Sept. 17, 2024 (GLOBE NEWSWIRE) -- Acme",
      true,
    ],
    ["LONDON, March 3 (Reuters) - Shares", "LONDON, March 9 (Reuters) - Shares", true],
    // The same dateline, with the date a search engine or a reprint puts before it.
    [
      "BOSTON, Oct. 25, 2023 (GLOBE NEWSWIRE) -- Acme",
      "Oct 27, 2023 — BOSTON, Oct. 25, 2023 (GLOBE NEWSWIRE) -- Acme",
      false,
    ],
    [
      "SAN JOSE, Calif., Nov. 2, 2026 /PRNewswire/ -- Acme",
      "SAN JOSE, Calif., Nov. 3, 2026 /PRNewswire/ -- Acme",
      false,
    ],
    ["SAN DIEGO--(BUSINESS WIRE)--Acme", "SAN DIEGO, March 12, 2024--(BUSINESS WIRE)--Acme", false],
    ["Mar 12, 2024 — Acme said", "Nov 5, 2024 — Acme said", false],
  ])("datelines %j and %j tell two events: %s", (a, b, expected) => {
    expect(datelinesDisagree(a, b)).toBe(expected);
  });

  it("reads a release's opening after its dateline, credit and the company's description of itself", () => {
    expect(
      storyText(
        "Oct 26, 2023 — SAN JOSE, Calif., October 25, 2023--(BUSINESS WIRE)--Acme Bio, Inc., a clinical-stage company developing oral therapies for rare diseases, today announced data.",
      ),
    ).toBe("Acme Bio, Inc. today announced data.");
  });

  it.each([
    [
      "Acme to Present AB-101 Data at the ASCO Annual Meeting",
      "Acme to Present AB-101 Data at the ESMO Congress",
      true,
    ],
    ["Acme Presents AB-101 Data at CTAD 2023", "Acme Presents AB-101 Data at AAIC 2023", true],
    ["Acme to Present AB-101 Data at the ASCO Annual Meeting", "Acme to present AB-101 data at ASCO", false],
    [
      "Acme to Present at the Jefferies Healthcare Conference",
      "Acme to Present at the Jefferies Healthcare Conference",
      false,
    ],
    ["Acme Reports FY 2025 Results", "Acme Reports Results", false],
  ])("titles %j and %j name different meetings: %s", (a, b, expected) => {
    expect(titleMarkersConflict(a, b)).toBe(expected);
  });

  it("tells meetings apart by name in snippets, once the company's description is left out", () => {
    const about =
      "Acme Bio, Inc., a clinical-stage company developing oral therapies for rare kidney diseases, today announced";
    expect(
      snippetMarkersConflict(
        `${about} that data will be presented at the European Renal Association Congress in Milan.`,
        `${about} that data will be presented at the American Society of Nephrology Kidney Week in San Diego.`,
      ),
    ).toBe(false);
    expect(
      snippetMarkersConflict(
        `${about} that data will be presented at the European Renal Association Congress in Milan.`,
        `${about} that data will be presented at the World Congress of Nephrology in Yokohama.`,
      ),
    ).toBe(true);
  });

  it("keys a title by its markers, in order", () => {
    expect(titleMarkerKey("Acme Reports Fourth Quarter 2025 Results")).toBe("2025,4th");
    expect(titleMarkerKey("Acme Opens Factory")).toBe("");
  });
});
