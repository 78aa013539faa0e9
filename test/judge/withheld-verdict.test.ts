import { describe, expect, it } from "vitest";
import { judgeText, resultText } from "../../src/judge/lexical-stance.js";

// Real search results often answer "it depends", weigh pros and cons, or announce a look at the
// question without giving the answer. Such a result takes no side; one that answers still does.
describe("a verdict withheld is not a side", () => {
  it.each([
    [
      "A rowing machine is better than a treadmill",
      "Rowing machine or treadmill: which should you buy?",
      "It depends on your goals. Both burn plenty of calories, and the right pick comes down to what you will actually use.",
    ],
    [
      "Standing desks improve productivity",
      "Standing desks: worth the hype?",
      "The evidence is mixed. Some people report feeling more alert, while others notice no difference at all.",
    ],
    [
      "Cold showers boost the immune system",
      "Cold showers and immunity",
      "In this article, we take a closer look at what cold water does to the body and what the research says.",
    ],
    [
      "Protein bars are healthy",
      "Are protein bars healthy? The pros and cons",
      "Protein bars can be a handy snack, but their ingredients vary a lot from brand to brand.",
    ],
  ])("a result that withholds its verdict on %j is neutral", (claim, title, snippet) => {
    expect(judgeText(claim, resultText(title, snippet)).stance).toBe("neutral");
  });

  it("a result that gives its verdict keeps its side", () => {
    expect(
      judgeText(
        "Cold showers boost the immune system",
        resultText(
          "Cold showers do not boost immunity",
          "A large trial found no difference in sick days between people who took cold showers and those who did not.",
        ),
      ).stance,
    ).toBe("contradict");
    expect(
      judgeText(
        "A rowing machine is better than a treadmill",
        resultText(
          "Why rowing beats running",
          "A rowing machine works your legs, core and arms at once, and it is far easier on the joints than a treadmill.",
        ),
      ).stance,
    ).toBe("support");
  });
});
