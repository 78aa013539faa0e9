import { describe, expect, it } from "vitest";
import {
  IdentitySets,
  identifierKind,
  identitiesConflict,
  workIdentity,
} from "../../src/dedup/identity-sets.js";
import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";
import { scholarlyIds } from "../../src/dedup/scholarly-ids.js";
import { originItem } from "../helpers/origin-item.js";

const item = originItem;

/** Each page's origin, as the index of the origin holding it. */
function originOf(items: OriginItem[]): number[] {
  const origins = assignOrigins(items);
  const of: number[] = [];
  origins.forEach((origin, index) => {
    for (const member of origin.members) of[member] = index;
  });
  return of;
}

describe("the kind of an identifier", () => {
  it.each([
    ["doi:10.1056/nejmoa2034577", "doi"],
    ["doi:10.1101/2020.07.15.20151852", "doi-preprint-10.1101"],
    ["doi:10.48550/arxiv.2206.07682", "doi-preprint-10.48550"],
    ["doi:10.2139/ssrn.3312874", "doi-preprint-10.2139"],
    ["doi:10.2307/2251299", "doi-jstor"],
    ["doi:10.5281/zenodo.7654321", "doi-zenodo"],
    ["pmid:33301246", "pmid"],
    ["arxiv:2206.07682", "arxiv"],
    ["isbn:9780890425558", "isbn"],
  ])("%s is a %s", (key, kind) => {
    expect(identifierKind(key)).toBe(kind);
  });

  it("tells two works by two keys of one kind, and one work by keys of different kinds", () => {
    const journal = workIdentity(["doi:10.1056/a", "pmid:1"]);
    expect(identitiesConflict(journal, workIdentity(["doi:10.1056/b"]))).toBe(true);
    expect(identitiesConflict(journal, workIdentity(["pmid:2"]))).toBe(true);
    expect(identitiesConflict(journal, workIdentity(["pmc:PMC3", "pmid:1"]))).toBe(false);
    // A preprint's DOI and its journal version's are a mirror and its work, not two works.
    expect(identitiesConflict(journal, workIdentity(["doi:10.1101/2020.01.01.1"]))).toBe(false);
    expect(identitiesConflict(journal, null)).toBe(false);
    // Two preprints of one server are two works; one working paper on two servers is one.
    const workingPaper = workIdentity(["doi:10.3386/w33562"]);
    expect(identitiesConflict(workingPaper, workIdentity(["doi:10.3386/w33001"]))).toBe(true);
    expect(identitiesConflict(workingPaper, workIdentity(["doi:10.2139/ssrn.5103867"]))).toBe(false);
  });
});

describe("groups that never hold two works", () => {
  it("refuses a join that would put two DOIs in one group, also through a chain", () => {
    // 0: DOI a; 1: no identifier; 2: DOI b; 3: PMID of a.
    const sets = new IdentitySets([
      workIdentity(["doi:10.1/a"]),
      null,
      workIdentity(["doi:10.1/b"]),
      workIdentity(["pmid:7"]),
    ]);
    expect(sets.join(0, 1)).toBe(true);
    expect(sets.join(1, 2)).toBe(false);
    expect(sets.conflict(1, 2)).toBe(true);
    expect(sets.join(3, 1)).toBe(true);
    expect(sets.groups()).toEqual([[0, 1, 3], [2]]);
  });
});

describe("a page's own identifiers", () => {
  it("keeps the address's, and drops a different one of the same kind its text cites", () => {
    const ids = scholarlyIds({
      url: "https://www.nejm.org/doi/full/10.1056/NEJMoa2110345",
      title: "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine through 6 Months",
      snippet: "Extends the two-month report (doi: 10.1056/NEJMoa2034577) to six months.",
    });
    expect(ids).toEqual(["doi:10.1056/nejmoa2110345"]);
  });

  it("ties nothing by the text of a page that names two works of one kind", () => {
    const ids = scholarlyIds({
      url: "https://news.example.com/vaccine-papers",
      title: "Two vaccine papers",
      snippet: "The trial (doi:10.1056/NEJMoa2034577) and its follow-up (doi:10.1056/NEJMoa2110345).",
    });
    expect(ids).toEqual([]);
  });
});

