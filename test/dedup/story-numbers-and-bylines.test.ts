import { describe, expect, it } from "vitest";
import { bylineCredit, isSiteOf, squashedName } from "../../src/dedup/byline-credits.js";
import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";
import { storyIds } from "../../src/dedup/story-ids.js";
import { originItem as item } from "../helpers/origin-item.js";

const groups = (items: OriginItem[]) => assignOrigins(items).map((g) => [g.members, g.why]);

describe("one site's story number ties its addresses", () => {
  it("reads a number segment or a slug's numeric end, not a day or a short number", () => {
    expect(storyIds("/2024/05/11/1250693214/northern-lights-aurora")).toEqual(["1250693214"]);
    expect(storyIds("/news/rural-labor-wards-close-montana-100012458.html")).toEqual(["100012458"]);
    expect(storyIds("/news/20240511/storm")).toEqual([]);
    expect(storyIds("/t/how-can-fasting-help/10460")).toEqual([]);
    // A forum thread's id after "comments", with or without its slug; not a word there.
    expect(storyIds("/r/dryeyes/comments/1eq7k2m/oculair_tears_recalled/")).toEqual(["comments:1eq7k2m"]);
    expect(storyIds("/r/dryeyes/comments/1eq7k2m/")).toEqual(["comments:1eq7k2m"]);
    expect(storyIds("/blog/comments/recent")).toEqual([]);
  });

  it("makes one page of a story under its slug, without it and on the text-only host", () => {
    const title =
      "Northern lights put on a rare show far to the south after strongest solar storm in decades";
    const items = [
      item(
        "https://www.npr.org/2024/05/11/1250693214/northern-lights-aurora-solar-storm-photos",
        `${title} : NPR`,
        "May 11, 2024 · 9:14 AM ET — People as far south as Alabama reported seeing the aurora overnight.",
      ),
      item(
        "https://www.npr.org/2024/05/11/1250693214",
        `${title} : NPR`,
        "Skywatchers shared photos of pink and green curtains of light from Europe to North America.",
      ),
      item("https://text.npr.org/1250693214", `NPR : ${title}`, "By Jaclyn Reyes · Saturday, May 11, 2024"),
      item(
        "https://www.npr.org/2024/05/10/1250473095/solar-storm-geomagnetic-watch-noaa",
        "A severe solar storm watch is in effect. Here's what it could mean for you : NPR",
        "NOAA issued its first severe geomagnetic storm watch since 2005.",
      ),
      item(
        "https://www.example-news.com/2024/05/11/1250693214/aurora",
        "Aurora seen across the South",
        "Residents stepped outside to find the sky tinted magenta.",
      ),
    ];
    expect(groups(items)).toEqual([
      [[0, 1, 2], "same-url"],
      [[3], "single"],
      [[4], "single"],
    ]);
  });
});

