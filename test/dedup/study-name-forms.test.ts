import { describe, expect, it } from "vitest";
import { assignOrigins, type OriginItem } from "../../src/dedup/origins.js";
import { sameByShortName } from "../../src/dedup/short-names.js";
import { studyMention } from "../../src/dedup/study-citations.js";
import { originItem } from "../helpers/origin-item.js";

const item = originItem;

const members = (items: readonly OriginItem[]) => assignOrigins(items).map((group) => group.members);
const partsOf = (snippet: string) => studyMention({ title: "A page about a study", snippet })?.parts;

describe("sameByShortName: one university under its full name and a short one", () => {
  it.each([
    ["LSU", "Louisiana State University"],
    ["LSU", "Louisiana State"],
    ["UMass Amherst", "University of Massachusetts Amherst"],
    ["UCC", "University College Cork"],
    ["Penn State", "Pennsylvania State University"],
    ["MIT", "Massachusetts Institute of Technology"],
    ["UCLA", "University of California, Los Angeles"],
    ["UNC-Chapel Hill", "University of North Carolina at Chapel Hill"],
    ["U-M", "University of Michigan"],
    ["Ole Miss", "University of Mississippi"],
    ["Mizzou", "University of Missouri"],
  ])("%s is %s", (short, full) => {
    expect(sameByShortName(short, full)).toBe(true);
    expect(sameByShortName(full, short)).toBe(true);
  });

  it.each([
    ["Penn", "Pennsylvania State University", "a start that leaves a word of the name unsaid"],
    ["Cal", "University of California", "a start too short to tell one word"],
    ["USC", "University of Sydney", "initials with one too many"],
    ["UCC", "University College Dublin", "initials of another name"],
    ["Stanford", "Stanford University", "the same name, not a short one (compared word by word elsewhere)"],
    ["Aaaaaaaaaaaaaaaaaaaaaaaa", "Aaaa Aaaa Aaaa Aaaa Aaaa Aaaa University", "a long word split into starts"],
  ])("%s is not %s: %s", (short, full) => {
    expect(sameByShortName(short, full)).toBe(false);
  });
});

describe("study parts given in other forms", () => {
  it("reads a sample given as a bound as the sizes it may be, not as a size", () => {
    const parts = partsOf(
      "A new Pew Research Center survey of more than 1,400 teens found most use phones at night.",
    );
    expect(parts?.sizes).toEqual([]);
    expect(parts?.bounds).toEqual([{ low: 1400, high: 1750 }]);
  });

  it("reads a sample named by what its people did: 'Thirty-two poor sleepers took'", () => {
    expect(
      partsOf("Thirty-two poor sleepers took magnesium nightly in an open-label pilot study.")?.sizes,
    ).toEqual([32]);
    expect(
      partsOf("Three doses took effect within an hour in the open-label pilot study.")?.sizes ?? [],
    ).toEqual([]);
  });

  it("reads a fortnight and a decade as durations", () => {
    expect(
      partsOf("After a fortnight of tart cherry juice, Louisiana State scientists found longer sleep.")?.days,
    ).toEqual([14]);
    expect(partsOf("Researchers from UMass Amherst followed 2,110 adults for a decade.")?.days).toEqual([
      3653,
    ]);
  });

  it("reads nights as a duration, and a sample never across a sentence's end", () => {
    expect(
      partsOf(
        "University of Auckland researchers gave 148 children honey syrup or a placebo for three nights.",
      )?.days,
    ).toEqual([3]);
    const parts = studyMention({
      title: "Magnesium for Sleep: Better Rest in Six Weeks",
      snippet: "Thirty-two poor sleepers took magnesium nightly in an open-label pilot study.",
    })?.parts;
    expect(parts?.sizes).toEqual([32]);
  });

  it("reads a meeting named as the annual meeting of its societies, and no people's name as a party", () => {
    const parts = partsOf(
      "Kiwi researchers presented the findings at the annual meeting of the Associated Professional Sleep Societies: 3,846 older adults took part.",
    );
    expect(parts?.venues.map((venue) => venue.name)).toContain("Associated Professional Sleep Societies");
    expect(parts?.institutions ?? []).toEqual([]);
  });

  it("reads researchers named at a sentence's start, and a society's meeting with a name of its own", () => {
    const parts = partsOf(
      "Researchers from UMass Amherst followed 2,110 adults. Presented at the American Heart Association's EPI|Lifestyle Scientific Sessions.",
    );
    expect(parts?.institutions.map((party) => party.name)).toEqual(["UMass Amherst"]);
    expect(parts?.venues.map((venue) => venue.words)).toEqual([["heart", "epi", "lifestyle"]]);
  });
});