describe("papers whose titles nest or share a beginning are two works when their identifiers differ", () => {
  it.each<[string, OriginItem[], number[]]>([
    [
      "a trial and its follow-up titled the first title plus a few words, with different DOIs",
      [
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa2034577",
          "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine | NEJM",
        ),
        item(
          "https://pubmed.ncbi.nlm.nih.gov/33301246/",
          "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine - PubMed",
          "N Engl J Med. 2020 Dec 31;383(27):2603-2615. doi: 10.1056/NEJMoa2034577.",
        ),
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa2110345",
          "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine through 6 Months | NEJM",
        ),
        item(
          "https://pubmed.ncbi.nlm.nih.gov/34525277/",
          "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine through 6 Months - PubMed",
          "N Engl J Med. 2021 Nov 4;385(19):1761-1773. doi: 10.1056/NEJMoa2110345.",
        ),
      ],
      [0, 0, 1, 1],
    ],
    [
      "two PubMed records under one title (an article and the letters on it): different PMIDs",
      [
        item(
          "https://pubmed.ncbi.nlm.nih.gov/33567185/",
          "Once-Weekly Semaglutide in Adults with Overweight or Obesity - PubMed",
        ),
        item(
          "https://pubmed.ncbi.nlm.nih.gov/34260850/",
          "Once-Weekly Semaglutide in Adults with Overweight or Obesity. - PubMed",
        ),
      ],
      [0, 1],
    ],
    [
      "a paper whose title the other holds after a word of its own, on arXiv: different arXiv ids",
      [
        item("https://arxiv.org/abs/2206.07682", "[2206.07682] Emergent Abilities of Large Language Models"),
        item(
          "https://arxiv.org/abs/2304.15004",
          "[2304.15004] Are Emergent Abilities of Large Language Models a Mirage?",
        ),
        item(
          "https://forum.example.org/posts/are-emergent-abilities-a-mirage",
          "Are Emergent Abilities of Large Language Models a Mirage?",
          "The authors argue the jumps are an artifact of the metrics chosen.",
        ),
      ],
      [0, 1, 1],
    ],
    [
      "two editions of a book whose titles nest: different ISBNs",
      [
        item(
          "https://www.amazon.com/dp/0890425558",
          "Diagnostic and Statistical Manual of Mental Disorders, Fifth Edition: Books",
        ),
        item(
          "https://www.amazon.com/dp/0890425760",
          "Diagnostic and Statistical Manual of Mental Disorders, Fifth Edition, Text Revision: Books",
        ),
      ],
      [0, 1],
    ],
    [
      "a title cut short that begins a paper's title and its republished version's: tied to neither",
      [
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa1200303",
          "Primary Prevention of Cardiovascular Disease with a Mediterranean Diet | NEJM",
          "This article has been retracted. Among persons at high cardiovascular risk, a Mediterranean diet reduced the incidence of major cardiovascular events.",
        ),
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa1800389",
          "Primary Prevention of Cardiovascular Disease with a Mediterranean Diet Supplemented with Extra-Virgin Olive Oil or Nuts | NEJM",
          "In this study involving persons at high cardiovascular risk, the incidence of major cardiovascular events was lower with the diet than with a reduced-fat diet.",
        ),
        item(
          "https://www.researchgate.net/publication/325741352_Primary_Prevention",
          "(PDF) Primary Prevention of Cardiovascular Disease with a Mediterranean Diet ...",
          "Request PDF | On Jun 13, 2018, Ramón Estruch and others published the trial's report | Find, read and cite all the research you need on ResearchGate.",
        ),
      ],
      [0, 1, 2],
    ],
  ])("%s", (_label, items, expected) => {
    expect(originOf(items)).toEqual(expected);
  });

  it.each<[string, OriginItem[]]>([
    [
      "two versions of one preprint",
      [
        item("https://arxiv.org/abs/2101.00001v1", "[2101.00001v1] A Study of Sparse Attention at Scale"),
        item("https://arxiv.org/abs/2101.00001v2", "[2101.00001v2] Sparse Attention at Scale, Revisited"),
      ],
    ],
    [
      "a DOI page and its PubMed record naming the DOI",
      [
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa2022926",
          "Effect of Hydroxychloroquine in Hospitalized Patients with Covid-19 | NEJM",
        ),
        item(
          "https://pubmed.ncbi.nlm.nih.gov/33031652/",
          "Effect of Hydroxychloroquine in Hospitalized Patients with Covid-19 - PubMed",
          "N Engl J Med. 2020 Nov 19;383(21):2030-2040. doi: 10.1056/NEJMoa2022926.",
        ),
      ],
    ],
    [
      "a journal page and an index's page under the title with its subtitle dropped",
      [
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa2021436",
          "Dexamethasone in Hospitalized Patients with Covid-19 — Preliminary Report | NEJM",
        ),
        item(
          "https://pubmed.ncbi.nlm.nih.gov/32678530/",
          "Dexamethasone in Hospitalized Patients with Covid-19 - PubMed",
        ),
      ],
    ],
    [
      "a preprint naming its journal version's DOI",
      [
        item(
          "https://www.medrxiv.org/content/10.1101/2020.07.15.20151852v1",
          "Effect of Hydroxychloroquine in Hospitalized Patients with COVID-19: Preliminary results | medRxiv",
          "Now published in New England Journal of Medicine doi: 10.1056/NEJMoa2022926.",
        ),
        item(
          "https://www.nejm.org/doi/full/10.1056/NEJMoa2022926",
          "Effect of Hydroxychloroquine in Hospitalized Patients with Covid-19 | NEJM",
        ),
      ],
    ],
  ])("%s are one work", (_label, items) => {
    expect(originOf(items)).toEqual([0, 0]);
  });
});

