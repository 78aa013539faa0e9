import { createRequire } from "node:module";
import { expect, it } from "vitest";
import { detectLanguage } from "../../../src/plan/languages/detect-language.js";

// In its own file, so no other test has loaded the detector in this process before.
const require = createRequire(import.meta.url);
const detector = require.resolve("tinyld/light");

it("plans a plainly English or German question without loading the statistical detector", () => {
  expect(require.cache[detector]).toBeUndefined();
  expect(detectLanguage("Is intermittent fasting safe?")).toBe("en");
  expect(detectLanguage("Ist Kaffee gesund?")).toBe("de");
  expect(require.cache[detector]).toBeUndefined();
});

it("loads it when the words leave the language open", () => {
  expect(detectLanguage("Czy kawa jest zdrowa?")).toBe("pl");
  expect(require.cache[detector]).toBeDefined();
});
