import { describe, expect, it } from "vitest";
import { originKeys, type TraceInput, type TraceKind } from "../../src/dedup/origin-keys.js";
import { ownerOf } from "../../src/dedup/owner-of.js";

function item(fields: Partial<TraceInput> & { url: string }): TraceInput {
  const host = new URL(fields.url).hostname.replace(/^www\./, "");
  return { domain: host, title: "", snippet: "", ...fields };
}

function keysOf(input: TraceInput, kind?: TraceKind): string[] {
  return originKeys(input)
    .filter((entry) => kind === undefined || entry.kind === kind)
    .map((entry) => entry.key);
}

function shareKey(a: TraceInput, b: TraceInput): boolean {
  const left = new Set(keysOf(a));
  return keysOf(b).some((key) => left.has(key));
}

const DRAG_TITLE = "Federal judge blocks Texas law restricting drag performances";
const apOwnCopy = item({
  url: "https://apnews.com/article/texas-drag-law-judge-ruling-0123456789abcdef",
  title: `${DRAG_TITLE} | AP News`,
  snippet: "A federal judge on Thursday blocked a Texas law that would have restricted drag shows.",
});

describe("wire stories", () => {
  it.each<[string, TraceInput, string]>([
    ["the agency's own site", apOwnCopy, "ap"],
    [
      "an AP dateline with an em dash",
      item({
        url: "https://www.localpaper.com/news/national/judge-blocks-texas-drag-law",
        title: DRAG_TITLE,
        snippet: "AUSTIN, Texas (AP) — A federal judge on Thursday blocked a Texas law…",
      }),
      "ap",
    ],
    [
      "a Reuters dateline with a hyphen",
      item({
        url: "https://www.example-times.com/world/ceasefire-talks-resume-in-cairo",
        title: "Ceasefire talks resume in Cairo as mediators press both sides",
        snippet: "CAIRO, March 3 (Reuters) - Ceasefire talks resumed in Cairo on Monday…",
      }),
      "reuters",
    ],
    [
      "a trailing “— Associated Press” credit",
      item({
        url: "https://www.example-herald.com/story/vaccine-panel-votes",
        title: "Vaccine advisory panel votes to expand eligibility for boosters",
        snippet: "The panel voted 11-2 on Friday to widen eligibility. — Associated Press",
      }),
      "ap",
    ],
    [
      "“AFP reports” at the start of a sentence",
      item({
        url: "https://www.example-daily.com/world/floods-kill-dozens",
        title: "Floods kill dozens across southern Brazil as rivers overflow",
        snippet: "Rescue teams are still searching. AFP reports that more rain is expected.",
      }),
      "afp",
    ],
    [
      "a “via Reuters” credit",
      item({
        url: "https://www.example-post.com/markets/oil-prices-jump",
        title: "Oil prices jump after pipeline outage disrupts Gulf supply",
        snippet: "Brent crude rose 3% on Tuesday, via Reuters.",
      }),
      "reuters",
    ],
    [
      "a lower-case dpa dateline",
      item({
        url: "https://www.example-zeitung.de/politik/koalition-einigt-sich",
        title: "Coalition agrees on pension reform after marathon negotiations",
        snippet: "Berlin (dpa) - The governing coalition agreed on Wednesday…",
      }),
      "dpa",
    ],
    [
      "a “Press Association” byline",
      item({
        url: "https://www.example-gazette.co.uk/news/rail-strike-called-off",
        title: "Rail strike called off after last-minute pay offer from operators",
        snippet: "By Jane Smith, Press Association. Unions said the offer would be put to members.",
      }),
      "pa",
    ],
    [
      "the agency's desk as the byline",
      item({
        url: "https://www.example-gazette.co.uk/news/supreme-court-car-finance",
        title: "Supreme Court overturns ruling that left lenders facing car finance compensation bill",
        snippet:
          "By PA Business Reporter · The Supreme Court has largely overturned a Court of Appeal ruling.",
      }),
      "pa",
    ],
    [
      "the agency's short name closing a byline",
      item({
        url: "https://www.example-star.co.uk/sport/football/2025/02/18/villa-hit-by-injury-blow",
        title: "Villa hit by injury blow as midfielder faces surgery",
        snippet:
          "Feb 18, 2025 — By PA · The midfielder will miss the rest of the campaign after the club confirmed the injury.",
      }),
      "pa",
    ],
    [
      "an aggregator's provider line naming the agency's desk",
      item({
        url: "https://uk.sports.yahoo.com/news/midfielder-ruled-out-for-season-143212345.html",
        title: "Midfielder ruled out for the season with knee injury",
        snippet:
          "Feb 18, 2025 — PA Media: Sport · The midfielder has been ruled out for the rest of the season.",
      }),
      "pa",
    ],
    [
      "the agency's full name after a snippet's last sentence, cut short",
      item({
        url: "https://www.example-dispatch.com/news/local/article_8d31c6f2.html",
        title: "Dozens rescued as flash floods hit Branson area",
        snippet:
          "Jun 9, 2026 — BRANSON — Torrential overnight rain forced dozens of water rescues near Branson. The Associated Press ...",
      }),
      "ap",
    ],
    [
      "a newspaper's note naming the agency's reporter",
      item({
        url: "https://www.arkansasonline.com/news/2025/mar/19/panel-start-colon-cancer-screening-at-40/",
        title: "Panel: Start colon cancer screening at 40",
        snippet:
          "Mar 19, 2025 — NEW YORK — Americans at average risk should start screening at 40, a panel said Tuesday ... Information for this article was contributed by Dana Kessler of The Associated Press.",
      }),
      "ap",
    ],
    [
      "a German paper's 'Von dpa' closing the snippet",
      item({
        url: "https://www.wz.de/panorama/masern-auf-dem-vormarsch_aid-123456",
        title: "Masern auf dem Vormarsch: Dreimal so viele Fälle wie 2024",
        snippet: "04.03.2026 — Berlin · Die Zahl der Masernfälle hat sich mehr als verdreifacht ... Von dpa",
      }),
      "dpa",
    ],
    [
      "a French site's 'Par AFP' byline",
      item({
        url: "https://www.example-quotidien.fr/sante/aspartame-dose-abaissee",
        title: "Aspartame : l'Europe abaisse la dose admissible",
        snippet:
          "12 mai 2026 — Par AFP · L'Autorité européenne de sécurité des aliments a abaissé la dose journalière.",
      }),
      "afp",
    ],
    [
      "a Reuters Staff byline",
      item({
        url: "https://www.example-journal.com/business/chipmaker-profit-beats",
        title: "Chipmaker profit beats forecasts on strong data-centre demand",
        snippet: "By Reuters Staff. The company raised its full-year outlook.",
      }),
      "reuters",
    ],
    [
      "a station's lower-case byline with a colon",
      item({
        url: "https://www.example-tv.com/news/local-news/parents-sue-energy-drink-maker/",
        title: "Parents of student sue energy drink maker over son's death",
        snippet:
          "Apr 16, 2025 — by: The Associated Press. The parents of a 20-year-old student sued the company…",
      }),
      "ap",
    ],
    [
      "the agency alone after a snippet's last sentence",
      item({
        url: "https://www.example-times.sg/world/europe/etna-eruption-shuts-catania-airport",
        title: "Etna eruption shuts Catania airport in Sicily",
        snippet:
          "Oct 2, 2025 — ROME – Mount Etna spewed lava and ash on Thursday, forcing the closure of Catania airport. AFP",
      }),
      "afp",
    ],
    [
      "an aggregator's provider line naming the agency",
      item({
        url: "https://sg.news.example.com/etna-eruption-forces-closure-093512870.html",
        title: "Etna eruption forces closure of Sicily's Catania airport",
        snippet: "Oct 2, 2025 — AFP · Mount Etna, Europe's most active volcano, spewed fountains of lava …",
      }),
      "afp",
    ],
    [
      "Xinhua on its English site",
      item({
        url: "https://english.news.cn/20250303/abcdef/c.html",
        title: "China unveils new measures to stabilise property market",
        snippet: "BEIJING, March 3 -- China on Monday unveiled…",
      }),
      "xinhua",
    ],
    [
      "an EFE dateline closed with a full stop",
      item({
        url: "https://www.example-diario.es/internacional/elecciones",
        title: "El partido gobernante gana las elecciones regionales por amplia mayoría",
        snippet: "Madrid, 3 mar (EFE).- El partido gobernante ganó este domingo las elecciones…",
      }),
      "efe",
    ],
    [
      "a regional dpa service in the dateline",
      item({
        url: "https://www.example-zeitung.de/nrw/landtag-haushalt",
        title: "Landtag beschließt Haushalt nach langer Debatte im Plenum",
        snippet: "Düsseldorf (dpa/lnw) - Der Landtag hat den Haushalt für das kommende Jahr beschlossen.",
      }),
      "dpa",
    ],
    [
      "an ANI dateline with the country in brackets",
      item({
        url: "https://www.example-times.in/india/monsoon-kerala",
        title: "Monsoon to hit Kerala coast by May 31, says weather office",
        snippet: "New Delhi [India], May 15 (ANI): The southwest monsoon is likely to set in over Kerala…",
      }),
      "ani",
    ],
    [
      "a footer naming the agency's feed",
      item({
        url: "https://theprint.in/india/monsoon-to-hit-kerala-coast-by-may-31-imd/2021345/",
        title: "Monsoon to hit Kerala coast by May 31: IMD",
        snippet:
          "The monsoon is likely to set in early. This report is auto-generated from ANI news service.",
      }),
      "ani",
    ],
    [
      "a Bloomberg dateline",
      item({
        url: "https://www.example-finance.com/markets/yen-slides",
        title: "Yen slides to weakest level since 1990 as traders test officials",
        snippet: "(Bloomberg) -- The yen weakened past 160 per dollar for the first time since 1990…",
      }),
      "bloomberg",
    ],
    [
      "a news site's path for agency copy",
      item({
        url: "https://www.dailymail.co.uk/wires/reuters/article-14184567/ECB-cuts-rates.html",
        title: "ECB cuts rates again, signals more easing as growth falters",
        snippet: "The European Central Bank cut interest rates for the fourth time this year on Thursday.",
      }),
      "reuters",
    ],
  ])("detects %s", (_label, input, agency) => {
    const keys = keysOf(input, "wire");
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^wire:${agency}:`));
  });

  it.each<[string, TraceInput]>([
    [
      "an article about Reuters the company",
      item({
        url: "https://www.theguardian.com/media/2025/mar/03/reuters-newsroom-job-cuts",
        title: "Reuters to cut newsroom jobs as Thomson Reuters shifts spending to AI",
        snippet:
          "Thomson Reuters reported lower revenue on Tuesday and the Reuters news agency will cut 200 jobs, according to a memo seen by the Guardian.",
      }),
    ],
    [
      "the Reuters Institute and reuters.com as topics",
      item({
        url: "https://www.example-review.com/media/news-avoidance-study",
        title: "News avoidance keeps rising, Reuters Institute report finds",
        snippet:
          "According to the Reuters Institute, traffic to sites such as reuters.com and Reuters.com fell by a fifth.",
      }),
    ],
    [
      "“AP” inside other words and as Advanced Placement",
      item({
        url: "https://www.example-edu.com/apac-laptop-sales",
        title: "APAC laptop shipments rebound as students prepare for AP Biology exams",
        snippet:
          "CHAPTER two of the APAC report: AP exams drive laptop demand, according to AP Biology teachers.",
      }),
    ],
    [
      "an AP photo credit on a paper's own story",
      item({
        url: "https://www.example-courier.com/local/city-council-budget-vote",
        title: "City council approves budget with new money for road repairs",
        snippet: "Council members voted 7-2 on Monday. Photo via AP Photo/Evan Vucci.",
      }),
    ],
    [
      "“dpa” inside other words and DPA as a regulator",
      item({
        url: "https://www.example-tech.com/privacy/irish-regulator-fines",
        title: "Irish regulator fines social network over data transfers to the US",
        snippet:
          "The Irish DPA — the data-protection authority — said 7 dpa samples and dpaste links were irrelevant.",
      }),
    ],
    [
      "the Associated Press mentioned as a party",
      item({
        url: "https://www.example-times.com/politics/white-house-press-access",
        title: "White House restricts press pool access in dispute with news agency",
        snippet: "The Associated Press sued over its exclusion from the Oval Office, the lawsuit says.",
      }),
    ],
    [
      "a short agency name inside a word",
      item({
        url: "https://www.example-news.ch/zurich/tuesday-market",
        title: "Zurich market traders brace for a busy Tuesday session",
        snippet: "Traders said Tuesday's session would be busy, with the STTS index (sda2) flat.",
      }),
    ],
  ])("ignores %s", (_label, input) => {
    expect(keysOf(input, "wire")).toEqual([]);
  });

  it("gives the agency's copy and a subscriber's reprint the same key", () => {
    const reprint = item({
      url: "https://www.localpaper.com/news/national/judge-blocks-texas-drag-law",
      title: `${DRAG_TITLE} - Local Paper`,
      snippet: "AUSTIN, Texas (AP) — A federal judge on Thursday blocked a Texas law…",
    });
    expect(shareKey(apOwnCopy, reprint)).toBe(true);
  });

  const marketStory = (move: string) =>
    item({
      url: `https://apnews.com/article/stock-market-today-${move}`,
      title: `Stock market today: Asian shares ${move} after Wall Street rally | AP News`,
      snippet: "BANGKOK (AP) — Asian shares were mixed on Tuesday…",
    });

  it.each<[string, TraceInput, TraceInput]>([
    [
      "unrelated stories",
      apOwnCopy,
      item({
        url: "https://apnews.com/article/wildfire-evacuations-los-angeles-fedcba9876543210",
        title: "Wildfire forces thousands to evacuate in hills north of Los Angeles | AP News",
        snippet: "LOS ANGELES (AP) — A fast-moving wildfire forced thousands of residents to flee…",
      }),
    ],
    ["two days of a recurring headline", marketStory("mixed"), marketStory("slip")],
  ])("does not merge two different AP stories: %s", (_label, first, second) => {
    expect(keysOf(first, "wire")).toHaveLength(1);
    expect(keysOf(second, "wire")).toHaveLength(1);
    expect(shareKey(first, second)).toBe(false);
  });

  it("does not merge the same headline credited to different agencies", () => {
    const reutersCopy = item({
      url: "https://www.reuters.com/legal/judge-blocks-texas-drag-law-2025-03-03/",
      title: `${DRAG_TITLE} | Reuters`,
    });
    expect(keysOf(reutersCopy, "wire")).toHaveLength(1);
    expect(shareKey(apOwnCopy, reutersCopy)).toBe(false);
  });

  it("gives no wire key when the title is too generic to identify a story", () => {
    expect(keysOf(item({ url: "https://apnews.com/hub/politics", title: "Politics | AP News" }))).toEqual([]);
  });
});

