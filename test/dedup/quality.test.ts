import { describe, expect, it } from "vitest";
import { type QualityInput, qualityOf } from "../../src/dedup/quality.js";

function input(url: string, title: string, fromCounterQuery = false): QualityInput {
  const domain = new URL(url).hostname.replace(/^www\./, "");
  return { url, domain, title, snippet: "", fromCounterQuery };
}

describe("qualityOf", () => {
  describe("listed domains are low on every call", () => {
    it.each<[string, string]>([
      ["https://www.ehow.com/how_123_fix-leaky-faucet.html", "content farm: ehow.com"],
      ["https://www.answers.com/Q/is_coffee_bad_for_you", "content farm: answers.com"],
      ["https://discover.hubpages.com/health/coffee", "content farm: hubpages.com"],
      ["https://ezinearticles.com/?Coffee-Benefits&id=123", "article directory: ezinearticles.com"],
      ["https://www.pinterest.com/pin/123456/", "not an article source: pinterest"],
      ["https://uk.pinterest.co.uk/pin/123456/", "not an article source: pinterest"],
      ["https://www.pinterest.de/pin/123456/", "not an article source: pinterest"],
    ])("%s", (url, reason) => {
      for (const fromCounterQuery of [false, true]) {
        expect(qualityOf(input(url, "Is coffee good for you?", fromCounterQuery))).toEqual({
          quality: "low",
          reason,
        });
      }
    });
  });

  it.each<string>([
    "https://www.wikihow.com/Brew-Coffee",
    "https://www.quora.com/Is-coffee-bad-for-you",
    "https://medium.com/@someone/coffee-and-health-abc123",
    "https://someone.blogspot.com/2025/03/coffee.html",
    "https://www.notehow.com/coffee",
    "https://pinterest-news.example.com/coffee",
  ])("does not list %s", (url) => {
    expect(qualityOf(input(url, "Is coffee good for you?", true)).quality).toBe("normal");
  });

  it("falls back to the URL's host when no domain is given", () => {
    const item: QualityInput = {
      url: "https://www.ehow.com/x.html",
      domain: "",
      title: "How to brew coffee",
      snippet: "",
      fromCounterQuery: false,
    };
    expect(qualityOf(item).quality).toBe("low");
  });

  it.each<[string, string]>([
    ["You Won't Believe What This Diet Does to Your Heart", "clickbait title"],
    ["Doctors hate this one weird trick for lowering blood pressure", "clickbait title"],
    ["She tried intermittent fasting and what happened next will shock you", "clickbait title"],
    ["Best VPN 2026: Reviewed & Rated by Experts", "affiliate review boilerplate"],
    ["Top 10 Best Air Purifiers of 2026 (Tested and Ranked)", "affiliate review boilerplate"],
    ["The best robot vacuums for 2026, tested by our editors", "affiliate review boilerplate"],
    ["CBD Oil | Best CBD Oil for Pain | Buy CBD Oil Online", 'keyword-stuffed title ("cbd" repeated)'],
    [
      "Solar panels cost, solar panels savings, solar panels reviews",
      'keyword-stuffed title ("solar" repeated)',
    ],
  ])("flags %s on any call", (title, reason) => {
    for (const fromCounterQuery of [false, true]) {
      expect(qualityOf(input("https://www.example.com/a", title, fromCounterQuery))).toEqual({
        quality: "low",
        reason,
      });
    }
  });

  describe("listicles are low only on counter-query results", () => {
    it.each<string>([
      "10 Disadvantages of Solar Panels You Should Know",
      "Top 7 Reasons Electric Cars Are Overrated",
      "The 5 Biggest Problems With Intermittent Fasting",
      "7 hidden dangers of drinking too much coffee",
      "Electric cars: 9 things you need to know before buying",
      "Seven signs your smart speaker is spying on you",
      "Top 10 Kubernetes alternatives",
    ])("%s", (title) => {
      expect(qualityOf(input("https://www.example.com/a", title, true))).toEqual({
        quality: "low",
        reason: "listicle on a counter-query result",
      });
      expect(qualityOf(input("https://www.example.com/a", title, false))).toEqual({
        quality: "normal",
        reason: null,
      });
    });
  });

  it.each<string>([
    "At least 10 killed as storms tear through Texas and Oklahoma",
    "Apple sold 50 million iPhones in the first quarter, analysts estimate",
    "5 takeaways from the presidential debate",
    "Study of 2,000 adults finds no link between coffee and heart disease",
    "Fed holds rates steady for 3rd straight meeting as inflation cools",
    "Tariffs, tariffs, tariffs: what the new trade war means for prices",
    "New York, New York: the city that never sleeps turns 400",
    "Everything you need to know about the new EU AI Act",
    "Best Picture nominees 2026: the full list",
    "COVID-19 vaccines and myocarditis: what the 2021 data show",
    "Why the 10-year Treasury yield matters for mortgage rates",
    "Wirecutter: The 4 Best Air Purifiers of 2026 | Reviews by Wirecutter",
  ])("keeps an ordinary headline normal, even on a counter-query result: %s", (title) => {
    expect(qualityOf(input("https://www.example-news.com/a", title, true))).toEqual({
      quality: "normal",
      reason: null,
    });
  });
});
