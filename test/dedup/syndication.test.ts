import stringSimilarity from "string-similarity";
import { describe, expect, it } from "vitest";
import { normalizeSnippet, normalizeTitle } from "../../src/dedup/normalize-title.js";
import {
  ALL_PAIRS_LIMIT,
  findSyndicationClusters,
  SNIPPET_SIMILARITY,
  type SyndicationInput,
  type SyndicationStats,
  TITLE_SIMILARITY,
  TITLE_SIMILARITY_WITHOUT_SNIPPET,
} from "../../src/dedup/syndication.js";
import { seededRandom } from "../../src/util/seeded-random.js";

const item = (domain: string, title: string, snippet = ""): SyndicationInput => ({ domain, title, snippet });

const titleSimilarity = (a: string, b: string) =>
  stringSimilarity.compareTwoStrings(normalizeTitle(a), normalizeTitle(b));

const snippetSimilarity = (a: string, b: string) => {
  const [first, second] = [normalizeSnippet(a), normalizeSnippet(b)];
  const length = Math.min(first.length, second.length);
  return stringSimilarity.compareTwoStrings(first.slice(0, length), second.slice(0, length));
};

const FED_LEDE =
  "WASHINGTON (AP) — The Federal Reserve raised its key interest rate by a quarter-point on Wednesday, its 10th increase in a little over a year, as it continues its fight against stubborn inflation.";
const FED = {
  ap: item("apnews.com", "Federal Reserve raises key interest rate by a quarter point", FED_LEDE),
  abc: item(
    "abcnews.go.com",
    "Federal Reserve raises key interest rate by a quarter point - ABC News",
    "WASHINGTON (AP) — The Federal Reserve raised its key interest rate by a quarter-point on Wednesday, its 10th increase in a little over a year ...",
  ),
  independent: item(
    "independent.co.uk",
    "Federal Reserve raises key interest rate by quarter point | The Independent",
    "May 3, 2023 — The Federal Reserve raised its key interest rate by a quarter-point on Wednesday, its 10th increase in a little over a year, as it continues its fight against stubborn inflation but signals it may pause.",
  ),
  yahoo: item("yahoo.com", "Federal Reserve raises key interest rate by a quarter-point — Yahoo News", ""),
  usnews: item("usnews.com", "Fed Raises Key Interest Rate by a Quarter-Point", FED_LEDE),
};

const QUAKE_LEDE =
  "A powerful earthquake struck off the coast of northern Japan on Monday, shaking buildings in Tokyo and prompting a brief tsunami advisory, the country's meteorological agency said.";
const QUAKE = {
  reuters: item("reuters.com", "Powerful earthquake strikes off northern Japan - Reuters", QUAKE_LEDE),
  guardian: item(
    "theguardian.com",
    "Powerful earthquake strikes off northern Japan — The Guardian",
    `${QUAKE_LEDE} No damage was immediately reported.`,
  ),
};

const UNRELATED = item(
  "bbc.co.uk",
  "Heatwave warning issued for southern England | BBC News",
  "The Met Office has issued an amber heat-health alert for much of southern England as temperatures are expected to pass 30C this weekend.",
);