describe("a notice about a paper", () => {
  it("stays apart from the paper, though it gives its title, first author and year", () => {
    const paper = item(
      "https://ajcn.nutrition.org/article/S0002-9165(24)00512-3/fulltext",
      "Daily whole-egg consumption and LDL cholesterol in adults with overweight: a 12-week randomized crossover trial",
      "by HM Lindqvist · 2024 · Cited by 31 — Background: Dietary guidance on eggs remains inconsistent ...",
    );
    const record = item(
      "https://pubmed.ncbi.nlm.nih.gov/38876543/",
      "Daily whole-egg consumption and LDL cholesterol in adults with overweight: a 12-week randomized crossover trial - PubMed",
      "by HM Lindqvist · 2024 — Objectives: We tested whether 2 whole eggs/d altered LDL cholesterol ...",
    );
    const correction = item(
      "https://ajcn.nutrition.org/article/S0002-9165(24)00798-5/fulltext",
      "Correction to: Daily whole-egg consumption and LDL cholesterol in adults with overweight: a 12-week randomized crossover trial",
      "Nov 2024 — In the article by Lindqvist et al., there was an error in Table 2 ... The authors regret the error.",
    );
    expect(assignOrigins([paper, record, correction]).map((origin) => origin.members)).toEqual([[0, 1], [2]]);
  });
});

describe("a page about a paper", () => {
  const paper = [
    item(
      "https://journals.plos.org/plosmedicine/article?id=10.1371/journal.pmed.0020124",
      "Why Most Published Research Findings Are False | PLOS Medicine",
      "There is increasing concern that most current published research findings are false.",
    ),
    item(
      "https://pmc.ncbi.nlm.nih.gov/articles/PMC1182327/",
      "Why Most Published Research Findings Are False - PMC",
      "There is increasing concern that in modern research, false findings may be the majority.",
    ),
  ];
  const article = item(
    "https://en.wikipedia.org/wiki/Why_Most_Published_Research_Findings_Are_False",
    "Why Most Published Research Findings Are False - Wikipedia",
    '"Why Most Published Research Findings Are False" is a 2005 essay written by John Ioannidis.',
  );

  it("is a mirror of the paper (doi) when it is one of its pages", () => {
    expect(assignOrigins(paper)).toEqual([
      {
        members: [0, 1],
        why: "doi",
        source: "Why Most Published Research Findings Are False",
      },
    ]);
  });

  it("reports it (same-study) when it is an encyclopedia's article named after it", () => {
    expect(assignOrigins([...paper, article])).toEqual([
      {
        members: [0, 1, 2],
        why: "same-study",
        source: "Why Most Published Research Findings Are False",
      },
    ]);
  });

  it("is not the paper's when an encyclopedia's article on its own topic names it", () => {
    const topic = item(
      "https://en.wikipedia.org/wiki/Metascience",
      "Metascience - Wikipedia",
      'The field grew after the 2005 essay "Why Most Published Research Findings Are False" by Ioannidis.',
    );
    expect(originOf([...paper, topic])).toEqual([0, 0, 1]);
  });
});

