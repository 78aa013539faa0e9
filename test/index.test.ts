import { describe, expect, it } from "vitest";
import * as library from "../src/index.js";

describe("the package's public surface", () => {
  it.each([
    "corroborate",
    "plan",
    "search",
    "toEnvelope",
    "assess",
    "dedupe",
    "loadConfig",
    "configFromObject",
  ])("exports %s", (name) => {
    expect(typeof (library as Record<string, unknown>)[name]).toBe("function");
  });

  it("exports the report schema", () => {
    expect(library.reportSchema.safeParse({}).success).toBe(false);
    expect(library.reportJsonSchema()).toHaveProperty("properties.confidence");
  });
});