describe("findSyndicationClusters: one story on several domains", () => {
  it.each<[string, SyndicationInput[], number[][]]>([
    [
      "a wire story on five domains: publisher suffixes, case, hyphens, a dropped article, an empty snippet",
      [FED.ap, FED.abc, UNRELATED, FED.independent, FED.yahoo, FED.usnews],
      [[0, 1, 3, 4, 5]],
    ],
    [
      "two syndicated stories, groups ordered by their smallest index",
      [QUAKE.reuters, FED.ap, UNRELATED, FED.abc, QUAKE.guardian],
      [
        [0, 4],
        [1, 3],
      ],
    ],
    [
      "two copies on one domain join the story through a copy on another domain",
      [FED.ap, { ...FED.abc, domain: "apnews.com" }, FED.independent],
      [[0, 1, 2]],
    ],
    [
      "domains compared without case or www.",
      [
        { ...QUAKE.reuters, domain: "www.Reuters.com" },
        { ...QUAKE.guardian, domain: "theguardian.com" },
      ],
      [[0, 1]],
    ],
    [
      "a Japanese headline (no spaces between words) with its publisher suffix",
      [
        item("nikkei.com", "日銀、17年ぶり利上げ マイナス金利を解除 - 日本経済新聞"),
        item("news.yahoo.co.jp", "日銀、17年ぶり利上げ マイナス金利を解除"),
      ],
      [[0, 1]],
    ],
  ])("%s", (_name, items, expected) => {
    expect(findSyndicationClusters(items)).toEqual(expected);
  });

  it("links are transitive: A~B and B~C make one story even when A and C are not alike", () => {
    const snippet =
      "A nor'easter brought heavy snow and strong winds on Tuesday, knocking out power across several states as utility crews worked to restore service.";
    const [a, b, c] = [
      "Storm knocks out power to thousands across the northeast",
      "Winter storm knocks out power to thousands of homes across the northeast",
      "Powerful winter storm knocks out power to tens of thousands of homes across the northeast",
    ];
    expect(titleSimilarity(a, b)).toBeGreaterThan(TITLE_SIMILARITY);
    expect(titleSimilarity(b, c)).toBeGreaterThan(TITLE_SIMILARITY);
    expect(titleSimilarity(a, c)).toBeLessThanOrEqual(TITLE_SIMILARITY);
    const items = [
      item("one.example", a, snippet),
      item("two.example", b, snippet),
      item("three.example", c, snippet),
    ];
    expect(findSyndicationClusters(items)).toEqual([[0, 1, 2]]);
    expect(findSyndicationClusters([items[0], items[2]] as SyndicationInput[])).toEqual([]);
  });
});

describe("findSyndicationClusters: near misses stay apart", () => {
  const fireSunday = item(
    "cnn.com",
    "Wildfire near Los Angeles grows to 20,000 acres - CNN",
    "Officials said the wildfire had burned more than 20,000 acres by Sunday evening and was 10 percent contained, forcing thousands of residents to evacuate.",
  );
  const fireTuesday = item(
    "foxnews.com",
    "Wildfire near Los Angeles grows to 40,000 acres | Fox News",
    "The wildfire has now burned more than 40,000 acres and is 35 percent contained, officials said Tuesday, as some evacuated residents were allowed to return home.",
  );

  it.each<[string, SyndicationInput[]]>([
    [
      "same topic, different story",
      [
        item(
          "cnbc.com",
          "Fed raises rates by 0.25 points",
          "The Federal Reserve raised its benchmark rate by a quarter percentage point on Wednesday, citing inflation that remains well above its target.",
        ),
        item(
          "marketwatch.com",
          "Fed holds rates steady",
          "The Federal Reserve left its benchmark rate unchanged on Wednesday, pausing after a string of increases as officials weigh the effects of higher borrowing costs.",
        ),
      ],
    ],
    [
      "the same article twice on one domain is not syndication",
      [FED.ap, { ...FED.usnews, domain: "apnews.com" }],
    ],
    ["a follow-up: near-identical headline, a different lede", [fireSunday, fireTuesday]],
    [
      "a follow-up without snippets: similar titles are not enough",
      [
        item("one.example", "Fed raises rates by a quarter point"),
        item("two.example", "Fed raises rates by a quarter point, signals pause"),
      ],
    ],
    ["generic page titles", [item("one.example", "Home"), item("two.example", "Home")]],
    [
      "items without a domain",
      [
        { ...FED.ap, domain: "" },
        { ...FED.abc, domain: "" },
      ],
    ],
    ["no items", []],
  ])("%s", (_name, items) => {
    expect(findSyndicationClusters(items)).toEqual([]);
  });

  it("the follow-up is told apart by its snippet, not its title", () => {
    expect(titleSimilarity(fireSunday.title, fireTuesday.title)).toBeGreaterThan(TITLE_SIMILARITY);
    expect(snippetSimilarity(fireSunday.snippet, fireTuesday.snippet)).toBeLessThanOrEqual(
      SNIPPET_SIMILARITY,
    );
  });

  it("without snippets, titles between the two thresholds stay apart", () => {
    const similarity = titleSimilarity(
      "Fed raises rates by a quarter point",
      "Fed raises rates by a quarter point, signals pause",
    );
    expect(similarity).toBeGreaterThan(TITLE_SIMILARITY);
    expect(similarity).toBeLessThan(TITLE_SIMILARITY_WITHOUT_SNIPPET);
  });
});

