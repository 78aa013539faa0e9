import { describe, expect, it } from "vitest";
import type { OriginItem } from "../../src/dedup/origins.js";
import { releaseRewriteLinks } from "../../src/dedup/release-rewrites.js";
import { originItem as item, sharedOrigins } from "../helpers/origin-item.js";

/** The groups of pages (by index) that share an origin. */
const together = (items: OriginItem[]): number[][] => sharedOrigins(items).map(({ members }) => members);

describe("releases that look alike", () => {
  it("keeps apart one department's two rules announced months apart in the same opening words", () => {
    const seating = item(
      "https://content.govdelivery.com/accounts/USDOT/bulletins/3c7a19f",
      "Biden-Harris Administration Finalizes Rule Guaranteeing Parents Can Sit With Their Young Children for Free",
      "Jan 14, 2025 — U.S. Department of Transportation sent this bulletin at 01/14/2025 10:02 AM EST ... The U.S. Department of Transportation today announced a final rule that requires airlines to seat children ...",
    );
    const refunds = item(
      "https://www.transportation.gov/briefing-room/biden-harris-administration-announces-final-rule-requiring-automatic-refunds-airline",
      "Biden-Harris Administration Announces Final Rule Requiring Automatic Refunds of Airline Tickets | US Department of Transportation",
      "Apr 24, 2024 — WASHINGTON – The U.S. Department of Transportation today announced a final rule that requires airlines to promptly provide passengers with automatic cash refunds ...",
    );
    expect(together([seating, refunds])).toEqual([]);
  });

  it("keeps two companies' clearance releases apart, though they share the stock phrasing", () => {
    const ours = item(
      "https://www.prnewswire.com/news-releases/orlena-receives-fda-510k-clearance-for-dermaview-302270999.html",
      "Orlena Health Receives FDA 510(k) Clearance for DermaView AI Skin Imaging System",
      "Oct 8, 2024 — /PRNewswire/ -- Orlena Health, Inc., a developer of imaging tools for skin care, today announced that the U.S. Food and Drug Administration (FDA) ...",
    );
    const theirs = item(
      "https://www.businesswire.com/news/home/20241015999999/en/Kestova-Announces-FDA-510k-Clearance-of-SkinSight",
      "Kestova Announces FDA 510(k) Clearance of SkinSight Imaging Platform",
      "Oct 15, 2024 — BOSTON--(BUSINESS WIRE)--Kestova, Inc., a digital dermatology company, today announced that the U.S. Food and Drug Administration has cleared SkinSight ...",
    );
    expect(together([ours, theirs])).toEqual([]);
  });

  it("never takes one company's release for a rewrite of its other release from one template", () => {
    const ceMark = {
      domain: "prnewswire.com",
      title: "Nuvexa Medical Receives CE Mark for LumaScan AI Wound Imaging System",
      snippet:
        "Mar 19, 2024 \u2014 /PRNewswire/ -- Nuvexa Medical, Inc. today announced that LumaScan, its AI-powered wound imaging system, has received CE Mark under the EU Medical Device ...",
    };
    const clearanceCopy = {
      domain: "finance.yahoo.com",
      title: "Nuvexa Medical Receives FDA 510(k) Clearance for LumaScan AI Wound Imaging System",
      snippet:
        "PR Newswire. Tue, Oct 8, 2024, 8:00 AM. MINNEAPOLIS, Oct. 8, 2024 /PRNewswire/ -- Nuvexa Medical, Inc., a developer of AI-powered imaging tools for chronic wound ...",
    };
    expect(releaseRewriteLinks([ceMark, clearanceCopy], [true, true])).toEqual([]);
  });
});

