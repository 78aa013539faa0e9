import { describe, expect, it } from "vitest";
import { canonicalUrl, domainOf } from "../../src/dedup/canonical-url.js";
import { mergeHits } from "../../src/dedup/merge-hits.js";

describe("canonical URL", () => {
  it.each([
    ["https://www.Example.org/a/", "example.org/a"],
    ["http://example.org/a#section", "example.org/a"],
    ["https://example.org/a?utm_source=x&utm_medium=y&id=3", "example.org/a?id=3"],
    ["https://example.org/a?b=2&a=1&fbclid=zz&gclid=q", "example.org/a?a=1&b=2"],
    ["https://example.org:443/a", "example.org/a"],
    ["https://m.example.org/news/1", "example.org/news/1"],
    ["https://amp.example.org/news/1", "example.org/news/1"],
    ["https://example.org/news/1/amp/", "example.org/news/1"],
    ["https://user:pw@example.org/a", "example.org/a"],
  ])("%s → %s", (url, expected) => {
    expect(canonicalUrl(url)).toBe(expected);
  });

  it.each(["not a url", "ftp://example.org/file", "javascript:alert(1)", "file:///etc/passwd", ""])(
    "%s is not a page",
    (url) => {
      expect(canonicalUrl(url)).toBeNull();
    },
  );

  it("takes the publisher domain without www or mobile prefixes", () => {
    expect(domainOf("https://www.bbc.co.uk/news")).toBe("bbc.co.uk");
    expect(domainOf("https://m.facebook.com/x")).toBe("facebook.com");
  });
});

describe("mergeHits", () => {
  const hit = (url: string, rank: number, engines: string[], snippet = "s") => ({
    url,
    title: "T",
    snippet,
    publishedAt: null,
    engines,
    rank,
  });

  it("merges one page found by several calls and keeps every foundBy", () => {
    const { items, invalidUrls } = mergeHits([
      {
        call: 4,
        provider: "searxng",
        hit: hit("https://example.org/a?utm_source=x", 2, ["mojeek"], "longer snippet"),
      },
      { call: 1, provider: "searxng", hit: hit("https://www.example.org/a/", 1, ["bing", "google"]) },
      { call: 1, provider: "searxng", hit: hit("https://other.org/b", 2, ["bing"]) },
      { call: 2, provider: "searxng", hit: hit("javascript:void(0)", 1, ["bing"]) },
    ]);
    expect(invalidUrls).toBe(1);
    expect(items).toHaveLength(2);
    expect(items[0]?.url).toBe("https://www.example.org/a/");
    expect(items[0]?.foundBy).toEqual([
      { call: 1, provider: "searxng", engines: ["bing", "google"], rank: 1 },
      { call: 4, provider: "searxng", engines: ["mojeek"], rank: 2 },
    ]);
    expect(items[0]?.snippet).toBe("longer snippet");
    expect(items.map((i) => i.domain)).toEqual(["example.org", "other.org"]);
  });
});