describe("normalizeTitle and normalizeSnippet", () => {
  it.each([
    ["Fed holds rates steady - Reuters", "fed holds rates steady"],
    ["Fed holds rates steady | BBC News", "fed holds rates steady"],
    ["Fed holds rates steady — The Guardian", "fed holds rates steady"],
    ["Fed holds rates steady | Business | The Guardian", "fed holds rates steady"],
    [
      "Fed holds rates steady – what it means for your mortgage",
      "fed holds rates steady what it means for your mortgage",
    ],
    ["Markets - Reuters", "markets reuters"],
    ["COVID-19 cases rise again", "covid 19 cases rise again"],
    ["  Don’t   PANIC: Café owners’ guide ", "dont panic cafe owners guide"],
    ["日銀、17年ぶり利上げ - 日本経済新聞", "日銀 17年ぶり利上げ"],
  ])("%j → %j", (title, expected) => {
    expect(normalizeTitle(title)).toBe(expected);
  });

  it.each([
    ["Mar 3, 2025 — The Fed held rates.", "the fed held rates"],
    ["3 May 2023 · The Fed held rates.", "the fed held rates"],
    ["2 days ago — The Fed held rates...", "the fed held rates"],
    ["2025-03-03 - The Fed held rates …", "the fed held rates"],
    ["In 2025 — the Fed held rates", "in 2025 the fed held rates"],
  ])("%j → %j", (snippet, expected) => {
    expect(normalizeSnippet(snippet)).toBe(expected);
  });
});

/**
 * Synthetic news: words drawn from a Zipf-distributed vocabulary (a few very common words, a long
 * tail of rare ones, as in headlines), on 400 domains.
 */
function syntheticItems(count: number, seed: number): SyndicationInput[] {
  const random = seededRandom(seed);
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "sa",
    "ti",
    "vo",
    "ze",
    "pa",
    "do",
    "gri",
    "bel",
    "tor",
    "an",
  ];
  const vocabulary = Array.from({ length: 20_000 }, (_, rank) => {
    let word = "";
    for (let n = rank + 1; n > 0; n = Math.floor(n / syllables.length)) {
      word += syllables[n % syllables.length];
    }
    return word;
  });
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= vocabulary.length; rank += 1) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const word = () => {
    const target = random() * total;
    let [low, high] = [0, cumulative.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low] ?? "";
  };
  const words = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word).join(" ");
  return Array.from({ length: count }, () => ({
    domain: `site${Math.floor(random() * 400)}.example`,
    title: words(6, 12),
    snippet: words(20, 35),
  }));
}

