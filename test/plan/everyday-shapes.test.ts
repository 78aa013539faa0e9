import { describe, expect, it } from "vitest";
import { plan } from "../../src/plan/plan.js";

const NOW = new Date("2026-11-30T12:00:00Z");

/** What a reader checks of a plan: the claim under test, what the counter-query looks for, language and bypass. */
function planned(question: string) {
  const p = plan(question, { now: NOW });
  return {
    claim: p.bypass ? null : p.claim,
    counterIntent: p.counterIntent,
    language: p.language,
    bypass: p.bypass,
  };
}

describe("everyday English shapes", () => {
  it.each([
    // Two plurals compared agree with "are"; a name in -s does not make a plural.
    ["cats vs dogs", "Cats are better than dogs", "reverse"],
    ["apples vs oranges for kids", "Apples are better than oranges for kids", "reverse"],
    ["postgres vs mysql", "Postgres is better than mysql", "reverse"],
    ["windows vs macos", "Windows is better than macos", "reverse"],
    // An open ranking keeps its superlative and its purpose.
    ["what's the safest car for teenagers", "There is a clear safest car for teenagers", "alternatives"],
    [
      "which is the cheapest airline in europe",
      "There is a clear cheapest airline in europe",
      "alternatives",
    ],
    ["what are the safest cars for families", "There are clear safest cars for families", "alternatives"],
    // "is it worth it to do X" is about the doing; when it is asked stays last.
    ["is it worth it to buy a used tesla", "Buying a used tesla is worth it", "risks"],
    ["is it worth it to learn latin in 2027", "Learning latin is worth it in 2027", "risks"],
    ["was it worth it to go to college", "Going to college was worth it", "risks"],
    // "not as bad as" keeps its negation and says the thing is not bad.
    ["is sugar not as bad as people say", "Sugar is not as bad as people say", "risks"],
    ["are eggs not as healthy as we thought", "Eggs are not as healthy as we thought", "benefits"],
    // A misspelt opener is read as meant.
    ["shoud i take creatine", "I should take creatine", "risks"],
    // "is it safer to A or B" compares the two doings.
    ["is it safer to fly or drive", "Flying is safer than driving", "reverse"],
    ["is it cheaper to cook at home or eat out", "Cooking at home is cheaper than eating out", "reverse"],
    // "… or not" asks the same question.
    ["is coffee good for you or not", "Coffee is good for you", "risks"],
    ["do vaccines cause autism or not", "Vaccines cause autism", "refute"],
    // A legal status is a fact to refute; "should <someone> <do>" keeps the modal.
    ["is it illegal to drive barefoot", "It is illegal to drive barefoot", "refute"],
    ["should my kid play football", "My kid should play football", "risks"],
  ])("%s → %s (%s)", (question, claim, counterIntent) => {
    expect(planned(question)).toEqual({ claim, counterIntent, language: "en", bypass: false });
  });

  it.each([
    "hw many ounces in a cup",
    "waht is 20% of 50",
    "gas prices near me",
    "how many days until christmas",
  ])("a look-up bypasses, misspelt or local: %s", (question) => {
    expect(planned(question)).toEqual({ claim: null, counterIntent: null, language: "en", bypass: true });
  });

  it("names when it is asked once on the counter-query", () => {
    expect(plan("will bitcoin hit 200k in 2027", { now: NOW }).counterQuery).toBe(
      "evidence against bitcoin hitting 200k in 2027",
    );
  });

  it("looks up when an event starts", () => {
    expect(planned("what time is the super bowl")).toEqual({
      claim: null,
      counterIntent: null,
      language: "en",
      bypass: true,
    });
  });

  it("searches the question as typed, misspelling and all", () => {
    expect(plan("shoud i take creatine", { now: NOW }).neutralQuery).toBe("shoud i take creatine");
  });
});

