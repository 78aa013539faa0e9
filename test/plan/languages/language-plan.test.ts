import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languageWarning } from "../../../src/plan/languages/language-warnings.js";
import { plan } from "../../../src/plan/plan.js";
import { type Plan, planSchema } from "../../../src/plan/plan-schema.js";

interface Row {
  question: string;
  language: string;
  bypass: boolean;
  queryType?: Plan["queryType"];
  subject?: string[];
  claim?: string;
  counterIntent?: Plan["counterIntent"];
  counterQuery?: string | null;
}

/** German, French and Spanish questions of every kind, with the plan they should get. */
const ROWS: Row[] = readFileSync(new URL("./language-questions.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Row);

const NOW = new Date("2026-11-30T12:00:00Z");

/** The words of the English counter-query templates (src/plan/counter-query.ts). */
const ENGLISH_TEMPLATE =
  /\b(?:criticisms?|problems|drawbacks|risks|unintended consequences|alternatives|failure cases|evidence against|debunked|decline|overhyped|why not|advantages of|over|comparison|of)\b/i;

describe("questions in German, French and Spanish", () => {
  it.each(["de", "fr", "es"])("has at least 10 %s questions of every kind", (language) => {
    const rows = ROWS.filter((row) => row.language === language);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const kinds = new Set(rows.map((row) => (row.bypass ? "bypass" : row.counterIntent)));
    expect([...kinds].sort()).toEqual(["alternatives", "benefits", "bypass", "refute", "reverse", "risks"]);
  });

  it.each(ROWS)("$question", (row) => {
    const p = plan(row.question, { now: NOW });
    const planned: Record<string, unknown> = {
      language: p.language,
      bypass: p.bypass,
      queryType: p.queryType,
      subject: p.subject,
      claim: p.claim,
      counterIntent: p.counterIntent,
      counterQuery: p.counterQuery,
    };
    // A row states the fields it is about; a bypassed question has no claim to state.
    const { question: _, ...expected } = row;
    expect(Object.fromEntries(Object.keys(expected).map((key) => [key, planned[key]]))).toEqual(expected);
    expect(planSchema.safeParse(p).success).toBe(true);
    // The built-in judge's limit is said once, in the same words for every language.
    expect(p.warnings).toContain(languageWarning(row.language, true));
  });

  it("forms German queries for 'Ist Kaffee gesund?', with no English template words", () => {
    const p = plan("Ist Kaffee gesund?", { now: NOW });
    expect(p.claim).toBe("Kaffee ist gesund");
    expect(p.neutralQuery).toBe("Ist Kaffee gesund");
    expect(p.counterQuery).toBe("Kaffee Risiken Nachteile Kritik");
    expect(p.counterIntent).toBe("risks");
    expect(p.calls.find((c) => c.role === "counter")).toMatchObject({
      intent: "counter",
      query: "Kaffee Risiken Nachteile Kritik",
      engines: ["mojeek", "wiby"],
    });
    for (const c of p.calls) expect(c.query).not.toMatch(ENGLISH_TEMPLATE);
  });

  it.each(ROWS.filter((row) => row.language === "de" && !row.bypass))(
    "keeps English out of the German plan: $question",
    (row) => {
      const p = plan(row.question, { now: NOW });
      for (const text of [p.claim, ...p.calls.map((c) => c.query)]) {
        expect(text).not.toMatch(ENGLISH_TEMPLATE);
        expect(text).not.toMatch(/\b(?:is|are|causes|better than|a good choice)\b/i);
      }
    },
  );

  it("gives a bypassed question one call with the question as asked", () => {
    const p = plan("¿Qué es la inflación?", { now: NOW });
    expect(p.bypassReason).toBe("definition");
    expect(p.calls).toEqual([expect.objectContaining({ role: "single", query: "Qué es la inflación" })]);
  });

  it("never bypasses a question with a judgement in it", () => {
    expect(plan("Was ist gesund?", { now: NOW }).bypass).toBe(false);
    expect(plan("Qu'est-ce que le meilleur café ?", { now: NOW }).bypass).toBe(false);
    expect(plan("¿Qué es mejor?", { now: NOW }).bypass).toBe(false);
  });

  it("keeps an English plan free of language warnings", () => {
    const p = plan("Is coffee healthy?", { now: NOW });
    expect(p.language).toBe("en");
    expect(p.warnings).toEqual([]);
  });
});

describe("questions in languages without templates", () => {
  it.each([
    ["Il caffè fa bene alla salute?", "it"],
    ["O café faz mal à saúde?", "pt"],
    ["Czy kawa jest zdrowa?", "pl"],
    ["Полезен ли кофе?", "ru"],
    ["新能源汽车安全吗", "zh"],
  ])("searches %s as asked (%s)", (question, language) => {
    const p = plan(question, { now: NOW });
    const asked = question.replace(/[?？]+$/, "");
    expect(p).toMatchObject({
      language,
      bypass: false,
      queryType: "fallback",
      subject: [],
      claim: asked,
      neutralQuery: asked,
      counterQuery: asked,
      counterIntent: null,
      warnings: [languageWarning(language, false)],
    });
    // The question also goes to the independent indexes, but it looks for nothing against the claim.
    expect(p.calls.find((c) => c.id === 4)).toMatchObject({
      role: "counter",
      intent: "neutral",
      query: asked,
      engines: ["mojeek", "wiby"],
    });
    expect(p.calls.every((c) => c.query === asked)).toBe(true);
    expect(planSchema.safeParse(p).success).toBe(true);
  });

  it("names the language in its warnings", () => {
    expect(languageWarning("de", true)).toMatch(
      /^The question is in German: .*built-in stance judge reads English only/,
    );
    expect(languageWarning("pl", false)).toMatch(
      /^The question is in Polish, which the planner has no templates for/,
    );
    expect(languageWarning("pl", false)).toMatch(/an LLM or sampling judge reads any language/);
  });
});

describe("look-ups and spellings people type in other languages", () => {
  it.each([
    ["wann fiel die berliner mauer", "de", "date of an event"],
    ["bundesliga tabelle aktuell", "de", "live data"],
    ["quand est tombé le mur de berlin", "fr", "date of an event"],
    ["classement de la ligue 1", "fr", "live data"],
    ["cuándo llegó colón a américa", "es", "date of an event"],
    ["precio del bitcoin hoy", "es", "live data"],
  ])("%s → a look-up in %s (%s)", (question, language, reason) => {
    const p = plan(question, { now: NOW });
    expect(p).toMatchObject({ language, bypass: true, bypassReason: reason, counterIntent: null });
    if (reason === "live data") expect(p.warnings.join(" ")).toMatch(/structured databases/);
  });

  it.each([
    ["est ce que le café est bon pour la santé", "Le café est bon pour la santé", "risks"],
    [
      "les pompes à chaleur valent elles le coup en montagne",
      "Les pompes à chaleur valent le coup en montagne",
      "risks",
    ],
  ])("%s → %s", (question, claim, intent) => {
    expect(plan(question, { now: NOW })).toMatchObject({ language: "fr", claim, counterIntent: intent });
  });
});

describe("a named best in other languages", () => {
  it.each([
    [
      "ist python die beste programmiersprache für anfänger",
      "de",
      "Python ist die beste programmiersprache für anfänger",
    ],
    [
      "es python el mejor lenguaje para principiantes",
      "es",
      "Python es el mejor lenguaje para principiantes",
    ],
    [
      "la norvège est le pays le plus heureux du monde ?",
      "fr",
      "La norvège est le pays le plus heureux du monde",
    ],
  ])("%s → %s claim, looking for alternatives", (question, language, claim) => {
    expect(plan(question, { now: NOW })).toMatchObject({ language, claim, counterIntent: "alternatives" });
  });
});