describe("findSyndicationClusters at scale", () => {
  it("10,000 items: far fewer comparisons than all pairs, and planted stories are still found", () => {
    const items = syntheticItems(10_000, 42);
    const random = seededRandom(11);

    // A story whose words occur nowhere else.
    const harbour = item(
      "wire.example",
      "Harbour authority approves Kellerby dredging plan despite fishermen protest",
      "The Kellerby harbour authority on Thursday approved a plan to dredge the main channel, overriding objections from local fishermen who say the work will destroy spawning grounds.",
    );
    items[17] = harbour;
    items[4_203] = { ...harbour, domain: "courier.example", title: `${harbour.title} - The Courier` };
    items[7_777] = {
      domain: "gazette.example",
      title: "Harbor authority approves Kellerby dredging plan despite fishermen's protest | Gazette",
      snippet: `Mar 3, 2025 — ${harbour.snippet}`,
    };
    items[9_999] = { ...harbour, domain: "aggregator.example", snippet: "" };

    // A story made of words that 400 other titles use too: its words are split into word pairs.
    const fed = item("wire.example", "Fed raises interest rates again amid inflation fears", FED_LEDE);
    const fedWords = normalizeTitle(fed.title).split(" ");
    for (let index = 5_000; index < 5_400; index += 1) {
      const current = items[index] as SyndicationInput;
      const borrowed = [0, 1].map(() => fedWords[Math.floor(random() * fedWords.length)]);
      items[index] = { ...current, title: `${borrowed.join(" ")} ${current.title}` };
    }
    items[100] = fed;
    items[6_000] = { ...fed, domain: "daily.example", title: `${fed.title} | Daily` };
    items[8_000] = {
      ...fed,
      domain: "post.example",
      title: `FED RAISES INTEREST RATES AGAIN AMID INFLATION FEARS`,
    };

    let stats: SyndicationStats | undefined;
    const groups = findSyndicationClusters(items, { onStats: (s) => (stats = s) });

    expect(groups).toEqual([
      [17, 4_203, 7_777, 9_999],
      [100, 6_000, 8_000],
    ]);
    expect(stats?.items).toBe(10_000);
    expect(stats?.indexed).toBe(10_000);
    expect(stats?.splitBlocks).toBeGreaterThan(0);
    expect(stats?.candidatePairs).toBeGreaterThan(0);
    expect(stats?.candidatePairs).toBeLessThan(500_000);
    expect(stats?.titleComparisons).toBeLessThanOrEqual(stats?.candidatePairs ?? 0);
  });

  it("above ALL_PAIRS_LIMIT, blocking finds the stories that comparing every pair finds", () => {
    const stories = [
      ...[FED.ap, QUAKE.reuters, FED.abc, UNRELATED, FED.independent, QUAKE.guardian, FED.yahoo, FED.usnews],
      item("nikkei.com", "日銀、17年ぶり利上げ マイナス金利を解除 - 日本経済新聞"),
      item("news.yahoo.co.jp", "日銀、17年ぶり利上げ マイナス金利を解除"),
    ];
    const alone = findSyndicationClusters(stories);
    expect(alone).toEqual([
      [0, 2, 4, 6, 7],
      [1, 5],
      [8, 9],
    ]);
    const filler = syntheticItems(3 * ALL_PAIRS_LIMIT, 3);
    const offset = 123;
    const items = [...filler.slice(0, offset), ...stories, ...filler.slice(offset)];
    let stats: SyndicationStats | undefined;
    const groups = findSyndicationClusters(items, { onStats: (s) => (stats = s) });
    expect(groups).toEqual(alone.map((group) => group.map((index) => index + offset)));
    // Blocked: far fewer pairs than all of them.
    expect(stats?.candidatePairs).toBeLessThan((items.length * (items.length - 1)) / 2 / 10);
  });

  it("titles made only of common words cannot make a block blow up", () => {
    const random = seededRandom(7);
    const common = ["the", "to", "in", "of", "a", "new", "says", "after", "for", "on", "with", "is"];
    const items = Array.from({ length: 10_000 }, (_, index) => ({
      domain: `site${index % 300}.example`,
      title: Array.from({ length: 8 }, () => common[Math.floor(random() * common.length)]).join(" "),
      snippet: "",
    }));
    let stats: SyndicationStats | undefined;
    findSyndicationClusters(items, { onStats: (s) => (stats = s) });
    expect(stats?.splitBlocks).toBeGreaterThan(0);
    expect(stats?.oversizedBlocks).toBeGreaterThan(0);
    expect(stats?.candidatePairs).toBeLessThan(500_000);
  });

  it("a word in every title costs nothing: keys are each title's rarest words", () => {
    const items = syntheticItems(10_000, 5).map((entry) => ({ ...entry, title: `Breaking ${entry.title}` }));
    let stats: SyndicationStats | undefined;
    findSyndicationClusters(items, { onStats: (s) => (stats = s) });
    expect(stats?.candidatePairs).toBeLessThan(500_000);
  });
});

