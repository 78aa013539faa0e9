import { describe, expect, it } from "vitest";
import { releaseRewriteLinks } from "../../src/dedup/release-rewrites.js";
import { originItem as item, sharedOrigins } from "../helpers/origin-item.js";

const RELEASE = {
  domain: "prnewswire.com",
  title: "Voltera Energy Unveils Solid-State Cell With 520 Wh/kg Energy Density",
  snippet:
    "Voltera Energy, Inc. (NASDAQ: VLTR) today unveiled the VX-520, a solid-state lithium-metal cell that the company says stores 520 watt-hours per kilogram and retains 90% of its capacity after 1,000 cycles.",
};

describe("releaseRewriteLinks: a release and the pages that rewrite it", () => {
  it("ties a trade site's retitled, reworded rewrite to the release", () => {
    const rewrite = {
      domain: "batterytech.example.com",
      title: "Voltera's VX-520 solid-state cell hits 520 Wh/kg, company claims",
      snippet:
        "Voltera Energy has introduced a solid-state lithium-metal cell, the VX-520, rated at 520 Wh/kg. The cell retains 90% of its capacity after 1,000 cycles, according to the company.",
    };
    expect(releaseRewriteLinks([RELEASE, rewrite], [true, false])).toEqual([[0, 1]]);
  });

  it("reads a product's name the same with its trademark sign and without", () => {
    const release = {
      domain: "businesswire.com",
      title:
        "Lumora Health Launches BerbaTrim™, a Clinically Studied Berberine Complex, Nationwide at Target",
      snippet:
        "AUSTIN, Texas--(BUSINESS WIRE)--Lumora Health, a metabolic wellness company, today announced the nationwide launch of BerbaTrim™ in more than 1,800 Target stores ...",
    };
    const rewrite = {
      domain: "nutritionaloutlook.com",
      title: "Lumora Health brings berberine complex BerbaTrim to Target",
      snippet:
        "Metabolic wellness brand Lumora Health is rolling out its BerbaTrim berberine supplement to more than 1,800 Target locations, the company announced this week ...",
    };
    expect(releaseRewriteLinks([release, rewrite], [true, false])).toEqual([[0, 1]]);
  });

  it("ties a rewrite in its own words that keeps most of the headline and its figure, in the release's week", () => {
    const release = {
      domain: "prnewswire.com",
      title: "Solvanta Sets World Record of 35.2% for Perovskite-Silicon Tandem Solar Cell Efficiency",
      snippet:
        "/PRNewswire/ -- Solvanta Energy today announced that its large-area perovskite-silicon tandem solar cell has reached a certified power conversion efficiency of 35.2% ...",
    };
    const rewrite = {
      domain: "pv-magazine.com",
      title: "Solvanta achieves 35.2% efficiency for perovskite-silicon tandem solar cell",
      snippet:
        'The Chinese-American manufacturer said the result was certified by NREL and achieved on a 260.9 cm² M6 wafer. "This result shows tandem cells are ready to leave the lab," said its CTO ...',
    };
    const days = [20620, 20620];
    expect(releaseRewriteLinks([release, rewrite], [true, false], [], undefined, days)).toEqual([[0, 1]]);
    // Months later, or without the figure, it is another story of the company.
    expect(releaseRewriteLinks([release, rewrite], [true, false], [], undefined, [20620, 20700])).toEqual([]);
    const withoutFigure = {
      ...rewrite,
      title: "Solvanta achieves record efficiency for perovskite-silicon tandem solar cell",
    };
    expect(releaseRewriteLinks([release, withoutFigure], [true, false], [], undefined, days)).toEqual([]);
    // A forum's thread on the claim is its readers' own talk.
    expect(
      releaseRewriteLinks([release, rewrite], [true, false], [], undefined, days, [false, true]),
    ).toEqual([]);
  });

  it("ties a rewrite under its own headline that tells the company's news of the day as the company's", () => {
    const release = {
      domain: "businesswire.com",
      title: "Fieldnote Brings Fieldnote AI to Every Paid Plan, Announces New Pricing",
      snippet:
        "Fieldnote today announced that Fieldnote AI, including channel recaps, huddle notes and enterprise search, will be included in every paid plan. Beginning August 1, the Pro plan ...",
    };
    const rewrite = {
      domain: "techcrunch.com",
      title: "Fieldnote bundles AI into paid plans, raises Pro price to $10.50",
      snippet:
        "Team chat app Fieldnote said Tuesday it will include its AI features — channel recaps, huddle notes and enterprise search — in every paid plan, and raise prices ...",
    };
    const days = [20249, 20249];
    expect(releaseRewriteLinks([release, rewrite], [true, false], [], undefined, days)).toEqual([[0, 1]]);
    // A report that only says the news came out that day tells it in its own voice.
    const report = {
      ...rewrite,
      snippet: rewrite.snippet.replace(
        "Team chat app Fieldnote said Tuesday",
        "Under the plan announced Tuesday, Fieldnote",
      ),
    };
    expect(releaseRewriteLinks([release, report], [true, false], [], undefined, days)).toEqual([]);
  });

  it("keeps a forum thread on a release's claim apart from the release and its rewrite", () => {
    const release = item(
      "https://www.prnewswire.com/news-releases/solvanta-sets-world-record-of-35-2-302611234.html",
      "Solvanta Sets World Record of 35.2% for Perovskite-Silicon Tandem Solar Cell Efficiency",
      "Jun 16, 2026 — /PRNewswire/ -- Solvanta Energy today announced that its large-area tandem solar cell has reached a certified efficiency of 35.2% ...",
    );
    const rewrite = item(
      "https://www.pv-magazine.com/2026/06/16/solvanta-achieves-35-2-efficiency-for-perovskite-silicon-tandem-solar-cell/",
      "Solvanta achieves 35.2% efficiency for perovskite-silicon tandem solar cell – pv magazine International",
      "Jun 16, 2026 — The manufacturer said the result was certified by NREL and achieved on a 260.9 cm² M6 wafer ...",
    );
    const thread = item(
      "https://www.reddit.com/r/solar/comments/1l8x2qd/solvanta_claims_352_perovskitesilicon_tandem_solar/",
      "Solvanta claims 35.2% perovskite-silicon tandem solar cell efficiency - is it real? : r/solar",
      "Jun 17, 2026 — Large-area tandem at 35.2% certified by NREL? Stability is the real question, nobody ships these yet ...",
    );
    expect(sharedOrigins([release, rewrite, thread]).map(({ members }) => members)).toEqual([[0, 1]]);
  });

  it("keeps apart the same company's release about another event, and a report with its own angle", () => {
    const factory = {
      domain: "prnewswire.com",
      title: "Voltera Energy Opens 2 GWh Cell Factory in Ohio",
      snippet:
        "Voltera Energy, Inc. (NASDAQ: VLTR) today opened its first high-volume cell factory, a 2 GWh plant in Columbus.",
    };
    const analysis = {
      domain: "lab.example.edu",
      title: "What a 520 Wh/kg solid-state cell claim really means",
      snippet:
        "Cell-level energy density figures from start-ups are usually measured on small pouch cells under gentle conditions.",
    };
    const nextModel = {
      ...RELEASE,
      domain: "newswire.example.com",
      title: "Voltera Energy Unveils Solid-State Cell With 610 Wh/kg Energy Density",
    };
    expect(releaseRewriteLinks([RELEASE, factory, analysis, nextModel], [true, true, false, false])).toEqual(
      [],
    );
  });

  it("keeps apart a fact check and a denial that restate the release", () => {
    const factCheck = {
      domain: "factcheck.example.org",
      title: "Fact check: Voltera solid-state cell with 520 Wh/kg energy density?",
      snippet:
        "Posts say Voltera Energy unveiled a solid-state lithium-metal cell that stores 520 watt-hours per kilogram and retains 90% of its capacity after 1,000 cycles. Independent tests have not been published.",
    };
    const denial = {
      domain: "batterylab.example.edu",
      title: "Voltera solid-state cell energy density is not 520 Wh/kg, lab finds",
      snippet:
        "Voltera Energy says its VX-520 solid-state lithium-metal cell stores 520 watt-hours per kilogram and retains 90% of its capacity after 1,000 cycles; our pack-level tests found 410.",
    };
    expect(releaseRewriteLinks([RELEASE, factCheck, denial], [true, false, false])).toEqual([]);
  });

  it("keeps apart a page on the release's topic whose snippet repeats only the headline's words", () => {
    const release = {
      domain: "prnewswire.com",
      title: "Cerevia Labs' Mnemora Supplement Improves Memory in Healthy Adults",
      snippet:
        "AUSTIN, Texas /PRNewswire/ -- Cerevia Labs today announced a clinical study found its Mnemora supplement improves memory scores in healthy adults.",
    };
    const explainer = {
      domain: "healthsite.example",
      title: "Mnemora supplement for memory: what healthy adults should know",
      snippet:
        "Cerevia Labs markets Mnemora as a memory supplement for healthy adults. Its main ingredient, bacopa, has mixed evidence in small trials.",
    };
    const rewrite = {
      domain: "nutranews.example",
      title: "Cerevia's Mnemora improves memory in healthy adults, company trial finds",
      snippet:
        "Cerevia Labs says a clinical study found its Mnemora supplement raised memory scores by 31% over 12 weeks in healthy adults, and plans a larger trial next year.",
    };
    expect(releaseRewriteLinks([release, explainer, rewrite], [true, false, false])).toEqual([[0, 2]]);
  });

  it("ties a page crediting the company, under a headline of its own, to the one release it fits", () => {
    const poster = {
      domain: "businesswire.com",
      title:
        "Rhizora Biosciences Announces Presentation of RZ-88 Corn Field Trial Results at the 2026 ASA Annual Meeting",
      snippet:
        "Rhizora Biosciences today announced that results from 18 on-farm trials of RZ-88 in corn will be presented in a poster session at the 2026 ASA Annual Meeting in November.",
    };
    const data = {
      domain: "businesswire.com",
      title:
        "Rhizora Biosciences Announces Two-Season RZ-88 Field Data Showing Corn Yields Held With 40% Less Synthetic Nitrogen",
      snippet:
        "Rhizora Biosciences today announced data from 41 replicated field trials in seven states over two seasons: corn treated with RZ-88 yielded within 1% of fully fertilized plots.",
    };
    const trade = {
      domain: "agrimarketing.example.com",
      title: "Rhizora Releases Two Seasons of RZ-88 Corn Data",
      snippet:
        "Corn treated with Rhizora Biosciences' RZ-88 yielded within 1% of fully fertilized plots while receiving 40% less synthetic nitrogen, across 41 trials in seven states over two seasons.",
    };
    const credited = [undefined, undefined, "Rhizora Biosciences"];
    expect(releaseRewriteLinks([poster, data, trade], [true, true, false], credited)).toEqual([[1, 2]]);
    // Without the credit, its headline is its own and it stays apart.
    expect(releaseRewriteLinks([poster, data, trade], [true, true, false])).toEqual([]);
  });

  it("keeps apart a retitled copy of a company's release from its release of another year", () => {
    const erythritol = {
      domain: "newsroom.clevelandclinic.org",
      title:
        "Cleveland Clinic Study Finds Common Artificial Sweetener Linked to Higher Rates of Heart Attack and Stroke",
      snippet:
        "Cleveland Clinic researchers found that erythritol, a popular artificial sweetener, is associated with increased risk for heart attack and stroke. The findings were published today in Nature Medicine.",
    };
    const copy = { ...erythritol, domain: "eurekalert.org", title: erythritol.title.toLowerCase() };
    const xylitol = {
      domain: "newsroom.clevelandclinic.org",
      title:
        "Cleveland Clinic Study Finds Common Sugar Substitute Xylitol Linked to Higher Risk of Heart Attack, Stroke",
      snippet:
        "A Cleveland Clinic-led study found that higher amounts of xylitol, a sugar alcohol, were associated with increased risk of cardiovascular events. The findings were published in the European Heart Journal.",
    };
    // Days since 1970: February 2023 and June 2024.
    const days = [19415, 19415, 19880];
    const withXylitol = (links: [number, number][]) => links.filter(([a, b]) => a === 2 || b === 2);
    expect(
      withXylitol(releaseRewriteLinks([erythritol, copy, xylitol], [true, true, true], [], undefined, days)),
    ).toEqual([]);
    // Undated too: one release keeps most of another's headline only when it is its copy.
    expect(withXylitol(releaseRewriteLinks([erythritol, copy, xylitol], [true, true, true]))).toEqual([]);
  });

  it("ties a page saying it retells the company's release to the release of its week, with the release's newsroom copy", () => {
    const launch = {
      domain: "prnewswire.com",
      title: "Corvane Power Systems Launches StratoCell S2 Sodium-Ion Battery Cabinet for Commercial Sites",
      snippet:
        "Corvane Power Systems today announced StratoCell S2, a 261 kWh battery cabinet that runs from -20°C to 50°C without active heating.",
    };
    const newsroom = { ...launch, domain: "corvanepower.com", title: "Corvane launches StratoCell S2" };
    const funding = {
      domain: "prnewswire.com",
      title: "Corvane Power Systems Raises $48 Million Series B to Scale Sodium-Ion Manufacturing",
      snippet:
        "Corvane Power Systems today announced a $48 million Series B round to expand production of its StratoCell cabinets at its Texas plant for industrial customers.",
    };
    const trade = {
      domain: "energy-storage.news",
      title: "Corvane launches 261kWh sodium-ion cabinet for C&I market",
      snippet:
        "Texas-based Corvane Power Systems has unveiled StratoCell S2, a 261kWh cabinet for industrial sites, the company said in a press release yesterday. It runs from -20°C to 50°C without active heating.",
    };
    const pages = [launch, newsroom, funding, trade];
    const releases = [true, true, true, false];
    const oneOrigin = (a: number, b: number) => (Math.min(a, b) === 0 ? Math.max(a, b) <= 1 : a === b);
    // Days since 1970: the launch and its rewrite a day apart, the funding round months later.
    const days = [20158, 20158, 20242, 20159];
    expect(releaseRewriteLinks(pages, releases, [], oneOrigin, days)).toContainEqual([0, 3]);
    // Without saying it retells a release, its headline is its own.
    const unsaid = {
      ...trade,
      snippet: trade.snippet.replace(", the company said in a press release yesterday", ""),
    };
    expect(
      releaseRewriteLinks([launch, newsroom, funding, unsaid], releases, [], oneOrigin, days),
    ).not.toContainEqual([0, 3]);
    // "According to the company" says it as well.
    const according = {
      ...unsaid,
      snippet: `${unsaid.snippet.replace(". It runs", ". According to the company, it runs")}`,
    };
    expect(
      releaseRewriteLinks([launch, newsroom, funding, according], releases, [], oneOrigin, days),
    ).toContainEqual([0, 3]);
  });
});