describe("press releases", () => {
  const RELEASE_TITLE = "Acme Robotics Announces $40 Million Series B to Expand Warehouse Automation";
  const distributorCopy = item({
    url: "https://www.prnewswire.com/news-releases/acme-robotics-announces-series-b-302012345.html",
    title: RELEASE_TITLE,
    snippet: "Acme Robotics today announced it has raised $40 million…",
  });

  it.each<[string, TraceInput]>([
    ["the distributor's own copy", distributorCopy],
    [
      "a /PRNewswire/ dateline on a news site",
      item({
        url: "https://finance.example.com/news/acme-robotics-announces-40-million-130000123.html",
        title: RELEASE_TITLE,
        snippet: "SAN JOSE, Calif., March 3, 2025 /PRNewswire/ -- Acme Robotics today announced…",
      }),
    ],
    [
      "a (BUSINESS WIRE) dateline",
      item({
        url: "https://www.example-markets.com/story/widgetco-q4-results",
        title: "WidgetCo Reports Record Fourth Quarter Revenue and Raises Guidance",
        snippet: "AUSTIN, Texas--(BUSINESS WIRE)--WidgetCo (NYSE: WDG) today reported…",
      }),
    ],
    [
      "a GLOBE NEWSWIRE dateline",
      item({
        url: "https://www.example-markets.com/story/biotech-trial-results",
        title: "Helix Bio Announces Positive Topline Results from Phase 2 Trial",
        snippet: "BOSTON, March 03, 2025 (GLOBE NEWSWIRE) -- Helix Bio today announced…",
      }),
    ],
    [
      "a /PRNewswire-PRWeb/ dateline",
      item({
        url: "https://www.example-local.com/business/bakery-opens-second-location",
        title: "Sunrise Bakery Opens Second Location in Downtown Springfield",
        snippet: "SPRINGFIELD, Ill., March 3, 2025 /PRNewswire-PRWeb/ -- Sunrise Bakery…",
      }),
    ],
    [
      "a subdomain of a distributor",
      item({
        url: "https://markets.businesswire.com/news/home/20250303005123/en/",
        title: "WidgetCo Reports Record Fourth Quarter Revenue and Raises Guidance",
      }),
    ],
  ])("detects %s", (_label, input) => {
    const keys = keysOf(input, "press-release");
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^press-release:/);
  });

  it.each<[string, TraceInput]>([
    [
      "a story about a distributor",
      item({
        url: "https://www.example-media.com/business/cision-sells-pr-newswire",
        title: "Cision weighs sale of PR Newswire and GlobeNewswire units",
        snippet: "PR Newswire, the press-release distributor, and GlobeNewswire could fetch $1bn.",
      }),
    ],
    [
      "a company's own announcement reported by a journalist",
      item({
        url: "https://www.example-tech.com/startups/acme-raises-series-b",
        title: "Acme Robotics raises $40M as warehouse automation heats up",
        snippet: "Acme said in a press release that the round was led by Example Ventures.",
      }),
    ],
  ])("ignores %s", (_label, input) => {
    expect(keysOf(input, "press-release")).toEqual([]);
  });

  it("ties a release republished on a news site to the distributor's copy", () => {
    const reprint = item({
      url: "https://finance.example.com/news/acme-robotics-announces-40-million-130000123.html",
      title: `${RELEASE_TITLE} - Example Finance`,
      snippet: "SAN JOSE, Calif., March 3, 2025 /PRNewswire/ -- Acme Robotics today announced…",
    });
    expect(shareKey(distributorCopy, reprint)).toBe(true);
  });

  it("keeps two releases from the same distributor apart", () => {
    const other = item({
      url: "https://www.prnewswire.com/news-releases/acme-robotics-appoints-cfo-302019999.html",
      title: "Acme Robotics Appoints Former Logistics Executive as Chief Financial Officer",
    });
    expect(shareKey(distributorCopy, other)).toBe(false);
  });
});