describe("a paper's journal page with the journal's name after its title", () => {
  const title =
    "Sit-stand desks and cardiometabolic health in office workers: a systematic review and meta-analysis of randomised trials";
  const journal = item(
    "https://bjsm.bmj.com/content/58/11/612",
    `${title} | British Journal of Sports Medicine`,
    "by J Whitfield · 2024 · Cited by 18 — Sit-stand desks reduced workplace sitting by 84 min/day but had no clear effect on systolic blood pressure ...",
  );
  const pubmed = item(
    "https://pubmed.ncbi.nlm.nih.gov/38598765/",
    `${title} - PubMed`,
    "by J Whitfield · 2024 — Objective: To estimate the effect of sit-stand desks on sitting time and cardiometabolic risk markers ...",
  );
  const followUp = item(
    "https://pubmed.ncbi.nlm.nih.gov/39912345/",
    "Sit-stand desks and cardiometabolic health in office workers: a systematic review and meta-analysis of randomised trials in older adults - PubMed",
    "by J Whitfield · 2025 — We updated the review to workers aged 55 and over ...",
  );
  it("is the paper its PubMed record carries", () => {
    expect(originOf([journal, pubmed, followUp])).toEqual([0, 0, 1]);
  });

  it("is the paper its PubMed record carries when the journal's name follows a dash", () => {
    const dashed = item(
      "https://bjsm.bmj.com/content/58/11/612",
      `${title} - British Journal of Sports Medicine`,
      "Sit-stand desks reduced workplace sitting by 84 min/day but had no clear effect on systolic blood pressure ...",
    );
    expect(originOf([dashed, pubmed, followUp])).toEqual([0, 0, 1]);
  });
});

describe("a record under a title cut short that begins two works' titles", () => {
  const TITLE = "Time-Restricted Eating vs Daily Calorie Restriction for Glycemic Control in Type 2 Diabetes";
  const paper = [
    item(
      "https://jamanetwork.com/journals/jamanetworkopen/fullarticle/2824817",
      `${TITLE}: A Randomized Clinical Trial | JAMA Network Open`,
      "by M Lindqvist · 2024 · Cited by 31 — In this randomized clinical trial of 142 adults with type 2 diabetes ...",
    ),
    item(
      "https://pubmed.ncbi.nlm.nih.gov/39387562/",
      `${TITLE}: A Randomized Clinical Trial - PubMed`,
      "by M Lindqvist · 2024 · Cited by 31 — Design, setting, and participants: This 6-month, 3-group randomized clinical trial ...",
    ),
  ];
  const followUp = (author: string, year = 2025) => [
    item(
      "https://pubmed.ncbi.nlm.nih.gov/40891234/",
      `${TITLE}: 12-Month Follow-Up of a Randomized Clinical Trial - PubMed`,
      `by ${author} · ${year} — Objective: To assess whether reductions in HbA1c were maintained ...`,
    ),
    item(
      "https://onlinelibrary.wiley.com/doi/10.1002/oby.24312",
      "Time‐restricted eating vs daily calorie restriction for glycemic control in type 2 diabetes: 12‐month follow‐up of a randomized clinical trial - Abara - 2025 - Obesity - Wiley Online Library",
      "Sep 2, 2025 — Of the 142 participants originally randomized, 118 attended the 12-month visit ...",
    ),
  ];
  const record = item(
    "https://pmc.ncbi.nlm.nih.gov/articles/PMC11468932/",
    "Time-Restricted Eating vs Daily Calorie Restriction for Glycemic ... - PMC",
    "by M Lindqvist · 2024 · Cited by 31 — Question Is 8-hour time-restricted eating as effective as daily calorie restriction ...",
  );

  it("carries the work whose first author and year its line gives, and a journal's frame with them is left off", () => {
    expect(originOf([...paper, ...followUp("CN Abara"), record])).toEqual([0, 0, 1, 1, 0]);
  });

  it("carries the work of its line's year when the team's follow-up keeps the first author", () => {
    expect(originOf([...paper, ...followUp("M Lindqvist"), record])).toEqual([0, 0, 1, 1, 0]);
  });

  it("carries neither when the follow-up keeps the first author and came out the same year", () => {
    expect(originOf([...paper, ...followUp("M Lindqvist", 2024), record])).toEqual([0, 0, 1, 1, 2]);
  });

  it("is cut short where an ellipsis comes before the site's name", () => {
    const copy = item(
      "https://portal.research.lu.se/files/201184733/manuscript.pdf",
      "Time-Restricted Eating vs Daily Calorie Restriction for Glycemic ... - Lund University",
      "Accepted manuscript. Lindqvist M, Abara CN, Olsen T ...",
    );
    expect(originOf([...paper, copy])).toEqual([0, 0, 0]);
    expect(originOf([...paper, ...followUp("M Lindqvist", 2024), copy])).toEqual([0, 0, 1, 1, 2]);
  });

  it("carries the work of the year its citation gives, after a sentence of its own", () => {
    const copy = item(
      "https://repository.example.edu/bitstream/handle/2123/31204/Lindqvist_2024.pdf",
      "[PDF] Time-Restricted Eating vs Daily Calorie Restriction for Glycemic ...",
      "Accepted manuscript. Lindqvist M, Abara CN, Olsen T, et al. JAMA Netw Open. 2024;7(10):e2439912. Key Points ...",
    );
    expect(originOf([...paper, ...followUp("M Lindqvist"), copy])).toEqual([0, 0, 1, 1, 0]);
  });

  it("carries the work whose pages give its count of citations, where year and author tell none", () => {
    const sameYearFollowUp = item(
      "https://pubmed.ncbi.nlm.nih.gov/40891234/",
      `${TITLE}: 12-Month Follow-Up of a Randomized Clinical Trial - PubMed`,
      "by M Lindqvist · 2024 · Cited by 4 — Objective: To assess whether reductions in HbA1c were maintained ...",
    );
    const copy = item(
      "https://sites.example.edu/lindqvist/files/2024/tre-glycemic.pdf",
      "[PDF] Time-Restricted Eating vs Daily Calorie Restriction for Glycemic ...",
      "by M Lindqvist · Cited by 31 — Accepted manuscript. Abstract: In this randomized clinical trial ...",
    );
    expect(originOf([...paper, sameYearFollowUp, copy])).toEqual([0, 0, 1, 0]);
  });

  it("carries the work of its date's year when it gives no line", () => {
    const pdf = item(
      "https://www.researchgate.net/publication/384112233_Time-Restricted_Eating_vs_Daily_Calorie_Restriction",
      `(PDF) ${TITLE}`,
      "Oct 10, 2024 — PDF | Importance Time-restricted eating is promoted for glycemic control, but ... | Find, read and cite all the research you need on ResearchGate.",
    );
    expect(originOf([...paper, ...followUp("M Lindqvist"), pdf])).toEqual([0, 0, 1, 1, 0]);
    expect(originOf([...paper, ...followUp("M Lindqvist", 2024), pdf])).toEqual([0, 0, 1, 1, 2]);
  });
});

