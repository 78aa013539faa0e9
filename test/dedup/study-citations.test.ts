import { describe, expect, it } from "vitest";
import { framedJournals, siteJournal } from "../../src/dedup/journal-names.js";
import { pageAddress } from "../../src/dedup/page-address.js";
import { type StudyMention, studyMention } from "../../src/dedup/study-citations.js";
import { describeStudy, studyKeys, studySource } from "../../src/dedup/study-keys.js";

const mention = (snippet: string, title = "A page about a study") => studyMention({ title, snippet });

describe("studyMention: which study a page reports", () => {
  it.each<[string, string, StudyMention]>([
    ["first author", "Riche et al. found that participants burned more fat.", { author: "Riche" }],
    [
      "first author and year",
      "In Riche et al. (2012), 80 adults were randomized.",
      { author: "Riche", year: 2012, sample: { size: 80, noun: "adults" } },
    ],
    [
      "a search engine's byline and the people the data came from",
      "by E Stamatakis · 2022 · Cited by 310 — Using wrist accelerometer data from 25,241 adults in the UK Biobank, we examined brief bouts of vigorous activity.",
      { author: "Stamatakis", year: 2022, sample: { size: 25241, noun: "adults" } },
    ],
    [
      "a journal and a sample named in a compound",
      "Findings from the 1,204-participant trial were published in JAMA Internal Medicine.",
      {
        journal: { key: "jama internal medicine", name: "JAMA Internal Medicine" },
        sample: { size: 1204, noun: "participants" },
      },
    ],
    [
      "a sample whose thousands a journal parts by a space",
      "by SL Brandt · 2025 — Among 58 204 participants followed for a median of 10.9 years, 1146 incident cases were found.",
      { author: "Brandt", year: 2025, sample: { size: 58204, noun: "participants" } },
    ],
    ["first author and colleagues", "Estruch and colleagues reanalysed the data.", { author: "Estruch" }],
    [
      "a release's trial just published in a health journal",
      "Tidewell Health today announced results of a randomized controlled trial published in JMIR Mental Health showing ...",
      {
        journal: { key: "jmir mental health", name: "JMIR Mental Health" },
        fresh: true,
        parts: expect.objectContaining({ journal: "jmir mental health" }),
      },
    ],
    [
      "a trial's arms, none of which is its sample",
      "by H Okoro · 2024 — Participants randomized to the app (n=642) showed greater reductions than waitlist controls (n=642).",
      { author: "Okoro", year: 2024 },
    ],
    [
      "two authors and a year",
      "Smith and Jones (2019) found a small effect.",
      { author: "Smith", year: 2019 },
    ],
    [
      "a search engine's byline",
      "by DM Riche · 2012 · Cited by 45 — Eighty adults were randomized.",
      { author: "Riche", year: 2012, sample: { size: 80, noun: "adults" } },
    ],
    [
      "journal, year and sample",
      "A 2012 study of 80 adults published in the journal Appetite found higher fat oxidation.",
      { year: 2012, journal: { key: "appetite", name: "Appetite" }, sample: { size: 80, noun: "adults" } },
    ],
    [
      "a journal the findings were published in",
      "The Tulane team published the findings in Mayo Clinic Proceedings, from a study of 1,347 adults.",
      {
        journal: { key: "mayo clinic proceedings", name: "Mayo Clinic Proceedings" },
        sample: { size: 1347, noun: "adults" },
        parts: expect.objectContaining({ journal: "mayo clinic proceedings" }),
      },
    ],
    [
      "a journal the findings appear in",
      "The findings appear in Mayo Clinic Proceedings; the study of 1,347 adults ran for a decade.",
      {
        journal: { key: "mayo clinic proceedings", name: "Mayo Clinic Proceedings" },
        sample: { size: 1347, noun: "adults" },
        parts: expect.objectContaining({ journal: "mayo clinic proceedings" }),
      },
    ],
    [
      "a journal by another name",
      "The findings, published in JAMA Internal Medicine in 2018, covered 498,134 participants.",
      {
        year: 2018,
        journal: { key: "jama internal medicine", name: "JAMA Internal Medicine" },
        sample: { size: 498134, noun: "participants" },
      },
    ],
    [
      "a named trial",
      "The PREDIMED trial followed 7,447 Spanish adults.",
      {
        trial: { name: "PREDIMED", noun: "trial" },
        sample: { size: 7447, noun: "adults" },
        // Its name before "trial" is read as a party too, as in mid-sentence ("in the PREDIMED trial").
        parts: expect.objectContaining({ names: ["predimed"] }),
      },
    ],
    [
      "a named study in running text",
      "Data from the Nurses' Health Study suggest a link.",
      { trial: { name: "Nurses' Health", noun: "Study" } },
    ],
    [
      "a sample of an uncommon size alone",
      "The analysis of 498,134 UK Biobank participants found lower mortality.",
      // Its capitalised words may name a party another page reads (a cohort's name), so its parts are kept.
      {
        sample: { size: 498134, noun: "participants" },
        parts: expect.objectContaining({ names: ["biobank"], sizes: [498134] }),
      },
    ],
  ])("reads %s", (_name, snippet, expected) => {
    expect(mention(snippet)).toEqual(expected);
  });

  it.each([
    ["an agency's study", "A CDC study found that 42% of adults are obese."],
    [
      "a title's capitalised words",
      "Scientists followed volunteers for a month.",
      "New Study Finds Coffee Drinkers Live Longer",
    ],
    ["a round-up of two studies", "Taubert et al. found a drop, and Ried et al. later pooled 20 trials."],
    ["a journal alone", "Published in Nature, the work drew wide attention."],
    ["a round sample alone", "A survey of 1,000 adults found most drink coffee."],
    ["no study at all", "Coffee prices rose again this week in Brazil."],
  ])("reads nothing from %s", (_name, snippet, title = "A page") => {
    expect(studyMention({ title, snippet })).toBeNull();
  });
});

