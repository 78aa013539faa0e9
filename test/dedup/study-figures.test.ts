import { describe, expect, it } from "vitest";
import { studyMention } from "../../src/dedup/study-citations.js";
import { originItem as item, sharedOrigins } from "../helpers/origin-item.js";

const partsOf = (snippet: string, title = "A page about a study") => studyMention({ title, snippet })?.parts;

describe("a study's length and sample, however a report writes them", () => {
  it("reads half a unit more: 'a year and a half', 'two and a half years', 'a 1.5-year study'", () => {
    expect(
      partsOf("Researchers at Colorado State University followed 412 dogs for a year and a half.")?.days,
    ).toEqual([548]);
    expect(partsOf("Ohio State researchers tracked 96 adults for two and a half years.")?.days).toEqual([
      913,
    ]);
    expect(partsOf("In a 1.5-year study, Duke researchers followed 212 nurses.")?.days).toEqual([548]);
  });

  it("reads a cohort's length and a length 'over the following' years", () => {
    expect(
      partsOf("The 18-month cohort, run by Colorado State University, followed 412 dogs.")?.days,
    ).toEqual([548]);
    expect(
      partsOf(
        "Southampton researchers found users had fewer heart attacks over the following 13 years in 4,102 adults.",
      )?.days,
    ).toEqual([4748]);
  });

  it("reads a unit-long study: 'a year-long study', 'a New Year-Long Study'", () => {
    expect(
      partsOf("Researchers at the University of Utah ran a year-long study of 246 adults.")?.days,
    ).toEqual([365]);
    expect(
      studyMention({
        title: "Intermittent Fasting Didn't Beat Calorie Counting in a New Year-Long Study",
        snippet:
          "Researchers at the University of Utah found that the two diets led to nearly identical weight loss.",
      })?.parts?.days,
    ).toEqual([365]);
  });

  it("reads a median length: 'over a median of 6.8 years'", () => {
    expect(
      partsOf(
        "In this cohort study of 1 142 806 adults at ICES, dementia was 18% lower over a median of 6.8 years.",
      )?.days,
    ).toEqual([2484]);
  });

  it("does not take a worry ahead ('will be toast after five years') for the study's length", () => {
    expect(
      partsOf(
        "If you're worried your battery will be toast after five years, Chalmers University researchers who followed 12,500 cars have news.",
      )?.days,
    ).toEqual([]);
  });

  it("reads cars and vehicles as a sample, as people are", () => {
    expect(
      studyMention({ title: "A study", snippet: "Researchers followed 12,517 cars for up to eight years." })
        ?.sample,
    ).toEqual({ size: 12517, noun: "cars" });
    expect(
      partsOf("Chalmers University researchers analysed data from 12,500 battery electric vehicles.")?.sizes,
    ).toEqual([12500]);
  });

  it("takes a bounded sample ('nearly 390,000 adults') for no size of the study", () => {
    const mention = studyMention({
      title: "Vitamin D Supplements Tied to Lower MI Risk",
      snippet:
        "In a prospective analysis of nearly 390,000 middle-aged and older adults published in The BMJ, Oyelaran and colleagues found fewer heart attacks.",
    });
    expect(mention?.author).toBe("Oyelaran");
    expect(mention?.sample).toBeUndefined();
  });

  it("takes a share ('21 of 26 affected dogs') for no size of the study", () => {
    expect(
      partsOf(
        "The 18-month cohort, published in JAVMA, is the first prospective look; 21 of 26 affected dogs improved after a diet change.",
      )?.sizes ?? [],
    ).toEqual([]);
  });
});

