import { describe, expect, it } from "vitest";
import { bypassGate } from "../../src/plan/bypass-gate.js";
import { hasEvaluativeLanguage } from "../../src/plan/evaluative-language.js";

describe("settled facts bypass the 4-call pattern, with the reason", () => {
  it.each([
    // definitions
    ["define entropy", "definition"],
    ["definition of recursion", "definition"],
    ["meaning of ubiquitous", "definition"],
    ["what does HTTP stand for", "definition"],
    ["What does YOLO mean?", "definition"],
    ["what is the meaning of sonder", "definition"],
    ["what is photosynthesis?", "definition"],
    ["what are neutrinos", "definition"],
    ["what is a mitochondrion", "definition"],
    ["what is an API", "definition"],
    ["what is machine learning", "definition"],
    ["What is a black hole?", "definition"],
    ["whats the meaning of the word petrichor", "definition"],
    // sums asked the way people ask them
    ["whats 15% of 240", "arithmetic"],
    ["what's a 20 percent tip on 85 dollars", "arithmetic"],
    ["split a $240 dinner bill between 6 people", "arithmetic"],
    ["split a $90 taxi fare between 3 friends, how much each", "arithmetic"],
    ["2/5 + 1/10 as a fraction", "arithmetic"],
    ["what's 7/8 as a decimal", "arithmetic"],
    // amounts in two units, units of a named system, degrees with their scale
    ["5 ft 10 in cm", "unit or currency conversion"],
    ["how many cups in a US gallon", "unit conversion"],
    ["how many ml in an imperial pint", "unit conversion"],
    ["how many tablespoons in a stick of butter", "unit conversion"],
    ["70 degrees fahrenheit in celsius", "unit or currency conversion"],
    // the date of an event, a result since last night, an abbreviated definition
    ["date of the fall of the berlin wall", "single agreed fact"],
    ["did the lakers win last night", "live data"],
    ["whats a mortgage", "definition"],
    // conversions with a fraction or an amount, and dates of a recurring day
    ["how many tablespoons in a quarter cup", "unit conversion"],
    ["How many grams is 3/4 cup of flour?", "unit conversion"],
    ["what day of the week is christmas this year", "date of an event"],
    ["when does daylight saving time end in the US", "date of an event"],
    // unit and currency conversions with numbers
    ["convert 5 km to miles", "unit or currency conversion"],
    ["convert 100 USD to EUR", "unit or currency conversion"],
    ["Convert 1.5 kg into pounds", "unit or currency conversion"],
    ["convert celsius to fahrenheit", "unit or currency conversion"],
    ["100 kg to lbs", "unit or currency conversion"],
    ["5 miles in km", "unit or currency conversion"],
    ["72 °F in °C", "unit or currency conversion"],
    ["32 f to c", "unit or currency conversion"],
    ["3 cups to liters", "unit or currency conversion"],
    ["1 GB in MB", "unit or currency conversion"],
    ["how much is 5 pounds in dollars", "unit or currency conversion"],
    ["how many ounces in a pound", "unit conversion"],
    ["how many grams in an ounce?", "unit conversion"],
    ["how many feet in a mile", "unit conversion"],
    // translations
    ["translate hello to Spanish", "translation"],
    ["how do you say thank you in Japanese", "translation"],
    ["translation of 'Weltanschauung'", "translation"],
    // current time and weather
    ["weather in Paris", "current time or weather"],
    ["weather tomorrow in London", "current time or weather"],
    ["what's the weather in Berlin", "current time or weather"],
    ["current time in Sydney", "current time or weather"],
    ["what time is it in Tokyo?", "current time or weather"],
    ["temperature in Madrid", "current time or weather"],
    ["forecast for Chicago this weekend", "current time or weather"],
    // arithmetic
    ["2+2", "arithmetic"],
    ["12 * 7", "arithmetic"],
    ["what is 2^10", "arithmetic"],
    ["(3 + 4) * 5 =", "arithmetic"],
    ["what is 15% of 200", "arithmetic"],
    ["square root of 144", "arithmetic"],
    // single agreed facts
    ["what is the capital of France", "single agreed fact"],
    ["what is the boiling point of water", "single agreed fact"],
    ["what is the chemical symbol for gold", "single agreed fact"],
    ["what is the speed of light", "single agreed fact"],
    ["what is the atomic number of carbon", "single agreed fact"],
    ["what is the population of Tokyo", "single agreed fact"],
    ["who is the CEO of Microsoft", "single agreed fact"],
    ["who wrote Hamlet", "single agreed fact"],
    ["who invented the telephone", "single agreed fact"],
    ["who painted the Mona Lisa", "single agreed fact"],
    ["when was Einstein born", "single agreed fact"],
    ["when did Mozart die", "single agreed fact"],
    ["how tall is the Eiffel Tower", "single agreed fact"],
    ["how deep is the Mariana Trench", "single agreed fact"],
    ["how far is the Moon", "single agreed fact"],
    ["who won the world cup in 2018", "single agreed fact"],
  ])("%s → %s", (question, reason) => {
    expect(bypassGate(question)).toEqual({ bypass: true, reason });
  });
});

