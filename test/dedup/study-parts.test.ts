import { describe, expect, it } from "vitest";
import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";
import { studyMention } from "../../src/dedup/study-citations.js";
import type { StudyParts } from "../../src/dedup/study-parts.js";
import { originItem } from "../helpers/origin-item.js";

const item = originItem;

const partsOf = (snippet: string, title = "A page about a study"): StudyParts | undefined =>
  studyMention({ title, snippet })?.parts;
const names = (parties: readonly { name: string }[] | undefined) => (parties ?? []).map((p) => p.name);

/** The origins of the items as lists of member indexes, and the reason of each. */
function grouped(items: readonly OriginItem[]): { members: number[]; why: string; source?: string }[] {
  return assignOrigins(items).map(({ members, why, source }) =>
    source === undefined ? { members, why } : { members, why, source },
  );
}

describe("studyParts: a study named by who ran, paid for or sells it, and how", () => {
  it.each<[string, string, Partial<Record<"institutions" | "sponsors" | "products" | "others", string[]>>]>([
    [
      "an institution, a sponsor by its funding and a product by its maker",
      "Rutgers University researchers reported the trial, funded by Kesari Naturals, which makes the Tranquara extract, after eight weeks.",
      { institutions: ["Rutgers University"], sponsors: ["Kesari Naturals"], products: ["Tranquara"] },
    ],
    [
      "a maker's name before its product",
      "Aurelia Botanicals' Serenix extract improved sleep in a double-blind RCT of 120 adults.",
      { sponsors: ["Aurelia Botanicals"], products: ["Serenix"] },
    ],
    [
      "a company named by what it is",
      "A survey of 2,000 adults, conducted for the mattress brand Slumbra, found most sleep badly.",
      { sponsors: ["Slumbra"] },
    ],
    [
      "a company's own announcement",
      "DENVER--(BUSINESS WIRE)--Pawsitive Labs, maker of CalmPaws calming chews, today announced a six-week, placebo-controlled study in 64 dogs.",
      { sponsors: ["Pawsitive Labs"], products: ["CalmPaws"] },
    ],
    [
      "a funder named before its funding",
      "In a six-week study of 45 adults, the Golden Grove Walnut Commission-funded research found lower blood pressure.",
      { sponsors: ["Golden Grove Walnut Commission"] },
    ],
    [
      "a funder named before what it funded",
      "Berrisol Beverages funded the trial at Tufts University, in which women on the drink had fewer infections than on placebo.",
      { institutions: ["Tufts University"], sponsors: ["Berrisol Beverages"] },
    ],
    [
      "researchers named by their institution, and a party before its study",
      "Texas A&M researchers tracked 167 call-center employees over six months in a Texas A&M study.",
      { institutions: ["Texas A&M"], others: ["Texas A&M"] },
    ],
    [
      "a university without its news office's site name",
      "Parents who read aloud daily had toddlers with larger vocabularies, a study at the University of Michigan News found.",
      { institutions: ["University of Michigan"] },
    ],
    [
      "researchers named by the city they work in",
      "Anxiety eased over two months but had worn off half a year later, researchers in Pittsburgh reported.",
      { institutions: ["Pittsburgh"] },
    ],
    [
      "pollsters joined by slashes, each one",
      "54% say groceries are their biggest worry, according to a new NPR/PBS News/Marist poll, well ahead of housing.",
      { others: ["NPR", "PBS News", "Marist"] },
    ],
    [
      "an institution named with a middle initial, whole",
      "A new report from the Thomas B. Fordham Institute finds that chronic absenteeism remains high.",
      { institutions: ["Thomas B. Fordham Institute"] },
    ],
    [
      "a pollster opening a sentence with its survey",
      "A Harris Poll survey of 2,500 workers in their 20s, commissioned by a consultancy, found fewer promotions.",
      { others: ["Harris Poll"] },
    ],
    [
      "the pollster a firm ran its survey with",
      "Our survey of 2,500 workers aged 21 to 29, conducted with The Harris Poll in April, finds fewer promotions.",
      { others: ["Harris Poll"] },
    ],
    [
      "a firm by its annual survey",
      "Fully remote young workers are falling behind. Ridgeline's annual survey of early-career workers found fewer promotions.",
      { others: ["Ridgeline"] },
    ],
    [
      "a product named by its noun though the noun ends like a species",
      "US researchers tested the Noctura glasses on 64 volunteers who struggle to sleep.",
      { products: ["Noctura"] },
    ],
    [
      "a meeting abstract's support line as its sponsor",
      "Methods: Sixty-four adults wore amber or clear lenses for 3 weeks each. Support (if any): Noctura Eyewear, Inc.",
      { sponsors: ["Noctura Eyewear"] },
    ],
    [
      "an institution by the study it led",
      "A Stanford-led study of 500 adults found shorter sleep on screen-heavy nights.",
      { institutions: ["Stanford"] },
    ],
    [
      "an institution with its place by the study it led",
      "A University of Vermont-led study of 212 homes found backup heat was rarely needed.",
      { institutions: ["University of Vermont"] },
    ],
  ])("reads %s", (_name, snippet, expected) => {
    const parts = partsOf(snippet);
    for (const [kind, list] of Object.entries(expected)) {
      expect(names(parts?.[kind as keyof typeof expected])).toEqual(list);
    }
  });

  it("reads a headline's label of its survey, every word capitalised", () => {
    const parts = partsOf(
      "May 20, 2025 /PRNewswire/ -- Fully remote workers under 30 are 31% less likely to have been promoted.",
      "Ridgeline Partners Survey: Fully Remote Gen Z Workers Report Fewer Promotions and Less Feedback",
    );
    expect(names(parts?.sponsors)).toEqual(["Ridgeline Partners"]);
  });

  it("reads no sample from a count in millions or a decimal's last digit", () => {
    const parts = partsOf(
      "Using eight years of data on 2.1 million North Carolina students, researchers at the Fordham Institute found gains.",
    );
    expect(parts?.sizes).toEqual([]);
    expect(
      partsOf("Researchers at Duke University followed 3 million Medicare patients for a decade.")?.sizes,
    ).toEqual([]);
  });

  it("reads how it was done: design, size, duration, venue", () => {
    const parts = partsOf(
      "An eight-week randomized, double-blind, placebo-controlled trial of 130 adults at Rutgers University, presented at ENDO 2023, the Endocrine Society's annual meeting.",
    );
    expect(parts).toMatchObject({
      designs: ["randomized", "blinded", "placebo"],
      sizes: [130],
      days: [56],
      venueYear: 2023,
    });
    expect(names(parts?.venues)).toEqual(["ENDO", "Endocrine Society"]);
  });

  it.each<[string, number[]]>([
    ["Ninety-six adults slept longer at Rutgers University in a placebo-controlled trial.", [96]],
    ["Two hundred and twelve adults at Rutgers University took Tranquara or a placebo.", [212]],
    ["Two thousand two hundred seventy-nine adults answered the University of Michigan survey.", [2279]],
    ["Forty healthy 18-to-30-year-olds at Rutgers University took part in the placebo trial.", [40]],
    ["Rutgers University researchers gave 33 overweight, prediabetic adults a placebo.", [33]],
    ["Two in three workers at Rutgers University answered the survey.", []],
    ["More than 200 adults at Rutgers University took Tranquara or a placebo.", []],
    [
      "Rutgers University researchers who followed adults for 10 years found regular volunteers declined less.",
      [],
    ],
  ])("reads the sample of %s", (snippet, sizes) => {
    expect(partsOf(snippet)?.sizes ?? []).toEqual(sizes);
  });

  it("reads a duration in words", () => {
    expect(partsOf("Rutgers University researchers ran a twenty-four-week placebo trial.")?.days).toEqual([
      168,
    ]);
  });

  it("reads no study in a company's news of the day, which names a party and what happened", () => {
    const agency = item(
      "https://www.reuters.com/business/carvell-foods-cuts-annual-profit-forecast-2025-07-29/",
      "Carvell Foods cuts annual profit forecast as shoppers pull back | Reuters",
      "Jul 29, 2025 — Carvell Foods cut its annual profit forecast on Tuesday, as consumers switched to cheaper store brands.",
    );
    const other = item(
      "https://www.bloomberg.com/news/articles/2025-07-29/carvell-sinks-as-snack-maker-cuts-outlook",
      "Carvell Sinks Most Since 2020 as Snack Maker Cuts Profit Outlook - Bloomberg",
      "Jul 29, 2025 — Carvell Foods Inc. shares fell after the maker of Crunchbox crackers lowered its outlook, as shoppers hunt for store brands.",
    );
    expect(partsOf(agency.snippet, agency.title)).toBeUndefined();
    expect(grouped([agency, other]).map((origin) => origin.members)).toEqual([[0], [1]]);
    // A page saying it reports research is still read by what it found.
    expect(
      names(
        partsOf("A Carvell Foods study found shoppers switched to store brands.", "Store brands gain")
          ?.sponsors,
      ),
    ).toEqual(["Carvell Foods"]);
  });

  it("reads a conference by its name and year, not a standard by its number", () => {
    expect(
      names(partsOf("Rutgers University researchers presented the 12-week trial at ENDO 2023.")?.venues),
    ).toEqual(["ENDO"]);
    expect(
      partsOf(
        "Kesari Naturals, maker of Tranquara, said its operations were certified carbon neutral under PAS 2060.",
      )?.venues ?? [],
    ).toEqual([]);
  });

  it("reads no conference in the US Congress, though a headline capitalises every word", () => {
    for (const title of [
      "81% Of Voters Support Banning Members Of Congress From Trading Stocks, Quinnipiac University National Poll Finds",
      "Americans Sour On Congress; Large Majority Backs Stock Trading Ban, Quinnipiac University National Poll Finds",
    ])
      expect(
        names(partsOf("Registered voters support a ban, a Quinnipiac University poll found.", title)?.venues),
      ).toEqual([]);
    expect(
      names(
        partsOf("Findings were presented at the European Respiratory Society Congress in Milan.")?.venues,
      ),
    ).toEqual(["Respiratory Society Congress"]);
  });

  it("reads no study's length in a horizon ahead, but does in a result's time", () => {
    const days = (snippet: string) => partsOf(snippet)?.days;
    expect(
      days("Most adults expect a recession within a year, a Marist poll of 1,291 adults found."),
    ).toEqual([]);
    expect(days("Prices will rise over the next 10 years, a Marist survey of 1,291 adults found.")).toEqual(
      [],
    );
    expect(days("Rutgers University researchers found pain eased within 12 weeks on the extract.")).toEqual([
      84,
    ]);
  });

  it.each([
    ["a design the study lacks", "The Mnemora trial had 48 participants and no placebo group.", "placebo"],
    ["a design the study lacks", "A non-randomized study of 48 adults at Rutgers University.", "randomized"],
  ])("does not read %s", (_name, snippet, design) => {
    expect(partsOf(snippet)?.designs ?? []).not.toContain(design);
  });

  it.each([
    [
      "a sentence's first word",
      "Saffron extract eased poor sleep in a placebo-controlled trial of 120 adults.",
    ],
    [
      "a species",
      "Patients taking Lactobacillus rhamnosus in a placebo-controlled trial of 236 adults improved.",
    ],
    [
      "a vitamin",
      "Taking vitamin C supplements did not prevent colds in a placebo-controlled trial of 120 adults.",
    ],
    ["a place's researchers", "Australian researchers gave 120 adults a placebo for four weeks."],
  ])("takes no party from %s", (_name, snippet) => {
    const parts = partsOf(snippet);
    const parties = [parts?.institutions, parts?.sponsors, parts?.products, parts?.others].flatMap(names);
    expect(parties).toEqual([]);
  });

  it.each([
    [
      "a shop page",
      "Serenix is a patented saffron extract. Take one capsule before bed. 30 capsules, $29.99.",
    ],
    [
      "a partnership",
      "Kesari Naturals has signed a three-year research agreement with Rutgers University, the company said.",
    ],
    ["a plain mention", "Rutgers University is a public research university in New Jersey."],
  ])("reads no study from %s: a party without how", (_name, snippet) => {
    expect(partsOf(snippet)).toBeUndefined();
  });
});

