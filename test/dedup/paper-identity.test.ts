import { describe, expect, it } from "vitest";
import { isbnKey, isbnsInText } from "../../src/dedup/isbn.js";
import { pageAddress } from "../../src/dedup/page-address.js";
import {
  type PaperTitle,
  paperTitle,
  paperTitleLinks,
  type TitledPage,
  titleFromAddress,
} from "../../src/dedup/paper-titles.js";
import { scholarlyIds } from "../../src/dedup/scholarly-ids.js";
import { isPaperAddress } from "../../src/dedup/scholarly-urls.js";
import { originItem, sharedOrigins } from "../helpers/origin-item.js";

const ids = (url: string, snippet = "", title = "") => scholarlyIds({ url, title, snippet });

describe("a paper's identifier from the address of each site that carries it", () => {
  it.each<[string, string, string[]]>([
    [
      "Nature's article path holds the DOI's suffix",
      "https://www.nature.com/articles/s41586-021-03819-2",
      ["doi:10.1038/s41586-021-03819-2"],
    ],
    ["eLife's article number", "https://elifesciences.org/articles/65902", ["doi:10.7554/elife.65902"]],
    ["a BMJ article", "https://www.bmj.com/content/368/bmj.m1234", ["doi:10.1136/bmj.m1234"]],
    ["a JSTOR stable page", "https://www.jstor.org/stable/2118419", ["doi:10.2307/2118419"]],
    [
      "an SSRN abstract",
      "https://papers.ssrn.com/sol3/papers.cfm?abstract_id=3312874",
      ["doi:10.2139/ssrn.3312874"],
    ],
    ["an NBER working paper", "https://www.nber.org/papers/w27431", ["doi:10.3386/w27431"]],
    ["a Zenodo record", "https://zenodo.org/records/7654321", ["doi:10.5281/zenodo.7654321"]],
    [
      "a Copernicus journal's article, by its journal, volume, page and year",
      "https://essd.copernicus.org/articles/14/4811/2022/",
      ["doi:10.5194/essd-14-4811-2022"],
    ],
    [
      "an ACL Anthology paper",
      "https://aclanthology.org/2023.acl-long.123.pdf",
      ["doi:10.18653/v1/2023.acl-long.123"],
    ],
    [
      "a medRxiv PDF without the DOI prefix",
      "https://www.medrxiv.org/content/medrxiv/early/2020/04/17/2020.04.14.20062463.full.pdf",
      ["doi:10.1101/2020.04.14.20062463"],
    ],
    [
      "a Preprints.org manuscript, one work in every version",
      "https://www.preprints.org/manuscript/202409.1187/v2",
      ["doi:10.20944/preprints202409.1187"],
    ],
    [
      "a Research Square preprint, one work in every version",
      "https://www.researchsquare.com/article/rs-4123456/v3",
      ["doi:10.21203/rs.3.rs-4123456"],
    ],
    [
      "an ESS Open Archive preprint, whose DOI names its version",
      "https://essopenarchive.org/doi/full/10.22541/essoar.170612384.41827753/v2",
      ["doi:10.22541/essoar.170612384.41827753"],
    ],
    ["Hugging Face's paper page", "https://huggingface.co/papers/2106.09685", ["arxiv:2106.09685"]],
    ["arXiv's HTML with a version", "https://arxiv.org/html/2106.09685v2", ["arxiv:2106.09685"]],
    ["alphaXiv", "https://www.alphaxiv.org/abs/2106.09685", ["arxiv:2106.09685"]],
    ["OpenReview's forum", "https://openreview.net/forum?id=nZeVKeeFYf9", ["openreview:nZeVKeeFYf9"]],
    [
      "OpenReview's PDF of the same paper",
      "https://openreview.net/pdf?id=nZeVKeeFYf9",
      ["openreview:nZeVKeeFYf9"],
    ],
    [
      "a Semantic Scholar page",
      "https://www.semanticscholar.org/paper/Attention-is-All-you-Need-Vaswani-Shazeer/204e3073870fae3d05bcbc2f6a8e263d9b72e776",
      ["s2:204e3073870fae3d05bcbc2f6a8e263d9b72e776"],
    ],
    [
      "a ResearchGate publication",
      "https://www.researchgate.net/publication/317558625_Attention_Is_All_You_Need",
      ["researchgate:317558625"],
    ],
    ["an IEEE Xplore document", "https://ieeexplore.ieee.org/document/9156610", ["ieee:9156610"]],
  ])("%s", (_name, url, expected) => {
    expect(ids(url)).toEqual(expected);
  });

  it("ties ScienceDirect, The Lancet and an Elsevier DOI by the article's PII", () => {
    const key = "pii:S0140673620301835";
    expect(ids("https://www.sciencedirect.com/science/article/pii/S0140673620301835")).toContain(key);
    expect(
      ids("https://www.thelancet.com/journals/lancet/article/PIIS0140-6736(20)30183-5/fulltext"),
    ).toContain(key);
    expect(ids("https://example.org/x", "doi: 10.1016/S0140-6736(20)30183-5")).toContain(key);
  });

  it("reads an ISBN in either form as one book, and ignores a wrong check digit", () => {
    expect(isbnKey("0-13-468599-7")).toBe("isbn:9780134685991");
    expect(isbnKey("978-0-13-468599-1")).toBe("isbn:9780134685991");
    expect(isbnKey("978-0-13-468599-2")).toBeNull();
    expect(isbnsInText("Hardcover, ISBN-13: 978-0-13-468599-1, 2018")).toEqual(["isbn:9780134685991"]);
    expect(ids("https://www.amazon.com/Effective-Java-Joshua-Bloch/dp/0134685997")).toEqual([
      "isbn:9780134685991",
    ]);
    expect(ids("https://openlibrary.org/isbn/9780134685991")).toEqual(["isbn:9780134685991"]);
    // Ten digits on a site that is no book shop are an id, not an ISBN.
    expect(ids("https://news.example.com/dp/0134685997")).toEqual([]);
  });

  it("reads Semantic Scholar's corpus id in text", () => {
    expect(ids("https://blog.example.com/p", "Corpus ID: 13756489")).toEqual(["s2corpus:13756489"]);
  });

  it("reads an NBER working paper named in text as the paper its address names", () => {
    const fromAddress = ids("https://www.nber.org/papers/w32418");
    expect(fromAddress).toEqual(["doi:10.3386/w32418"]);
    for (const text of [
      'An earlier version circulated as NBER Working Paper 32418, "Four Days, Same Output?"',
      "NBER Working Paper No. w32418, April 2024",
    ])
      expect(ids("https://econ.example.edu/files/paper.pdf", text)).toEqual(fromAddress);
  });

  it.each([
    ["Journal of Sports Economics 2022, Vol. 23(7) 803–829. Maja Lindqvist", "cite:23:803"],
    [
      'Lindqvist & Okafor, 2022. "Ghost Games", Journal of Sports Economics, vol. 23(7), pages 803-829',
      "cite:23:803",
    ],
    ["Nature. 2021;596(7873):583-589.", "cite:596:583"],
    ["Proc Natl Acad Sci USA. 2024;121(43):e2408813121.", "cite:121:e2408813121"],
  ])("reads an article's volume and first page from a citation: %s", (snippet, key) => {
    expect(ids("https://repository.example.edu/paper.pdf", snippet)).toEqual([key]);
  });

  it("reads no citation from a name's number and a year in brackets", () => {
    expect(ids("https://news.example.com/a", "COVID-19 (2020): 45 cases were reported in March.")).toEqual(
      [],
    );
  });

  it("keeps a repository's copy of a paper with its journal page by the citation they share", () => {
    const journal = originItem(
      "https://ideas.repec.org/a/sae/jospec/v23y2022i7p803-829.html",
      "Ghost Games and the Home Advantage: Evidence From 17 European Football Leagues - IDEAS/RePEc",
      'Maja Lindqvist & Chidi N. Okafor, 2022. "Ghost Games and the Home Advantage," Journal of Sports Economics, vol. 23(7), pages 803-829 ...',
    );
    const copy = originItem(
      "https://oru.diva-portal.org/smash/get/diva2:1681234/FULLTEXT01.pdf",
      "Ghost Games and the Home Advantage - DiVA portal",
      "Journal of Sports Economics 2022, Vol. 23(7) 803–829. Maja Lindqvist, Örebro University School of Business ...",
    );
    const followUp = originItem(
      "https://oru.diva-portal.org/smash/get/diva2:1893456/FULLTEXT01.pdf",
      "Ghost Games and the Home Advantage - DiVA portal",
      "Journal of Sports Economics 2024, Vol. 25(3) 311–335. Maja Lindqvist ...",
    );
    expect(sharedOrigins([journal, copy, followUp]).map(({ members }) => members)).toEqual([[0, 1]]);
  });

  it.each([
    ["https://pubmed.ncbi.nlm.nih.gov/31881139/", true],
    ["https://huggingface.co/papers/2106.09685", true],
    ["https://huggingface.co/meta-llama/Llama-3.1-8B", false],
    ["https://www.researchgate.net/publication/317558625_Attention", true],
    ["https://www.researchgate.net/profile/Jane-Doe", false],
    ["https://www.nejm.org/doi/full/10.1056/NEJMoa2034577", true],
    ["https://www.nytimes.com/2024/01/01/health/study.html", false],
  ])("%s is a paper's page: %s", (url, expected) => {
    const address = pageAddress(url);
    expect(address !== null && isPaperAddress(address)).toBe(expected);
  });
});

