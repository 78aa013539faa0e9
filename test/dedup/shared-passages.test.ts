import { describe, expect, it } from "vitest";
import { sharedPassageLinks } from "../../src/dedup/shared-passages.js";

const LEDE =
  "A wind-driven wildfire swept through dry grasslands west of Boulder on Thursday, forcing the evacuation of about 19,000 people and destroying at least a dozen homes, authorities said.";

describe("sharedPassageLinks: one text under different headlines", () => {
  it("ties an agency story to a copy that dropped the dateline and added a sentence", () => {
    const items = [
      {
        domain: "apnews.com",
        title: "Wildfire forces 19,000 to flee near Boulder",
        snippet: `BOULDER, Colo. (AP) — ${LEDE}`,
      },
      {
        domain: "ksl.com",
        title: "Colorado grass fire destroys homes west of Boulder",
        snippet: `${LEDE} Gusts topped 100 mph in the foothills.`,
      },
    ];
    expect(sharedPassageLinks(items)).toEqual([[0, 1]]);
  });

  it("ties a ranking's entry to the maker's copy it pastes, the entry's number being no event's figure", () => {
    const blurb =
      'Secure 5,500+ coins and tokens with a certified EAL6+ secure element, a 3.7" E Ink touchscreen and Bluetooth for signing on the go.';
    const items = [
      {
        domain: "tesseravault.com",
        title: "Tessera Vault Pro — Bluetooth Hardware Wallet with E Ink Touchscreen | Tessera",
        snippet: `${blurb} $249. Free shipping on orders over $99 ...`,
      },
      {
        domain: "walletsavvy.com",
        title: "7 Best Crypto Hardware Wallets of 2025 (Tested & Ranked) - WalletSavvy",
        snippet: `Dec 1, 2025 — 1. Tessera Vault Pro – Best Overall. ${blurb} Check price on Amazon ...`,
      },
    ];
    expect(sharedPassageLinks(items)).toEqual([[0, 1]]);
  });

  it("ties a post to the page that says it gives it as posted, though the snippet shows one sentence of it", () => {
    const post = {
      domain: "facebook.com",
      title: "Taney County Sheriff's Office - ROAD CLOSURES / WATER RESCUES ... - Facebook",
      snippet:
        "Deputies and Western Taney County Fire have performed 31 water rescues since 2 a.m. The following roads are CLOSED due to water over the roadway: Hwy 76 at Roark Creek, Hwy 465 at Bee Creek ... Turn around, don't drown!",
    };
    const copy = {
      domain: "bransontrilakesnews.com",
      title: "Sheriff: 31 water rescues, several roads closed in Taney County",
      snippet:
        'Jun 9, 2026 — The Taney County Sheriff\'s Office posted the following on Facebook Tuesday morning: "Deputies and Western Taney County Fire have performed 31 water rescues since 2 a.m. ..."',
    };
    const report = {
      ...copy,
      domain: "ky3.com",
      snippet: copy.snippet.replace("posted the following on Facebook", "said on Facebook"),
    };
    expect(sharedPassageLinks([post, copy])).toEqual([[0, 1]]);
    // A report quoting as much, without saying it gives the post as posted, is its own.
    expect(sharedPassageLinks([post, report])).toEqual([]);
  });

  it("ties a release to a rewrite that reworded its opening but kept a quote", () => {
    const quote =
      '"This partnership gives CLY-401 the global reach it deserves and the resources to reach patients sooner," said Maya Chen, Chief Executive Officer of Calyra.';
    const items = [
      {
        domain: "globenewswire.com",
        title: "Calyra Therapeutics Announces Global Licensing Agreement with Nordvik Pharma for CLY-401",
        snippet: `Calyra Therapeutics today announced a global licensing agreement with Nordvik Pharma for CLY-401. ${quote}`,
      },
      {
        domain: "dealsweekly.example.com",
        title: "Nordvik pays $150M upfront for Calyra's oral drug",
        snippet: `Nordvik is paying $150 million upfront to license Calyra's oral drug worldwide. ${quote}`,
      },
    ];
    expect(sharedPassageLinks(items)).toEqual([[0, 1]]);
  });

  it("keeps apart independent reports of one event, a copy on its own site, and templated texts of two events", () => {
    const items = [
      {
        domain: "denverpost.com",
        title: "Deputies go door to door as fire races toward Boulder subdivisions",
        snippet:
          "Sheriff's deputies went door to door on Thursday as a grass fire driven by hurricane-force gusts raced toward subdivisions west of Boulder, officials said.",
      },
      {
        domain: "nytimes.com",
        title: "Thousands flee fast-moving Colorado fire",
        snippet:
          "Thousands of residents fled as a fast-moving fire tore through neighborhoods outside Boulder, in a December blaze that officials said was fueled by drought and extreme winds.",
      },
      { domain: "one.example", title: "Boulder fire", snippet: LEDE },
      { domain: "one.example", title: "Boulder fire", snippet: LEDE },
      {
        domain: "wire.example",
        title: "Acme Corp. Reports Third Quarter 2025 Results",
        snippet:
          "Acme Corp. (NASDAQ: ACME) today announced financial results for the third quarter ended September 30, 2025, and provided a business update for investors.",
      },
      {
        domain: "wire2.example",
        title: "Acme Corp. Reports Fourth Quarter 2025 Results",
        snippet:
          "Acme Corp. (NASDAQ: ACME) today announced financial results for the fourth quarter ended December 31, 2025, and provided a business update for investors.",
      },
    ];
    expect(sharedPassageLinks(items)).toEqual([]);
  });

  it("keeps a fact check apart from the release whose opening it quotes", () => {
    const claim =
      "a twelve-week clinical study showed its NeuroBoost supplement improves memory and focus in healthy adults of every age";
    const items = [
      {
        domain: "prnewswire.com",
        title: "NeuroBoost Supplement Improves Memory in Healthy Adults, Study Finds",
        snippet: `SAN JOSE, Calif. /PRNewswire/ -- Acme Corp. today announced that ${claim}.`,
      },
      {
        domain: "factcheck.example",
        title: "Fact check: Study does not show NeuroBoost improves memory",
        snippet: `Posts say ${claim}. The study had 40 people, no placebo group, and was paid for by Acme.`,
      },
      {
        domain: "healthnews.example",
        title: "Acme says NeuroBoost sharpens memory",
        snippet: `Acme Corp. said on Monday that ${claim}, without naming the journal.`,
      },
    ];
    expect(sharedPassageLinks(items)).toEqual([[0, 2]]);
  });

  it("ties an agency's lede that a subscriber trimmed after its opening clause", () => {
    const items = [
      {
        domain: "apnews.com",
        title: "Freight train hauling ethanol derails and burns in northern Iowa | AP News",
        snippet:
          "MASON CITY, Iowa (AP) — A freight train hauling ethanol derailed and caught fire early Tuesday on the eastern edge of Mason City, forcing about 600 people from their homes as crews let the tank cars burn, officials said.",
      },
      {
        domain: "seattletimes.com",
        title: "Ethanol train derails, burns in Iowa; 600 evacuated",
        snippet:
          "A freight train hauling ethanol derailed and caught fire early Tuesday in northern Iowa, forcing about 600 people from their homes, officials said.",
      },
    ];
    expect(sharedPassageLinks(items)).toEqual([[0, 1]]);
  });

  it.each([
    [
      "a formula that tells little",
      "According to a new study published in the journal Nature, people who drink two or three cups of coffee a day live slightly longer than those who drink none, after smoking and income are accounted for.",
      "According to a new study published in the journal Nature, honeybees trained with sugar rewards learned to count landmarks up to four on their way to a feeder, and kept doing so for days.",
    ],
    [
      "the same opening of two quarters' results",
      "Acme Corporation reported record revenue and higher profit margins for the third quarter of 2026.",
      "Acme Corporation reported record revenue and higher profit margins for the fourth quarter of 2026.",
    ],
  ])("keeps apart two stories opening alike with %s", (_name, one, other) => {
    const items = [
      { domain: "a.example.com", title: "One story", snippet: one },
      { domain: "b.example.com", title: "Another story", snippet: other },
    ];
    expect(sharedPassageLinks(items)).toEqual([]);
  });

  it("ties a flood of one text on two thousand domains to its first copy", () => {
    const items = Array.from({ length: 2_000 }, (_, index) => ({
      domain: `farm${index}.example`,
      title: "Boulder wildfire",
      snippet: LEDE,
    }));
    const links = sharedPassageLinks(items);
    const joined = new Set(links.flat());
    expect(joined.size).toBe(2_000);
    // Each copy meets the first few, not every other copy.
    expect(links.length).toBeLessThan(2_000 * 40);
  });
});