// One sponsor-funded trial, reported by six outlets each in its own words and naming a different
// selection of its parts.
const trial = [
  item(
    "https://www.endocrine.org/news-room/2025/melatonin-gummy-jet-lag",
    "Melatonin gummy eased jet lag in travellers, trial finds",
    "A randomized, placebo-controlled trial of 212 long-haul travellers found that a 3 mg melatonin gummy shortened jet lag, according to research presented at ENDO 2025.",
  ),
  item(
    "https://consumer.healthday.com/melatonin-jet-lag-2669",
    "Melatonin Gummies May Ease Jet Lag",
    "Researchers at the University of Colorado Boulder gave travellers melatonin or placebo gummies for five days after flights. The trial was funded by Nocturna Health, which makes the DriftRest gummies used.",
  ),
  item(
    "https://www.nutraingredients-usa.com/Article/2025/06/20/driftrest-jet-lag-rct",
    "DriftRest gummies cut jet lag in 212-traveller RCT",
    "Nocturna Health's DriftRest gummies reduced jet lag scores in a five-day, placebo-controlled RCT of 212 adults run at the University of Colorado Boulder, data presented at ENDO 2025 show.",
  ),
  item(
    "https://www.travelandleisure.com/melatonin-gummies-jet-lag-study",
    "A Melatonin Gummy Could Help You Beat Jet Lag, Study Says",
    "In the study, funded by supplement maker Nocturna Health, people took DriftRest or a placebo for five days after flying east.",
  ),
  item(
    "https://www.colorado.edu/today/2025/06/21/melatonin-travel",
    "Melatonin gummies help travellers adjust",
    "CU Boulder scientists followed 212 adults flying across at least six time zones; the University of Colorado Boulder team presented the results at the Endocrine Society's annual meeting.",
  ),
  item(
    "https://www.cntraveler.com/story/melatonin-jet-lag-study",
    "Should You Take Melatonin for Jet Lag? New Research Says Maybe",
    "The DriftRest trial, run by University of Colorado Boulder researchers and paid for by Nocturna Health, enrolled 212 adults.",
  ),
];