describe("messages that explain before they ask", () => {
  // The context names who claims what; the claim is what is asked, and stays clear of the context.
  it.each([
    ["My sister says coffee stunts growth. Is that true?", "Coffee stunts growth", "refute", "en"],
    [
      "my dentist wants me to use charcoal toothpaste, is it true that charcoal damages enamel?",
      "Charcoal damages enamel",
      "refute",
      "en",
    ],
    [
      "I've been running for a year and a coach told me stretching prevents injuries. Does stretching actually help prevent injuries?",
      "Stretching helps prevent injuries",
      "refute",
      "en",
    ],
    [
      "Dr. Patel says red wine is good for the heart. Is it true?",
      "Red wine is good for the heart",
      "risks",
      "en",
    ],
    [
      "my mom says cold weather gives you a cold, is that true?",
      "Cold weather gives you a cold",
      "refute",
      "en",
    ],
    ["Is coffee bad for you? My friend drinks five cups a day.", "Coffee is bad for you", "benefits", "en"],
    ["coffee helps you sleep. does it?", "Coffee helps you sleep", "refute", "en"],
    [
      "Mein Arzt sagt, dass Kaffee den Blutdruck erhöht. Stimmt das?",
      "Kaffee erhöht den Blutdruck",
      "refute",
      "de",
    ],
    [
      "Meine Schwester meint, Zucker macht Kinder hyperaktiv. Ist das wahr?",
      "Zucker macht Kinder hyperaktiv",
      "refute",
      "de",
    ],
    ["On m'a dit que le café déshydrate. Est-ce vrai ?", "Le café déshydrate", "refute", "fr"],
    [
      "Mon médecin dit que le sel est mauvais pour le cœur. C'est vrai ?",
      "Le sel est mauvais pour le cœur",
      "benefits",
      "fr",
    ],
    [
      "Mi médico dice que el café es malo para el corazón. ¿Es verdad?",
      "El café es malo para el corazón",
      "benefits",
      "es",
    ],
    [
      "Me dijeron que el azúcar causa hiperactividad. ¿Es cierto?",
      "El azúcar causa hiperactividad",
      "refute",
      "es",
    ],
  ])("%s → %s", (message, claim, counterIntent, language) => {
    expect(planned(message)).toEqual({ claim, counterIntent, language, bypass: false });
  });

  it("keeps who said it as a note, out of the queries", () => {
    const p = plan("My sister says coffee stunts growth. Is that true?", { now: NOW });
    expect(p.warnings).toContain(
      'The message reports a claim ("My sister says …"); the searches test the claim itself',
    );
    expect(p.calls.map((call) => call.query).join(" ")).not.toMatch(/sister/i);
  });
});

