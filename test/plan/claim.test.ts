import { describe, expect, it } from "vitest";
import { formClaim } from "../../src/plan/claim.js";
import { classify } from "../../src/plan/classify.js";

function claimOf(question: string): string {
  return formClaim(question, classify(question));
}

describe("the claim states the question affirmatively", () => {
  it.each([
    // evaluative: "Is X safe?" → "X is safe"
    ["Is nuclear power safe?", "Nuclear power is safe"],
    ["is coffee good for you", "Coffee is good for you"],
    ["are vaccines safe for children?", "Vaccines are safe for children"],
    ["is a Tesla worth it", "A Tesla is worth it"],
    ["is Bun production ready", "Bun is production ready"],
    ["is Bitcoin a good investment", "Bitcoin is a good investment"],
    ["was the Iraq war a mistake", "The Iraq war was a mistake"],
    ["were the lockdowns worth it", "The lockdowns were worth it"],
    ["is it safe to eat raw eggs", "It is safe to eat raw eggs"],
    ["is 5 km a day too much", "5 km a day is too much"],
    // "good or bad" tests the first alternative
    ["is coffee good or bad", "Coffee is good"],
    ["is coffee good or bad for you", "Coffee is good for you"],
    ["are eggs healthy or not", "Eggs are healthy"],
    // claim: "Does X cause Y?" → "X causes Y"; "Do X cause Y" → "X cause Y"
    ["Does coffee cause cancer?", "Coffee causes cancer"],
    ["does exercise improve memory", "Exercise improves memory"],
    ["does fluoride prevent cavities", "Fluoride prevents cavities"],
    ["does screen time harm children", "Screen time harms children"],
    ["does sugar increase hyperactivity in children", "Sugar increases hyperactivity in children"],
    ["Do vaccines cause autism", "Vaccines cause autism"],
    ["do video games lead to violence", "Video games lead to violence"],
    ["can stretching reduce injury risk", "Stretching can reduce injury risk"],
    ["could 5G cause headaches", "5G could cause headaches"],
    ["is it true that vitamin C prevents colds", "Vitamin C prevents colds"],
    ["is coffee linked to cancer", "Coffee is linked to cancer"],
    [
      "are ultra-processed foods associated with depression",
      "Ultra-processed foods are associated with depression",
    ],
    ["is there a link between coffee and cancer", "Coffee is linked with cancer"],
    // comparative: "X vs Y" → "X is better than Y" (keeping the purpose and any stated dimension)
    ["React vs Vue", "React is better than Vue"],
    ["Postgres versus MySQL for analytics", "Postgres is better than MySQL for analytics"],
    ["compare Rust and Go", "Rust is better than Go"],
    ["Python compared to Julia for data science", "Python is better than Julia for data science"],
    ["which is better, vim or emacs", "Vim is better than emacs"],
    ["React vs Vue for a dashboard, which is better?", "React is better than Vue for a dashboard"],
    ["Is Rust better than Go?", "Rust is better than Go"],
    ["are cats better than dogs", "Cats are better than dogs"],
    ["is nuclear safer than solar", "Nuclear is safer than solar"],
    ["is Rust or Go faster", "Rust is faster than Go"],
    ["iPhone or Android?", "iPhone is better than Android"],
    // tool
    ["should I use Kubernetes", "Kubernetes is a good choice"],
    ["should I use Postgres for analytics", "Postgres is a good choice for analytics"],
    ["should I use Redux in 2025", "Redux is a good choice in 2025"],
    // policy
    ["impact of remote work on productivity", "Remote work has a significant impact on productivity"],
    ["what are the effects of caffeine", "Caffeine has significant effects"],
    // trend
    ["is Rust growing", "Rust is growing"],
    ["are EVs gaining popularity", "EVs are gaining popularity"],
    ["Rust adoption", "Rust adoption is growing"],
    ["the growth of remote work", "Remote work is growing"],
    // procedural
    ["how to learn Rust", "There is a recommended way to learn Rust"],
    // superlative
    ["Postgres is the best database", "Postgres is the best database"],
    ["the best programming language is Python", "Python is the best programming language"],
    ["which is the best VPN", "There is a clear best VPN"],
    // fallback: a plain yes/no question becomes its statement
    ["Is the earth flat?", "The earth is flat"],
    ["Is Pluto a planet?", "Pluto is a planet"],
    ["Is a hot dog a sandwich?", "A hot dog is a sandwich"],
    ["Was the moon landing faked?", "The moon landing was faked"],
    ["Is the Great Wall of China visible from space?", "The Great Wall of China is visible from space"],
    ["Is the Bank of England independent?", "The Bank of England is independent"],
    ["Are we alone in the universe?", "We are alone in the universe"],
    // fallback: tested as asked
    ["why do cats purr?", "Why do cats purr"],
    ["Rust", "Rust"],
    ["is it over?", "Is it over"],
  ])("%s → %s", (question, claim) => {
    expect(claimOf(question)).toBe(claim);
  });

  it.each(["is nuclear power safe", "does coffee cause cancer", "React vs Vue", "how to learn Rust"])(
    "is one sentence with no question mark: %s",
    (question) => {
      const claim = claimOf(`${question}?`);
      expect(claim).not.toMatch(/\?$/);
      expect(claim.charAt(0)).toBe(claim.charAt(0).toUpperCase());
    },
  );
});

