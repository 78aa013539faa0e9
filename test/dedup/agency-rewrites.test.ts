import { describe, expect, it } from "vitest";
import { sharedOrigins as grouped, originItem as item } from "../helpers/origin-item.js";

// One agency story on an airline's outage, rewritten by evening under a new headline and lede.
const morning = item(
  "https://www.usnews.com/news/business/articles/2025-07-08/harbor-air-grounds-flights-nationwide-after-computer-outage",
  "Harbor Air Grounds Flights Nationwide After Computer Outage | U.S. News",
  "Jul 8, 2025 — SEATTLE (AP) — Harbor Air halted all departures Tuesday morning after a failure in its crew-scheduling system, stranding travelers at airports from Seattle to Phoenix, the airline said ...",
);
const evening = item(
  "https://apnews.com/article/harbor-air-outage-flights-resume-8d41c07be2a94f3e",
  "Harbor Air resumes flights after outage grounded more than 600 trips; CEO apologizes | AP News",
  "Jul 8, 2025 — SEATTLE (AP) — Harbor Air began flying again Tuesday evening after a failure in its crew-scheduling system grounded more than 600 flights and stranded travelers at airports across the West, the airline said ...",
);
const local = item(
  "https://www.krem.com/article/news/local/harbor-air-outage-spokane-travelers/293-1a2b3c",
  "Harbor Air outage strands travelers at Spokane airport",
  "Jul 8, 2025 — by: The Associated Press. Harbor Air halted all departures Tuesday after a failure in its crew-scheduling system, stranding travelers at Spokane International and other airports ...",
);

describe("one agency story rewritten through its day", () => {
  it("joins the morning story, its evening write-thru and a station's copy under its own headline", () => {
    expect(grouped([morning, evening, local])).toEqual([{ members: [0, 1, 2], why: "wire" }]);
  });

  it("keeps apart the agency's explainer of the same day, which shares the subject, not the lede", () => {
    const explainer = item(
      "https://apnews.com/article/flight-canceled-refund-rights-what-to-know-4b1e",
      "Harbor Air flight canceled? What to know about refunds after the outage | AP News",
      "Jul 8, 2025 — Travelers whose Harbor Air flights were canceled are owed a refund if they choose not to travel, under federal rules. Here's what the airline owes passengers ... (AP)",
    );
    expect(grouped([morning, explainer])).toEqual([]);
  });

  it("joins a subscriber's copy on the story's dateline under its own headline, whatever passage it shows", () => {
    const story = item(
      "https://apnews.com/article/corvan-tallis-recall-fuel-pump-stall-8d41c7",
      "Corvan recalls more than 41,000 Tallis SUVs because fuel pumps can fail | AP News",
      "May 22, 2025 — DETROIT (AP) — Corvan is recalling more than 41,000 Tallis SUVs in the U.S. because the fuel pump can fail and cause the engine to stall. A spokeswoman said no crashes ...",
    );
    const copy = item(
      "https://www.pressherald.com/2025/05/22/corvan-tallis-suvs-recalled-engines-could-stall/",
      "Corvan Tallis SUVs recalled; engines could stall at speed - Press Herald",
      "May 22, 2025 — DETROIT — Owners will be notified by letter in July, and dealers will replace the pump at no cost, the company said. The Associated Press ...",
    );
    const otherStory = item(
      "https://apnews.com/article/halvorsen-ridgeway-automatic-braking-investigation-2f7a",
      "US opens investigation into phantom braking in 412,000 Halvorsen SUVs | AP News",
      "May 22, 2025 — DETROIT (AP) — U.S. auto safety regulators are investigating complaints that automatic emergency braking on some Halvorsen Ridgeway SUVs can activate with nothing in the way ...",
    );
    expect(grouped([story, copy, otherStory])).toEqual([{ members: [0, 1], why: "wire" }]);
  });

  it("keeps apart the agency's other story of that day from that place, whose headline is another", () => {
    const vetoed = item(
      "https://www.usnews.com/news/politics/articles/2024-09-29/california-governor-vetoes-ai-safety-bill",
      "California Governor Vetoes Bill to Create First-in-Nation AI Safety Measures | US News",
      "Sep 29, 2024 — SACRAMENTO, Calif. (AP) — California Gov. Gavin Newsom vetoed a landmark bill aimed at establishing first-in-the-nation safety measures for large artificial intelligence models Sunday ...",
    );
    const signed = item(
      "https://apnews.com/article/california-ai-training-data-disclosure-newsom-3f2a",
      "Newsom signs laws requiring AI developers to reveal training data and label AI content | AP News",
      "Sep 29, 2024 — SACRAMENTO, Calif. (AP) — California Gov. Gavin Newsom signed a pair of bills Sunday requiring artificial intelligence developers to disclose the data used to train their large models ...",
    );
    expect(grouped([vetoed, signed])).toEqual([]);
  });

  it("keeps apart the same agency's follow-up of the next day, its story of days later and from another place", () => {
    const followUp = item(
      "https://apnews.com/article/harbor-air-outage-refunds-investigation-7a1c",
      "Harbor Air faces federal questions a day after outage stranded thousands | AP News",
      "Jul 9, 2025 — SEATTLE (AP) — Federal regulators asked Harbor Air on Wednesday to explain how one software failure could halt its whole fleet, as the airline worked through a backlog of rebookings ...",
    );
    const daysLater = {
      ...evening,
      url: "https://apnews.com/article/harbor-air-outage-week-after-7a1d",
      snippet: evening.snippet.replace("Jul 8, 2025", "Jul 11, 2025"),
    };
    const elsewhere = {
      ...evening,
      url: "https://apnews.com/article/harbor-air-outage-phoenix-2c9d",
      snippet: evening.snippet.replace("SEATTLE (AP)", "PHOENIX (AP)"),
    };
    expect(grouped([morning, evening, followUp])).toEqual([{ members: [0, 1], why: "wire" }]);
    expect(grouped([morning, daysLater])).toEqual([]);
    expect(grouped([morning, elsewhere])).toEqual([]);
  });

  it("joins its next day's write-thru, which keeps most of its lede under the day's headline", () => {
    const writeThru = item(
      "https://www.sfgate.com/business/article/harbor-air-flights-back-to-normal-20391234.php",
      "Harbor Air flights back to normal as airline works through backlog",
      "Jul 9, 2025 — SEATTLE (AP) — Harbor Air flights were back on schedule Wednesday, a day after a crew-scheduling system failure grounded more than 600 flights and stranded travelers across the West ...",
    );
    expect(grouped([evening, writeThru])).toEqual([{ members: [0, 1], why: "wire" }]);
  });

  it("joins a subscriber's copy of the day under a headline of its own, its lede kept", () => {
    const national = item(
      "https://www.independent.co.uk/sport/football/harbor-city-midfielder-ruled-out-b2701234.html",
      "Harbor City's Tomas Ferreyra ruled out for the season with knee injury | The Independent",
      "Feb 18, 2025 — By PA · Harbor City midfielder Tomas Ferreyra has been ruled out for the rest of the season after suffering anterior cruciate ligament damage in Saturday's win over Bournemouth ...",
    );
    const regional = item(
      "https://www.expressandstar.com/sport/football/2025/02/18/harbor-hit-by-ferreyra-blow",
      "Harbor hit by Ferreyra blow as midfielder faces surgery | Express & Star",
      "Feb 18, 2025 — By PA · Tomas Ferreyra will miss the rest of the campaign after Harbor City confirmed the midfielder damaged his anterior cruciate ligament against Bournemouth ...",
    );
    expect(grouped([national, regional])).toEqual([{ members: [0, 1], why: "wire" }]);
  });
});