describe("studyKeys: pages reporting one study share a key", () => {
  const shared = (mentions: (StudyMention | null)[], a: number, b: number) => {
    const keys = studyKeys(mentions);
    return (keys[a] ?? []).some((key) => keys[b]?.includes(key));
  };

  it("reads an author without a year as the one year the pages give that author", () => {
    expect(shared([{ author: "Riche", year: 2012 }, { author: "Riche" }], 0, 1)).toBe(true);
    expect(
      shared([{ author: "Riche", year: 2012 }, { author: "Riche", year: 2015 }, { author: "Riche" }], 0, 2),
    ).toBe(false);
    expect(
      shared(
        [
          { author: "Riche", year: 2012 },
          { author: "Riche", year: 2015 },
        ],
        0,
        1,
      ),
    ).toBe(false);
  });

  it("reads a journal and year as the one study of that journal and year the pages name", () => {
    const full: StudyMention = {
      journal: { key: "appetite", name: "Appetite" },
      year: 2012,
      sample: { size: 80, noun: "adults" },
    };
    const partial: StudyMention = { journal: { key: "appetite", name: "Appetite" }, year: 2012 };
    const other: StudyMention = {
      journal: { key: "appetite", name: "Appetite" },
      year: 2012,
      sample: { size: 120, noun: "adults" },
    };
    expect(shared([full, partial], 0, 1)).toBe(true);
    expect(shared([full, other, partial], 0, 2)).toBe(false);
    expect(shared([full, other], 0, 1)).toBe(false);
  });

  it("ties pages by a year and sample, or by a sample of an uncommon size", () => {
    expect(
      shared(
        [
          { author: "Howatson", year: 2012, sample: { size: 20, noun: "volunteers" } },
          { journal: { key: "x", name: "X" }, year: 2012, sample: { size: 20, noun: "adults" } },
        ],
        0,
        1,
      ),
    ).toBe(true);
    expect(
      shared(
        [
          { trial: { name: "PREDIMED", noun: "trial" }, sample: { size: 7447, noun: "adults" } },
          { author: "Estruch", sample: { size: 7447, noun: "participants" } },
        ],
        0,
        1,
      ),
    ).toBe(true);
    expect(
      shared(
        [
          { author: "A", sample: { size: 1000, noun: "adults" } },
          { author: "B", sample: { size: 1000, noun: "adults" } },
        ],
        0,
        1,
      ),
    ).toBe(false);
  });

  it("names the study from what its pages say together", () => {
    expect(
      studySource([
        { author: "Howatson" },
        { author: "Howatson", year: 2012 },
        { journal: { key: "ejn", name: "European Journal of Nutrition" }, year: 2012 },
      ]),
    ).toBe("Howatson et al. (2012), European Journal of Nutrition");
    expect(describeStudy({ trial: { name: "PREDIMED", noun: "trial" } })).toBe("the PREDIMED trial");
    expect(
      describeStudy({
        year: 2012,
        journal: { key: "a", name: "Appetite" },
        sample: { size: 1200, noun: "adults" },
      }),
    ).toBe("a 2012 study in Appetite (1,200 adults)");
  });
});

describe("siteJournal: the journal whose own site a paper's page is on", () => {
  const journalOf = (url: string) => {
    const address = pageAddress(url);
    return address === null ? null : siteJournal(address)?.name;
  };

  it("reads a publisher's flagship on its own host and its other journals on theirs", () => {
    expect(journalOf("https://www.bmj.com/content/378/bmj-2021-068921")).toBe("The BMJ");
    expect(journalOf("https://gut.bmj.com/content/early/2025/05/20/gutjnl-2024-334871")).toBe("Gut");
    expect(journalOf("https://bjsm.bmj.com/content/59/4/221")).toBe("British Journal of Sports Medicine");
  });

  it("reads none for a publisher's journal it does not list, rather than the flagship", () => {
    expect(journalOf("https://emj.bmj.com/content/42/3/150")).toBeUndefined();
  });
});

describe("framedJournals: the journals a page title's frame names", () => {
  it("reads a journal after a bar or after the last dash", () => {
    expect([
      ...framedJournals("Title of the paper | Seismological Research Letters | GeoScienceWorld"),
    ]).toEqual(["seismological research letters"]);
    expect([...framedJournals("Title of the paper - The American Journal of Clinical Nutrition")]).toEqual([
      "american journal of clinical nutrition",
    ]);
  });

  it("reads no journal from a subtitle saying what kind of paper it is", () => {
    expect([...framedJournals("Standing desks and blood pressure - A Systematic Review")]).toEqual([]);
  });
});