describe("scholarly identifiers", () => {
  it.each<[string, TraceInput, string[]]>([
    ["a DOI resolver URL", item({ url: "https://doi.org/10.1038/NATURE12373" }), ["doi:10.1038/nature12373"]],
    [
      "a DOI in a publisher path with a view suffix",
      item({ url: "https://onlinelibrary.wiley.com/doi/full/10.1002/anie.202012345/abstract" }),
      ["doi:10.1002/anie.202012345"],
    ],
    [
      "a percent-encoded DOI in a query value",
      item({ url: "https://journals.plos.org/plosone/article?id=10.1371%2Fjournal.pone.0123456" }),
      ["doi:10.1371/journal.pone.0123456"],
    ],
    [
      "a DOI followed by sentence punctuation",
      item({
        url: "https://www.example-news.com/health/coffee-study",
        snippet: "The study (doi:10.1016/S0140-6736(20)30183-5). Researchers followed 10,000 adults.",
      }),
      // An Elsevier DOI holds the article's PII: ScienceDirect's address of it meets it.
      ["doi:10.1016/s0140-6736(20)30183-5", "pii:S0140673620301835"],
    ],
    [
      "a DOI at the end of a sentence",
      item({
        url: "https://www.example-news.com/science/ocean-heat",
        snippet: "Published in Science, https://doi.org/10.1126/science.abc1234.",
      }),
      ["doi:10.1126/science.abc1234"],
    ],
    [
      "a bioRxiv URL with version and format",
      item({ url: "https://www.biorxiv.org/content/10.1101/2020.03.01.123456v2.full.pdf" }),
      ["doi:10.1101/2020.03.01.123456"],
    ],
    ["an arXiv abstract page", item({ url: "https://arxiv.org/abs/2303.08774" }), ["arxiv:2303.08774"]],
    [
      "an arXiv PDF with a version",
      item({ url: "https://arxiv.org/pdf/2303.08774v2.pdf" }),
      ["arxiv:2303.08774"],
    ],
    [
      "an arXiv id in text with a version",
      item({
        url: "https://www.example-blog.com/posts/gpt4-report",
        snippet: "The technical report (arXiv:2303.08774v3) describes…",
      }),
      ["arxiv:2303.08774"],
    ],
    [
      "an old-style arXiv id",
      item({ url: "https://arxiv.org/abs/hep-th/9711200v3" }),
      ["arxiv:hep-th/9711200"],
    ],
    [
      "an arXiv DOI",
      item({ url: "https://doi.org/10.48550/arXiv.2303.08774" }),
      ["doi:10.48550/arxiv.2303.08774", "arxiv:2303.08774"],
    ],
    ["a PubMed page", item({ url: "https://pubmed.ncbi.nlm.nih.gov/31978945/" }), ["pmid:31978945"]],
    [
      "a PMID in text",
      item({
        url: "https://www.example-health.com/articles/vitamin-d-trial",
        snippet: "Results of the VITAL trial (PMID: 30415629) showed no reduction in cancer.",
      }),
      ["pmid:30415629"],
    ],
    [
      "a PMC article page",
      item({ url: "https://pmc.ncbi.nlm.nih.gov/articles/PMC7092803/" }),
      ["pmc:PMC7092803"],
    ],
    [
      "a PMCID in text",
      item({
        url: "https://www.example-health.com/articles/covid-origin",
        snippet: "Full text is free (PMCID: PMC7092803).",
      }),
      ["pmc:PMC7092803"],
    ],
  ])("reads %s", (_label, input, expected) => {
    expect(keysOf(input, "doi")).toEqual(expected);
    expect(originKeys(input).every((entry) => entry.kind === "doi")).toBe(true);
  });

  it.each<[string, TraceInput]>([
    [
      "a bare number that looks like an arXiv id",
      item({ url: "https://www.example.com/prices", snippet: "Shares closed at 2303.08774 points." }),
    ],
    [
      "a DOI cut short by an ellipsis",
      item({ url: "https://www.example.com/a", snippet: "See doi:10.1038/natu…" }),
    ],
    [
      "a version number that is not a DOI",
      item({ url: "https://www.example.com/release-notes", snippet: "Upgrade from v10.1234/beta now." }),
    ],
  ])("ignores %s", (_label, input) => {
    expect(keysOf(input)).toEqual([]);
  });

  it("ignores text identifiers on a page citing many works, but keeps its URL's", () => {
    const survey = item({
      url: "https://pubmed.ncbi.nlm.nih.gov/11111111/",
      snippet: "Refs: PMID 22222222; PMID 33333333; PMID 44444444; PMID 55555555.",
    });
    expect(keysOf(survey)).toEqual(["pmid:11111111"]);
  });

  it("ties a news story citing a DOI to the paper's page", () => {
    const paper = item({ url: "https://www.science.org/doi/10.1126/science.abc1234" });
    const story = item({
      url: "https://www.example-news.com/science/ocean-heat",
      snippet: "The findings were published in Science (DOI: 10.1126/SCIENCE.ABC1234).",
    });
    expect(shareKey(paper, story)).toBe(true);
  });
});