describe("one agency's stories of two events", () => {
  it("keeps apart two decisions' stories sharing the agency's stock sentence, six weeks apart", () => {
    const october = item(
      "https://ca.finance.yahoo.com/news/bank-canada-cuts-key-rate-141208733.html",
      "Bank of Canada trims key rate to 2.25%, says policy now 'about the right level'",
      "Oct 29, 2025 — Reuters · OTTAWA (Reuters) - The Bank of Canada cut its key policy rate by 25 basis points to 2.25% on Wednesday, as expected, and signaled it was likely done easing ...",
    );
    const september = item(
      "https://www.reuters.com/markets/rates-bonds/bank-canada-cuts-rates-25-first-cut-six-months-2025-09-17/",
      "Bank of Canada cuts rates to 2.5%, first cut in six months | Reuters",
      "Sep 17, 2025 — The Bank of Canada cut its key policy rate by 25 basis points to 2.5% on Wednesday, its first move since March, citing a weakening labor market ...",
    );
    expect(grouped([october, september])).toEqual([]);
  });
});

describe("an agency's story of a company's results", () => {
  const release = item(
    "https://www.businesswire.com/news/home/20250915284731/en/Halvren-Therapeutics-Announces-Positive-Topline-Results",
    "Halvren Therapeutics Announces Positive Topline Results from Phase 3 HORIZON-1 Trial of Oral Halvaglutide",
    "Sep 15, 2025 — BOSTON--(BUSINESS WIRE)--Halvren Therapeutics, Inc. (Nasdaq: HLVN) today announced positive topline results from HORIZON-1 ... the 36 mg dose achieved a mean weight reduction of 13.7% at 72 weeks ...",
  );
  const story = item(
    "https://www.reuters.com/business/healthcare-pharmaceuticals/halvrens-obesity-pill-helps-patients-lose-nearly-14-weight-2025-09-15/",
    "Halvren's obesity pill helps patients lose nearly 14% of weight in late-stage study | Reuters",
    "Sep 15, 2025 — Halvren Therapeutics said on Monday its experimental once-daily obesity pill HORIZON-1 trial helped patients lose an average of 13.7% of their weight after 72 weeks in a late-stage trial ...",
  );

  it("is the agency's own reporting, not the company's release, though it names the trial and its figures", () => {
    expect(grouped([release, story])).toEqual([]);
  });
});

describe("an agency's story of a public body's announcement", () => {
  it("is the agency's own reporting, though its headline says what the body's does", () => {
    const guidance = item(
      "https://www.fda.gov/food/hfp-constituent-updates/fda-issues-final-guidance-labeling-plant-based-milk-alternatives",
      "FDA Issues Final Guidance on Labeling of Plant-Based Milk Alternatives | FDA",
      "Sep 16, 2025 — Today, the U.S. Food and Drug Administration issued final guidance for industry, Labeling of Plant-Based Milk Alternatives and Voluntary Nutrient Statements ...",
    );
    const story = item(
      "https://www.reuters.com/business/healthcare-pharmaceuticals/us-fda-finalizes-labeling-guidance-plant-based-milk-alternatives-2025-09-16/",
      "US FDA finalizes labeling guidance for plant-based milk alternatives | Reuters",
      "Sep 16, 2025 — The U.S. Food and Drug Administration on Tuesday finalized guidance recommending that plant-based milk alternatives carry voluntary nutrient statements ...",
    );
    expect(grouped([guidance, story])).toEqual([]);
  });
});