describe("short English shapes", () => {
  it.each([
    // A subject and a judgement without a verb.
    ["ibuprofen harmful?", "Ibuprofen is harmful", "benefits"],
    ["grapes safe for dogs?", "Grapes are safe for dogs", "risks"],
    ["vision pro worth it", "Vision pro is worth it", "risks"],
    ["coffee good for you", "Coffee is good for you", "risks"],
    // A comparison asked with a verb: the first named is the claim's subject.
    [
      "which uses more power, a kettle or a microwave",
      "A kettle uses more power than a microwave",
      "reverse",
    ],
    [
      "what lasts longer, lithium or alkaline batteries",
      "Lithium lasts longer than alkaline batteries",
      "reverse",
    ],
    // What is compared may go on after its comparative; the comma ends it.
    ["which costs less to insure, a sedan or an suv", "A sedan costs less to insure than an suv", "reverse"],
    // "does X do anything": whether it works.
    ["does magnesium do anything", "Magnesium works", "refute"],
    ["does vitamin c really do anything for colds", "Vitamin c works for colds", "refute"],
    // Idioms of judgement: the counter-query seeks the other side.
    ["is protein powder hard on your kidneys", "Protein powder is hard on your kidneys", "benefits"],
    ["are bananas easy on the stomach", "Bananas are easy on the stomach", "risks"],
    ["is social media bad news for teens", "Social media is bad news for teens", "benefits"],
    // "is it true that" before a statement asks the statement; so does a question mark or a tag.
    ["is it true that coffee is bad for you?", "Coffee is bad for you", "benefits"],
    ["is it true that vaccines are safe", "Vaccines are safe", "risks"],
    ["vaccines are safe, correct?", "Vaccines are safe", "risks"],
    ["coffee is bad for you, isn't it?", "Coffee is bad for you", "benefits"],
    // An 's before a judgement is "is"; before a noun it is a possessive and stays.
    ["coffee's bad for you, right?", "Coffee is bad for you", "benefits"],
    ["my doctor says coffee’s bad for my heart. is that true?", "Coffee is bad for my heart", "benefits"],
    ["Is coffee's caffeine bad for sleep?", "Coffee's caffeine is bad for sleep", "benefits"],
    // "thoughts?" refers back like "is that true?"; a comparison may come without its verb.
    [
      "coworker told me standing desks are a waste of money. thoughts?",
      "Standing desks are a waste of money",
      "benefits",
    ],
    ["air fryers healthier than deep fryers?", "Air fryers are healthier than deep fryers", "reverse"],
    // More ways to report a claim and to ask about it; a comparison with what it is for.
    [
      "saw a tiktok saying cracking your back is bad for you. true?",
      "Cracking your back is bad for you",
      "benefits",
    ],
    [
      "i keep hearing that red wine is good for your heart. is it?",
      "Red wine is good for your heart",
      "risks",
    ],
    [
      "my sister thinks crystals can heal anxiety. is there any science behind that?",
      "Crystals can heal anxiety",
      "refute",
    ],
    [
      "which is cheaper to run, a dishwasher or washing by hand",
      "A dishwasher is cheaper to run than washing by hand",
      "reverse",
    ],
    [
      "my aunt read that almond milk is bad for the planet. is she right?",
      "Almond milk is bad for the planet",
      "benefits",
    ],
    ["someone on reddit said microwaves cause cancer lol. true?", "Microwaves cause cancer", "refute"],
    // A judgement word inside the subject ("nuclear waste") is not the judgement.
    ["isn't nuclear waste a huge problem?", "Nuclear waste is a huge problem", "benefits"],
    // "really" or "actually" sits between a subject and its verb, a verb the lists know or not.
    ["do cats really hate water", "Cats hate water", "refute"],
    [
      "my landlord says space heaters use more electricity than central heating. is that true?",
      "Space heaters use more electricity than central heating",
      "reverse",
    ],
    // A negative question with its contraction unspelt is not a fragment.
    [
      "isnt homeschooling bad for kids social skills",
      "Homeschooling is bad for kids social skills",
      "benefits",
    ],
  ])("%s → %s", (question, claim, counterIntent) => {
    expect(planned(question)).toEqual({ claim, counterIntent, language: "en", bypass: false });
  });
});

describe("a verb comparison whose first side is also a verb", () => {
  it("keeps the determiner with its noun, and the counter-query's verb agrees with the side that leads", () => {
    for (const question of [
      "which uses more power, a microwave or a kettle",
      "Does the microwave use more power than a kettle?",
    ]) {
      const p = plan(question, { now: NOW });
      expect(p.claim).toMatch(/^(?:A|The) microwave uses more power than a kettle$/);
      expect(p.counterIntent).toBe("reverse");
      expect(p.calls.find((call) => call.role === "counter")?.query).toBe(
        "kettle uses more power than microwave",
      );
    }
    const past = plan("Did the Romans build more roads than the Greeks?", { now: NOW });
    expect(past.calls.find((call) => call.role === "counter")?.query).toBe(
      "Greeks built more roads than Romans",
    );
    const plural = plan("Do cats live longer than dogs?", { now: NOW });
    expect(plural.calls.find((call) => call.role === "counter")?.query).toBe("dogs live longer than cats");
  });
});

describe("a time range the caller chooses", () => {
  it("replaces the one the question's wording would give, on every call", () => {
    const chosen = plan("Is coffee bad for you?", { now: NOW, timeRange: "week" });
    expect(chosen.timeRange).toBe("week");
    expect(chosen.calls.every((call) => call.timeRange === "week")).toBe(true);
    expect(plan("Is coffee bad for you?", { now: NOW }).timeRange).toBe("year");
  });
});
