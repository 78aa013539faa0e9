import { describe, expect, it } from "vitest";
import { figuresOf } from "../../src/dedup/release-facts.js";
import { firstAuthorLine } from "../../src/dedup/retitled-preprints.js";
import { originItem as item, sharedOrigins } from "../helpers/origin-item.js";

const grouped = sharedOrigins;

describe("a preprint and the paper it became under another title", () => {
  const journal = item(
    "https://pubs.acs.org/doi/10.1021/acs.estlett.5c00412",
    "Airborne Microplastic Fibers Measured in 40 Day-Care Classrooms | Environmental Science & Technology Letters",
    "by TR Halvorsen · 2025 · Cited by 12 — We sampled indoor air in 40 day-care classrooms across three Norwegian cities and counted fibers by micro-Raman spectroscopy ...",
  );
  const preprint = item(
    "https://www.medrxiv.org/content/10.1101/2024.11.02.24316655v1",
    "Indoor airborne microplastic fibres in 40 Norwegian day-care classrooms | medRxiv",
    "by TR Halvorsen · 2024 — Preprint. Fibre counts in classroom air exceeded outdoor levels in every day-care centre sampled ...",
  );

  it("joins them by their first author, their years and their telling words", () => {
    expect(grouped([journal, preprint])).toEqual([{ members: [0, 1], why: "doi" }]);
  });

  it("reads the first author from a record's list as well as from a byline", () => {
    const listed = {
      ...preprint,
      snippet:
        "Nov 2, 2024 — Halvorsen TR, Brandt K, Lie M, et al. Fibre counts in classroom air exceeded outdoor levels ...",
    };
    expect(grouped([journal, listed])).toEqual([{ members: [0, 1], why: "doi" }]);
  });

  it("reads the first author from a byline in French or German too", () => {
    for (const by of ["de", "von"]) {
      const foreign = {
        ...preprint,
        snippet: preprint.snippet.replace("by TR Halvorsen", `${by} TR Halvorsen`),
      };
      expect(firstAuthorLine(foreign.snippet)).toMatchObject({ surname: "halvorsen", year: 2024 });
    }
  });

  it("reads a working paper's first author from its title where SSRN names its authors", () => {
    const paper = item(
      "https://journals.sagepub.com/doi/10.1177/15270025221098765",
      "Ghost Games and the Home Advantage: Evidence From 17 European Football Leagues - Maja Lindqvist, Chidi N. Okafor, 2022",
      "by M Lindqvist · 2022 · Cited by 61 — Using 6,481 matches played behind closed doors in 17 European top divisions ...",
    );
    const workingPaper = item(
      "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=3718245",
      "Do Fans Matter? Home Advantage in Ghost Games by Maja Lindqvist, Chidi N. Okafor :: SSRN",
      "Oct 28, 2020 — Using matches played behind closed doors after the COVID-19 restart in 17 European top divisions ...",
    );
    const otherAuthor = {
      ...workingPaper,
      title: workingPaper.title.replace("Maja Lindqvist", "Jonas Berg"),
    };
    expect(grouped([paper, workingPaper])).toEqual([{ members: [0, 1], why: "doi" }]);
    expect(grouped([paper, otherAuthor])).toEqual([]);
  });

  it("reads an acronym as the words it abbreviates", () => {
    const paper = item(
      "https://academic.oup.com/cid/article/80/2/311/7712345",
      "Respiratory Syncytial Virus Hospitalizations Among Adults Aged 60 Years and Older in 2023 | Clinical Infectious Diseases",
      "by LM Ferreira · 2025 · Cited by 30 — We estimated RSV-associated hospitalizations among adults aged 60 years and older using surveillance data ...",
    );
    const early = item(
      "https://www.medrxiv.org/content/10.1101/2024.06.10.24308712v2",
      "RSV hospitalizations among adults aged 60 years and older in 2023 | medRxiv",
      "by LM Ferreira · 2024 — Preprint. Surveillance-based estimates of RSV hospitalizations in older adults ...",
    );
    expect(grouped([paper, early])).toEqual([{ members: [0, 1], why: "doi" }]);
  });

  it("keeps apart another first author, a paper older than the preprint and other numbers", () => {
    const otherAuthor = { ...preprint, snippet: preprint.snippet.replace("TR Halvorsen", "K Brandt") };
    const older = item(
      "https://pubs.acs.org/doi/10.1021/acs.est.2c01199",
      "Airborne Microplastic Fibers Measured in Day-Care Classrooms | Environmental Science & Technology",
      "by TR Halvorsen · 2022 · Cited by 40 — A pilot in four classrooms ...",
    );
    const otherCount = {
      ...preprint,
      url: "https://www.medrxiv.org/content/10.1101/2024.11.09.24316999v1",
      title: "Indoor airborne microplastic fibres in 12 Norwegian day-care classrooms | medRxiv",
    };
    expect(grouped([journal, otherAuthor])).toEqual([]);
    expect(grouped([older, preprint])).toEqual([]);
    expect(grouped([journal, otherCount])).toEqual([]);
  });
});