describe("study parts in the words reporters use", () => {
  it("reads 'a hundred and twenty-four adults' as 124, not 24", () => {
    expect(partsOf("Mizzou researchers gave a hundred and twenty-four adults bean pasta.")?.sizes).toEqual([
      124,
    ]);
  });

  it.each([
    ["Brightpath Learning's survey of 2,000 K-12 parents found most help with homework.", 2000],
    ["A new poll of 2,000 moms and dads commissioned by the app Brightpath found most help.", 2000],
  ])("reads the sample of %j as %d, not a number inside a name", (snippet, size) => {
    expect(partsOf(snippet)?.sizes).toEqual([size]);
  });

  it("reads 'close to' before a sample as a bound and before a duration as a length a little under it", () => {
    const parts = partsOf(
      "University of Washington researchers tracked close to 3,900 older adults for close to a decade.",
    );
    expect(parts?.bounds).toEqual([{ low: 3120, high: 3900 }]);
    expect(parts?.days).toEqual([3287]);
  });

  it("reads a length given as a bound as the middle of what it may be", () => {
    const days = (snippet: string) => partsOf(`UC Irvine researchers tracked 40 people ${snippet}.`)?.days;
    expect(days("for nearly two weeks")).toEqual([13]);
    expect(days("for more than six months")).toEqual([201]);
    expect(days("for about six months")).toEqual([183]);
  });

  it("reads 'half a year' as a duration", () => {
    expect(partsOf("Ochsner researchers followed 412 patients for half a year.")?.days).toEqual([183]);
  });

  it.each([
    ["Ochsner Health cardiologists randomized 412 patients to a patch or usual care.", "Ochsner Health"],
    ["Academics at Bath asked 312 adults to turn their phones grey.", "Bath"],
    ["The Bath team randomly assigned 312 adult smartphone users.", "Bath"],
  ])("reads the institution of its researchers in %j", (snippet, institution) => {
    expect(partsOf(snippet)?.institutions.map((party) => party.name)).toEqual([institution]);
  });

  it("reads the institution a study was done at, and its wearers as a sample", () => {
    const parts = partsOf(
      "Harvest Lane says its drink cut LDL by 9% in a trial at Penn State of 1,850 Corvia wearers.",
    );
    expect(parts?.institutions.map((party) => party.name)).toEqual(["Penn State"]);
    expect(parts?.sizes).toEqual([1850]);
  });

  it("reads a reviewer's own use of the product as no duration of the study", () => {
    const parts = partsOf(
      "Harvest Lane says its drink cut LDL in a 12-week trial at Penn State. I drank it for a month. We slept on it for three weeks.",
    );
    expect(parts?.days).toEqual([84]);
  });

  it("reads a page naming only its study's conference and design, and 'accounts' as a sample", () => {
    const parts = studyMention({
      title: "Portable HEPA filtration reduced asthma exacerbations in children near freeways",
      snippet:
        "Children randomly assigned to a true HEPA purifier had fewer asthma exacerbations over 12 months than those assigned a sham filter, researchers reported at the ATS International Conference.",
    })?.parts;
    expect(parts?.venues.map((venue) => venue.name)).toEqual(["ATS International Conference"]);
    expect(parts?.designs).toEqual(["randomized", "placebo"]);
    expect(partsOf("Feldstein's experiment watched 3,112 accounts for twelve months.")?.sizes).toEqual([
      3112,
    ]);
  });

  it("reads 'New York researchers' as a place, not an institution named York", () => {
    expect(
      partsOf("New York researchers followed 412 adults for six months in a randomized trial.")
        ?.institutions ?? [],
    ).toEqual([]);
    expect(
      partsOf("University of York researchers followed 412 adults for six months.")?.institutions.map(
        (p) => p.name,
      ),
    ).toEqual(["University of York"]);
  });

  it("reads a 'Swedish-made' app as no product", () => {
    expect(
      partsOf(
        "Around 1,200 people took part in the study at the Karolinska, which tested a Swedish-made app.",
      )?.products ?? [],
    ).toEqual([]);
  });

  it("reads a headline's 'Ochsner study:' as the study's party, and no place's adjective", () => {
    const party = (title: string) =>
      studyMention({ title, snippet: "412 patients wore the patch for six months." })?.parts?.others.map(
        (p) => p.name,
      );
    expect(party("Ochsner study: heart patch kept patients out of the hospital")).toEqual(["Ochsner"]);
    expect(party("Danish study: heart patch kept patients out of the hospital") ?? []).toEqual([]);
  });
});

