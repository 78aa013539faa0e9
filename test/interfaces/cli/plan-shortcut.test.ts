import { describe, expect, it } from "vitest";
import { planShortcut } from "../../../src/interfaces/cli/plan-shortcut.js";
import { runBinAt as command, FULL_BIN as FULL, BIN as INSTALLED } from "../../helpers/run-bin.js";

describe("which arguments the installed command plans before loading the CLI", () => {
  it("takes `plan <question>` with or without --json, in either order", () => {
    expect(planShortcut(["plan", "Is tea healthy?"], {})).toEqual({
      question: "Is tea healthy?",
      json: false,
    });
    expect(planShortcut(["plan", "Is tea healthy?", "--json"], {})).toEqual({
      question: "Is tea healthy?",
      json: true,
    });
    expect(planShortcut(["plan", "--json", "Is tea healthy?"], {})).toEqual({
      question: "Is tea healthy?",
      json: true,
    });
  });

  it("leaves every other shape to the full CLI: options, help, no question or two, a setting that changes the plan", () => {
    const none = [
      ["plan"],
      ["plan", "--json"],
      ["plan", "Is tea healthy?", "--limit", "3"],
      ["plan", "Is tea healthy?", "--help"],
      ["plan", "--help"],
      ["plan", "Is tea healthy?", "--json", "--json"],
      ["plan", "Is tea", "healthy?"],
      ["plan", "-x"],
      ["Is tea healthy?"],
      ["search", "tea"],
      [],
    ];
    for (const args of none) expect(planShortcut(args, {}), args.join(" ")).toBeUndefined();
    expect(planShortcut(["plan", "Is tea healthy?"], { CORE_SEARCH_LIMIT: "3" })).toBeUndefined();
  });
});

describe("the installed command (dist/bin.cjs) against the full CLI (dist/bin.js)", () => {
  it("prints the same plan, as JSON and as text, in each template language", async () => {
    for (const question of ["Is intermittent fasting safe?", "Ist Kaffee gesund?", "Kaffee oder Tee?"]) {
      for (const extra of [["--json"], []]) {
        const fast = await command(INSTALLED, ["plan", question, ...extra]);
        const full = await command(FULL, ["plan", question, ...extra]);
        expect(fast).toEqual(full);
        expect(fast.code).toBe(0);
      }
    }
    const json = await command(INSTALLED, ["plan", "Ist Kaffee gesund?", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ language: "de", claim: expect.stringMatching(/Kaffee/) });
  });

  it("reports a refused question, an option and a setting the way the full CLI does", async () => {
    const empty = await command(INSTALLED, ["plan", "   "]);
    expect(empty.code).toBe(2);
    expect(empty.stdout).toBe("");
    expect(empty).toEqual(await command(FULL, ["plan", "   "]));
    const unknown = await command(INSTALLED, ["plan", "Is tea healthy?", "--jsn"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option --jsn/);
    const limited = await command(INSTALLED, ["plan", "Is tea healthy?", "--json"], {
      CORE_SEARCH_LIMIT: "100",
    });
    expect(limited.code).toBe(2);
    expect(limited.stderr).toMatch(/limit/i);
  });

  it("refuses a question with control characters, as the full CLI does, and prints none of them", async () => {
    const args = ["plan", "Is \u001b[31mtea\u0007 healthy?"];
    const fast = await command(INSTALLED, args);
    expect(fast.code).toBe(2);
    expect(fast.stderr).toMatch(/control characters/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: checking none is printed
    expect(fast.stderr + fast.stdout).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u007f]/);
    expect(fast).toEqual(await command(FULL, args));
  });

  it("runs the other commands through the full CLI", async () => {
    const version = await command(INSTALLED, ["--version"]);
    expect(version).toEqual(await command(FULL, ["--version"]));
    const help = await command(INSTALLED, ["plan", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/core-search plan "<question>"/);
  });
});
