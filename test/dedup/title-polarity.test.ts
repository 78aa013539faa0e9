import { describe, expect, it } from "vitest";
import { originKeys, type TraceInput } from "../../src/dedup/origin-keys.js";
import { findSyndicationClusters } from "../../src/dedup/syndication.js";
import { titlesDisagree } from "../../src/dedup/title-polarity.js";

describe("titlesDisagree: headlines on one subject that say opposite things", () => {
  it.each([
    [
      "Drinking coffee causes liver cancer, study finds",
      "Drinking coffee does not cause liver cancer, study finds",
    ],
    [
      "Vaccine X linked to heart inflammation in young men",
      "No link between vaccine X and heart inflammation in young men",
    ],
    ["Regulator says Acme's pill is safe for children", "Regulator says Acme's pill isn’t safe for children"],
    ["Acme unveils solid-state cell with 520 Wh/kg", "Acme solid-state cell is not 520 Wh/kg, lab finds"],
    ["Coffee causes cancer, new paper claims", "No evidence coffee causes cancer, new paper shows"],
    ["5G towers spread COVID-19, posts claim", "Fact check: 5G towers spread COVID-19, posts claim"],
    [
      "Mnemora supplement improves memory in adults",
      "Claim that Mnemora supplement improves memory in adults is false",
    ],
    ["Mnemora supplement improves memory in adults", "The Mnemora memory myth: what the adults study found"],
    ["Durex launches pumpkin spice condom", "Durex denies it launches pumpkin spice condom"],
    [
      "8-hour time-restricted eating linked to a 91% higher risk of cardiovascular death",
      "Experts question study linking time-restricted eating to 91% higher risk of cardiovascular death",
    ],
    ["The Batmobile was stolen in Detroit", "The Batmobile was stolen in Detroit? Nope"],
    // German, French and Spanish, as the planner asks in them.
    ["Kaffee verursacht Krebs, sagt neue Studie", "Kaffee verursacht keinen Krebs, sagt neue Studie"],
    ["Faktencheck: Kaffee verursacht Krebs", "Kaffee verursacht Krebs"],
    ["Le café cause le cancer, selon une étude", "Le café ne cause pas le cancer, selon une étude"],
    ["La Terre est plate, c'est faux", "La Terre est plate"],
    ["El café causa cáncer, según un estudio", "El café no causa cáncer, según un estudio"],
    ["Bulo: el café causa cáncer", "El café causa cáncer"],
  ])("%s / %s", (a, b) => {
    expect(titlesDisagree(a, b)).toBe(true);
    expect(titlesDisagree(b, a)).toBe(true);
  });

  it.each([
    // A copy that cut a clause holding a denial of something else.
    ["Fed holds rates steady, signals no cuts this year", "Fed holds rates steady"],
    // Two denials agree, whichever way each denies.
    ["Coffee does not cause cancer, study says", "No evidence coffee causes cancer, study says"],
    ["Fact check: 5G does not spread COVID-19", "5G doesn't spread COVID-19, WHO says"],
    // A ranking and an address are not denials.
    ["Alabama stays No. 1 in AP poll", "Alabama No 1 again in AP Top 25"],
    // Accented letters are letters of their own: "ñö" or the Portuguese "nó" is no "no".
    [
      "Federal Reserve raises key interest rate by a quarter point\tñö",
      "Federal Reserve raises key interest rate",
    ],
    ["Câmara aprova reforma: o nó", "Câmara aprova reforma"],
    // A denied debunking is no fact check.
    ["Woman has third breast implanted", "Triple-breasted woman vows footage will prove surgery is no hoax"],
    ["Acme unveils solid-state cell", "Acme unveils solid-state cell: 500 Wh/kg"],
    // A negation in a clause of detail is not what the headline states.
    ["Nun who had no idea she was pregnant gives birth", "Nun gives birth after she complains of pains"],
    [
      "President adopts boy so he won't turn into a werewolf",
      "President adopts boy to stop him turning into a werewolf",
    ],
    // A retitled copy says it with another verb: the negated word is not the other's.
    ["Christian Bale won't play Steve Jobs", "Christian Bale quits Steve Jobs movie"],
    ["Die Fed lässt die Zinsen unverändert, keine Senkung in Sicht", "Die Fed lässt die Zinsen unverändert"],
    ["L'étude sur le café et le cancer", "L'étude sur le café et le cancer : ce qu'il faut savoir"],
    // "What it doesn't" tells what a study leaves out; it denies nothing.
    [
      "The Michigan round-up study: what it shows and what it doesn't",
      "Round-up savings default nudged young adults to save more",
    ],
  ])("%s / %s: no conflict", (a, b) => {
    expect(titlesDisagree(a, b)).toBe(false);
  });
});

describe("origin tracing keeps a denial apart from what it denies", () => {
  const snippet =
    "A study of 12,000 adults published on Tuesday in the Journal of Hepatology followed coffee drinkers for ten years and compared their rates of liver cancer with those of people who drink none.";

  it("two near-identical texts, one negated, are two stories; two copies of one text are one", () => {
    const clusters = findSyndicationClusters([
      { domain: "news-a.example", title: "Drinking coffee causes liver cancer, study finds", snippet },
      {
        domain: "news-b.example",
        title: "Drinking coffee does not cause liver cancer, study finds",
        snippet,
      },
      {
        domain: "news-c.example",
        title: "Drinking coffee does not cause liver cancer, study finds",
        snippet,
      },
    ]);
    expect(clusters).toEqual([[1, 2]]);
  });

  it("an agency story and its denial, both credited, get different wire keys", () => {
    const wire = (title: string): TraceInput => ({
      url: "https://apnews.com/article/coffee-liver-cancer-0123",
      domain: "apnews.com",
      title,
      snippet: "NEW YORK (AP) — Researchers followed 12,000 coffee drinkers for ten years.",
    });
    const keys = (title: string) => originKeys(wire(title)).map((entry) => entry.key);
    expect(keys("Drinking coffee causes liver cancer in adults, researchers report")).not.toEqual(
      keys("Drinking coffee does not cause liver cancer in adults, researchers report"),
    );
    expect(keys("Drinking coffee causes liver cancer in adults, researchers report")).toEqual(
      keys("Drinking coffee causes liver cancer in adults, researchers report | AP News"),
    );
  });
});