describe("a page about a paper whose title is short", () => {
  // Three words, two of them telling: too short to tie pages by itself.
  const paper = [
    item(
      "https://www.cell.com/fulltext/S0092-8674(00)81683-9",
      "The Hallmarks of Cancer: Cell",
      "Review. The Hallmarks of Cancer. Douglas Hanahan, Robert A. Weinberg. Cell, Volume 100, Issue 1, January 07, 2000.",
    ),
    item(
      "https://pubmed.ncbi.nlm.nih.gov/10647931/",
      "The hallmarks of cancer - PubMed",
      "Cell. 2000 Jan 7;100(1):57-70. doi: 10.1016/s0092-8674(00)81683-9.",
    ),
  ];
  const article = (snippet: string) =>
    item(
      "https://en.wikipedia.org/wiki/The_Hallmarks_of_Cancer",
      "The Hallmarks of Cancer - Wikipedia",
      snippet,
    );
  const news = (snippet: string) =>
    item(
      "https://www.statnews.com/2025/01/07/hallmarks-of-cancer-paper-25-years/",
      "25 years on, the 'Hallmarks of Cancer' paper still shapes how scientists think about tumors",
      snippet,
    );

  it("is reported (same-study, named by its title) by the encyclopedia's article named after it and naming its year", () => {
    const [origin] = assignOrigins([
      ...paper,
      article('"The Hallmarks of Cancer" is a review article published in the journal Cell in January 2000.'),
    ]);
    expect(origin).toEqual({ members: [0, 1, 2], why: "same-study", source: "The Hallmarks of Cancer" });
  });

  it("is reported by a news story quoting its title and naming its year", () => {
    const story = news(
      "When Hanahan and Weinberg published “The Hallmarks of Cancer” in Cell in 2000, the field changed.",
    );
    expect(assignOrigins([...paper, story])[0]).toMatchObject({ members: [0, 1, 2], why: "same-study" });
  });

  it.each<[string, OriginItem]>([
    [
      "an encyclopedia's article of that name naming none of the paper's years (a topic's article)",
      article("The hallmarks of cancer are the capabilities cells acquire on their way to a tumour."),
    ],
    [
      "a story quoting the title with another year",
      news("A 2011 sequel extended “The Hallmarks of Cancer” to eight traits."),
    ],
    [
      "a story naming the words without quoting them, in the paper's year",
      item(
        "https://example.org/tumours",
        "What the hallmarks of cancer are",
        "In 2000 the hallmarks of cancer were six.",
      ),
    ],
  ])("is not reported by %s", (_label, page) => {
    expect(originOf([...paper, page])).toEqual([0, 0, 1]);
  });
});