describe("origins of pages that name one study by its parts", () => {
  it("puts six outlets reporting one trial in their own words into one origin, naming the study", () => {
    const groups = grouped(trial);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ members: [0, 1, 2, 3, 4, 5], why: "same-study" });
    expect(groups[0]?.source).toMatch(
      /University of Colorado Boulder trial of DriftRest.*Nocturna Health.*212/,
    );
  });

  it.each<[string, OriginItem]>([
    [
      "another trial of the same university",
      item(
        "https://www.colorado.edu/today/2023/02/01/light-therapy-jet-lag",
        "Light therapy glasses ease jet lag",
        "University of Colorado Boulder researchers tested light-therapy glasses in a placebo-controlled trial of 48 adults over ten days.",
      ),
    ],
    [
      "the same product in another study",
      item(
        "https://www.nutraingredients.com/Article/2022/03/01/driftrest-shift-workers",
        "DriftRest tested in night-shift nurses",
        "A four-week open-label pilot of DriftRest gummies in 30 night-shift nurses at Denver Health found longer daytime sleep.",
      ),
    ],
    [
      "another study of the same sponsor, of another size",
      item(
        "https://www.sleepreview.example.com/nocturna-health-survey",
        "Most travellers sleep badly after long flights, survey finds",
        "A survey of 2,000 travellers commissioned by Nocturna Health found 71% sleep badly for days after a long flight.",
      ),
    ],
    [
      "a page naming only the product",
      item(
        "https://www.reviews.example.com/driftrest-gummies-review",
        "DriftRest Gummies Review: Do They Work?",
        "We tried DriftRest melatonin gummies on two long-haul flights. They taste fine and cost $19 for 60 gummies.",
      ),
    ],
    [
      "a fact check of the trial",
      item(
        "https://www.factcheck.example.org/driftrest-jet-lag-claim",
        "Fact check: DriftRest does not cure jet lag",
        "Posts claim a University of Colorado Boulder trial of 212 adults, funded by Nocturna Health, shows the gummies cure jet lag. It showed a small effect on one score.",
      ),
    ],
  ])("keeps %s apart from the trial", (_name, other) => {
    const groups = grouped([...trial, other]);
    expect(groups.find((group) => group.members.includes(6))?.members).toEqual([6]);
    expect(groups.find((group) => group.members.includes(0))?.members).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("keeps two trials of one university apart, each with its reports", () => {
    const groups = grouped([
      item(
        "https://www.dailymail.co.uk/health/article-1/beetroot-shot-walking.html",
        "Daily beetroot shot helps over-60s walk further",
        "A Northumbria University trial of 48 people funded by the juice maker RedRoot found a daily shot for 10 weeks improved walking.",
      ),
      item(
        "https://www.foodnavigator.com/Article/2022/11/29/redroot-beetroot-shot",
        "RedRoot beetroot shot improves walking capacity",
        "The 10-week, placebo-controlled study at Northumbria University gave 48 adults RedRoot's nitrate-rich shot or a placebo.",
      ),
      item(
        "https://www.theguardian.com/society/2024/feb/12/sage-extract-memory",
        "Sage extract may sharpen memory in middle age",
        "A Northumbria University trial of 100 adults, funded by the herbal brand Salvara, found a sage extract taken for 12 weeks improved recall.",
      ),
      item(
        "https://www.nutraingredients.com/Article/2024/02/13/salvara-sage-memory",
        "Salvara sage extract improves word recall in 12-week RCT",
        "The double-blind study of 100 healthy adults, run at Northumbria University, found Salvara's sage extract improved recall.",
      ),
    ]);
    expect(groups.map((group) => [group.members, group.why])).toEqual([
      [[0, 1], "same-study"],
      [[2, 3], "same-study"],
    ]);
  });

  it("reads a sample of schools, hospitals or companies as a sample, and keeps the university's other study apart", () => {
    const groups = grouped([
      item(
        "https://www.bbc.co.uk/news/articles/c7xq2m1v0k9o",
        "Four-day school week 'did not harm' test scores, study suggests - BBC News",
        "Researchers at Cardiff University compared 2,300 pupils at 34 secondary schools in Wales, some on shortened weeks and some not ...",
      ),
      item(
        "https://www.independent.co.uk/news/uk/home-news/four-day-school-week-wales-study-b2701122.html",
        "Four-day school weeks do not lower grades, new study finds | The Independent",
        "Pupils on four-day timetables did as well in maths as others, according to a Cardiff University study of 34 schools ...",
      ),
      item(
        "https://www.cardiff.ac.uk/news/view/2801234-screen-time-and-sleep-in-teens",
        "Screen time linked to shorter sleep in teens - Cardiff University",
        "A Cardiff University study of 1,900 adolescents found those on phones after 10pm slept 35 minutes less ...",
      ),
    ]);
    expect(groups.map((group) => [group.members, group.why])).toEqual([
      [[0, 1], "same-study"],
      [[2], "single"],
    ]);
  });

  it("reads a think tank's report, its release and the news of it as one survey, and its survey of another year apart", () => {
    const groups = grouped([
      item(
        "https://www.rand.org/pubs/research_reports/RRA956-31.html",
        "Chronic Absenteeism Is Easing, but Slowly: Selected Findings from the Fall 2024 American School District Panel Survey | RAND",
        "Mar 11, 2025 — Using data from a nationally representative survey of 364 school district leaders, the authors find that roughly two-thirds reported chronic absenteeism declined ...",
      ),
      item(
        "https://www.rand.org/news/press/2025/03/11.html",
        "School Districts Report Slow Progress on Chronic Absenteeism | RAND",
        "Mar 11, 2025 — Chronic absenteeism fell last school year in most districts, says a new RAND report drawing on responses from 364 district leaders ...",
      ),
      item(
        "https://www.the74million.org/article/chronic-absenteeism-falling-but-slowly-district-leaders-tell-researchers/",
        "Chronic Absenteeism Falling, but Slowly, District Leaders Tell Researchers – The 74",
        "Mar 11, 2025 — Two-thirds of district leaders surveyed last fall by the RAND Corporation said absenteeism fell last year ...",
      ),
      item(
        "https://www.edweek.org/leadership/absenteeism-is-improving-but-slowly-district-leaders-say/2025/03",
        "Absenteeism Is Improving—But Slowly, District Leaders Say",
        "Mar 13, 2025 — In a nationally representative survey of 364 district leaders conducted last fall, about two-thirds said their chronic absenteeism rates had dropped ...",
      ),
      item(
        "https://www.rand.org/pubs/research_reports/RRA956-21.html",
        "Districts Still Struggling with Chronic Absenteeism: Selected Findings from the Fall 2023 American School District Panel Survey | RAND",
        "Feb 27, 2024 — In a survey of 312 school district leaders, chronic absenteeism remained the most common concern ...",
      ),
    ]);
    expect(groups.map((group) => [group.members, group.why])).toEqual([
      [[0, 1, 2, 3], "same-study"],
      [[4], "single"],
    ]);
  });

  it("keeps two insurers' polls by one pollster apart, and one size's reports weeks apart", () => {
    const groups = grouped([
      item(
        "https://nypost.com/2025/03/18/lifestyle/dog-owners-skip-doctor-survey/",
        "Most dog owners skip their own doctor visits to pay vet bills: survey",
        "Mar 18, 2025 — Six in 10 of 2,000 dog owners polled by Talker Research for Furlong Pet Insurance have skipped a checkup ...",
      ),
      item(
        "https://nypost.com/2025/02/27/lifestyle/dog-owners-debt-surgery-poll/",
        "Most dog owners would go into debt for their pet's surgery: poll",
        "Feb 27, 2025 — Nearly seven in 10 dog owners would take on debt, according to a poll of 2,000 dog owners conducted by Talker Research for Tailbrook Pet Insurance ...",
      ),
      item(
        "https://www.news-medical.net/news/20250211/phones-after-lights-out-teens.aspx",
        "Smartphone use after lights out linked to shorter sleep in adolescents",
        "Feb 11, 2025 — A study used actigraphy and sleep diaries in 1,020 adolescents aged 13 to 17 years ...",
      ),
      item(
        "https://www.cnn.com/2025/03/04/health/teens-phones-night-sleep-study-wellness",
        "Teens who check their phones at night sleep less, US study finds | CNN",
        "Mar 4, 2025 — Researchers at Penn State surveyed 1,020 US teenagers aged 13 to 17 ...",
      ),
    ]);
    expect(groups.filter((group) => group.members.length > 1)).toEqual([]);
  });

  it("ties reports of one day naming one university's study and what it found, not its study of another season", () => {
    const groups = grouped([
      item(
        "https://www.cbc.ca/news/canada/edmonton/scooter-injuries-study-1.7203999",
        "Scooter injuries send hundreds to emergency, study says | CBC News",
        "May 14, 2024 — A University of Alberta study found head injuries made up more than a third of scooter injuries seen in Edmonton emergency rooms ...",
      ),
      item(
        "https://globalnews.ca/news/10499888/edmonton-scooter-injury-study/",
        "Edmonton scooter injuries: study finds late-night rides common - Edmonton | Globalnews.ca",
        "May 15, 2024 — Emergency data reviewed by University of Alberta researchers shows about a quarter of injuries happened between 10 p.m. and 4 a.m. ...",
      ),
      item(
        "https://www.ualberta.ca/en/folio/2023/11/e-bike-crashes-study.html",
        "E-bike crashes more likely to involve cars, study finds | Folio",
        "Nov 21, 2023 — University of Alberta researchers found that e-bike riders admitted to trauma units were more often hit by vehicles ...",
      ),
    ]);
    expect(
      groups.filter((group) => group.members.length > 1).map((group) => [group.members, group.why]),
    ).toEqual([[[0, 1], "same-study"]]);
  });

  it("ties reports of one day naming one university's study and what it suggests", () => {
    const groups = grouped([
      item(
        "https://www.washington.edu/news/2026/05/13/lake-washington-mud-seattle-fault-earthquakes/",
        "Lake Washington mud reveals six big Seattle fault quakes in 8,000 years | UW News",
        "May 13, 2026 — University of Washington researchers pulled 14 sediment cores from the bottom of Lake Washington and found layers left by six large earthquakes ...",
      ),
      item(
        "https://www.king5.com/article/news/science/seattle-fault-earthquake-study-lake-washington-sediment/281-3b7f1c52",
        "Study: Major Seattle Fault quakes strike about every 1,300 years | king5.com",
        "May 14, 2026 — SEATTLE — A new study out of the University of Washington suggests a magnitude 7-plus earthquake on the Seattle Fault happens roughly every 1,300 years ...",
      ),
      item(
        "https://www.washington.edu/news/2026/05/20/cascadia-tsunami-grays-harbor-model/",
        "New model shows Cascadia tsunami could push farther up Grays Harbor's rivers | UW News",
        "May 20, 2026 — A University of Washington study suggests a Cascadia tsunami could travel farther up the Chehalis and Wishkah rivers than earlier maps showed ...",
      ),
    ]);
    expect(
      groups.filter((group) => group.members.length > 1).map((group) => [group.members, group.why]),
    ).toEqual([[[0, 1], "same-study"]]);
  });

  it("puts a company's release, its copies and a trade article quoting its study into one origin", () => {
    const release =
      "Florabiotics, Inc. today announced results from a 12-week, randomized, placebo-controlled trial of its FloraCore probiotic in 236 adults with IBS, presented at Digestive Disease Week (DDW) 2024.";
    const title = "Florabiotics' FloraCore Probiotic Reduces IBS Symptoms in Phase II Trial";
    const groups = grouped([
      item(
        "https://www.prnewswire.com/news-releases/florabiotics-floracore-ibs-302142208.html",
        title,
        release,
      ),
      item("https://finance.yahoo.com/news/florabiotics-floracore-ibs-121500412.html", title, release),
      item("https://www.streetinsider.com/PRNewswire/Florabiotics+FloraCore/23158877.html", title, release),
      item(
        "https://www.nutritionaloutlook.com/view/floracore-probiotic-ibs-trial",
        "Probiotic shows IBS benefit in company-sponsored trial",
        "The company-sponsored study randomized 236 adults with IBS to FloraCore or placebo for 12 weeks; 48% of the probiotic group responded.",
      ),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ members: [0, 1, 2, 3], why: "same-study" });
  });

  it("leaves a release, its copy and its rewrite a press-release origin: the study adds no page", () => {
    const snippet =
      "Cerevia Labs today announced that a 12-week clinical study of 48 adults found its Mnemora supplement improved memory scores by 31%.";
    const groups = grouped([
      item(
        "https://www.prnewswire.com/news-releases/mnemora-memory-302311457.html",
        "Mnemora Supplement Improves Memory, Study Finds",
        snippet,
      ),
      item(
        "https://finance.yahoo.com/news/mnemora-memory-131500123.html",
        "Mnemora Supplement Improves Memory, Study Finds",
        snippet,
      ),
    ]);
    expect(groups).toEqual([
      { members: [0, 1], why: "press-release", source: "Mnemora Supplement Improves Memory, Study Finds" },
    ]);
  });

  it.each([
    [
      "two of a study's parties and one point of how it was done",
      [
        item(
          "https://www.businesswire.com/news/home/20250311005210/en/",
          "Berrisol Cranberry Drink Cut Urinary Infections in Clinical Trial",
          "Berrisol Beverages today announced that a placebo-controlled trial of its cranberry drink in 184 women at Tufts University cut infections over six months.",
        ),
        item(
          "https://www.everydayhealth.com/uti/cranberry-drink-trial/",
          "A daily cranberry drink may mean fewer infections",
          "Berrisol Beverages funded the trial at Tufts University, in which women drinking the juice had fewer repeat infections than those on placebo.",
        ),
        item(
          "https://www.example-health.com/vitamin-d-falls-trial/",
          "Vitamin D did not prevent falls in older adults",
          "Tufts University researchers gave 400 older adults vitamin D or a placebo for a year.",
        ),
      ],
    ],
    [
      "two of a study's parties and what it found with no point of how, but not their partnership",
      [
        item(
          "https://www.globenewswire.com/news-release/2026/02/02/1/0/en/Lumora-drink-memory.html",
          "Lumora's Clarity Shot Improves Recall in University of Leeds Study",
          "Lumora Beverages today announced that a randomized, placebo-controlled study of 64 adults at the University of Leeds found Clarity Shot improved word recall after four weeks.",
        ),
        item(
          "https://www.dailymail.co.uk/health/article-1/memory-shot.html",
          "The shot that could sharpen your memory",
          "Scientists at the University of Leeds found people remembered more words after drinking Clarity Shot, in a trial paid for by its maker.",
        ),
        item(
          "https://www.bevnet.example.com/news/lumora-leeds-partnership",
          "Lumora partners with the University of Leeds on Clarity Shot research",
          "Lumora Beverages has signed a research agreement with the University of Leeds to study Clarity Shot and other drinks, the company said.",
        ),
      ],
    ],
  ])("ties a report naming %s, and keeps the third page apart", (_, items) => {
    expect(grouped(items).map(({ members, why }) => ({ members, why }))).toEqual([
      { members: [0, 1], why: "same-study" },
      { members: [2], why: "single" },
    ]);
  });

  it("keeps two brands' polls on one owner's sites apart, and that owner's page naming no study apart from both", () => {
    const groups = grouped([
      item(
        "https://nypost.com/2025/02/18/lifestyle/skip-breakfast-poll/",
        "Americans skip breakfast, poll finds",
        "A survey of 2,000 adults conducted by Talker Research for the oat brand Harvestly found most skip breakfast.",
      ),
      item(
        "https://www.wsj.com/articles/markets-close-higher",
        "Stocks close higher",
        "Stocks rose on Tuesday.",
      ),
      item(
        "https://nypost.com/2025/03/04/lifestyle/work-email-vacation-survey/",
        "Most Americans check work email on vacation, survey says",
        "A poll of 2,000 employed adults commissioned by the travel site Wanderbay found two in three check email.",
      ),
      item(
        "https://www.marketwatch.com/story/vacation-email-survey",
        "Workers can't unplug on vacation",
        "Wanderbay's survey of 2,000 employed Americans found workers check email four times a day while away.",
      ),
    ]);
    expect(groups.map((group) => group.members)).toEqual([[0], [1], [2, 3]]);
  });

  it("ties a page that fits two studies that disagree to neither", () => {
    const groups = grouped([
      item(
        "https://a.example.com/one",
        "Beetroot trial",
        "A Northumbria University trial of 48 adults, placebo-controlled, over 10 weeks.",
      ),
      item(
        "https://b.example.com/two",
        "Beetroot trial",
        "A Northumbria University trial of 64 adults, placebo-controlled, over 10 weeks.",
      ),
      item(
        "https://c.example.com/three",
        "Beetroot trial",
        "Northumbria University researchers ran a placebo-controlled trial over 10 weeks.",
      ),
    ]);
    expect(groups.map((group) => group.members)).toEqual([[0], [1], [2]]);
  });
});