describe("a study told by outlets that name no one behind it", () => {
  const release = item(
    "https://www.chalmers.se/en/current/news/electric-car-batteries-outlast-expectations/",
    "Electric car batteries outlast expectations, huge data study shows | Chalmers",
    "Mar 4, 2025 — Researchers at Chalmers University of Technology followed 12,500 cars for up to eight years and found batteries lose far less capacity than drivers fear ...",
  );
  const report = item(
    "https://electrek.co/2025/03/05/ev-battery-degradation-study-12500-cars/",
    "Massive study of 12,500 EVs finds batteries lose just 1.8% a year | Electrek",
    "Mar 5, 2025 — If you're still worried your EV's battery will be toast after five years, a huge new dataset out of Scandinavia should put that fear to rest ...",
  );
  const otherStudy = item(
    "https://www.recurrentauto.com/research/how-long-do-ev-batteries-last",
    "How Long Do EV Batteries Last? A Study Of 12,500 Cars | Recurrent",
    "Feb 11, 2025 — Recurrent's latest study of battery health data from 12,500 electric vehicles in the US shows that fewer than 1% of batteries were replaced ...",
  );

  it("joins a report giving the study's sample on the day after the study's release", () => {
    expect(sharedOrigins([release, report])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });

  it("keeps apart a study of the same size that came out three weeks before", () => {
    expect(sharedOrigins([release, report, otherStudy])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });

  it("never joins two polls by their size and days: national polls share both", () => {
    const poll = item(
      "https://maristpoll.marist.edu/polls/americans-the-economy-and-tariffs-july-2025/",
      "Americans, the Economy and Tariffs, July 2025 | Marist Poll",
      "Jul 15, 2025 — This survey of 1,291 adults was conducted July 7th through July 9th, 2025 ...",
    );
    const otherPoll = item(
      "https://www.reuters.com/world/us/americans-sour-economy-tariffs-bite-reuters-ipsos-poll-2025-07-17/",
      "Americans sour on economy as tariffs bite, Reuters/Ipsos poll shows | Reuters",
      "Jul 17, 2025 — The Reuters/Ipsos poll surveyed 1,291 U.S. adults online nationwide and found just 38% approve ...",
    );
    expect(sharedOrigins([poll, otherPoll])).toEqual([]);
  });

  it("counts one bound given by two reports ('more than 400,000', 'over 400,000') as a shared sample", () => {
    const first = item(
      "https://www.healthline.com/health-news/adding-salt-to-food-type-2-diabetes-risk",
      "Adding Salt to Your Food May Raise Type 2 Diabetes Risk - Healthline",
      "Nov 3, 2023 — People who often add salt at the table may have a higher risk of type 2 diabetes, according to Tulane University researchers who analyzed data from more than 400,000 adults.",
    );
    const second = item(
      "https://www.medicalnewstoday.com/articles/salt-shaker-habit-linked-to-type-2-diabetes",
      "Salt shaker habit linked to higher type 2 diabetes risk - Medical News Today",
      "Nov 6, 2023 — A Tulane University study of over 400,000 UK Biobank participants found that those who always added salt had a 39% higher risk of type 2 diabetes.",
    );
    const otherSample = item(
      "https://www.medicalnewstoday.com/articles/salt-and-eczema-study",
      "Salt intake linked to eczema flares - Medical News Today",
      "Nov 6, 2023 — A Tulane University study of over 200,000 UK Biobank participants found that a high salt intake was tied to eczema.",
    );
    expect(sharedOrigins([first, second])).toEqual([{ members: [0, 1], why: "same-study" }]);
    expect(sharedOrigins([first, otherSample])).toEqual([]);
  });
});

describe("a report naming a paper's journal and one of its figures", () => {
  const paper = item(
    "https://www.nature.com/articles/s41560-025-01731-9",
    "Real-world capacity fade of lithium-ion batteries in 12,500 electric vehicles | Nature Energy",
    "by E Marklund · 2025 · Cited by 9 — Using eight years of telematics data from 12,500 battery electric vehicles in Sweden and Norway, we show that usable capacity declines by 1.8% per year ...",
  );
  const report = (date: string, figure: string) =>
    item(
      "https://arstechnica.com/cars/2025/03/eight-years-of-data-from-scandinavian-evs/",
      "Data from Scandinavian EVs shows how batteries really age - Ars Technica",
      `${date} — Lab cycling tests tend to overestimate degradation, according to a paper in Nature Energy. Real cars ${figure} ...`,
    );

  it("joins the paper when it gives one of the paper's figures in the paper's year", () => {
    expect(sharedOrigins([paper, report("Mar 6, 2025", "lost 1.8% a year over eight years")])).toEqual([
      { members: [0, 1], why: "same-study" },
    ]);
    expect(
      sharedOrigins([paper, report("Mar 6, 2025", "in Norway spend most of their lives parked")]),
    ).toEqual([]);
  });

  it("stays apart when it came out in another year, or gives another figure", () => {
    expect(sharedOrigins([paper, report("Mar 6, 2027", "lost 1.8% a year")])).toEqual([]);
    expect(sharedOrigins([paper, report("Mar 6, 2025", "lost 2.4% a year")])).toEqual([]);
  });
});

describe("one trial's two announcements and the reports of its results", () => {
  const results = item(
    "https://www.businesswire.com/news/home/20250602005387/en/Cardiona-Announces-Positive-Topline-Results-From-Phase-3-LANTERN-CVOT-Trial",
    "Cardiona Biosciences Announces Positive Topline Results From Phase 3 LANTERN-CVOT Trial of Tavesiran | Business Wire",
    "Jun 2, 2025 — BOSTON--(BUSINESS WIRE)--Cardiona Biosciences today announced that tavesiran achieved a 21% relative reduction in cardiovascular events in the LANTERN-CVOT trial ...",
  );
  const report = item(
    "https://www.fiercebiotech.com/biotech/cardionas-lpa-drug-tavesiran-cuts-events",
    "Cardiona's Lp(a) drug cuts cardiovascular events by 21% | Fierce Biotech",
    "Jun 2, 2025 — In the 14,212-patient LANTERN-CVOT study, tavesiran cut major cardiovascular events by 21%, the biotech said this morning ...",
  );
  const enrolment = item(
    "https://www.businesswire.com/news/home/20241112005219/en/Cardiona-Completes-Enrollment-in-Phase-3-LANTERN-CVOT-Outcomes-Trial",
    "Cardiona Biosciences Completes Enrollment in Phase 3 LANTERN-CVOT Outcomes Trial of Tavesiran | Business Wire",
    "Nov 12, 2024 — BOSTON--(BUSINESS WIRE)--Cardiona Biosciences today announced completion of enrollment in the LANTERN-CVOT trial, with 14,212 patients randomized ...",
  );

  it("keeps the enrolment release apart from the results, though a report of the results names the trial", () => {
    const origins = sharedOrigins([results, report, enrolment]);
    expect(origins.some((origin) => origin.members.includes(0) && origin.members.includes(2))).toBe(false);
    expect(origins).toContainEqual({ members: [0, 1], why: expect.any(String) });
  });

  it("ties a report of the results to the results' release, though the enrolment's comes first", () => {
    const origins = sharedOrigins([enrolment, results, report]);
    expect(origins.map((origin) => origin.members)).toEqual([[1, 2]]);
  });
});
