import { describe, expect, it } from "vitest";
import { plan } from "../../../src/plan/plan.js";

const NOW = new Date("2026-11-30T12:00:00Z");

/** What a reader checks of a plan: the claim under test, what the counter-query looks for and sends. */
function planned(question: string) {
  const p = plan(question, { now: NOW });
  return {
    language: p.language,
    bypass: p.bypass,
    claim: p.claim,
    counterIntent: p.counterIntent,
    counterQuery: p.counterQuery,
  };
}

type Row = [question: string, claim: string, counterIntent: string, counterQuery: string];

function expectRows(language: string, rows: Row[]) {
  it.each(rows)("%s → %s (%s)", (question, claim, counterIntent, counterQuery) => {
    expect(planned(question)).toEqual({ language, bypass: false, claim, counterIntent, counterQuery });
  });
}

describe("fragments: a subject and a judgement without a verb", () => {
  describe("German", () =>
    expectRows("de", [
      ["Kaffee schädlich?", "Kaffee ist schädlich", "benefits", "Kaffee Vorteile Sicherheit widerlegt"],
      [
        "Paracetamol sicher für Hunde?",
        "Paracetamol ist sicher für Hunde",
        "risks",
        "Paracetamol Risiken Nachteile Kritik",
      ],
      // Two words name their language by the judgement: "gesund" is German.
      ["Rotwein gesund?", "Rotwein ist gesund", "risks", "Rotwein Risiken Nachteile Kritik"],
      // A plural agrees with "sind", two subjects too.
      [
        "Smartwatches überbewertet",
        "Smartwatches sind überbewertet",
        "benefits",
        "Smartwatches Vorteile Sicherheit widerlegt",
      ],
      ["Tomaten gesund?", "Tomaten sind gesund", "risks", "Tomaten Risiken Nachteile Kritik"],
      [
        "Energy Drinks und Kaffee schädlich?",
        "Energy Drinks und Kaffee sind schädlich",
        "benefits",
        "Energy Drinks und Kaffee Vorteile Sicherheit widerlegt",
      ],
      ["iPhone 15 zuverlässig?", "iPhone 15 ist zuverlässig", "risks", "iPhone 15 Risiken Nachteile Kritik"],
    ]));

  describe("French: a bare subject takes the article of a general statement", () =>
    expectRows("fr", [
      [
        "café mauvais pour la santé ?",
        "Le café est mauvais pour la santé",
        "benefits",
        "café bienfaits sécurité démenti",
      ],
      [
        "huile de palme dangereuse ?",
        "L'huile de palme est dangereuse",
        "benefits",
        "huile de palme bienfaits sécurité démenti",
      ],
      [
        "crème solaire utile en hiver ?",
        "La crème solaire est utile en hiver",
        "risks",
        "crème solaire risques inconvénients critiques",
      ],
      [
        "les smartphones reconditionnés fiables ?",
        "Les smartphones reconditionnés sont fiables",
        "risks",
        "smartphones reconditionnés risques inconvénients critiques",
      ],
      // "sans danger" says safe: the counter-query looks for risks.
      [
        "paracétamol sans danger pour les chiens ?",
        "Le paracétamol est sans danger pour les chiens",
        "risks",
        "paracétamol risques inconvénients critiques",
      ],
    ]));

  describe("Spanish", () =>
    expectRows("es", [
      ["¿café malo?", "El café es malo", "benefits", "café beneficios seguridad desmentido"],
      [
        "¿paracetamol seguro para perros?",
        "El paracetamol es seguro para perros",
        "risks",
        "paracetamol riesgos desventajas críticas",
      ],
      [
        "¿leche de vaca sana?",
        "La leche de vaca es sana",
        "risks",
        "leche de vaca riesgos desventajas críticas",
      ],
      [
        "¿patinetes eléctricos peligrosos?",
        "Los patinetes eléctricos son peligrosos",
        "benefits",
        "patinetes eléctricos beneficios seguridad desmentido",
      ],
    ]));

  it.each([
    // A verb after a noun makes a statement, not a fragment.
    ["Kinder schlafen schlecht", "Kinder schlafen schlecht"],
    ["Ich finde Kaffee gut", "Ich finde Kaffee gut"],
  ])("a sentence with a verb is not a fragment: %s", (question, claim) => {
    expect(planned(question).claim).toBe(claim);
  });
});