describe("a preprint retitled further, told by its abstract's figures", () => {
  const paper = item(
    "https://www.mdpi.com/2072-6643/16/14/2290",
    "Magnesium Bisglycinate Supplementation and Sleep Quality in Older Adults with Poor Sleep: A Randomized, Double-Blind, Placebo-Controlled Trial",
    "by JM Hartwell · 2024 · Cited by 14 — In this 8-week trial, 155 adults aged 60–85 years with poor sleep were randomized to 250 mg/day elemental magnesium as bisglycinate or placebo ...",
  );
  const preprint = item(
    "https://www.medrxiv.org/content/10.1101/2024.02.11.24302566v1",
    "Effect of magnesium bisglycinate on subjective and actigraphic sleep in older adults: a randomised controlled trial | medRxiv",
    "Feb 13, 2024 — This article is a preprint and has not been peer-reviewed. Hartwell JM, Osei-Bonsu K, Lindqvist E ... 155 community-dwelling adults aged 60–85 ...",
  );
  const followUp = item(
    "https://www.mdpi.com/2072-6643/17/9/1544",
    "Magnesium Bisglycinate Supplementation and Sleep Quality in Older Adults with Poor Sleep: 12-Month Open-Label Extension of a Randomized Trial",
    "by JM Hartwell · 2025 · Cited by 2 — Of the 155 participants in the original 8-week trial, 118 entered a 12-month open-label extension ...",
  );

  it("joins the paper whose first author and figure it gives, its title a third the same", () => {
    expect(grouped([paper, preprint])).toEqual([{ members: [0, 1], why: "doi" }]);
  });

  it("joins the first of two papers on its sample, not the team's later follow-up", () => {
    expect(grouped([paper, preprint, followUp])).toEqual([{ members: [0, 1], why: "doi" }]);
  });

  it("needs two figures where a page names no author, and an abstract's figures, not a title's", () => {
    const unnamed = {
      ...preprint,
      snippet: "Feb 13, 2024 — This article is a preprint. 155 community-dwelling adults ...",
    };
    const twoFigures = { ...unnamed, snippet: `${unnamed.snippet} took 250 mg/day for 8 weeks.` };
    expect(grouped([paper, unnamed])).toEqual([]);
    expect(grouped([paper, twoFigures])).toEqual([{ members: [0, 1], why: "doi" }]);
    const titled = {
      ...unnamed,
      title:
        "Effect of 250 mg magnesium bisglycinate on sleep in 155 older adults: a randomised controlled trial | medRxiv",
    };
    expect(grouped([paper, titled])).toEqual([]);
  });

  it("joins a paper's page whose title, cut short, could begin its follow-up's too", () => {
    const cut = item(
      "https://onlinelibrary.wiley.com/doi/10.1111/jocd.70123",
      "Oral Collagen Peptides Improve Skin Elasticity and Dermal ... - Tsai - 2025 - Journal of Cosmetic Dermatology - Wiley Online Library",
      "Mar 4, 2025 — Methods: 144 women aged 40–65 received 5 g/day of bioactive collagen peptides or maltodextrin for 12 weeks ...",
    );
    const extension = item(
      "https://onlinelibrary.wiley.com/doi/10.1111/jocd.70611",
      "Oral Collagen Peptides Improve Skin Elasticity and Dermal Density in Women Aged 40–65 Years: 24-Week Extension | Journal of Cosmetic Dermatology",
      "Nov 20, 2025 — Of the original trial's women, 101 continued collagen peptides for 12 months ...",
    );
    const early = item(
      "https://www.preprints.org/manuscript/202409.1187/v1",
      "Bioactive Collagen Peptide Supplementation and Skin Elasticity in Middle-Aged Women: A Randomized Placebo-Controlled Trial[v1] | Preprints.org",
      "Sep 16, 2024 — This is a preprint; it has not been peer reviewed. We randomized 144 women aged 40 to 65 years to 5 g/day collagen peptides or placebo for 12 weeks ...",
    );
    const record = item(
      "https://pmc.ncbi.nlm.nih.gov/articles/PMC11884512/",
      "Oral Collagen Peptides Improve Skin Elasticity and Dermal Density in Women Aged 40–65 Years - PMC",
      "by ML Tsai · 2025 — Funding: This study was funded by Aurelle Nutrition GmbH, which supplied the study product ...",
    );
    const origins = grouped([cut, extension, early, record]);
    expect(origins.find((origin) => origin.members.includes(2))?.members).toContain(0);
    expect(origins.find((origin) => origin.members.includes(1))?.members ?? [1]).not.toContain(2);
  });

  it("keeps apart a paper by another first author giving the same figure", () => {
    const otherTeam = { ...paper, snippet: paper.snippet.replace("JM Hartwell", "S Moreau") };
    expect(grouped([otherTeam, preprint])).toEqual([]);
  });
});

