import { describe, expect, it } from "vitest";
import { assignOrigins } from "../../src/dedup/origins.js";
import { originItem as item } from "../helpers/origin-item.js";

const origins = (...items: ReturnType<typeof item>[]) =>
  assignOrigins(items).map(({ members, why }) => (members.length > 1 ? [members, why] : members));

// One university's cohort study, told by its news office and by outlets naming no one.
const release = item(
  "https://news.cuanschutz.edu/news-stories/late-dinners-linked-to-higher-type-2-diabetes-risk",
  "Late Dinners Linked to Higher Type 2 Diabetes Risk | CU Anschutz newsroom",
  "Jan 21, 2025 — Adults who regularly finished their last meal after 9 p.m. were more likely to develop type 2 diabetes over nearly a decade, according to new research from the University of Colorado Anschutz Medical Campus.",
);
const authorNamed = item(
  "https://www.healthline.com/health-news/late-meals-type-2-diabetes-risk",
  "Late Meals May Raise Type 2 Diabetes Risk: What to Know - Healthline",
  "Jan 23, 2025 — The timing of your final meal may matter, said lead author Dr. Maya Feldstein. Experts not involved in the study say the findings fit with what we know about insulin.",
);
const sampleNamed = item(
  "https://www.medicalnewstoday.com/articles/eating-late-at-night-type-2-diabetes",
  "Late-night eating linked to higher type 2 diabetes risk",
  "Jan 22, 2025 — A cohort study of 8,412 U.S. adults found that those whose last meal fell after 9 p.m. had a greater risk of type 2 diabetes, even after adjusting for calories.",
);

describe("reports of research out within days of each other", () => {
  it("tie a report naming no one to the study whose news came out that week", () => {
    expect(origins(release, authorNamed, sampleNamed)).toEqual([[[0, 1, 2], "same-study"]]);
  });

  it("tie nothing when the reports are a week apart", () => {
    const later = item(
      "https://www.medicalnewstoday.com/articles/eating-late-at-night-type-2-diabetes",
      "Late-night eating linked to higher type 2 diabetes risk",
      "Jan 29, 2025 — A cohort study of 8,412 U.S. adults found that those whose last meal fell after 9 p.m. had a greater risk of type 2 diabetes.",
    );
    expect(origins(release, later)).toEqual([[0], [1]]);
  });

  it("tie nothing when the report's sample is not the study's", () => {
    const another = item(
      "https://news.cuanschutz.edu/news-stories/early-time-restricted-eating-weight",
      "Early Time-Restricted Eating Helps Adults With Obesity Lose More Weight | CU Anschutz newsroom",
      "Jan 22, 2025 — In a 39-week trial of 240 adults with obesity, those who ate within an early eight-hour window lost more weight than those who only counted calories, CU Anschutz researchers report.",
    );
    // The report of 8,412 adults is the cohort's; the same university's trial of 240 stays apart.
    expect(origins(another, sampleNamed)).toEqual([[0], [1]]);
  });

  it("leave a report that could tell either of two parties' studies of that week with neither", () => {
    const rival = item(
      "https://www.isglobal.org/en/-/late-breakfast-diabetes-risk",
      "Late breakfast linked to higher diabetes risk in Spanish adults | ISGlobal",
      "Jan 22, 2025 — Adults in Catalonia who ate breakfast after 9 a.m. had a higher incidence of type 2 diabetes, a study led by ISGlobal found.",
    );
    expect(origins(release, rival, authorNamed)).toEqual([[0], [1], [2]]);
  });

  it("do not tie an agency's story, which is its own reporting", () => {
    const agency = item(
      "https://www.reuters.com/business/healthcare-pharmaceuticals/late-dinners-diabetes-2025-01-22/",
      "Late dinners tied to diabetes risk in large US study | Reuters",
      "Jan 22, 2025 — A study of 8,412 American adults found late evening meals were linked to a higher risk of type 2 diabetes, researchers said on Wednesday.",
    );
    expect(origins(release, agency)).toEqual([[0], [1]]);
  });

  it("do not tie two reports of polls, which come out every week", () => {
    const poll = (url: string, title: string, snippet: string) => item(url, title, snippet);
    const first = poll(
      "https://www.axios.com/2025/07/16/economy-poll-tariffs",
      "Americans sour on the economy, poll finds",
      "Jul 16, 2025 — A new survey of U.S. adults finds 58% rate the economy as poor, the highest share this year.",
    );
    const second = poll(
      "https://www.thehill.com/homenews/economy-poll-july",
      "Most voters say the economy is getting worse: poll",
      "Jul 17, 2025 — A poll of registered voters conducted July 11-14 found 61% say economic conditions are worsening.",
    );
    expect(origins(first, second)).toEqual([[0], [1]]);
  });
});
