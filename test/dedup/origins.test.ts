import { describe, expect, it } from "vitest";
import { dedupe } from "../../src/dedup/dedupe.js";
import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";

const item = (url: string, title: string, snippet = "", calls = 1): OriginItem => ({
  url,
  domain: new URL(url).hostname.replace(/^www\./, ""),
  title,
  snippet,
  foundBy: Array.from({ length: calls }, (_, i) => ({
    call: i + 1,
    provider: "searxng" as const,
    engines: ["bing"],
    rank: 1,
  })),
});

describe("assignOrigins", () => {
  it.each<[string, OriginItem[], { members: number[]; why: string }[]]>([
    [
      "a wire story reprinted on three sites is one wire origin",
      [
        item(
          "https://apnews.com/article/quake-alaska-2f9e",
          "Magnitude 7.1 earthquake strikes off Alaska coast, tsunami warning issued",
          "ANCHORAGE, Alaska (AP) — A powerful earthquake struck off the coast of Alaska on Tuesday, officials said.",
        ),
        item(
          "https://www.localpaper.com/news/national/quake-alaska",
          "Magnitude 7.1 earthquake strikes off Alaska coast, tsunami warning issued",
          "ANCHORAGE, Alaska (AP) — A powerful earthquake struck off the coast of Alaska on Tuesday, officials said.",
        ),
        item(
          "https://www.othertimes.com/2026/11/quake",
          "Magnitude 7.1 earthquake strikes off Alaska coast, tsunami warning issued - Other Times",
          "ANCHORAGE, Alaska (AP) — A powerful earthquake struck off the coast of Alaska on Tuesday.",
        ),
        item(
          "https://science.example.org/tsunami-physics",
          "How tsunamis form after undersea earthquakes",
          "An explainer.",
        ),
      ],
      [
        { members: [0, 1, 2], why: "wire" },
        { members: [3], why: "single" },
      ],
    ],
    [
      "a paper and a post citing its DOI are one origin",
      [
        item(
          "https://doi.org/10.1056/NEJMoa2034577",
          "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine",
          "",
        ),
        item(
          "https://blog.example.net/reading-the-trial",
          "What the vaccine trial actually found",
          "The trial (doi:10.1056/NEJMoa2034577) enrolled 43,548 participants.",
        ),
        item("https://news.example.com/other", "Unrelated health story about sleep", "Sleep matters."),
      ],
      [
        { members: [0, 1], why: "doi" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "two sites of one publisher are one origin",
      [
        item(
          "https://www.wired.com/story/battery-breakthrough",
          "Inside the race for solid-state batteries",
          "x",
        ),
        item(
          "https://arstechnica.com/science/2026/11/solid-state",
          "Solid-state batteries are closer than you think",
          "y",
        ),
        item("https://independent.example/solid", "A sceptical look at battery hype", "z"),
      ],
      [
        { members: [0, 1], why: "same-owner" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "a press release and its reprint on a news site are one origin",
      [
        item(
          "https://www.prnewswire.com/news-releases/acme-unveils-solid-state-battery-cell-302001.html",
          "Acme Unveils Solid-State Battery Cell With 500 Wh/kg Energy Density",
          "SAN JOSE, Calif., Nov. 2, 2026 /PRNewswire/ -- Acme Corp. today announced a solid-state cell.",
        ),
        item(
          "https://finance.example.com/news/acme-unveils-solid-state-battery",
          "Acme Unveils Solid-State Battery Cell With 500 Wh/kg Energy Density",
          "SAN JOSE, Calif., Nov. 2, 2026 /PRNewswire/ -- Acme Corp. today announced a solid-state cell.",
        ),
        item(
          "https://lab.example.edu/batteries",
          "Why energy density claims need independent testing",
          "A lab view.",
        ),
      ],
      [
        { members: [0, 1], why: "press-release" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "the same story syndicated without any credit is a syndication origin",
      [
        item(
          "https://www.site-one.com/health/fasting-study",
          "Intermittent fasting linked to lower blood pressure in a two-year trial",
          "Researchers followed 1,200 adults for two years and found modest drops in blood pressure among those who fasted.",
        ),
        item(
          "https://site-two.net/2026/11/fasting-study",
          "Intermittent fasting linked to lower blood pressure in a two-year trial | Site Two",
          "Researchers followed 1,200 adults for two years and found modest drops in blood pressure among those who fasted",
        ),
        item(
          "https://site-three.org/fasting-critics",
          "Critics question the design of a new intermittent fasting trial",
          "Nutrition scientists say the trial's control group makes its blood pressure results hard to read.",
        ),
      ],
      [
        { members: [0, 1], why: "syndication" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "one page found by several calls is a same-url origin of its own",
      [item("https://a.example/page", "A page", "", 3), item("https://b.example/page", "Another page")],
      [
        { members: [0], why: "same-url" },
        { members: [1], why: "single" },
      ],
    ],
  ])("%s", (_name, items, expected) => {
    expect(assignOrigins(items)).toEqual(expected);
  });
});

describe("dedupe() for callers with their own results", () => {
  it("returns evidence and origins in the report's shapes", () => {
    const result = dedupe([
      { url: "https://www.example.org/a?utm_source=x", title: "Story", snippet: "One." },
      { url: "https://example.org/a/", title: "Story", snippet: "One, longer snippet." },
      { url: "javascript:alert(1)", title: "bad", snippet: "" },
      { url: "https://other.example/b", title: "Other", snippet: "Two." },
    ]);
    expect(result.evidence.map((e) => [e.id, e.canonicalUrl, e.originId])).toEqual([
      ["e1", "example.org/a", "o1"],
      ["e2", "other.example/b", "o2"],
    ]);
    expect(result.evidence[0]?.snippet).toBe("One, longer snippet.");
    expect(result.evidence[0]?.foundBy).toEqual([]);
    expect(result.origins).toEqual([
      // Two addresses of one page: merged, and the origin says why.
      { id: "o1", evidence: ["e1"], domains: ["example.org"], why: "same-url" },
      { id: "o2", evidence: ["e2"], domains: ["other.example"], why: "single" },
    ]);
    expect(result.dropped).toEqual({ invalidUrls: 1 });
  });

  it("keeps every page of one domain, counting only its first three", () => {
    const result = dedupe(
      [1, 2, 3, 4, 5].map((n) => ({ url: `https://farm.example/p${n}`, title: `Page ${n}`, snippet: "" })),
    );
    expect(result.evidence.map((e) => [e.id, e.originId, e.counted])).toEqual([
      ["e1", "o1", true],
      ["e2", "o2", true],
      ["e3", "o3", true],
      ["e4", "o4", false],
      ["e5", "o5", false],
    ]);
  });
});