describe("reports of one study come out together", () => {
  const neckPain = item(
    "https://www.leeds.ac.uk/news-health/article/5612/three-minute-movement-breaks-ease-neck-pain",
    "Three-minute movement breaks ease office workers' neck pain | University of Leeds",
    "8 Oct 2024 — Office workers prompted to move for three minutes every half hour reported less neck pain after 12 weeks, a University of Leeds trial of 240 office workers has found.",
  );
  const neckPainReport = item(
    "https://www.theguardian.com/society/2024/oct/08/three-minute-breaks-ease-neck-pain-study",
    "Three-minute breaks ease desk workers' neck pain, study finds | The Guardian",
    "8 Oct 2024 — Getting up for three minutes every 30 minutes cut neck pain by almost a third, according to a University of Leeds trial that followed 240 office workers for 12 weeks.",
  );
  const standingDesks = item(
    "https://www.dailymail.co.uk/health/article-12187459/Standing-desks-cut-back-pain-study.html",
    "Standing desks DO ease back pain, scientists say after 12-week trial | Daily Mail Online",
    "14 Jun 2023 — Researchers at the University of Leeds gave half of 240 office workers a desk that can be raised and lowered; after 12 weeks they reported less lower back pain.",
  );

  it("ties one university's trial told by two pages the same day", () => {
    expect(assignOrigins([neckPain, neckPainReport]).map((o) => [o.members, o.why])).toEqual([
      [[0, 1], "same-study"],
    ]);
  });

  it("keeps apart its trial of the same size and length reported more than a year before", () => {
    expect(assignOrigins([neckPain, neckPainReport, standingDesks]).map((o) => o.members)).toEqual([
      [0, 1],
      [2],
    ]);
  });
});

