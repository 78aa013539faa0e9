import { describe, expect, it } from "vitest";
import * as library from "../src/index.js";

describe("the package's public surface", () => {
  it.each([
    "corroborate",
    "plan",
    "search",
    "toEnvelope",
    "assess",
    "read",
    "dedupe",
    "loadConfig",
    "configFromObject",
  ])("exports %s", (name) => {
    expect(typeof (library as Record<string, unknown>)[name]).toBe("function");
  });

  it("exports the read failure, so callers can branch on its reason", () => {
    const failure = new library.ReadFailure("refused", { reason: "private_address" });
    expect(failure).toBeInstanceOf(library.CoreSearchError);
    expect(failure.code).toBe("READ_FAILED");
  });

  it("exports the report schema", () => {
    expect(library.reportSchema.safeParse({}).success).toBe(false);
    expect(library.reportJsonSchema()).toHaveProperty("properties.confidence");
  });
});