describe("findSyndicationClusters: a flood of one text", () => {
  const STORY = "Acme unveils solid-state battery cell with record energy density";
  const LEDE =
    "Acme Corp. today unveiled a solid-state battery cell that it says stores 520 watt-hours per kilogram, a record for a cell of its size, and will ship samples to carmakers next year.";

  it.each([201, 500, 2_000])("%i copies on as many domains are one story, near copies included", (count) => {
    const items = Array.from({ length: count }, (_, index) => ({
      domain: `site${index}.example`,
      // Publisher suffixes, a date in front, a shorter cut: what copies of one text look like.
      title: index % 3 === 0 ? `${STORY} - Site ${index}` : STORY,
      snippet:
        index % 4 === 1 ? `Mar 3, 2025 — ${LEDE}` : index % 4 === 2 ? `${LEDE.slice(0, 140)} ...` : LEDE,
    }));
    let stats: SyndicationStats | undefined;
    const groups = findSyndicationClusters(items, { onStats: (s) => (stats = s) });
    expect(groups).toEqual([items.map((_, index) => index)]);
    // Far from every pair: copies are grouped at once, and the rest compared with few leaders.
    expect(stats?.candidatePairs).toBeLessThan(count * 25);
  });

  it("copies on one domain alone stay apart, and join a story on another domain together", () => {
    const copy = { domain: "one.example", title: STORY, snippet: LEDE };
    const filler = syntheticItems(ALL_PAIRS_LIMIT + 10, 9);
    expect(findSyndicationClusters([...filler, copy, copy, copy])).toEqual([]);
    const other = { domain: "two.example", title: `${STORY} | Two`, snippet: LEDE };
    const first = filler.length;
    expect(findSyndicationClusters([...filler, copy, copy, other])).toEqual([[first, first + 1, first + 2]]);
  });

  it("many near copies with their own small edits are one story", () => {
    const items = Array.from({ length: 600 }, (_, index) => ({
      domain: `farm${index}.example`,
      title: index % 2 === 0 ? STORY : `${STORY.replace("record", "a record")}`,
      snippet: `${LEDE} Reported by desk ${index}.`,
    }));
    expect(findSyndicationClusters(items)).toHaveLength(1);
  });
});

describe("findSyndicationClusters: events of one series", () => {
  it("keeps one company's releases about two quarters apart, however alike they read", () => {
    const quarter = (which: string, ended: string) => ({
      domain: `${which}.example`,
      title: `Voltera Energy Reports ${which} Quarter 2025 Financial Results`,
      snippet: `Voltera Energy, Inc. (NASDAQ: VLTR) today announced financial results for the ${which.toLowerCase()} quarter ended ${ended}, 2025, and provided a business update.`,
    });
    expect(
      findSyndicationClusters([quarter("Third", "September 30"), quarter("Fourth", "December 31")]),
    ).toEqual([]);
  });

  it("keeps two product launches apart when only the model number differs", () => {
    const launch = (model: string, domain: string) => ({
      domain,
      title: `Acme launches ${model} smart thermostat with learning schedule`,
      snippet: `Acme today launched the ${model}, a smart thermostat that learns household schedules and cuts heating bills, the company said in a statement.`,
    });
    expect(findSyndicationClusters([launch("T200", "a.example"), launch("T300", "b.example")])).toEqual([]);
    expect(findSyndicationClusters([launch("T200", "a.example"), launch("T200", "b.example")])).toEqual([
      [0, 1],
    ]);
  });
});
