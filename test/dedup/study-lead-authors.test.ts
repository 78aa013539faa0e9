import { describe, expect, it } from "vitest";
import { studyMention } from "../../src/dedup/study-citations.js";
import { sharedOrigins as grouped, originItem as item } from "../helpers/origin-item.js";

const mention = (snippet: string) => studyMention({ title: "A page about a study", snippet });

describe("a study's lead author as a report quotes or names them", () => {
  it.each([
    [
      "quoted as lead author",
      "Late eaters had a higher risk, said lead author Dr. Maya Feldstein, an endocrinologist.",
    ],
    ["named before the role", "“It adds up,” said Maya Feldstein, the study's lead author."],
    [
      "named lead author in a clause of their own",
      "“It showed up every time,” said Maya Feldstein, a postdoctoral researcher at CU and lead author.",
    ],
    [
      "named after the study's lead author",
      "The lead author of the study, Dr. Maya Feldstein, said the effect was modest.",
    ],
    [
      "said to have led the research",
      "Dr. Maya Feldstein, who led the research, said olive oil drove much of it.",
    ],
    [
      "said with their post to have led the research",
      "“The signal is strong,” said Dr. Maya Feldstein, an epidemiologist who led the research.",
    ],
    ["heading the researchers", "Researchers led by Prof. Maya Feldstein reported the findings on Monday."],
    [
      "with two given names",
      "“Not every food carried the risk,” said first author Sofie Lindqvist Feldstein.",
    ],
    [
      "heading a team, named with their post",
      "A team led by U-M engineering professor Maya Feldstein found one in five attempts failed.",
    ],
    [
      "heading a study as associate professor",
      "A new study led by associate professor Maya Feldstein finds fewer late meals.",
    ],
    [
      "said to have led the team",
      "Dr. Maya Feldstein led the team that published the research in Diabetes Care.",
    ],
    [
      "named lead researcher at the start of a sentence",
      "Lead researcher Dr. Maya Feldstein told reporters that scores fell by nearly a third.",
    ],
    [
      "heading a study as a specialist of an institution",
      "A six-year field study led by Kansas State University agronomist Maya Feldstein found lower yields.",
    ],
  ])("reads the surname when %s", (_form, snippet) => {
    expect(mention(snippet)).toMatchObject({ author: "Feldstein", quoted: true });
  });

  it.each([
    ["an institution leading", "A trial led by the University of Glasgow found a small effect."],
    ["one word leading", "A study of 8,400 adults led by ISGlobal found a higher risk."],
    ["an institution said to lead", "Public Health England led the study of 8,400 adults."],
  ])("reads no author from %s", (_form, snippet) => {
    expect(mention(snippet)?.author).toBeUndefined();
  });

  const paper = item(
    "https://diabetesjournals.org/care/article/48/2/301/157845/Timing-of-the-Last-Daily-Meal",
    "Timing of the Last Daily Meal and Incident Type 2 Diabetes: A Prospective Cohort Study | Diabetes Care",
    "by M Feldstein · 2025 · Cited by 9 — Among 8,412 adults followed for a median of 9.6 years, a habitual last meal after 21:00 was associated with a higher hazard ...",
  );
  const report = item(
    "https://www.cnn.com/2025/01/22/health/late-dinner-diabetes-risk-wellness/index.html",
    "Eating dinner late could raise your diabetes risk, study says | CNN",
    "Jan 22, 2025 — People who ate late had a higher risk of type 2 diabetes, said lead author Dr. Maya Feldstein, an endocrinologist in Colorado ...",
  );
  const earlierPaper = item(
    "https://pubmed.ncbi.nlm.nih.gov/35188214/",
    "Breakfast skipping and glycemic variability in adults with prediabetes - PubMed",
    "by M Feldstein · 2022 · Cited by 27 — Using continuous glucose monitoring in 64 adults with prediabetes, we found ...",
  );

  it("ties a report quoting the lead author to the paper of the year it came out", () => {
    expect(grouped([paper, report])).toEqual([{ members: [0, 1], why: "same-study" }]);
    expect(grouped([earlierPaper, report])).toEqual([]);
  });

  it("keeps apart the lead author's study reported in another year", () => {
    const lastYear = item(
      "https://news.cuanschutz.edu/news-stories/2024/11/late-snacks-and-glucose",
      "Late snacks and glucose control in older adults | CU Anschutz newsroom",
      "Nov 14, 2024 — Older adults who snacked after 10 p.m. had worse glucose control, according to a study led by Maya Feldstein ...",
    );
    expect(grouped([paper, report, lastYear])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });

  it("ties no report to a first author's two works of one year, nor the works to each other", () => {
    const abstract = item(
      "https://cdn.nutrition.org/article/S2475-2991(25)01487-3/fulltext",
      "P12-045-25 Tart Cherry Extract Increases Total Sleep Time in Older Adults | Current Developments in Nutrition",
      "by P Raghunathan · 2025 — Objectives: To test whether a tart cherry extract increases actigraphic sleep ...",
    );
    const secondary = item(
      "https://academic.oup.com/sleep/article/48/Supplement_1/A178/8135720",
      "0412 Tart Cherry Extract and Urinary Melatonin Metabolite Excretion in Older Adults | SLEEP",
      "by P Raghunathan · 2025 — Introduction: We previously reported increased total sleep time with tart cherry extract ...",
    );
    const release = item(
      "https://today.oregonstate.edu/news/tart-cherry-extract-added-half-hour-sleep",
      "Tart cherry extract added half an hour of sleep for older adults | Oregon State University",
      "Jun 2, 2025 — Older adults who took a tart cherry supplement slept longer, according to a study led by Priya Raghunathan ...",
    );
    expect(grouped([abstract, secondary])).toEqual([]);
    expect(grouped([abstract, secondary, release])).toEqual([]);
  });
});

describe("a sample's size shared by reports weeks apart", () => {
  it("ties none of them, though one names no party", () => {
    const journalReport = item(
      "https://www.news-medical.net/news/20250211/Smartphone-use-after-lights-out.aspx",
      "Smartphone use after lights out linked to shorter sleep in adolescents",
      "Feb 11, 2025 — A study published in Sleep Health, led by Dr. Meg Hartigan, used sleep diaries in 1,020 adolescents aged 13 to 17 ...",
    );
    const otherStudy = item(
      "https://www.cnn.com/2025/03/04/health/teens-phones-night-sleep-study-wellness",
      "Teens who check their phones at night sleep less, US study finds | CNN",
      "Mar 4, 2025 — Researchers at Penn State surveyed 1,020 US teenagers aged 13 to 17 and matched their answers with usage logs ...",
    );
    expect(grouped([journalReport, otherStudy])).toEqual([]);
  });
});

describe("a study told as news just out, by its journal alone", () => {
  const paper = item(
    "https://jamanetwork.com/journals/jamaneurology/fullarticle/2831245",
    "Amyotrophic Lateral Sclerosis Among Former Professional American Football Players | JAMA Neurology",
    "by P Raman · 2025 · Cited by 4 — In this cohort study of 6,112 former National Football League players, the incidence of ALS was 3.6 times that expected ...",
  );
  const news = item(
    "https://www.cnn.com/2025/05/05/health/nfl-players-als-risk-study",
    "Former NFL players nearly four times as likely to develop ALS, study finds | CNN",
    "May 5, 2025 — Men who played at least five seasons were diagnosed with ALS at far higher rates, according to research published Monday in JAMA Neurology ...",
  );

  it("reports the journal's paper of the year it came out", () => {
    expect(grouped([paper, news])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });

  it("reports a record on the journal's own site that gives its first author, though no identifier marks it", () => {
    const record = item(
      "https://ajcn.nutrition.org/article/S0002-9165(25)00214-7/fulltext",
      "Daily multivitamin-mineral supplementation and cognitive ageing: a 3-year randomised controlled trial",
      "by A Ballard · 2025 · Cited by 9 — Daily multivitamin-mineral supplementation for 3 y improved episodic memory relative to placebo ...",
    );
    const report = item(
      "https://www.cnn.com/2025/05/14/health/multivitamin-memory-older-adults",
      "A daily multivitamin could give your memory a small boost as you age, UK trial suggests | CNN",
      "May 14, 2025 — Older adults who took a multivitamin every day did slightly better on word-recall tests, according to new research published Wednesday in The American Journal of Clinical Nutrition ...",
    );
    expect(grouped([record, report])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });

  it("reports none when it names the journal without saying the study is just out, or came out another year", () => {
    const explainer = { ...news, snippet: news.snippet.replace("published Monday in", "in") };
    const lastYear = {
      ...news,
      url: "https://www.cnn.com/2024/05/06/health/nfl-players-als-risk-study",
      snippet: news.snippet.replace("May 5, 2025", "May 6, 2024"),
    };
    expect(grouped([paper, explainer])).toEqual([]);
    expect(grouped([paper, lastYear])).toEqual([]);
  });
  it("ties no report naming one first author to another author's paper of the same year and sample", () => {
    const paper = item(
      "https://avmajournals.avma.org/view/journals/javma/262/9/javma.24.02.0118.xml",
      "Cardiac function in dogs fed pulse-predominant grain-free diets: an 18-month prospective cohort study",
      "by L Haverkamp · 2024 · Cited by 12 — Objective To prospectively evaluate cardiac size and function in healthy dogs fed grain-free diets ...",
    );
    const funder = item(
      "https://www.morrisanimalfoundation.org/article/foundation-funded-study-grain-free-diets",
      "Foundation-Funded Study Sheds New Light on Diet and Canine Heart Disease | Morris Animal Foundation",
      "Jul 11, 2024 — A Morris Animal Foundation-funded team led by Dr. Lena Haverkamp tracked heart health in 412 dogs over 18 months ...",
    );
    const otherPaper = item(
      "https://www.frontiersin.org/journals/veterinary-science/articles/10.3389/fvets.2024.1398821/full",
      "Frontiers | Whole-blood taurine concentrations in 412 dogs fed grain-free and grain-inclusive commercial diets",
      "by MJ Castellanos · 2024 · Cited by 5 — We measured whole-blood taurine in 412 healthy dogs presented to clinics across Ontario ...",
    );
    expect(grouped([paper, funder, otherPaper])).toEqual([{ members: [0, 1], why: "same-study" }]);
  });
});