describe("papers that look alike", () => {
  it("ties a title cut short, or the main title of two papers, to neither of them", () => {
    const trial = item(
      "https://thorax.bmj.com/content/80/2/101",
      "Home air filters and lung function in children with asthma near busy roads: a randomised crossover trial | Thorax",
      "by AB Mensah · 2024 · Cited by 12 — We tested whether a HEPA filter in the home improves lung function ...",
    );
    const extension = item(
      "https://erj.ersjournals.com/content/66/1/2400555",
      "Home air filters and lung function in children with asthma near busy roads: 2-year extension of a randomised crossover trial | European Respiratory Society",
      "by AB Mensah · 2025 — Following the crossover trial, children continued filtration for two more years ...",
    );
    const mainTitle = item(
      "https://www.semanticscholar.org/paper/Home-air-filters-Mensah/1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d",
      "Home air filters and lung function in children with asthma near busy roads | Semantic Scholar",
      "A. Mensah, K. Berg · Published 2024 · Medicine. TLDR: HEPA filtration in homes near busy roads ...",
    );
    const cut = item(
      "https://europepmc.org/article/MED/38219999",
      "Home air filters and lung function in children with asthma near busy roads ... - Europe PMC",
      "Mensah AB, Berg K, Olsen T. 2024. PMID: 38219999 ...",
    );
    expect(together([trial, extension, mainTitle])).toEqual([]);
    expect(together([trial, extension, cut])).toEqual([]);
  });

  it("keeps a paper apart from its follow-up in another journal whose title is the first and a few words", () => {
    const first = item(
      "https://pubs.geoscienceworld.org/ssa/srl/article/97/2A/812/652918/Deep-Wastewater-Disposal-and-the-Toyah",
      "Deep Wastewater Disposal and the 2025 Toyah, Texas, Earthquake | Seismological Research Letters | GeoScienceWorld",
      "by A Ruiz-Castellanos · 2026 · Cited by 7 — We model pore-pressure diffusion from 41 deep disposal wells ...",
    );
    const followUp = item(
      "https://pubs.geoscienceworld.org/ssa/bssa/article/doi/10.1785/0120260114/658843/Deep-Wastewater-Disposal",
      "Deep Wastewater Disposal and the 2025 Toyah, Texas, Earthquake: Aftershock Migration Through 2026 | Bulletin of the Seismological Society of America | GeoScienceWorld",
      "by A Ruiz-Castellanos · 2026 — Extending our earlier analysis with 14 months of aftershock locations ...",
    );
    const followUpPreprint = item(
      "https://essopenarchive.org/doi/full/10.22541/essoar.177203114.48210955/v1",
      "Deep Wastewater Disposal and the 2025 Toyah, Texas, Earthquake: Aftershock Migration Through 2026 - ESS Open Archive",
      "Aug 14, 2026 — Alejandra Ruiz-Castellanos, Dmitri K. Voss. Extending our earlier analysis with 14 months of aftershock locations ...",
    );
    const cutCopy = item(
      "https://www.beg.utexas.edu/files/content/beg/research/texnet/pubs/Ruiz-Castellanos_2026_Toyah.pdf",
      "Deep Wastewater Disposal and the 2025 Toyah, Texas ...",
      "Alejandra Ruiz-Castellanos*1, Dmitri K. Voss1 ...",
    );
    const firstOnResearchGate = item(
      "https://www.researchgate.net/publication/389145620_Deep_Wastewater_Disposal_and_the_2025_Toyah_Texas_Earthquake",
      "(PDF) Deep Wastewater Disposal and the 2025 Toyah, Texas, Earthquake",
      "Mar 2026 — PDF | We model pore-pressure diffusion from 41 deep disposal wells ...",
    );
    expect(together([first, followUp])).toEqual([]);
    expect(together([first, followUp, followUpPreprint])).toEqual([[1, 2]]);
    // A copy whose title is cut short before either ends could be either work's.
    expect(together([first, followUp, firstOnResearchGate, cutCopy])).toEqual([[0, 2]]);
  });

  it("ties the pages of a paper and of its follow-up each under its own whole title, though the first title begins the second", () => {
    const first = item(
      "https://wwwnc.cdc.gov/eid/article/31/7/24-1520_article",
      "Legionnaires' Disease Clusters in Hotel Hot Tubs, 2012–2023 - Volume 31, Number 7—July 2025 - Emerging Infectious Diseases journal - CDC",
      "We reviewed 88 clusters of Legionnaires' disease linked to hotel hot tubs reported during 2012–2023 ...",
    );
    const firstOnPubMed = item(
      "https://pubmed.ncbi.nlm.nih.gov/40512345/",
      "Legionnaires' Disease Clusters in Hotel Hot Tubs, 2012-2023 - PubMed",
      "by KL Osterhaus · 2025 — We reviewed 88 clusters of Legionnaires' disease linked to hotel hot tubs ...",
    );
    const firstOnResearchGate = item(
      "https://www.researchgate.net/publication/392345678_Legionnaires_Disease_Clusters_in_Hotel_Hot_Tubs_2012-2023",
      "(PDF) Legionnaires' Disease Clusters in Hotel Hot Tubs, 2012–2023",
      "Jul 2025 · Emerging Infectious Diseases · K L Osterhaus — We reviewed 88 clusters ...",
    );
    const followUp = item(
      "https://academic.oup.com/jtm/article/33/2/taaf019/8123456",
      "Legionnaires' disease clusters in hotel hot tubs, 2012–2023: water temperature and disinfectant levels | Journal of Travel Medicine | Oxford Academic",
      "Jan 2026 — Building on our review of 88 clusters, we compared logged water temperatures and chlorine levels ...",
    );
    const followUpOnPubMed = item(
      "https://pubmed.ncbi.nlm.nih.gov/41234567/",
      "Legionnaires' disease clusters in hotel hot tubs, 2012-2023: water temperature and disinfectant levels - PubMed",
      "by R Mbeki · 2026 — We compared logged water temperatures and chlorine levels in 61 of the clusters ...",
    );
    expect(together([first, firstOnPubMed, firstOnResearchGate, followUp, followUpOnPubMed])).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it("ties a follow-up's pages whose titles, cut short, agree past where the two works' titles part", () => {
    const firstOnPubMed = item(
      "https://pubmed.ncbi.nlm.nih.gov/40031234/",
      "Oral Hyaluronic Acid Improves Skin Hydration in Women Aged 40-65 Years: A 12-Week ... - PubMed",
      "by KA Moreno · 2025 · Cited by 5 — Results: After 12 weeks, hydration increased by 9.1% versus 1.4% with placebo ...",
    );
    const record = item(
      "https://pmc.ncbi.nlm.nih.gov/articles/PMC11871234/",
      "Oral Hyaluronic Acid Improves Skin Hydration in Women Aged 40–65 Years - PMC",
      "by KA Moreno · 2025 — Funding: This study was funded by the maker of the study product ...",
    );
    const followUp = item(
      "https://onlinelibrary.wiley.com/doi/10.1111/jocd.70777",
      "Oral Hyaluronic Acid Improves Skin Hydration in Women Aged 40–65 Years: 24-Week Extension ... - Wiley Online Library",
      "Nov 18, 2025 — Participants completing the original 12-week trial were invited to continue for a further 12 weeks ...",
    );
    const followUpOnPubMed = item(
      "https://pubmed.ncbi.nlm.nih.gov/41209876/",
      "Oral Hyaluronic Acid Improves Skin Hydration in Women Aged 40-65 Years: 24-Week Extension of ... - PubMed",
      "by KA Moreno · 2025 — Open-label extension ... 98 women continued to week 24 ...",
    );
    const first = item(
      "https://onlinelibrary.wiley.com/doi/10.1111/jocd.70456",
      "Oral Hyaluronic Acid Improves Skin Hydration in ... - Moreno - 2025 - Journal of Cosmetic Dermatology - Wiley Online Library",
      "Mar 4, 2025 — Background: Oral hyaluronic acid is widely marketed for skin aging ...",
    );
    // The record titled with the main title of both could be either's: it joins neither.
    expect(together([first, firstOnPubMed, record, followUp, followUpOnPubMed])).toEqual([[3, 4]]);
  });

  it("keeps a paper's correction apart, though it cites the paper's authors and title", () => {
    const record = item(
      "https://europepmc.org/article/MED/38212999",
      "Home air filters and lung function in children with asthma near busy roads: a randomised crossover trial. - Abstract - Europe PMC",
      "Mensah AB, Berg K, Olsen T, Hale J. Thorax, 80(2):101-109, 2024. PMID: 38212999.",
    );
    const correction = item(
      "https://thorax.bmj.com/content/80/5/e2",
      "Correction: Home air filters and lung function in children with asthma near busy roads: a randomised crossover trial | Thorax",
      "Mensah AB, Berg K, Olsen T, et al. Home air filters and lung function ... Thorax 2024;80:101–9. The funding statement should read ...",
    );
    expect(together([record, correction])).toEqual([]);
  });
});
