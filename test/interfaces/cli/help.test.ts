import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, COMMANDS } from "../../../src/interfaces/cli/command-specs.js";
import { editDistance, suggestCommand } from "../../../src/interfaces/cli/hints.js";
import { runCliWith } from "../../helpers/run-cli.js";

// An address nothing listens on: none of these may reach the network.
const cli = (argv: string[]) =>
  runCliWith(argv, { CORE_SEARCH_KEYLESS: "off", SEARXNG_URL: "http://127.0.0.1:1" });

const TYPED = COMMAND_NAMES.filter((name) => name !== "question");

describe("per-command help", () => {
  it.each(TYPED)("`%s --help` and `help %s` print usage, options, examples and exit codes", async (name) => {
    const viaFlag = await cli([name, "--help"]);
    const viaHelp = await cli(["help", name]);
    const viaShort = await cli([name, "-h"]);
    for (const result of [viaFlag, viaHelp, viaShort]) {
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
    }
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaShort.stdout).toBe(viaFlag.stdout);
    const help = viaFlag.stdout;
    expect(help).toMatch(new RegExp(`^Usage: core-search ${name}\\b`));
    expect(help.replace(/\n(?=\S)/g, " ")).toContain(COMMANDS[name].does);
    for (const option of Object.keys(COMMANDS[name].options)) expect(help).toContain(`--${option}`);
    expect(help).toMatch(/\nExamples:\n {2}\S/);
    expect(help).toMatch(/\nExit codes: 0 /);
  });

  it("`help question` explains the default command, with its exit codes", async () => {
    const { code, stdout } = await cli(["help", "question"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: core-search "<question>"/);
    for (const option of ["--json", "--explain", "--limit N", "--deadline-ms N", "--order LIST"]) {
      expect(stdout).toContain(option);
    }
    expect(stdout).toContain("3 every planned call failed");
  });

  it("top-level help lists every command and points to per-command help", async () => {
    for (const argv of [["--help"], ["help"], ["Is X safe?", "--help"]]) {
      const { code, stdout } = await cli(argv);
      expect(code).toBe(0);
      for (const name of TYPED) expect(stdout).toContain(`core-search ${name}`);
      expect(stdout).toContain("Run core-search <command> --help");
      expect(stdout).toContain("NO_COLOR");
    }
  });

  it("lists defaults in the options", async () => {
    const { stdout } = await cli(["search", "--help"]);
    expect(stdout).toMatch(/--limit N +results per call, 1-20 \(default: CORE_SEARCH_LIMIT, else 5\)/);
    expect(stdout).toMatch(
      /--categories LIST +comma-separated: general, news, science, it \(default: general\)/,
    );
    expect(stdout).toMatch(/-h, --help +show this help/);
  });

  it("refuses help for a command that does not exist", async () => {
    const { code, stderr, stdout } = await cli(["help", "docter"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/no command "docter" — did you mean doctor\? Commands: question, plan, search/);
  });
});

describe("a mistyped command", () => {
  it.each([
    ["docter", "doctor"],
    ["serach", "search"],
    ["plna", "plan"],
    ["shema", "schema"],
    ["sreve", "serve"],
  ])("`core-search %s` suggests %s and exits 2 without searching", async (typo, command) => {
    const { code, stderr, stdout } = await cli([typo]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(`unknown command "${typo}" — did you mean ${command}?`);
    expect(stderr).toContain(`core-search "${typo}?"`);
  });

  it("also with the question after it", async () => {
    const { code, stderr } = await cli(["serach", "solid-state batteries"]);
    expect(code).toBe(2);
    expect(stderr).toContain("did you mean search?");
    expect(stderr).toContain(
      'to ask a question, put it in quotes: core-search "serach solid-state batteries"',
    );
  });

  it.each(["Docter", "docter?", "is docter", "glyphosate", "ok"])(
    "leaves %j to the question command",
    (word) => {
      expect(suggestCommand(word)).toBeNull();
    },
  );

  it.each([
    ["", "", 0],
    ["doctor", "doctor", 0],
    ["docter", "doctor", 1],
    ["plna", "plan", 2],
    ["kitten", "sitting", 3],
  ])("edit distance %j → %j is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});