describe("a partner named in a byline or a provider line", () => {
  it("reads the partner, the provider, and a source's name as its site reads", () => {
    expect(bylineCredit("By Delia Horvath and KFF Health News — At least seven hospitals")).toBe(
      "KFF Health News",
    );
    expect(bylineCredit("March 13, 2025 · By Delia Horvath, KFF Health News · This story")).toBe(
      "KFF Health News",
    );
    expect(bylineCredit("KFF Health News · Tue, March 11, 2025 at 6:00 AM EDT · When the")).toBe(
      "KFF Health News",
    );
    expect(bylineCredit("By Delia Horvath · March 11, 2025 — When the hospital")).toBeUndefined();
    expect(bylineCredit("By Dana K. Whitfield, Kansas State University, The Conversation. In Wichita")).toBe(
      "The Conversation",
    );
    // A partner's byline without "By", opening the snippet as NPR prints one; not a person's role.
    expect(
      bylineCredit("Jun 17, 2025 — Renée Ortega and Sam Whitfield, KFF Health News. In the same city"),
    ).toBe("KFF Health News");
    expect(bylineCredit("Jane Doe, a professor at Yale. She said the results held.")).toBeUndefined();
    expect(
      bylineCredit("Jun 1, 2025 — Dr. Jane Doe, Harvard Medical School, says the trial"),
    ).toBeUndefined();
    // A dateline is no byline: "La." is Louisiana, and a dash follows it, not a sentence.
    expect(
      bylineCredit("Jun 23, 2026 — BATON ROUGE, La. — The association welcomed the ruling"),
    ).toBeUndefined();
    expect(bylineCredit("Baton Rouge, La. — The association welcomed the ruling")).toBeUndefined();
    expect(isSiteOf("dailymontanan", squashedName("The Daily Montanan"))).toBe(true);
    expect(isSiteOf("theconversation", squashedName("The Conversation"))).toBe(true);
    expect(isSiteOf("theconversation", squashedName("Conversation"))).toBe(true);
    expect(isSiteOf("conversationhub", squashedName("Conversation"))).toBe(false);
  });

  const TITLE = "In Rural Alabama, Obstetric Units Are Disappearing. Births Aren't.";
  const original = item(
    "https://kffhealthnews.org/news/article/alabama-obstetric-units-closing-rural-births/",
    `${TITLE} - KFF Health News`,
    "By Marcus Tillery · August 20, 2024 — Alabama has lost more than a dozen hospital labor and delivery units since 2010.",
  );
  const partnerCopy = item(
    "https://www.npr.org/sections/shots-health-news/2024/08/20/nx-s1-5081437/alabama-rural-hospitals-obstetric",
    "In rural Alabama, obstetric units are disappearing, but births aren't : Shots - Health News : NPR",
    "August 20, 2024 · By Marcus Tillery, KFF Health News — More than a dozen Alabama hospitals have shut labor and delivery units, leaving the rest to absorb patients.",
  );

  it("ties a partner's copy under the source's headline to the source's own page", () => {
    expect(groups([original, partnerCopy])).toEqual([[[0, 1], "syndication"]]);
  });

  it("makes an agency's site carrying a partner's article a copy of that article, not agency copy", () => {
    const TITLE = "The Ogallala Aquifer is running dry. Kansas farmers are testing what comes next";
    const origins = assignOrigins([
      item(
        "https://theconversation.com/the-ogallala-aquifer-is-running-dry-kansas-farmers-are-testing-what-comes-next-251234",
        TITLE,
        "Jun 10, 2025 — In Wichita County, Kansas, wells that once pumped 800 gallons a minute now cough up a fraction of that.",
      ),
      item(
        "https://apnews.com/article/ogallala-aquifer-kansas-farmers-groundwater-conversation-6d2e9f0a1b3c",
        `${TITLE} | AP News`,
        "Jun 11, 2025 — By Dana K. Whitfield, Kansas State University, The Conversation. Districts that agreed to cut pumping by a fifth are seeing the first results.",
      ),
      item(
        "https://phys.org/news/2025-06-ogallala-aquifer-kansas-farmers.html",
        `${TITLE} - Phys.org`,
        "Jun 11, 2025 — Wells that once pumped 800 gallons a minute now cough up a fraction of that. This article is republished from The Conversation under a Creative Commons license.",
      ),
    ]);
    expect(origins.map((o) => [o.members, o.why])).toEqual([[[0, 1, 2], "syndication"]]);
  });

  it("ties nothing for a name no result's site carries: a co-author is not a partner", () => {
    const coAuthored = item(
      "https://www.othernews.example/health/alabama-obstetric",
      "In Rural Alabama, Obstetric Units Are Disappearing. Births Aren't.",
      "By Marcus Tillery and Jane Whitcombe — Hospitals in the state have shut maternity wards at a rapid pace, a new count finds.",
    );
    // Under a headline of its own: one headline word for word on two sites ties them by itself.
    const sameName = item(
      "https://www.thirdpaper.example/alabama-births",
      "Alabama mothers now drive farther to give birth as maternity wards close",
      "By Ruth Okafor and Jane Whitcombe — A survey of county hospitals shows where mothers now give birth.",
    );
    expect(groups([coAuthored, sameName])).toEqual([
      [[0], "single"],
      [[1], "single"],
    ]);
  });
});

