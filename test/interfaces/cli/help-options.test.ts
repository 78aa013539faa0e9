import { describe, expect, it } from "vitest";
import { OPTIONS } from "../../../src/interfaces/cli/cli-options.js";
import { COMMAND_NAMES, COMMANDS, GLOBAL_OPTIONS } from "../../../src/interfaces/cli/command-specs.js";
import { topLevelHelp } from "../../../src/interfaces/cli/help.js";

/** Every option some command's help lists, and the ones every command takes. */
const DOCUMENTED = new Set<string>([
  ...GLOBAL_OPTIONS,
  ...COMMAND_NAMES.flatMap((name) => Object.keys(COMMANDS[name].options)),
]);

/** "--judge WHO", as a help line writes it. */
const flag = ([option, [arg]]: [string, [string, string]]) => `--${option}${arg ? ` ${arg}` : ""}`;

describe("the help lists what the parser accepts", () => {
  it.each(Object.keys(OPTIONS))("--%s is in some command's help", (option) => {
    expect(DOCUMENTED).toContain(option);
  });

  it("and lists no option the parser refuses", () => {
    expect([...DOCUMENTED].filter((option) => !(option in OPTIONS))).toEqual([]);
  });

  it.each(Object.entries(COMMANDS.question.options))(
    "the question's --%s is in the top-level --help",
    (option, spec) => {
      expect(topLevelHelp()).toContain(flag([option, spec]));
    },
  );
});