describe("everyday questions are stated as what was asked, every entity and qualifier once", () => {
  it.each([
    // comparisons with any comparative, the qualifier where it was asked
    ["Is the Eiffel Tower taller than Big Ben?", "The Eiffel Tower is taller than Big Ben"],
    [
      "Are electric cars better for the environment than petrol cars?",
      "Electric cars are better for the environment than petrol cars",
    ],
    ["Is a hamster a better pet than a rabbit?", "A hamster is a better pet than a rabbit"],
    ["is Python better than Java for beginners", "Python is better than Java for beginners"],
    // either/or: both options, never "better"
    ["Is the dress blue or gold?", "The dress is blue rather than gold"],
    ["is a tomato a fruit or a vegetable", "A tomato is a fruit rather than a vegetable"],
    // negative questions ask to confirm the positive statement; a "not" in the predicate stays
    ["Isn't nuclear power dangerous?", "Nuclear power is dangerous"],
    ["doesn't sugar cause hyperactivity", "Sugar causes hyperactivity"],
    ["Is it not true that vaccines cause autism?", "Vaccines cause autism"],
    ["Is coffee not bad for you?", "Coffee is not bad for you"],
    // modal and plain verb questions
    ["Can dogs eat grapes?", "Dogs can eat grapes"],
    ["Do hybrid cars save money?", "Hybrid cars save money"],
    ["Does sugar make children hyperactive?", "Sugar makes children hyperactive"],
    ["will AI replace programmers", "AI will replace programmers"],
    ["Should I take vitamin D in winter?", "I should take vitamin D in winter"],
    ["should kids drink coffee", "Kids should drink coffee"],
    ["do cats live longer than dogs", "Cats live longer than dogs"],
    ["should you stretch before or after running", "You should stretch before rather than after running"],
    ["should I switch from VS Code to Neovim", "I should switch from VS Code to Neovim"],
    ["is nuclear energy clean", "Nuclear energy is clean"],
    ["is the phone durable enough for builders", "The phone is durable enough for builders"],
    ["isn't it true that sugar doesn't make kids hyper", "Sugar doesn't make kids hyper"],
    // a question in the past states the past; a negation after the subject stays where it was asked
    ["did the printing press cause the Reformation", "The printing press caused the Reformation"],
    ["did the romans build roads in Britain", "The romans built roads in Britain"],
    [
      "Is the Great Wall of China not visible from space?",
      "The Great Wall of China is not visible from space",
    ],
    ["does sugar not make kids hyperactive", "Sugar does not make kids hyperactive"],
    [
      "was the 1918 flu pandemic that killed millions caused by a bird virus",
      "The 1918 flu pandemic that killed millions was caused by a bird virus",
    ],
    // whoever should act is named as asked; a judgement noun keeps its article and modifiers
    ["Should kids under 12 have a smartphone?", "Kids under 12 should have a smartphone"],
    ["should college be free", "College should be free"],
    ["Shouldn't you feed a cold and starve a fever?", "You should feed a cold and starve a fever"],
    ["is bitcoin a huge scam", "Bitcoin is a huge scam"],
    ["are smart speakers a privacy risk", "Smart speakers are a privacy risk"],
    [
      "was napoleon short or average height for his time",
      "Napoleon was short rather than average height for his time",
    ],
    ["whats better for weight loss, running or cycling", "Running is better than cycling for weight loss"],
    ["do savings accounts pay more than CDs in 2026", "Savings accounts pay more than CDs in 2026"],
  ])("%s → %s", (question, claim) => {
    expect(claimOf(question)).toBe(claim);
  });
});