describe("a preprint and its retitled conference version", () => {
  const preprint = item(
    "https://arxiv.org/pdf/2203.15556",
    "Training Compute-Optimal Large Language Models",
    "Jordan Hoffmann, Sebastian Borgeaud, Arthur Mensch, Elena Buchatskaya, ... DeepMind. Abstract. We investigate the optimal model size and number of tokens for training a transformer language model.",
  );
  const proceedings = item(
    "https://proceedings.neurips.cc/paper_files/paper/2022/hash/c1e2faff6f588870935f114ebe04a3e5-Abstract-Conference.html",
    "An empirical analysis of compute-optimal large language model training",
    "Part of Advances in Neural Information Processing Systems 35 (NeurIPS 2022). Jordan Hoffmann, Sebastian Borgeaud, Arthur Mensch, ... We investigate the optimal model and dataset size.",
  );

  it("are one work: the same authors in the same order, titles sharing telling words", () => {
    expect(originOf([preprint, proceedings])).toEqual([0, 0]);
  });

  it.each<[string, OriginItem]>([
    [
      "the team's paper of another year",
      item(
        "https://proceedings.neurips.cc/paper_files/paper/2023/hash/0a1b2c3d-Abstract-Conference.html",
        "Compute-optimal large language model training revisited",
        "Part of Advances in Neural Information Processing Systems 36 (NeurIPS 2023). Jordan Hoffmann, Sebastian Borgeaud, Arthur Mensch, ... We revisit scaling.",
      ),
    ],
    [
      "the team's paper on another subject",
      item(
        "https://proceedings.neurips.cc/paper_files/paper/2022/hash/9f8e7d6c-Abstract-Conference.html",
        "Retrieval-enhanced transformers for protein folding",
        "Part of Advances in Neural Information Processing Systems 35 (NeurIPS 2022). Jordan Hoffmann, Sebastian Borgeaud, Arthur Mensch, ... We fold proteins.",
      ),
    ],
  ])("keep apart %s", (_label, other) => {
    expect(originOf([proceedings, other])).toEqual([0, 1]);
  });
});

describe("news reports of a paper", () => {
  const paper = [
    item(
      "https://www.nature.com/articles/s41591-024-03453-1",
      "Bioaccumulation of microplastics in decedent human brains | Nature Medicine",
      "Feb 3, 2025 — Plastic concentrations in these decedent tissues were not influenced by age, sex or cause of death.",
    ),
    item(
      "https://pubmed.ncbi.nlm.nih.gov/39901044/",
      "Bioaccumulation of microplastics in decedent human brains - PubMed",
      "Nihart AJ, Garcia MA, El Hayek E, ... Campen MJ. Nat Med. 2025 Apr;31(4):1114-1119. doi: 10.1038/s41591-024-03453-1. Epub 2025 Feb 3.",
    ),
  ];

  it.each<[string, OriginItem]>([
    [
      "naming its journal and an author",
      item(
        "https://www.example-news.com/health/microplastics-brain",
        "Human brain samples contained a spoon's worth of nanoplastics, study says",
        "Brain samples held more plastic, according to research in the journal Nature Medicine, said senior author Matthew Campen.",
      ),
    ],
    [
      "naming its journal, published the day it was",
      item(
        "https://www.theguardian.com/environment/2025/feb/03/microplastics-in-human-brains-rising-study",
        "Levels of microplastics in human brains may be rapidly rising, study suggests",
        "The study, published in Nature Medicine, also found higher levels in the brains of 12 people with dementia.",
      ),
    ],
  ])("joins a report %s, as a report of the paper named by its title", (_label, report) => {
    expect(assignOrigins([...paper, report])).toEqual([
      {
        members: [0, 1, 2],
        why: "same-study",
        source: "Bioaccumulation of microplastics in decedent human brains",
      },
    ]);
  });

  it("joins a release saying the paper came out that day, in the paper's year, when the paper's page gives no day", () => {
    const undated = item(
      "https://www.nature.com/articles/s41591-023-02223-9",
      "The artificial sweetener erythritol and cardiovascular event risk | Nature Medicine",
      "by M Witkowski · 2023 · Cited by 412 — In discovery and validation cohorts, higher plasma erythritol levels were associated with cardiovascular events.",
    );
    const release = (snippet: string) =>
      item(
        "https://newsroom.clevelandclinic.org/sweetener-study",
        "Common artificial sweetener linked to heart attack and stroke",
        snippet,
      );
    expect(
      originOf([undated, release("Feb 27, 2023 — The findings were published today in Nature Medicine.")]),
    ).toEqual([0, 0]);
    expect(
      originOf([undated, release("Feb 27, 2024 — The findings were published today in Nature Medicine.")]),
    ).toEqual([0, 1]);
  });

  it.each<[string, OriginItem]>([
    [
      "an author's other paper, in another journal",
      item(
        "https://www.example-news.com/health/placenta-plastics",
        "Microplastics found in every human placenta tested",
        "Prof Matthew Campen's team published the research in the journal Toxicological Sciences.",
      ),
    ],
    [
      "the journal named weeks later by a story naming none of its authors",
      item(
        "https://www.example-news.com/2025/03/20/plastics-roundup",
        "What we know about plastics in the body",
        "A study published in Nature Medicine last month found plastic in brain tissue.",
      ),
    ],
    [
      "two journals named (a round-up)",
      item(
        "https://www.example-news.com/health/plastics-studies",
        "Plastic in brains and arteries",
        "Studies in Nature Medicine and in the New England Journal of Medicine, led by Matthew Campen and others, found plastics.",
      ),
    ],
  ])("keeps apart %s", (_label, other) => {
    expect(originOf([...paper, other])).toEqual([0, 0, 1]);
  });
});