describe("a release retold in a trade site's own words", () => {
  const release = item(
    "https://www.businesswire.com/news/home/20250610005120/en/Brightmoor-Foods-to-Acquire-Ashgrove-Dairy",
    "Brightmoor Foods to Acquire Ashgrove Dairy, Adding Organic Yogurt Brands | Business Wire",
    "Jun 10, 2025 — CHICAGO--(BUSINESS WIRE)--Brightmoor Foods, Inc. (NYSE: BRMF) today announced a definitive agreement to acquire Ashgrove Dairy, a Vermont maker of organic yogurt, for $640 million in cash.",
  );
  const trade = item(
    "https://www.fooddive.com/news/brightmoor-ashgrove-dairy-deal-yogurt/750112/",
    "Brightmoor snaps up yogurt maker Ashgrove for $640M | Food Dive",
    "Jun 10, 2025 — The Chicago packaged-food company will pay $640 million in cash for the Vermont organic yogurt brand ...",
  );

  it("joins it by the company, the release's names and its figures", () => {
    expect(grouped([release, trade])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("keeps apart an analysis a week later and a page that gives none of its figures", () => {
    const analysis = {
      ...trade,
      url: "https://www.fooddive.com/news/why-brightmoor-bought-ashgrove/751002/",
      snippet:
        "Jun 18, 2025 — Brightmoor's $640M purchase of Ashgrove shows how packaged-food giants chase organic growth ...",
    };
    const noFigure = item(
      "https://www.grocerydive.com/news/brightmoor-ashgrove-yogurt/750120/",
      "Brightmoor buys Ashgrove as yogurt shelves shift",
      "Jun 10, 2025 — Analysts said Brightmoor's move into organic yogurt follows a rival's deal last year ...",
    );
    expect(grouped([release, analysis])).toEqual([]);
    expect(grouped([release, noFigure])).toEqual([]);
  });

  it("keeps the company's own product page apart, though it repeats the release's facts", () => {
    const newsroom = item(
      "https://www.brightmoorfoods.com/newsroom/brightmoor-to-acquire-ashgrove-dairy",
      "Brightmoor Foods to Acquire Ashgrove Dairy | Brightmoor Newsroom",
      "June 10, 2025 — Brightmoor Foods today announced a definitive agreement to acquire Ashgrove Dairy for $640 million in cash ...",
    );
    const brandPage = item(
      "https://www.brightmoorfoods.com/brands/ashgrove",
      "Ashgrove Organic Yogurt | Brightmoor",
      "Ashgrove joins the Brightmoor family in a $640 million deal. Find Ashgrove near you ...",
    );
    expect(grouped([release, newsroom, brandPage])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("keeps a public register's record of the product apart, though it gives the company, a name and a figure", () => {
    const launch = item(
      "https://www.prnewswire.com/news-releases/corvia-launches-aurora-x-cold-climate-heat-pump-302271904.html",
      "Corvia Launches Aurora X Cold-Climate Heat Pump Rated to -22°F",
      "Oct 15, 2024 /PRNewswire/ -- MINNEAPOLIS -- Corvia Climate Systems today introduced the Aurora X, a cold-climate heat pump with 100% rated heating capacity at 5°F ...",
    );
    const register = item(
      "https://www.energystar.gov/productfinder/product/certified-heat-pumps/results?search_text=Corvia",
      "ENERGY STAR Certified Air-Source Heat Pumps | Corvia",
      "Brand Name: Corvia · Model Number: AX-36-HP · Cold Climate: Yes · Aurora X · Heating capacity at 5°F ...",
    );
    expect(grouped([launch, register])).toEqual([]);
  });

  it("keeps a forum's thread apart, though it gives the company and the release's figures", () => {
    const thread = item(
      "https://www.reddit.com/r/investing/comments/1d8x2kq/brightmoor_paying_640m_for_ashgrove/",
      "Brightmoor paying $640M for Ashgrove Dairy, thoughts? : r/investing",
      "Jun 10, 2025 — $640 million in cash for a yogurt brand seems steep. Brightmoor keeps overpaying for organic ...",
    );
    expect(grouped([release, trade, thread])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("joins a portal's copy under the release's whole headline whatever its snippet shows", () => {
    const portal = item(
      "https://www.morningstar.com/news/business-wire/20250610005120/brightmoor-foods-to-acquire-ashgrove-dairy",
      "Brightmoor Foods to Acquire Ashgrove Dairy, Adding Organic Yogurt Brands | Morningstar",
      "Press Release: The transaction is expected to close in the third quarter, subject to customary closing conditions ...",
    );
    expect(grouped([release, portal])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("reads a model's code as one of the release's names", () => {
    const launch = item(
      "https://www.kestrelhome.com/newsroom/kestrel-home-introduces-v9-pro",
      "Kestrel Home Introduces the V9 Pro, Its Most Powerful Robot Vacuum and Mop Yet | Kestrel Home Newsroom",
      "October 7, 2025 · The new V9 Pro combines 12,000 Pa of suction with a dock that washes mop pads in hot water. The V9 Pro is available today for $899 ...",
    );
    const news = item(
      "https://www.twice.com/news/kestrel-home-v9-pro-robot-vacuum-mop",
      "Kestrel Home debuts $899 V9 Pro robot vac with hot-water mop washing | TWICE",
      "Oct 8, 2025 — Kestrel Home is adding a new flagship to its robot vacuum line. The V9 Pro, priced at $899, runs up to 180 minutes on a charge ...",
    );
    expect(grouped([launch, news])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("reads one figure written two ways as one", () => {
    expect([...figuresOf("$1.2 Billion and 8 billion parameters at 6 watts over 12 weeks, up 9%")]).toEqual([
      ...figuresOf("$1.2B and 8B-parameter models at 6W over 12-week, up 9.0%"),
    ]);
    for (const text of [
      "a 600-Megawatt, 2,400 megawatt-hour project; 16-ounce jars",
      "a 600MW, 2,400MWh project; 16 oz jars",
    ])
      expect([...figuresOf(text)]).toEqual(["600mw", "2400mwh", "16oz"]);
  });

  it("reads minutes, and a count written in thousands, as figures; a bare small number as none", () => {
    for (const text of [
      "Members Who Walked 7,000+ Steps Slept 23 Minutes Longer",
      "members who logged at least 7,000 steps slept nearly 23 mins longer",
    ])
      expect([...figuresOf(text)]).toEqual(["7000", "23minute"]);
    expect([...figuresOf("the V9 has 3 modes and came out in 2024")]).toEqual([]);
  });

  const storage = item(
    "https://www.prnewswire.com/news-releases/prairie-rivers-energy-to-build-600-megawatt-battery-storage-project-at-marlow-302412345.html",
    "Prairie Rivers Energy to Build 600-Megawatt Battery Storage Project at Retiring Marlow Coal Plant",
    "Apr 22, 2025 — /PRNewswire/ -- Prairie Rivers Energy today announced plans to build a 600-megawatt, 2,400 megawatt-hour battery storage project at its Marlow Generating Station in Illinois ...",
  );

  it("joins a trade site giving the release's capacities in its own units", () => {
    const trade = item(
      "https://www.energy-storage.news/prairie-rivers-energy-plans-600mw-2400mwh-bess-at-marlow-coal-site/",
      "Prairie Rivers Energy plans 600MW/2,400MWh BESS at Marlow coal site in Illinois",
      "Apr 23, 2025 — US utility Prairie Rivers Energy will put a 600MW/2,400MWh battery energy storage system at the Marlow coal plant it is retiring ...",
    );
    expect(grouped([storage, trade])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("keeps apart a trade story its own outlet says it reported", () => {
    const interview = item(
      "https://www.energy-storage.news/prairie-rivers-marlow-bess-interview/",
      "Prairie Rivers' 600MW Marlow BESS: utility eyes 2GW pipeline",
      "Apr 23, 2025 — Speaking to Energy-Storage.news, Prairie Rivers Energy's CEO said the Marlow project is the first of several ...",
    );
    expect(grouped([storage, interview])).toEqual([]);
  });
});

describe("a public body's announcement and the news of it", () => {
  const order = item(
    "https://www.nhtsa.gov/press-releases/consent-order-kessler-motors-untimely-recalls",
    "NHTSA Announces $165 Million Consent Order With Kessler Motors Over Untimely Recalls | NHTSA",
    "Nov 18, 2025 — WASHINGTON — The National Highway Traffic Safety Administration today announced a consent order with Kessler Motors North America that could total up to $165 million in civil penalties ...",
  );
  const copy = item(
    "https://www.transportation.gov/briefing-room/nhtsa-announces-165-million-consent-order-kessler-motors",
    "NHTSA Announces $165 Million Consent Order With Kessler Motors Over Untimely Recalls | US Department of Transportation",
    "Nov 18, 2025 — The National Highway Traffic Safety Administration today announced a consent order with Kessler Motors North America that could total up to $165 million ...",
  );
  const news = item(
    "https://www.cnbc.com/2025/11/18/kessler-motors-nhtsa-consent-order-165-million.html",
    "Kessler Motors agrees to pay up to $165 million in NHTSA penalty over recall delays",
    "Nov 18, 2025 — Shares of Kessler's parent rose 1% after the announcement, which analysts said removes an overhang. $100 million of the penalty is deferred ...",
  );
  const agency = item(
    "https://www.reuters.com/business/autos-transportation/kessler-motors-pay-up-165-million-untimely-recalls-2025-11-18/",
    "Kessler Motors to pay up to $165 million over untimely recalls, NHTSA says | Reuters",
    "Nov 18, 2025 — Kessler Motors will pay up to $165 million in civil penalties over untimely recalls of rear-view cameras, the National Highway Traffic Safety Administration said on Tuesday ...",
  );

  it("is one release on the body's two sites, and each outlet's report of its facts is news of its own", () => {
    expect(grouped([order, copy, news])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });

  it("is not rewritten by an agency's story that keeps most of its headline", () => {
    expect(grouped([order, agency])).toEqual([]);
  });

  it("is still the company's release when a regulator posts a company's recall notice", () => {
    const notice = item(
      "https://www.fda.gov/safety/recalls-market-withdrawals-safety-alerts/coldwater-creamery-recalls-vanilla-bean-ice-cream-because-possible-listeria",
      "Coldwater Creamery Recalls Vanilla Bean Ice Cream Because of Possible Listeria | FDA",
      "Jul 2, 2025 — Coldwater Creamery of Augusta, Maine, is recalling 4,200 lbs of Vanilla Bean Ice Cream because it has the potential to be contaminated with Listeria ...",
    );
    const trade = item(
      "https://www.foodsafetynews.com/2025/07/coldwater-creamery-ice-cream-listeria-recall/",
      "Coldwater recalls 4,200 lbs of Vanilla Bean ice cream over Listeria",
      "Jul 3, 2025 — The Maine creamery pulled 4,200 lbs of its Vanilla Bean flavor after routine testing ...",
    );
    expect(grouped([notice, trade])).toEqual([{ members: [0, 1], why: "press-release" }]);
  });
});

describe("one site's two stories", () => {
  it("are two origins even when the site's owner publishes both on one day", () => {
    const ruling = item(
      "https://thehill.com/policy/technology/5066345-appeals-court-strikes-down-rule/",
      "Appeals court strikes down broadband rule - The Hill",
      "Jan 2, 2025 — A federal appeals court on Thursday struck down the rule ...",
    );
    const reaction = item(
      "https://thehill.com/policy/technology/5066512-fcc-chair-praises-ruling/",
      "Incoming FCC chair praises court ruling - The Hill",
      "Jan 2, 2025 — The incoming chair welcomed Thursday's decision ...",
    );
    expect(grouped([ruling, reaction])).toEqual([]);
  });
});

describe("a regulator's copy of a company's recall notice", () => {
  it("is the company's release, and a paper's PubMed and PMC records its mirrors", () => {
    const notice = item(
      "https://www.fda.gov/safety/recalls-market-withdrawals-safety-alerts/brisco-foods-recalls-almond-butter-because-possible-salmonella",
      "Brisco Foods Recalls Almond Butter Because of Possible Salmonella | FDA",
      "Jun 3, 2025 — Brisco Foods of Fresno, CA is recalling 1,240 jars of Creamy Almond Butter because it has the potential to be contaminated with Salmonella ...",
    );
    const own = item(
      "https://briscofoods.com/pages/recall-notice",
      "Voluntary Recall Notice: Creamy Almond Butter – Brisco Foods",
      "Brisco Foods of Fresno, CA is recalling 1,240 jars of Creamy Almond Butter because it has the potential to be contaminated with Salmonella. Consumers ...",
    );
    const pubmed = item(
      "https://pubmed.ncbi.nlm.nih.gov/38011223/",
      "Salmonella outbreaks linked to nut butters, United States, 2010-2023 - PubMed",
      "by RJ Amari · 2024 — We reviewed 14 outbreaks of salmonellosis linked to nut butters ...",
    );
    const pmc = item(
      "https://www.ncbi.nlm.nih.gov/pmc/articles/PMC10811223/",
      "Salmonella outbreaks linked to nut butters, United States, 2010-2023 - PMC",
      "by RJ Amari · 2024 — Nut butters were the vehicle in 14 outbreaks ...",
    );
    expect(grouped([notice, own, pubmed, pmc])).toEqual([
      { members: [0, 1], why: "press-release" },
      { members: [2, 3], why: "doi" },
    ]);
  });
});

describe("a paper named by the name its title coins", () => {
  const paper = item(
    "https://arxiv.org/abs/2502.01234",
    "[2502.01234] ShelfSense: Evaluating Vision Models on Cluttered Retail Shelves",
    "by K Obuya · 2025 · Cited by 14 — We introduce ShelfSense, 4,100 photographs of retail shelves ...",
  );

  it("is reported by its authors' post naming it and one of them", () => {
    const post = item(
      "https://blog.example-lab.org/2025/03/shelfsense/",
      "What we learned photographing 4,100 supermarket shelves",
      "Mar 2, 2025 — In our new paper, ShelfSense, we asked how vision models cope with clutter. Authors: Kevin Obuya, Lin Zhao ...",
    );
    expect(grouped([paper, post])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });

  it("is not reported by a thread naming it and no author, nor by a page naming an acronym paper", () => {
    const thread = item(
      "https://www.reddit.com/r/computervision/comments/1ij2k3l/shelfsense_benchmark_thoughts/",
      "ShelfSense benchmark - thoughts? : r/computervision",
      "Feb 20, 2025 — Anyone tried ShelfSense? The clutter levels look unrealistic to me ...",
    );
    const acronymPaper = item(
      "https://arxiv.org/abs/2501.00999",
      "[2501.00999] COVID-19: Lessons for Retail Supply Chains",
      "by K Obuya · 2025 — We review shelf shortages during COVID-19 ...",
    );
    const news = item(
      "https://www.example-news.com/retail-covid-shelves",
      "Empty shelves: what COVID-19 taught grocers",
      "Mar 1, 2025 — Kevin Obuya, a supply-chain researcher, said COVID-19 exposed fragile logistics ...",
    );
    expect(grouped([paper, thread])).toEqual([]);
    expect(grouped([acronymPaper, news])).toEqual([]);
  });
});

describe("one story under its headline word for word", () => {
  const HEADLINE = "Average rate on a 30-year mortgage rises above 7% for the first time since May";
  const ap = item(
    "https://apnews.com/article/mortgage-rates-freddie-mac-7b2e9c41d05f3a86e1c4b97d2f08a6e3",
    `${HEADLINE} | AP News`,
    "Jan 16, 2025 — LOS ANGELES (AP) — The average rate on a 30-year mortgage in the U.S. climbed above 7% this week ...",
  );
  const copy = item(
    "https://wtop.com/national/2025/01/average-rate-on-a-30-year-mortgage-rises-above-7/",
    `${HEADLINE} - WTOP News`,
    "Jan 16, 2025 — The rate rose to 7.04% from 6.93% last week, mortgage buyer Freddie Mac said Thursday ...",
  );

  it("ties its copies whatever passage each snippet shows", () => {
    expect(grouped([ap, copy])).toEqual([{ members: [0, 1], why: "wire" }]);
  });

  it("keeps two agencies' stories under it apart, with a copy crediting neither", () => {
    const reuters = item(
      "https://www.reuters.com/markets/us/average-rate-30-year-mortgage-2025-01-16/",
      `${HEADLINE} | Reuters`,
      "Jan 16 (Reuters) - U.S. mortgage rates jumped this week, data from Freddie Mac showed on Thursday ...",
    );
    expect(grouped([ap, reuters, copy])).toEqual([]);
  });

  it("reads a source's name as one however a credit writes it, and its own site's page as its own", () => {
    const TITLE = "Bumblebees are shrinking as the climate warms – here's why that matters for pollination";
    const pages = [
      item(
        "https://theconversation.com/bumblebees-are-shrinking-as-the-climate-warms-231047",
        TITLE,
        "Jun 6, 2024 — Museum specimens collected over four decades show that several British bumblebee species have become smaller ...",
      ),
      item(
        "https://www.salon.com/2024/06/08/bumblebees-are-shrinking-as-the-climate-warms_partner/",
        `${TITLE} | Salon.com`,
        "Jun 8, 2024 — This article is republished from The Conversation under a Creative Commons license. Smaller bees fly shorter distances ...",
      ),
      item(
        "https://www.msn.com/en-gb/news/world/bumblebees-are-shrinking/ar-BB1nQz7K",
        TITLE,
        "The Conversation · 6/6/2024. Smaller bees carry less pollen, which could matter for crops such as field beans ...",
      ),
      item(
        "https://www.yahoo.com/news/bumblebees-shrinking-climate-warms-why-103012345.html",
        `${TITLE} - Yahoo News`,
        "Thu, June 6, 2024 at 10:30 AM. Field beans and apples depend on bumblebees more than most growers realise ...",
      ),
    ];
    expect(grouped(pages)).toEqual([{ members: [0, 1, 2, 3], why: "syndication" }]);
  });

  it("ties nothing by a short headline", () => {
    const short = (url: string, snippet: string) => item(url, "Is coffee good for you?", snippet);
    expect(
      grouped([
        short(
          "https://www.brewhealth.org/coffee",
          "Coffee has been linked to a lower risk of several diseases ...",
        ),
        short(
          "https://www.dailynutritionfacts.com/coffee-facts",
          "Moderate intake of three to four cups a day appears safe for most healthy adults ...",
        ),
      ]),
    ).toEqual([]);
  });
});