describe("a paper's title, with the frame each site puts around it", () => {
  it.each([
    ["[1706.03762] Attention Is All You Need", "attention is all you need"],
    ["Paper page - Attention Is All You Need", "attention is all you need"],
    ["(PDF) Attention Is All You Need - ResearchGate", "attention is all you need"],
    ["[PDF] Attention is All you Need | Semantic Scholar", "attention is all you need"],
    [
      "Effects of Intermittent Fasting on Health, Aging, and Disease - PubMed",
      "effects of intermittent fasting on health aging and disease",
    ],
    [
      "Highly accurate protein structure prediction with AlphaFold - PMC",
      "highly accurate protein structure prediction with alphafold",
    ],
    ["Hallmarks of Cancer: The Next Generation: Cell", "hallmarks of cancer the next generation"],
    ["NeurIPS Poster Scaling Laws for Neural Language Models", "scaling laws for neural language models"],
    [
      "Egg consumption, serum lipids, and incident cardiovascular disease in 61 275 Swedish adults - PubMed",
      "egg consumption serum lipids and incident cardiovascular disease in 61275 swedish adults",
    ],
    [
      "(PDF) Egg consumption, serum lipids, and incident cardiovascular disease in 61,275 Swedish adults",
      "egg consumption serum lipids and incident cardiovascular disease in 61275 swedish adults",
    ],
    [
      "Nutrients | Free Full-Text | Effect of a Standardized Ashwagandha Root Extract on Sleep Quality",
      "effect of a standardized ashwagandha root extract on sleep quality",
    ],
    [
      "Generative AI and Early-Career Employment: Evidence from Payroll Data by Jane Roe, Ann Lee :: SSRN",
      "generative ai and early career employment evidence from payroll data",
    ],
    [
      "Norovirus Outbreaks on Cruise Ships, 2010–2024 - Volume 32, Number 4—April 2026 - Emerging Infectious Diseases journal - CDC",
      "norovirus outbreaks on cruise ships 2010 2024",
    ],
  ])("%j → %j", (title, text) => {
    expect(paperTitle(title)?.text).toBe(text);
  });

  it("keeps only the whole words of a title cut short, and gives none for a generic one", () => {
    expect(paperTitle("Effects of Intermittent Fasting on Health, Aging, and Dis…")?.text).toBe(
      "effects of intermittent fasting on health aging and",
    );
    // A journal's site names the journal after the cut ("… : Hepatology").
    expect(
      paperTitle("Liver injury associated with ashwagandha: a case series fr... : Hepatology")?.text,
    ).toBe("liver injury associated with ashwagandha a case series");
    expect(paperTitle("Home - PubMed")).toBeNull();
    expect(paperTitle("Abstract")).toBeNull();
  });

  it("reads a title cut short whole from an address that spells it out, and only then", () => {
    const cut = "(PDF) Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine ...";
    expect(
      titleFromAddress(
        "https://www.researchgate.net/publication/354569470_Safety_and_Efficacy_of_the_BNT162b2_mRNA_Covid-19_Vaccine_through_6_Months",
        cut,
      ),
    ).toBe("Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine through 6 Months");
    // An address naming something else, or a title not cut short, leaves the title as it is.
    expect(
      titleFromAddress(
        "https://www.researchgate.net/publication/354569470_Vaccine_Trials_in_Europe_Today",
        cut,
      ),
    ).toBe(cut);
    expect(
      titleFromAddress(
        "https://www.researchgate.net/publication/1_Safety_and_Efficacy_of_the_BNT162b2_mRNA_Covid-19_Vaccine_through_6_Months",
        "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine",
      ),
    ).toBe("Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine");
  });

  const page = (title: string, isPaper: boolean, snippet = ""): TitledPage => ({
    isPaper,
    title,
    normalizedTitle: () => paperTitle(title)?.text ?? title.toLowerCase(),
    snippet,
  });

  it("ties equal titles, a title cut short or followed by the journal's name, and a quotation", () => {
    const pages = [
      page("Effects of Intermittent Fasting on Health, Aging, and Disease - PubMed", true),
      page(
        "Effects of Intermittent Fasting on Health, Aging, and Disease | New England Journal of Medicine",
        true,
      ),
      page("Effects of Intermittent Fasting on Health, Aging, and ... - Semantic Scholar", true),
      page(
        "Fasting research roundup",
        false,
        'The review "Effects of Intermittent Fasting on Health, Aging, and Disease" argues …',
      ),
      page("Calorie Restriction with or without Time-Restricted Eating in Weight Loss", true),
    ];
    const titles: (PaperTitle | null)[] = [];
    const linked = new Set(paperTitleLinks(pages, titles).flat());
    expect([...linked].sort()).toEqual([0, 1, 2, 3]);
    expect(titles[0]?.display).toBe("Effects of Intermittent Fasting on Health, Aging, and Disease");
  });

  it("leaves two news pages with one headline to syndication: no paper's page, no paper", () => {
    const pages = [
      page("Highly accurate protein structure prediction with new AI model", false),
      page("Highly accurate protein structure prediction with new AI model", false),
    ];
    expect(paperTitleLinks(pages)).toEqual([]);
  });
});