describe("one company's announcements", () => {
  const about =
    "Acme Bio, Inc. (Nasdaq: ACMB), a clinical-stage biopharmaceutical company developing oral therapies for rare kidney diseases, including IgA nephropathy and lupus nephritis, today announced";

  it.each<[string, OriginItem[], number[]]>([
    [
      "releases on different dates, opening with one description of the company, are two events",
      [
        item(
          "https://www.globenewswire.com/news-release/2024/06/14/1/0/en/acme-presents.html",
          "Acme Bio Announces Presentation of AB-101 Phase 2 Data at the ERA Congress",
          `MILAN, June 14, 2024 (GLOBE NEWSWIRE) -- ${about} that data from its Phase 2 trial of AB-101 will be presented.`,
        ),
        item(
          "https://ir.acmebio.com/news-releases/acme-presents-ab-101",
          "Acme Bio Announces Presentation of AB-101 Phase 2 Data at the ERA Congress",
          `${about} ...`,
        ),
        item(
          "https://www.globenewswire.com/news-release/2025/05/20/2/0/en/acme-topline.html",
          "Acme Bio Announces Positive Topline Results from Phase 3 Trial of AB-101",
          `BOSTON, May 20, 2025 (GLOBE NEWSWIRE) -- ${about} positive topline results from its Phase 3 trial.`,
        ),
        item(
          "https://ir.acmebio.com/news-releases/acme-topline-ab-101",
          "Acme Bio Announces Positive Topline Results from Phase 3 Trial of AB-101",
          `${about} ...`,
        ),
      ],
      [0, 0, 1, 1],
    ],
    [
      "releases alike but for the conference are two events",
      [
        item(
          "https://www.prnewswire.com/news-releases/acme-ab-101-asco-1.html",
          "Acme Bio to Present AB-101 Data at the ASCO Annual Meeting",
          `CHICAGO /PRNewswire/ -- ${about} that AB-101 data will be presented at the ASCO Annual Meeting.`,
        ),
        item(
          "https://www.businesswire.com/news/home/2/en/acme-ab-101-esmo",
          "Acme Bio to Present AB-101 Data at the ESMO Congress",
          `MADRID--(BUSINESS WIRE)--${about} that AB-101 data will be presented at the ESMO Congress.`,
        ),
      ],
      [0, 1],
    ],
    [
      "copies of one release are one: with and without a dateline, a credit line, a reworded opening, a later reprint",
      [
        item(
          "https://www.globenewswire.com/news-release/2025/05/20/2/0/en/acme-topline.html",
          "Acme Bio Announces Positive Topline Results from Phase 3 Trial of AB-101",
          `BOSTON, May 20, 2025 (GLOBE NEWSWIRE) -- ${about} positive topline results from its Phase 3 trial of AB-101, which met its primary endpoint of proteinuria reduction at 36 weeks.`,
        ),
        item(
          "https://ir.acmebio.com/news-releases/acme-topline-ab-101",
          "Acme Bio Announces Positive Topline Results from Phase 3 Trial of AB-101 | Acme Bio, Inc.",
          `${about} positive topline results from its Phase 3 trial of AB-101, which met its primary endpoint.`,
        ),
        item(
          "https://www.biospace.com/acme-bio-announces-positive-topline-results-from-phase-3-trial-of-ab-101",
          "Acme Bio Announces Positive Topline Results from Phase 3 Trial of AB-101 | BioSpace",
          `May 23, 2025 — BOSTON, May 20, 2025 (GLOBE NEWSWIRE) -- ${about} positive topline results from its Phase 3 trial of AB-101 ...`,
        ),
        item(
          "https://www.kidneynews.example.com/2025/05/acme-ab-101-topline",
          "Acme Bio Announces Positive Topline Results from Phase 3 Trial of AB-101",
          "Acme Bio said its Phase 3 trial of AB-101 met its primary endpoint of proteinuria reduction at 36 weeks. Source: GlobeNewswire",
        ),
      ],
      [0, 0, 0, 0],
    ],
    [
      "a trial's results and its enrolment a year before are two events, though both name the trial",
      [
        item(
          "https://www.globenewswire.com/news-release/2025/06/10/3/0/en/acme-kestrel-topline.html",
          "Acme Bio Announces Positive Topline Results from Phase 2b KESTREL Trial of AB-218",
          `LEIDEN, June 10, 2025 (GLOBE NEWSWIRE) -- ${about} positive topline results from its Phase 2b KESTREL trial of AB-218 ...`,
        ),
        item(
          "https://www.globenewswire.com/news-release/2024/06/18/4/0/en/acme-kestrel-enrolment.html",
          "Acme Bio Completes Enrolment in Phase 2b KESTREL Trial of AB-218",
          `LEIDEN, June 18, 2024 (GLOBE NEWSWIRE) -- ${about} that it has completed enrolment of 312 patients in its Phase 2b KESTREL trial ...`,
        ),
      ],
      [0, 1],
    ],
  ])("%s", (_label, items, expected) => {
    expect(originOf(items)).toEqual(expected);
  });
});