describe("origins of reports that name one study in other forms", () => {
  const trial = [
    item(
      "https://www.unc.edu/posts/2026/09/15/high-fiber-pasta-prediabetes-trial/",
      "Swapping in high-fiber pasta lowered blood sugar in adults with prediabetes",
      "In a 12-week randomized controlled trial, researchers at the University of North Carolina at Chapel Hill found that 96 adults with prediabetes lowered their HbA1c.",
    ),
    item(
      "https://www.diabetesdaily.com/blog/high-fiber-pasta-prediabetes-trial-2026/",
      "High-fiber pasta and prediabetes: what the new trial shows",
      "UNC-Chapel Hill researchers ran a 12-week randomized trial of 96 adults: eating Granovo high-fiber pasta lowered HbA1c.",
    ),
  ];
  const report = (snippet: string) =>
    item(
      "https://www.eatthis.com/high-fiber-pasta-blood-sugar-study/",
      "The Simple Pasta Swap That Lowered Blood Sugar",
      snippet,
    );

  it("ties a report naming one party and one telling point (its duration) to that party's study", () => {
    expect(
      members([
        ...trial,
        report(
          "Researchers from the University of North Carolina found that people who switched to a high-fiber pasta for 12 weeks saw a drop in blood sugar.",
        ),
      ]),
    ).toEqual([[0, 1, 2]]);
  });

  it("does not tie one party and a design feature alone, nor one party and a point two of its studies fit", () => {
    expect(
      members([
        ...trial,
        report(
          "A randomized trial at the University of North Carolina found a high-fiber pasta lowered blood sugar.",
        ),
      ]),
    ).toEqual([[0, 1], [2]]);
    const otherTrial = item(
      "https://www.unc.edu/posts/2026/03/02/oat-bran-cholesterol-trial/",
      "Oat bran lowered cholesterol in a 12-week trial",
      "Researchers at the University of North Carolina at Chapel Hill gave 210 adults oat bran for 12 weeks in a randomized trial.",
    );
    expect(
      members([
        ...trial,
        otherTrial,
        report(
          "Researchers from the University of North Carolina found that people who switched for 12 weeks saw a drop in blood sugar.",
        ),
      ]),
    ).toEqual([[0, 1], [2], [3]]);
  });

  it("ties a report naming the university by its initials to those naming it in full, not its other study", () => {
    expect(
      members([
        item(
          "https://news.example.edu/2026/kiwi-gut-trial",
          "Kiwifruit powder eased constipation in a crossover trial",
          "Researchers at Louisiana State University gave 58 adults kiwifruit powder or a placebo for four weeks in a crossover trial.",
        ),
        item(
          "https://www.tabloid.example.com/health/kiwi-powder",
          "Fruit powder that ends constipation misery",
          "LSU scientists found 58 adults who took the powder for four weeks went more often.",
        ),
        item(
          "https://news.example.edu/2025/kiwi-runners",
          "Kiwifruit and runners' recovery",
          "LSU researchers gave 27 runners kiwifruit powder or a placebo for five days.",
        ),
      ]),
    ).toEqual([[0, 1], [2]]);
  });

  it("counts one university named two ways on one page as one party, so a bound and a length tie a report to its study", () => {
    expect(
      members([
        item(
          "https://news.umich.edu/round-up-savings-default",
          "Round-up savings default nudged young adults to save more",
          "Young adults whose savings app rounded up purchases by default saved more over a year, in a randomized experiment with 3,112 users by University of Michigan researchers.",
        ),
        item(
          "https://news.umich.edu/buy-now-pay-later-overdraw",
          "Buy now, pay later users more likely to overdraw, U-M study finds",
          "Adults who used buy-now-pay-later plans were 40% more likely to overdraw, in a University of Michigan survey of 2,840 young adults.",
        ),
        item(
          "https://www.wxyz.com/news/university-of-michigan-study-savings-app",
          "University of Michigan study: savings app helps young adults build emergency funds",
          "U-M researchers followed about 3,100 app users ages 18 to 30 for a year and found a default setting made a big difference.",
        ),
      ]),
    ).toEqual([[0, 2], [1]]);
  });

  it("reads a round thousand as a report's rounding of the sample, and a company that surveyed as its party", () => {
    const release = item(
      "https://www.businesswire.com/news/home/20250204005112/en/Crewline-Survey",
      "Crewline Survey: 61% of U.S. Workers Check Work Messages While on Vacation",
      "Crewline today released its Always-On Report, based on a survey conducted by The Harris Poll among 2,047 employed U.S. adults.",
    );
    const tabloid = item(
      "https://nypost.com/2025/02/07/lifestyle/work-messages-vacation-poll/",
      "Americans can't stop checking work messages on vacation: poll",
      "Sixty-one percent of 2,000 working Americans admit they check work messages on vacation, according to new research by Crewline.",
    );
    const local = item(
      "https://www.kvue.com/article/news/local/austin-company-survey",
      "Austin company's survey: most workers check messages on vacation",
      "Austin-based Crewline surveyed more than 2,000 workers nationwide and found most of them check in.",
    );
    const other = item(
      "https://www.example.com/crewline-2023-survey",
      "Crewline's 2023 survey on meetings",
      "A Crewline survey of 2,600 employed adults found most meetings could be an email.",
    );
    expect(members([release, tabloid, local, other])).toEqual([[0, 1, 2], [3]]);
    expect(
      partsOf("Austin-based Crewline surveyed more than 2,000 workers nationwide.")?.sponsors.map(
        (p) => p.name,
      ),
    ).toEqual(["Crewline"]);
  });

  it("ties a report naming the university by its nickname to those naming it in full", () => {
    expect(
      members([
        item(
          "https://www.health.com/chickpea-pasta-blood-sugar-study",
          "Can Bean Pasta Lower Blood Sugar? A New Study Says It Might Help",
          "In the 12-week randomized trial, conducted at the University of Missouri and funded by Ardenvale Foods, participants who ate the pasta lowered their fasting glucose.",
        ),
        item(
          "https://nypost.com/2027/06/03/health/swapping-this-pasta-study/",
          "Swapping your spaghetti for this pasta could lower blood sugar: study",
          "Mizzou researchers gave a hundred and twenty-four adults with prediabetes a chickpea pasta or wheat noodles for three months.",
        ),
      ]),
    ).toEqual([[0, 1]]);
  });

  it("ties a report giving the sample as a bound to those giving it, not the same centre's larger survey", () => {
    expect(
      members([
        item(
          "https://www.pewresearch.example.org/2026/teens-phones",
          "Teens, smartphones and sleep",
          "A Pew Research Center survey of 1,453 U.S. teens finds 46% use their phone in bed after midnight.",
        ),
        item(
          "https://www.parents.example.com/teens-phones",
          "Half of teens are on their phones after midnight",
          "A new Pew Research Center survey of more than 1,400 teens found nearly half are online after midnight.",
        ),
        item(
          "https://www.pewresearch.example.org/2025/adults-screen-time",
          "Americans' views of their screen time",
          "A Pew Research Center survey of 5,123 U.S. adults finds 38% spend too much time on their phones.",
        ),
      ]),
    ).toEqual([[0, 1], [2]]);
  });

  it("ties a page naming no party by its sample, duration and two design features, not a page sharing only the sample", () => {
    expect(
      members([
        item(
          "https://www.globenewswire.example.com/2026/restwell-pilot",
          "Restwell Labs announces pilot study results for SleepMag",
          "Restwell Labs today announced that an open-label pilot study of SleepMag in 32 adults with poor sleep, conducted at Pennsylvania State University, found better sleep after six weeks.",
        ),
        item(
          "https://www.magazine.example.com/magnesium-sleep",
          "Magnesium for sleep: new study finds better rest",
          "Thirty-two poor sleepers took a magnesium supplement nightly in an open-label pilot study and slept better after six weeks.",
        ),
        item(
          "https://www.blog.example.com/magnesium-placebo",
          "Magnesium and sleep quality",
          "In a placebo-controlled trial, 32 adults took magnesium for eight weeks.",
        ),
      ]),
    ).toEqual([[0, 1], [2]]);
  });

  it("ties a poll's own page, its report with the figure and a local report giving it as 'about'", () => {
    expect(
      members([
        item(
          "https://maristpoll.example.edu/polls/ai-at-work-2027/",
          "Americans and Artificial Intelligence at Work, February 2027",
          "61% of U.S. adults are concerned that artificial intelligence will reduce jobs in their field, according to this Marist Poll of 1,247 adults.",
        ),
        item(
          "https://www.usatoday.example.com/story/money/2027/02/09/ai-job-worries-poll/",
          "Most workers fear AI will shrink their field",
          "The survey, conducted Feb. 3-6 by the Marist Institute for Public Opinion, reached 1,247 adults nationwide.",
        ),
        item(
          "https://www.poughkeepsiejournal.example.com/story/news/2027/02/10/ai-jobs/",
          "Marist poll: AI job fears run high. Hudson Valley workers weigh in",
          "The college's pollsters asked about 1,200 adults across the country whether they expect AI to change their work.",
        ),
        item(
          "https://maristpoll.example.edu/polls/housing-costs-2027/",
          "Housing Costs and the American Dream, February 2027",
          "Nearly seven in ten Americans say owning a home is out of reach, according to this Marist Poll of 1,392 adults.",
        ),
      ]),
    ).toEqual([[0, 1, 2], [3]]);
  });

  it("ties a report naming a brand, its meeting and its sample to that brand's trial, not a rival's of that size there", () => {
    expect(
      members([
        item(
          "https://www.health.example.com/bean-pasta-blood-sugar-study",
          "Can bean pasta lower blood sugar? A new study says it might help",
          "In a randomized trial presented at NUTRITION 2027, University of Missouri researchers funded by Ardenvale Foods found that eating Pulsara pasta for 12 weeks lowered HbA1c.",
        ),
        item(
          "https://www.fooddive.example.com/news/ardenvale-pulsara-pasta-trial/",
          "Ardenvale's Pulsara pasta trial shows blood sugar benefit",
          "Results from 124 adults with prediabetes, presented at the American Society for Nutrition's annual meeting, showed lower HbA1c.",
        ),
        item(
          "https://www.foodnavigator.example.com/Article/2027/06/02/corvo-lentil-pasta",
          "Corvo Kitchen red lentil pasta cuts post-meal glucose in crossover RCT",
          "The randomized crossover trial of 124 adults at Auburn University, presented at NUTRITION 2027, ran for four weeks.",
        ),
      ]),
    ).toEqual([[0, 1], [2]]);
  });

  it("keeps a recipe on a sister site apart from that owner's report of a study", () => {
    const groups = assignOrigins([
      item(
        "https://www.verywellhealth.com/tart-cherry-juice-sleep-study",
        "Does tart cherry juice help you sleep? What a new study found",
        "In a crossover study presented at the American Society for Nutrition's annual meeting, 58 older adults who drank tart cherry juice for two weeks slept longer than on a placebo.",
      ),
      item(
        "https://www.allrecipes.com/recipe/tart-cherry-mocktail/",
        "Tart cherry sleepy mocktail",
        "This bedtime mocktail mixes tart cherry juice, magnesium powder and sparkling water.",
      ),
    ]);
    expect(groups.map((group) => group.why)).toEqual(["single", "single"]);
  });
});