describe("a survey told by outlets in their own words", () => {
  const pewReport = item(
    "https://www.npr.org/2025/04/10/nx-s1-5361842/teens-loneliness-friendship-survey",
    "Nearly a third of teens say they often feel lonely, a new survey finds : NPR",
    "Apr 10, 2025 — Nearly 3 in 10 American teenagers say they feel lonely most of the time, according to a new Pew Research Center survey.",
  );
  const pewAgain = item(
    "https://www.cnn.com/2025/04/10/health/teens-loneliness-survey-wellness/index.html",
    "Many teens feel lonely even with friends a text away, report says | CNN",
    "Apr 10, 2025 — Teens may be more connected than ever, but almost 3 in 10 say they regularly feel lonely, the Pew Research Center reported Thursday ...",
  );
  const bySample = item(
    "https://thehill.com/policy/technology/5243118-teens-lonely-online-friends-survey/",
    "Almost 30 percent of teens feel lonely often: Survey",
    "Apr 10, 2025 — The survey of 1,391 teens ages 13 to 17 and their parents was conducted online from Sept. 26 to Oct. 23, 2024 ...",
  );
  const bySampleAgain = item(
    "https://www.k12dive.com/news/teen-loneliness-friendships-survey-2025/745112/",
    "Teen loneliness persists as friendships move online | K-12 Dive",
    "Apr 11, 2025 — Among the 1,391 teens surveyed last fall, girls were the most likely to report feeling isolated. The survey was fielded Sept. 26 through Oct. 23 ...",
  );
  const otherPoll = item(
    "https://news.gallup.com/poll/651123/gen-teens-report-loneliness-poor-sleep.aspx",
    "Gen Z Teens Report Loneliness, Poor Sleep | Gallup",
    "Feb 27, 2025 — The Walton Family Foundation-Gallup survey of 1,391 U.S. teens ages 13 to 17, conducted Oct. 2-15, 2024, finds 38% felt lonely ...",
  );

  it("is one study where outlets of one day name its pollster and a share of people saying something", () => {
    expect(assignOrigins([pewReport, pewAgain]).map((o) => [o.members, o.why])).toEqual([
      [[0, 1], "same-study"],
    ]);
  });

  it("is one study where outlets of one day give only its uncommon sample, not another's poll of that size weeks before", () => {
    expect(assignOrigins([otherPoll, bySample, bySampleAgain]).map((o) => o.members)).toEqual([[0], [1, 2]]);
  });

  it("reads an abstract's funding line as its sponsor", () => {
    const parts = partsOf(
      "Objectives: To test whether a tart cherry extract increases sleep in a 12-week randomized trial ... Funding Sources: Redwell Orchards, Inc.",
    );
    expect(names(parts?.sponsors)).toEqual(["Redwell Orchards"]);
  });
});