describe("a working paper and its journal version under a new title", () => {
  const workingPaper = item(
    "https://www.nber.org/papers/w32418",
    "Four Days, Same Output? Evidence from a Randomized Trial in Software Firms | NBER",
    "Issue Date April 2024 — We randomize 72 software firms employing 3,140 workers into a 32-hour, four-day week ...",
  );
  const journalVersion = item(
    "https://www.journals.uchicago.edu/doi/10.1086/731904",
    "The Productivity Effects of a Four-Day Workweek: Experimental Evidence from Software Firms | Journal of Labor Economics",
    "by L Okafor · 2025 · Cited by 58 — We study a field experiment in which 72 software firms were randomly assigned ...",
  );
  const authorsCopy = (snippet: string) =>
    item(
      "https://econ.example.edu/files/okafor_fourday.pdf",
      "[PDF] The Productivity Effects of a Four-Day Workweek: Experimental ...",
      snippet,
    );

  it("are one work where the authors' copy names the working paper it was", () => {
    const copy = authorsCopy(
      'by L Okafor · Cited by 58 — Forthcoming, Journal of Labor Economics. An earlier version circulated as NBER Working Paper 32418, "Four Days, Same Output?" ...',
    );
    expect(originOf([workingPaper, journalVersion, copy])).toEqual([0, 0, 0]);
  });

  it("leave the working paper apart where nothing names it", () => {
    const copy = authorsCopy("by L Okafor · Cited by 58 — Forthcoming, Journal of Labor Economics ...");
    expect(originOf([workingPaper, journalVersion, copy])).toEqual([0, 1, 1]);
  });
});

describe("a journal paper and its authors' follow-up working paper", () => {
  const TITLE = "Nonbank Lending and Monetary Policy Transmission in the Mortgage Market";
  const journal = item(
    "https://onlinelibrary.wiley.com/doi/10.1111/jofi.13462",
    `${TITLE} - Marchetti - 2025 - The Journal of Finance - Wiley Online Library`,
    "by E Marchetti · 2025 · Cited by 74 — Nonbank lenders now originate about two-thirds of U.S. mortgages. We show that monetary policy shocks pass through to mortgage rates less strongly ...",
  );
  const followUp = (snippet: string) =>
    item(
      "https://www.nber.org/papers/w33871",
      `${TITLE}: Evidence from the 2022–23 Tightening | NBER`,
      `by E Marchetti · 2025 · Cited by 6 — Working Paper 33871. ${snippet}`,
    );

  it("keeps apart a working paper whose title goes on and which says it revisits the earlier findings", () => {
    const revisits = followUp(
      "We revisit our earlier findings using the fastest tightening cycle in four decades ...",
    );
    expect(originOf([journal, revisits])).toEqual([0, 1]);
  });

  it("ties a working paper whose title goes on to its journal version when it says no such thing", () => {
    const version = followUp(
      "Using loan-level data, we show that nonbank lenders dampen the pass-through of policy rates ...",
    );
    expect(originOf([journal, version])).toEqual([0, 0]);
  });
});