describe("ownerOf", () => {
  it.each<[string, string | null]>([
    ["bbc.co.uk", "bbc"],
    ["news.bbc.co.uk", "bbc"],
    ["www.bbc.com", "bbc"],
    ["theguardian.com", "guardian"],
    ["usatoday.com", "gannett"],
    ["eu.usatoday.com", "gannett"],
    ["indystar.com", "gannett"],
    ["wsj.com", "news-corp"],
    ["nypost.com", "news-corp"],
    ["foxnews.com", "fox-corporation"],
    ["arstechnica.com", "conde-nast"],
    ["thehill.com", "nexstar"],
    ["tomshardware.com", "future-plc"],
    ["zdnet.com", "ziff-davis"],
    ["dailymail.com", "dmg"],
    ["WWW.NJ.COM", "advance-local"],
    ["https://www.wired.com/story/x", "conde-nast"],
    ["example.org", null],
    ["co.uk", null],
    ["bbc.co.uk.example.net", null],
    ["notbbc.com", null],
    ["", null],
  ])("%s → %s", (domain, owner) => {
    expect(ownerOf(domain)).toBe(owner);
  });

  it("gives sister titles that report for themselves no common owner", () => {
    for (const [a, b] of [
      ["variety.com", "deadline.com"],
      ["people.com", "ew.com"],
      ["investopedia.com", "allrecipes.com"],
      ["ft.com", "nikkei.com"],
      ["theverge.com", "vox.com"],
      ["dailymail.co.uk", "metro.co.uk"],
    ]) {
      const [x, y] = [ownerOf(a as string), ownerOf(b as string)];
      expect(x === null || x !== y).toBe(true);
    }
  });

  it("does not put one owner's local paper in another group", () => {
    expect(ownerOf("usatoday.com")).toBe(ownerOf("freep.com"));
    expect(ownerOf("wsj.com")).not.toBe(ownerOf("foxnews.com"));
  });
});

describe("originKeys", () => {
  it("returns nothing for an ordinary page", () => {
    const page = item({
      url: "https://www.example-blog.com/2025/03/my-garden",
      title: "What I learned growing tomatoes on a balcony this summer",
      snippet: "Three seasons of trial and error on a north-facing balcony.",
    });
    expect(originKeys(page)).toEqual([]);
  });

  it("falls back to the URL's host when no domain is given", () => {
    const input: TraceInput = {
      url: "https://apnews.com/article/x",
      domain: "",
      title: DRAG_TITLE,
      snippet: "",
    };
    expect(keysOf(input, "wire")).toEqual(keysOf(apOwnCopy, "wire"));
  });

  it("returns each key once", () => {
    const input = item({
      url: "https://doi.org/10.1038/nature12373",
      snippet: "doi:10.1038/nature12373 — doi:10.1038/NATURE12373.",
    });
    expect(keysOf(input)).toEqual(["doi:10.1038/nature12373"]);
  });
});