describe("a number two pages share under two headlines", () => {
  it("is an author's or a section's, not one story's", () => {
    const origins = assignOrigins([
      item(
        "https://www.example-news.com/author/10482733/city-council-approves-new-bike-lanes",
        "City council approves new bike lanes on Main Street - Example News",
        "The council voted 7-2 on Tuesday to add protected bike lanes along a mile of Main Street.",
      ),
      item(
        "https://www.example-news.com/author/10482733/school-board-delays-budget-vote",
        "School board delays budget vote amid teacher pay dispute - Example News",
        "Board members postponed the vote after teachers packed the meeting to demand raises.",
      ),
    ]);
    expect(origins.map((o) => o.members)).toEqual([[0], [1]]);
  });
});

describe("two namesakes' papers of one year", () => {
  it("are two works, though a citation by first author and year would name both", () => {
    const origins = assignOrigins([
      item(
        "https://www.pnas.org/doi/10.1073/pnas.2408813121",
        "Artificial light at night advances spring departure of nocturnal migrant songbirds | PNAS",
        "by M Castellanos · 2024 · Cited by 27 — Combining 11 years of weather-radar departures with GPS tags on 214 thrushes and warblers, we show that birds stopping over in brightly lit areas leave earlier.",
      ),
      item(
        "https://pubmed.ncbi.nlm.nih.gov/39418301/",
        "Artificial light at night advances spring departure of nocturnal migrant songbirds - PubMed",
        "Castellanos M, Brandt RT, Adeyemi O, Weiss KH. Proc Natl Acad Sci U S A. 2024 Oct 22;121(43):e2408813121. doi: 10.1073/pnas.2408813121.",
      ),
      item(
        "https://arxiv.org/abs/2410.08813",
        "[2410.08813] Detecting spring bird migration in weather radar with self-supervised learning",
        "by M Castellanos · 2024 · Cited by 4 — We present a self-supervised model that separates migrating birds from precipitation in NEXRAD weather-radar scans.",
      ),
    ]);
    expect(origins.map((o) => [o.members, o.why])).toEqual([
      [[0, 1], "doi"],
      [[2], "single"],
    ]);
  });
});

describe("a credited copy under a headline of its own", () => {
  const source = item(
    "https://kffhealthnews.org/news/article/idaho-rural-clinics-closing-families-drive-hours/",
    "Rural Clinics Are Closing. Idaho Families Are Driving Hours for Checkups. - KFF Health News",
    "Apr 2, 2025 — SALMON, Idaho — When Dana Orcutt's son spiked a fever in February, the nearest pediatric clinic still open was 118 miles away ...",
  );
  const otherArticle = item(
    "https://kffhealthnews.org/news/article/idaho-ambulance-volunteers-shortage/",
    "Idaho's Volunteer Ambulance Crews Are Aging Out - KFF Health News",
    "Mar 20, 2025 — Rural Idaho counties rely on volunteer crews whose members are mostly over 60 ...",
  );
  const copy = item(
    "https://www.idahostatesman.com/news/local/article284512345.html",
    "Long drives for checkups as rural clinics close across Idaho",
    "Apr 4, 2025 — Dana Orcutt's nearest pediatric clinic was 118 miles away when her son spiked a fever in February ... Originally published by KFF Health News.",
  );

  it("joins the one page of its source it shares the most with", () => {
    const origins = assignOrigins([source, otherArticle, copy]).filter((o) => o.members.length > 1);
    expect(origins.map((o) => [o.members, o.why])).toEqual([[[0, 2], "syndication"]]);
  });

  it("joins none a month away from it", () => {
    const late = { ...copy, snippet: copy.snippet.replace("Apr 4, 2025", "May 20, 2025") };
    expect(assignOrigins([source, otherArticle, late]).filter((o) => o.members.length > 1)).toEqual([]);
  });
});