describe("a question that takes its verdict for granted tests it; words around the verdict", () => {
  it.each([
    // "why is X bad", "how healthy is X": the verdict asked about is the claim
    ["why is processed meat bad", "Processed meat is bad"],
    ["why are eggs good for you", "Eggs are good for you"],
    ["how safe is bitcoin really", "Bitcoin is safe"],
    ["How bad is vaping for your lungs?", "Vaping is bad for your lungs"],
    // fillers go; an adverb of the predicate stays before it
    ["is tofu really that healthy", "Tofu is healthy"],
    ["are air fryers any good", "Air fryers are good"],
    ["is the four-day week still a good idea", "The four-day week is still a good idea"],
    ["is coffee originally from ethiopia or yemen", "Coffee is originally from ethiopia rather than yemen"],
    // either/or in the passive, or with the preposition said once
    [
      "was the telephone invented by Bell or by Meucci",
      "The telephone was invented by Bell rather than by Meucci",
    ],
    ["is the mona lisa in paris or london", "The mona lisa is in paris rather than london"],
    [
      "was the eiffel tower built for the 1889 world fair or the 1900 one",
      "The eiffel tower was built for the 1889 world fair rather than the 1900 one",
    ],
    // the comparative named before or after the options, with its purpose
    ["which is cheaper, solar or wind", "Solar is cheaper than wind"],
    ["tea or coffee which one is healthier", "Tea is healthier than coffee"],
    ["iphone or pixel which is better for photos", "Iphone is better than pixel for photos"],
    [
      "which one is safer for babies, glass or plastic bottles",
      "Glass is safer than plastic bottles for babies",
    ],
    // a noun that looks like a verb stays in the noun phrase; "good for <doing>" is a judgement
    ["does the new parking permit scheme work", "The new parking permit scheme works"],
    [
      "is the new city bike share plan good for reducing traffic",
      "The new city bike share plan is good for reducing traffic",
    ],
    // worth doing, predictions, a named candidate, a status
    ["is it worth learning latin", "Learning latin is worth it"],
    ["will interest rates go down next year", "Interest rates will go down next year"],
    ["will copper prices double by 2030", "Copper prices will double by 2030"],
    ["is tiktok going to be banned in the us", "Tiktok is going to be banned in the us"],
    ["what's the best budget phone, is it the pixel 8a", "The pixel 8a is the best budget phone"],
    ["is the regional rail plan for wales realistic", "The regional rail plan for wales is realistic"],
    ["aren't e-bikes illegal on sidewalks in new york", "E-bikes are illegal on sidewalks in new york"],
  ])("%s → %s", (question, claim) => {
    expect(claimOf(question)).toBe(claim);
  });

  it.each(["why is the sky blue", "how old is the earth", "why do cats purr"])(
    "a question that presupposes no verdict is tested as asked: %s",
    (question) => {
      expect(claimOf(question).toLowerCase()).toBe(question);
    },
  );
});