describe("evaluative questions never bypass, even when shaped like facts", () => {
  it.each([
    // "what is …" with a judgement in it
    "what is the best way to deploy Kubernetes",
    "What is the best way to deploy Kubernetes?",
    // who won with no date of an event is a judgement
    "who won the debate",
    "what's the best laptop",
    "what is the safest car",
    "what is the safest airline",
    "what is the healthiest diet",
    "what is the fastest programming language",
    "what is the top VPN",
    "what is the most secure messaging app",
    "what is the least risky investment",
    "what is a healthy weight",
    "what is a good credit score",
    "what is a reasonable salary",
    "what is the optimal dose",
    "what is the ideal room temperature for sleep",
    "what is the recommended daily intake of salt",
    "what are the benefits of meditation",
    "what are the risks of CRISPR",
    "what are the pros and cons of nuclear power",
    "what is the impact of AI on jobs",
    "what are the effects of caffeine",
    "what is the future of remote work",
    "what is better, tea or coffee",
    "what's safer, flying or driving",
    "what is the link between sugar and diabetes",
    "what is the most effective diet",
    // quantities with a judgement
    "is 5 km a day too much",
    "is 10000 steps a day enough",
    "how much coffee is too much",
    "how old is too old to learn piano",
    "how far is too far to commute",
    "is 2 liters of water a day healthy",
    "100 usd in eur, is it a good rate",
    // fact patterns with an evaluative tail or head
    "define the best practices for code review",
    "meaning of life, is it worth it",
    "convert to Rust, is it worth it",
    "is converting a 401k to a Roth a good idea",
    "who invented the best vaccine",
    "when was the safest year to fly",
    "what is the capital of France and is it safe",
    "who is the best CEO",
    "translate this contract, is it accurate",
    "what's the temperature at which steak is safe",
    // plainly contested
    "does coffee cause cancer",
    "should I use Kubernetes",
    "React vs Vue",
    "is nuclear power safe",
    "is it safe to eat raw eggs",
  ])("%s", (question) => {
    expect(bypassGate(question)).toEqual({ bypass: false, reason: null });
  });
});

describe("numbers and unit words in prose are not conversions", () => {
  it.each([
    "can walking to work help lose pounds",
    "lose 10 pounds in a month",
    "how to lose 5 kg in a week",
    "I lost 10 pounds, is that normal",
    "does running 5 km burn fat",
    "running 5 km in 30 minutes",
    "how many miles should I run a week",
    "how many pounds can I lose in a month",
    "does a 2 kg laptop hurt your back",
    "why are gas prices in dollars so high",
    "how many gallons of water does a shower use",
    "can I fly with 2 liters of liquid",
    "why do Americans use feet instead of meters",
    "euro to dollar history",
    "can 1 GB of RAM run Linux",
    "will a 16 GB to 32 GB upgrade help gaming",
    "convert my garage into a bedroom",
    "convert a 401k to a Roth IRA",
    "converting to metric in the US",
    // a result with no time to read it at, a share of nothing countable
    "did the romans win the punic wars",
    "should we split the bill evenly",
  ])("%s", (question) => {
    expect(bypassGate(question)).toEqual({ bypass: false, reason: null });
  });
});

describe("evaluative language", () => {
  it.each([
    ["best", "the best way to learn"],
    ["better", "is tea better than coffee"],
    ["should", "should I learn Rust"],
    ["vs", "React vs Vue"],
    ["versus", "cats versus dogs"],
    ["safe", "is it safe"],
    ["safest", "the safest car"],
    ["risk", "the risk of flying"],
    ["cause", "does it cause cancer"],
    ["impact", "the impact of AI"],
    ["worth", "is it worth it"],
    ["recommend", "do doctors recommend it"],
    ["too", "is it too much"],
    ["enough", "is that enough"],
  ])("recognises %s", (_word, text) => {
    expect(hasEvaluativeLanguage(text)).toBe(true);
  });

  it.each([
    "what is photosynthesis",
    "convert 5 km to miles",
    "who wrote Hamlet",
    "weather in Paris",
    // whole words only: these contain evaluative words as substrings
    "bestow a title",
    "vsync settings",
    "causeway length",
    "safeguard meaning",
    "impacted wisdom tooth definition",
  ])("does not flag %s", (text) => {
    expect(hasEvaluativeLanguage(text)).toBe(false);
  });
});