describe("idioms of judgement", () => {
  describe("German", () =>
    expectRows("de", [
      [
        "Ist Alkohol schlecht für die Nieren",
        "Alkohol ist schlecht für die Nieren",
        "benefits",
        "Alkohol Vorteile Sicherheit widerlegt",
      ],
      [
        "geht Eiweißpulver auf die Nieren?",
        "Eiweißpulver geht auf die Nieren",
        "benefits",
        "Eiweißpulver Vorteile Sicherheit widerlegt",
      ],
      [
        "Kaffee schlägt auf den Magen",
        "Kaffee schlägt auf den Magen",
        "benefits",
        "Kaffee Vorteile Sicherheit widerlegt",
      ],
      [
        "tut Sauna dem Immunsystem gut",
        "Sauna tut dem Immunsystem gut",
        "risks",
        "Sauna Risiken Nachteile Kritik",
      ],
      [
        "tut Joggen den Knien nicht gut?",
        "Joggen tut den Knien nicht gut",
        "benefits",
        "Joggen Vorteile Sicherheit widerlegt",
      ],
      // "does nothing" is answered by evidence that it works; "does it do anything" by evidence it does not.
      ["Vitamin C bringt nichts?", "Vitamin C bringt nichts", "benefits", "Vitamin C Wirkung belegt Studien"],
      [
        "bringt Magnesium was gegen Krämpfe?",
        "Magnesium bringt etwas gegen Krämpfe",
        "refute",
        "Magnesium Krämpfe unwirksam keine Wirkung",
      ],
      [
        "ist ein Fitnessstudio-Abo Geldverschwendung",
        "Ein Fitnessstudio-Abo ist Geldverschwendung",
        "benefits",
        "Fitnessstudio-Abo Vorteile Sicherheit widerlegt",
      ],
      [
        "ist Zucker Gift für den Körper?",
        "Zucker ist Gift für den Körper",
        "benefits",
        "Zucker Vorteile Sicherheit widerlegt",
      ],
      [
        "ist Haferbrei schonend für den Magen?",
        "Haferbrei ist schonend für den Magen",
        "risks",
        "Haferbrei Risiken Nachteile Kritik",
      ],
    ]));

  describe("French: 'ça' takes up the subject", () =>
    expectRows("fr", [
      [
        "une pompe à chaleur, ça vaut le coup ?",
        "Une pompe à chaleur vaut le coup",
        "risks",
        "pompe à chaleur risques inconvénients critiques",
      ],
      [
        "ça vaut le coup d'acheter une Tesla ?",
        "Acheter une Tesla vaut le coup",
        "risks",
        "acheter une Tesla risques inconvénients critiques",
      ],
      [
        "les vitamines ça sert à rien ?",
        "Les vitamines ne servent à rien",
        "benefits",
        "vitamines efficacité prouvée études",
      ],
      [
        "le magnésium ça sert à quelque chose ?",
        "Le magnésium sert à quelque chose",
        "refute",
        "magnésium inefficace aucun effet",
      ],
      [
        "est-ce que la box est une perte d'argent",
        "La box est une perte d'argent",
        "benefits",
        "box bienfaits sécurité démenti",
      ],
      [
        "le sucre fait du mal aux dents ?",
        "Le sucre fait du mal aux dents",
        "benefits",
        "sucre bienfaits sécurité démenti",
      ],
      [
        "le sport fait du bien au moral",
        "Le sport fait du bien au moral",
        "risks",
        "sport risques inconvénients critiques",
      ],
      [
        "l'abonnement à la salle de sport, c'est de l'argent jeté par les fenêtres ?",
        "L'abonnement à la salle de sport est de l'argent jeté par les fenêtres",
        "benefits",
        "abonnement à la salle de sport bienfaits sécurité démenti",
      ],
    ]));

  describe("Spanish", () =>
    expectRows("es", [
      ["¿el magnesio sirve de algo?", "El magnesio sirve de algo", "refute", "magnesio ineficaz sin efecto"],
      [
        "¿las vitaminas no sirven para nada?",
        "Las vitaminas no sirven para nada",
        "benefits",
        "vitaminas eficacia demostrada estudios",
      ],
      [
        "¿el café le sienta mal al estómago?",
        "El café le sienta mal al estómago",
        "benefits",
        "café beneficios seguridad desmentido",
      ],
      [
        "¿el café hace daño al estómago?",
        "El café hace daño al estómago",
        "benefits",
        "café beneficios seguridad desmentido",
      ],
      [
        "¿el gimnasio es una pérdida de dinero?",
        "El gimnasio es una pérdida de dinero",
        "benefits",
        "gimnasio beneficios seguridad desmentido",
      ],
    ]));
});

