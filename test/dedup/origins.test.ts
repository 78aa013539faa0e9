import { describe, expect, it } from "vitest";
import { dedupe } from "../../src/dedup/dedupe.js";
import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";
import { originItem as item } from "../helpers/origin-item.js";

describe("assignOrigins", () => {
  it.each<[string, OriginItem[], { members: number[]; why: string; source?: string }[]]>([
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
        { members: [0, 1, 2], why: "wire", source: "Associated Press" },
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
        { members: [0, 1], why: "doi", source: "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine" },
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
        { members: [0, 1], why: "same-owner", source: "conde-nast" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "one publisher's stories filed a week apart are two origins, however close their topics",
      [
        item(
          "https://www.usatoday.com/story/money/retirement/2026/10/14/social-security-cola-2027/86712438007/",
          "Social Security COLA for 2027 is 2.6%",
          "Recipients will get a 2.6% cost-of-living adjustment in 2027.",
        ),
        item(
          "https://www.freep.com/story/money/2026/10/14/social-security-cola-2027-increase/86712438007/",
          "Social Security COLA for 2027 is 2.6%. Here's what that means",
          "The adjustment raises the average benefit by about $53.",
        ),
        item(
          "https://www.usatoday.com/story/money/retirement/2026/10/21/medicare-part-b-premium-2027/86834017007/",
          "Medicare Part B premium for 2027 will eat into your Social Security raise",
          "The standard premium will rise in 2027, officials said Tuesday.",
        ),
      ],
      [
        { members: [0, 1], why: "same-owner", source: "gannett" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "one site's stories whose search dates are a week apart are two origins",
      [
        item(
          "https://www.bbc.com/news/articles/c4gz1r9kxl3o",
          "Vera Rubin Observatory: Giant telescope's first images reveal millions of galaxies - BBC News",
          "Jun 23, 2025 — The first images from a new observatory in Chile show the Trifid and Lagoon nebulae.",
        ),
        item(
          "https://www.bbc.co.uk/news/articles/c4gz1r9kxl3o",
          "World's largest camera captures its first views of the cosmos - BBC News",
          "23 Jun 2025 — The first images from a new observatory in Chile show the Trifid and Lagoon nebulae.",
        ),
        item(
          "https://www.bbc.com/news/articles/cy0d4m2e8v7o",
          "The camera that will film the southern sky for ten years - BBC News",
          "Jun 16, 2025 — On a mountaintop in the Chilean Andes, engineers are making final checks on a car-sized camera.",
        ),
      ],
      [
        { members: [0, 1], why: "same-url" },
        { members: [2], why: "single" },
      ],
    ],
    [
      "a column an agency's site republishes with the credit is the column's, not agency copy",
      [
        item(
          "https://theconversation.com/the-eus-carbon-border-tax-starts-charging-in-2026-268412",
          "The EU's carbon border tax starts charging in 2026. Here's who will pay",
          "From January 1, companies importing steel, aluminium and cement into the EU will have to pay for the carbon emitted in making them.",
        ),
        item(
          "https://apnews.com/article/eu-carbon-border-tax-conversation-9d2f61c07a4b",
          "The EU's carbon border tax starts charging in 2026. Here's who will pay | AP News",
          "This story was originally published by The Conversation. From January 1, companies importing steel, aluminium and cement into the EU will have to pay.",
        ),
      ],
      [{ members: [0, 1], why: "syndication", source: "The Conversation" }],
    ],
    [
      "a government's news release and a site reprinting it are one press-release origin",
      [
        item(
          "https://www.gov.uk/government/news/mobile-phones-banned-in-schools-under-new-guidance",
          "Mobile phones banned in schools under new guidance - GOV.UK",
          "New guidance will stop the use of mobile phones throughout the school day, including at break times, the Education Secretary said.",
        ),
        item(
          "https://www.fenews.co.uk/education/mobile-phones-banned-in-schools-under-new-guidance/",
          "Mobile phones banned in schools under new guidance - FE News",
          "New guidance will stop the use of mobile phones throughout the school day, including at break times, under guidance published today.",
        ),
      ],
      [
        {
          members: [0, 1],
          why: "press-release",
          source: "Mobile phones banned in schools under new guidance - GOV.UK",
        },
      ],
    ],
    [
      "an agency's story retelling a release in its words is the release's origin",
      [
        item(
          "https://www.federalreserve.gov/newsevents/pressreleases/monetary20250917a.htm",
          "Federal Reserve Board - Federal Reserve issues FOMC statement",
          "Recent indicators suggest that growth of economic activity moderated in the first half of the year. Job gains have slowed, and the unemployment rate has edged up but remains low.",
        ),
        item(
          "https://www.kuna.net.kw/ArticleDetails.aspx?id=3249022&language=en",
          "US Fed cuts interest rate by quarter point - KUNA",
          "WASHINGTON, Sept 17 (KUNA) -- In a press release, the Federal Open Market Committee pointed out that recent indicators suggest that growth of economic activity moderated in the first half of the year. Job gains have slowed, and the unemployment rate has edged up but remains low.",
        ),
      ],
      [
        {
          members: [0, 1],
          why: "press-release",
          source: "Federal Reserve Board - Federal Reserve issues FOMC statement",
        },
      ],
    ],
    [
      "two brands' releases sharing their pollster's method sentence but giving two samples are two origins",
      [
        item(
          "https://www.businesswire.com/news/home/20250204005112/en/Crewline-Survey",
          "Crewline Survey: 61% of U.S. Workers Check Work Messages While on Vacation",
          "Crewline today released its 2025 Always-On Report, based on a survey conducted online by The Harris Poll from January 14-16, 2025 among 2,047 employed U.S. adults.",
        ),
        item(
          "https://www.prnewswire.com/news-releases/tallyfin-survey-302400001.html",
          "Tallyfin Survey: Nearly Half of Americans Abandoned Money Resolutions by February",
          "Tallyfin today released findings from a survey conducted online by The Harris Poll from January 14-16, 2025 among 2,051 U.S. adults.",
        ),
      ],
      [
        { members: [0], why: "single", source: "the Harris Poll survey, funded by Crewline (n = 2,047)" },
        { members: [1], why: "single", source: "the Harris Poll survey, funded by Tallyfin (n = 2,051)" },
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
        {
          members: [0, 1],
          why: "press-release",
          source: "Acme Unveils Solid-State Battery Cell With 500 Wh/kg Energy Density",
        },
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

describe("assignOrigins: what ties pages, and the reason it gives", () => {
  const LEDE =
    "A wind-driven wildfire swept through dry grasslands west of Boulder on Thursday, forcing the evacuation of about 19,000 people and destroying at least a dozen homes, authorities said.";

  it("counts an agency story once with a copy that dropped the dateline under its own headline, as wire", () => {
    const groups = assignOrigins([
      item(
        "https://apnews.com/article/wildfire-boulder-3f9a",
        "Wind-driven wildfire forces thousands to flee homes near Boulder",
        `BOULDER, Colo. (AP) — ${LEDE}`,
      ),
      item(
        "https://www.ksl.com/article/50912345/boulder-fire",
        "Boulder County fire: 19,000 told to evacuate",
        `${LEDE} Gusts topped 100 mph.`,
      ),
      item(
        "https://www.denverpost.com/2024/12/05/boulder-fire",
        "Evacuations ordered as fire spreads in high winds",
        "Sheriff's deputies went door to door as a grass fire raced toward subdivisions.",
      ),
    ]);
    expect(groups).toEqual([
      { members: [0, 1], why: "wire", source: "Associated Press" },
      { members: [2], why: "single" },
    ]);
  });

  it("calls copies of one text under two hosts of one site one page", () => {
    const snippet =
      "Sleeping in on weekends may help make up for lost sleep during the week, new research suggests.";
    const title = "Can you catch up on sleep over the weekend? Here's what a new study says";
    expect(
      assignOrigins([
        item("https://edition.cnn.com/2025/02/10/health/sleep-debt/index.html", `${title} | CNN`, snippet),
        item("https://amp.cnn.com/cnn/2025/02/10/health/sleep-debt/index.html", title, snippet),
      ]),
    ).toEqual([{ members: [0, 1], why: "same-url" }]);
  });

  it("calls copies of one text on a publication's own domain and on its group's domain one page", () => {
    const title = "BMTC to run 500 e-buses on airport routes from June";
    const snippet =
      "BENGALURU: Bengaluru Metropolitan Transport Corporation (BMTC) will replace its diesel fleet with 500 electric buses on airport routes from June, officials said on Monday.";
    const path = "city/bengaluru/bmtc-to-run-500-e-buses/articleshow/129384756.cms";
    const copies = (hosts: string[]) =>
      assignOrigins(hosts.map((host) => item(`https://${host}/${path}`, title, snippet)));
    expect(copies(["timesofindia.indiatimes.com", "m.timesofindia.com"])).toEqual([
      { members: [0, 1], why: "same-url" },
    ]);
    // Two publications sharing a word of their hosts are two sites.
    expect(copies(["news.timesofindia.com", "news.deccanherald.com"])[0]?.why).toBe("syndication");
  });

  it("counts pages reporting one study once, naming the study, whether or not its own page is there", () => {
    const groups = assignOrigins([
      item(
        "https://a.example/cherry",
        "Can tart cherry juice help you sleep?",
        "A 2012 study of 20 adults published in the European Journal of Nutrition found longer sleep.",
      ),
      item(
        "https://b.example/cherry",
        "Tart cherry juice for runners",
        "Howatson and colleagues (2012) gave 20 volunteers cherry concentrate for a week.",
      ),
      item(
        "https://c.example/cherry",
        "7 benefits of tart cherry juice",
        "Howatson et al. found that drinking tart cherry juice increased total sleep time.",
      ),
      item(
        "https://d.example/sleep",
        "How to get to sleep",
        "Keep regular sleeping hours and avoid caffeine before bed.",
      ),
    ]);
    expect(groups).toEqual([
      {
        members: [0, 1, 2],
        why: "same-study",
        source: "Howatson et al. (2012), European Journal of Nutrition",
      },
      { members: [3], why: "single" },
    ]);
  });

  it("counts one product's selling pages once, as marketing", () => {
    const groups = assignOrigins([
      item(
        "https://www.leptislimpro.example.com/",
        "LeptiSlim Pro™ Official Website | Buy Now 60% Off",
        "Order now and get free shipping.",
      ),
      item(
        "https://www.amazon.com/LeptiSlim-Pro/dp/B0CX4Z7Q1L",
        "Amazon.com: LeptiSlim Pro Weight Loss Support, 60 Capsules",
        "About this item.",
      ),
      item(
        "https://deals.example.net/go/leptislim-pro?aff_id=1",
        "Buy LeptiSlim Pro - Exclusive Offer",
        "Limited time offer.",
      ),
      item(
        "https://watchdog.example.org/leptislim-ads",
        "LeptiSlim Pro ads use fake doctors, investigation finds",
        "Videos promoting the pill feature a doctor who does not exist.",
      ),
    ]);
    expect(groups).toEqual([
      { members: [0, 1, 2], why: "marketing", source: "LeptiSlim Pro" },
      { members: [3], why: "single" },
    ]);
  });

  it("counts a release with its rewrite once, and the same company's other release apart", () => {
    const groups = assignOrigins([
      item(
        "https://www.prnewswire.com/news-releases/voltera-unveils-cell-302145678.html",
        "Voltera Energy Unveils Solid-State Cell With 520 Wh/kg Energy Density",
        "SAN JOSE, Calif., March 4, 2025 /PRNewswire/ -- Voltera Energy, Inc. (NASDAQ: VLTR) today unveiled the VX-520, a solid-state lithium-metal cell that stores 520 watt-hours per kilogram and retains 90% of its capacity after 1,000 cycles.",
      ),
      item(
        "https://batterytech.example.com/voltera-vx-520",
        "Voltera's VX-520 solid-state cell hits 520 Wh/kg, company claims",
        "Voltera Energy has introduced a solid-state lithium-metal cell, the VX-520, rated at 520 Wh/kg. The cell retains 90% of its capacity after 1,000 cycles, according to the company.",
      ),
      item(
        "https://www.prnewswire.com/news-releases/voltera-opens-factory-302198765.html",
        "Voltera Energy Opens 2 GWh Cell Factory in Ohio",
        "COLUMBUS, Ohio, June 10, 2025 /PRNewswire/ -- Voltera Energy, Inc. (NASDAQ: VLTR) today opened its first high-volume cell factory.",
      ),
    ]);
    expect(groups.map(({ members, why }) => ({ members, why }))).toEqual([
      { members: [0, 1], why: "press-release" },
      { members: [2], why: "single" },
    ]);
  });
});
