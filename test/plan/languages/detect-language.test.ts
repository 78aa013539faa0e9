import { describe, expect, it } from "vitest";
import { readPlanQuestions } from "../../../bench/plan-questions.mjs";
import { detectLanguage } from "../../../src/plan/languages/detect-language.js";

/** Every question of the English plan tables; the few that are in another language say so in non-ASCII letters. */
const ENGLISH_TABLES = [
  new URL("../plan-table.jsonl", import.meta.url),
  new URL("../../../bench/data/plan-questions.jsonl", import.meta.url),
  new URL("../../../bench/data/plan-questions-heldout.jsonl", import.meta.url),
].flatMap((file) => readPlanQuestions(file).map((row) => row.question));

describe("detectLanguage", () => {
  it(`keeps every English question of the plan tables English (${ENGLISH_TABLES.length} questions)`, () => {
    const english = ENGLISH_TABLES.filter((question) => /^[\x20-\x7e]*$/.test(question));
    expect(english.length).toBeGreaterThan(500);
    expect(english.filter((question) => detectLanguage(question) !== "en")).toEqual([]);
  });

  it.each([
    // Short, terse or full of names and foreign words, still English.
    ["Is intermittent fasting safe?", "en"],
    ["Do vaccines cause autism?", "en"],
    ["Is café au lait healthy?", "en"],
    ["Is Le Creuset worth it?", "en"],
    ["Is the Bundesliga better than La Liga?", "en"],
    ["Was the moon landing faked?", "en"],
    ["Tesla Model Y vs Hyundai Ioniq 5", "en"],
    ["postgres vs mysql", "en"],
    ["ozempic", "en"],
    ["define entropy", "en"],
    // Nothing tells the language: English.
    ["iPhone vs Android", "en"],
    ["2 + 2", "en"],
    // The languages with templates, however they are typed.
    ["Ist Kaffee gesund?", "de"],
    ["Was ist Photosynthese?", "de"],
    ["Kaffee oder Tee?", "de"],
    ["Verursacht Handystrahlung Krebs?", "de"],
    ["ist homeoffice produktiver als büroarbeit", "de"],
    ["Le café est-il bon pour la santé ?", "fr"],
    ["Est-ce que le nucléaire est sûr ?", "fr"],
    ["Python ou Java ?", "fr"],
    ["Qu’est-ce que la photosynthèse ?", "fr"],
    ["le cafe est il bon pour la sante", "fr"],
    ["¿Es saludable el café?", "es"],
    ["¿Python o Java?", "es"],
    ["es sano el cafe", "es"],
    ["¿Las vacunas causan autismo?", "es"],
    ["¿Cuánto es 2 + 2?", "es"],
    // Languages without templates are named all the same.
    ["Il caffè fa bene alla salute?", "it"],
    ["O café faz mal à saúde?", "pt"],
    ["Is koffie gezond?", "nl"],
    ["Czy kawa jest zdrowa?", "pl"],
    ["Kahve sağlıklı mı?", "tr"],
    ["Полезен ли кофе?", "ru"],
    ["新能源汽车安全吗", "zh"],
    ["コーヒーは体に良いですか", "ja"],
  ])("%s → %s", (question, language) => {
    expect(detectLanguage(question)).toBe(language);
  });
});