describe("comparisons asked with a verb: the first side is claimed, the counter-query turns it round", () => {
  describe("German", () =>
    expectRows("de", [
      [
        "was verbraucht mehr Strom, ein Wasserkocher oder eine Mikrowelle",
        "Ein Wasserkocher verbraucht mehr Strom als eine Mikrowelle",
        "reverse",
        "Mikrowelle verbraucht mehr Strom als Wasserkocher",
      ],
      [
        "was kostet mehr, Strom oder Gas?",
        "Strom kostet mehr als Gas",
        "reverse",
        "Gas kostet mehr als Strom",
      ],
      // The verb agrees with plurals: "frisst" → "fressen".
      [
        "wer frisst mehr, Katzen oder Hunde",
        "Katzen fressen mehr als Hunde",
        "reverse",
        "Hunde fressen mehr als Katzen",
      ],
      [
        "was macht dicker, Brot oder Nudeln?",
        "Brot macht dicker als Nudeln",
        "reverse",
        "Nudeln machen dicker als Brot",
      ],
    ]));

  describe("French", () =>
    expectRows("fr", [
      [
        "qu'est-ce qui consomme le plus, une bouilloire ou un micro-ondes ?",
        "Une bouilloire consomme plus qu'un micro-ondes",
        "reverse",
        "micro-ondes consomme plus que bouilloire",
      ],
      [
        "qui vit plus longtemps, les tortues ou les perroquets",
        "Les tortues vivent plus longtemps que les perroquets",
        "reverse",
        "perroquets vivent plus longtemps que tortues",
      ],
      [
        "qu'est-ce qui fait le plus grossir, le pain ou les pâtes",
        "Le pain fait plus grossir que les pâtes",
        "reverse",
        "pâtes font plus grossir que pain",
      ],
    ]));

  describe("Spanish", () =>
    expectRows("es", [
      [
        "¿qué gasta más, una tetera o un microondas?",
        "Una tetera gasta más que un microondas",
        "reverse",
        "microondas gasta más que tetera",
      ],
      [
        "¿qué consume más luz, la lavadora o el lavavajillas?",
        "La lavadora consume más luz que el lavavajillas",
        "reverse",
        "lavavajillas consume más luz que lavadora",
      ],
      [
        "quién come más, los gatos o los perros",
        "Los gatos comen más que los perros",
        "reverse",
        "perros comen más que gatos",
      ],
    ]));
});

describe("a statement asked with a tag, or a comparison without its verb: the claim as stated", () => {
  const rows: Record<string, Row[]> = {
    de: [
      [
        "Kaffee ist ungesund, oder?",
        "Kaffee ist ungesund",
        "benefits",
        "Kaffee Vorteile Sicherheit widerlegt",
      ],
      [
        "Kaffee ist ungesund, nicht wahr?",
        "Kaffee ist ungesund",
        "benefits",
        "Kaffee Vorteile Sicherheit widerlegt",
      ],
      // A comparison without its verb takes the copula its subject agrees with.
      [
        "E-Autos umweltfreundlicher als Benziner?",
        "E-Autos sind umweltfreundlicher als Benziner",
        "reverse",
        "Vorteile von Benziner gegenüber E-Autos",
      ],
    ],
    fr: [
      [
        "le café est mauvais pour la santé, non ?",
        "Le café est mauvais pour la santé",
        "benefits",
        "café bienfaits sécurité démenti",
      ],
    ],
    es: [
      [
        "el café es malo para la salud, ¿verdad?",
        "El café es malo para la salud",
        "benefits",
        "café beneficios seguridad desmentido",
      ],
      [
        "el café es malo para la salud, ¿no?",
        "El café es malo para la salud",
        "benefits",
        "café beneficios seguridad desmentido",
      ],
    ],
  };
  for (const [language, table] of Object.entries(rows)) describe(language, () => expectRows(language, table));
});
