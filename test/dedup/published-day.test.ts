import { describe, expect, it } from "vitest";
import { publishedDay } from "../../src/dedup/address-date.js";
import { pageAddress } from "../../src/dedup/page-address.js";

const day = (year: number, month: number, date: number) => Date.UTC(year, month - 1, date) / 86_400_000;
const dayOf = (url: string, snippet = "") => publishedDay(pageAddress(url), snippet);

describe("publishedDay: the day a page was published", () => {
  it.each([
    ["https://www.usatoday.com/story/money/2026/10/14/social-security-cola/867/", day(2026, 10, 14)],
    ["https://www.example.com/news/2026-03-11-canal-curbs", day(2026, 3, 11)],
    ["https://www.theguardian.com/environment/2025/feb/03/microplastics-brains", day(2025, 2, 3)],
  ])("reads the date its address files it under: %s", (url, expected) => {
    expect(dayOf(url)).toBe(expected);
  });

  it.each([
    ["Jun 23, 2025 — The first images from a new observatory", day(2025, 6, 23)],
    ["23 Jun 2025 — The first images from a new observatory", day(2025, 6, 23)],
    ["27-Feb-2023 — Cleveland Clinic researchers found", day(2023, 2, 27)],
    ["2025-06-23 · The first images", day(2025, 6, 23)],
    [
      "January 14, 2025 08:00 AM Eastern Standard Time — MINNEAPOLIS--(BUSINESS WIRE)--Kelvara Climate",
      day(2025, 1, 14),
    ],
    ["March 3, 2024 9:15 PM ET · The council voted", day(2024, 3, 3)],
    ["May 20, 2025 /PRNewswire/ -- Fully remote workers under 30", day(2025, 5, 20)],
    ["Jun 3, 2025 -- Corvane, the workplace experience platform", day(2025, 6, 3)],
    ["04.03.2026 — Berlin (dpa) - Die Zahl der Masernfälle", day(2026, 3, 4)],
    ["4. März 2026 — Die Zahl der Masernfälle", day(2026, 3, 4)],
    ["12 févr. 2026 — Des chercheurs de l'Université technique", day(2026, 2, 12)],
    ["15 janv. 2026 — Des chercheurs du Karolinska Institutet", day(2026, 1, 15)],
    ["3 juil. 2025 — Le café", day(2025, 7, 3)],
    ["12 feb 2026 — Un equipo de la Universidad", day(2026, 2, 12)],
    ["9 dic 2025 — Un equipo", day(2025, 12, 9)],
    ["1 Okt. 2025 — Die Studie", day(2025, 10, 1)],
  ])("reads a search engine's date before the snippet: %j", (snippet, expected) => {
    expect(dayOf("https://www.example.com/news/observatory", snippet)).toBe(expected);
  });

  it("prefers the address's date, and reads no date from a snippet that opens with none", () => {
    expect(dayOf("https://www.example.com/2026/10/14/story", "Jun 23, 2025 — text")).toBe(day(2026, 10, 14));
    expect(dayOf("https://www.example.com/story", "3 days ago — text")).toBeNull();
    expect(dayOf("https://www.example.com/story", "Updated Monday — text")).toBeNull();
    expect(dayOf("https://www.example.com/story", "June 2025 was the hottest month")).toBeNull();
    expect(dayOf("https://www.example.com/story", "January 14, 2025 is when — the plant opened")).toBeNull();
  });
});
