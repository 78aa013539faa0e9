import { parseArgs } from "node:util";
import { CoreSearchError, InvalidInputError } from "../../errors.js";
import { loggerAt } from "../../log/silent-logger.js";
import { errorOutput } from "../../operations/error-output.js";
import { inRange, LIMIT_RANGE, rangeProblem } from "../../operations/input-ranges.js";
import { describeProblems } from "../../operations/parse-input.js";
import { VERSION } from "../../operations/version.js";
import { withoutControls } from "../../util/control-characters.js";
import {
  ARGUMENT_COMMANDS,
  type CliIo,
  EXIT,
  flagName,
  intOption,
  numberFlag,
  OPTIONS,
  parse,
  type Run,
  single,
  type Values,
} from "./cli-options.js";
import { COMMAND_NAMES, COMMANDS, type CommandName, GLOBAL_OPTIONS } from "./command-specs.js";
import { commandHelp, topLevelHelp } from "./help.js";
import { nothingConfiguredMessage, suggestCommand } from "./hints.js";
import { planOutput } from "./plan-output.js";
import { colourWanted, createStyle } from "./style.js";

// Only what every command needs is imported up front: zod, undici and pino together cost several
// times a bare node start, and `plan`, `--help` and `--version` need none of them.
const loadConfig = async (env: CliIo["env"]) => (await import("../../config/config.js")).loadConfig(env);
// The commands that search or judge load their own modules (and the report renderers) when run.
const commands = () => import("./commands.js");
const runsCommands = () => import("./runs-commands.js");

/**
 * Runs one CLI invocation and returns its exit code; all output goes through `given`, cleaned of
 * escape sequences and control characters: reports, messages and errors carry text from the web.
 */
export async function runCli(argv: readonly string[], given: CliIo): Promise<number> {
  const io: CliIo = {
    ...given,
    stdout: (text) => given.stdout(withoutControls(text)),
    stderr: (text) => given.stderr(withoutControls(text)),
  };
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return parseFailure(argv, error, io);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.stdout(`${VERSION}\n`);
    return EXIT.ok;
  }
  const [first, ...rest] = positionals;
  if (first === "help") return helpCommand(rest, io);
  const command = typedCommand(first) ?? "question";
  if (values.help) {
    io.stdout(command === "question" ? topLevelHelp() : commandHelp(command));
    return EXIT.ok;
  }
  const args = command === "question" ? positionals : rest;
  const problem = usageProblem(command, args, values);
  if (problem) {
    io.stderr(`core-search: ${problem}\n`);
    return EXIT.usage;
  }

  const colour = colourWanted(io.env, io.isTTY?.stderr === true);
  const run: Run = {
    io,
    values,
    style: createStyle(colour),
    styled: colour ? given.stderr : io.stderr,
    settings: undefined,
    loadSettings: async () => {
      // --order is CORE_SEARCH_ORDER for this run, validated by the same schema.
      const env = values.order === undefined ? io.env : { ...io.env, CORE_SEARCH_ORDER: values.order };
      run.settings = await loadConfig(env);
      return run.settings;
    },
  };
  given.beforeCommand?.(command);
  try {
    return await runCommand(command, args, run);
  } catch (error) {
    const output = errorOutput(error, { fieldName: flagName });
    // Unexpected failures reach bin.ts, which reports them and exits 1.
    if (!output.expected) throw error;
    if (output.code === "NOTHING_CONFIGURED") io.stderr(`${nothingConfiguredMessage(run.settings)}\n`);
    // Settings problems as a list, one a line: the terminal has room for them.
    else if (output.code === "INVALID_CONFIG") io.stderr(`core-search: ${(error as Error).message}\n`);
    else io.stderr(`core-search: ${output.message}\n`);
    return output.exitCode;
  }
}

async function runCommand(command: CommandName, args: readonly string[], run: Run): Promise<number> {
  const { io, values } = run;
  switch (command) {
    case "schema": {
      const { reportJsonSchema } = await import("../../report/report-schema.js");
      io.stdout(`${JSON.stringify(reportJsonSchema(), null, 2)}\n`);
      return EXIT.ok;
    }
    case "search":
      return await (await commands()).searchCommand(single(args, "search"), run);
    case "assess":
      return await (await commands()).assessCommand(run);
    case "runs":
      return await (await runsCommands()).runsCommand(run);
    case "show":
      return await (await runsCommands()).showCommand(single(args, "show"), run);
    case "rejudge":
      return await (await runsCommands()).rejudgeCommand(single(args, "rejudge"), run);
    case "eval":
      return await (await commands()).evalCommand(run);
    case "mcp":
      // stdout belongs to the protocol: the server reads its settings itself and logs to stderr.
      return await (await import("../mcp/run-mcp-server.js")).runMcpServer({ env: io.env });
    case "serve": {
      const port = intOption(values.port, "--port");
      if (port !== undefined && port > 65_535)
        throw new CoreSearchError("--port must be 0-65535", { code: "INVALID_INPUT" });
      const config = await run.loadSettings();
      const { serveUntilSignal } = await import("../server/http-api.js");
      return await serveUntilSignal({
        config,
        logger: await loggerAt(config.logLevel),
        host: values.host,
        port,
        stderr: io.stderr,
      });
    }
    case "read":
      return await (await commands()).readCommand(single(args, "read"), run);
    case "doctor":
      return await (await commands()).doctorCommand(run);
    case "plan": {
      const question = single(args, "plan");
      // The settings are only read (and validated) when they could change the plan.
      const limit =
        numberFlag(values.limit) ??
        (io.env.CORE_SEARCH_LIMIT === undefined ? undefined : (await run.loadSettings()).limit);
      // The range and its wording are the schema's, which `plan` does not load (plan-output.ts).
      if (limit !== undefined && !inRange(limit, LIMIT_RANGE)) {
        const problems = [{ path: ["limit"], message: rangeProblem(LIMIT_RANGE) }];
        throw new InvalidInputError(describeProblems(problems), { problems });
      }
      io.stdout(
        planOutput(question, { json: values.json === true, ...(limit === undefined ? {} : { limit }) }),
      );
      return EXIT.ok;
    }
    case "question":
      return await (await commands()).questionCommand(single(args, "question"), run);
  }
}

/** The command a first word names, if any ("question" is the default, not a word to type). */
function typedCommand(word: string | undefined): Exclude<CommandName, "question"> | undefined {
  return COMMAND_NAMES.find(
    (name): name is Exclude<CommandName, "question"> => name !== "question" && name === word,
  );
}

/** Options the command does not take, a wrong number of arguments, or a mistyped command: the message, or null. */
function usageProblem(command: CommandName, args: readonly string[], values: Values): string | null {
  const accepted = new Set<string>([...Object.keys(COMMANDS[command].options), ...GLOBAL_OPTIONS]);
  const foreign = Object.keys(values).filter((name) => !accepted.has(name));
  if (foreign.length > 0) {
    const names = foreign.map((name) => `--${name}`).join(", ");
    const subject = command === "question" ? "a question" : command;
    return `${names} ${foreign.length === 1 ? "is not an option" : "are not options"} of ${subject}. ${helpPointer(command)}`;
  }
  const [word] = args;
  if (command === "question" && word !== undefined) {
    const suggestion = suggestCommand(word);
    if (suggestion) {
      const asQuestion =
        args.length === 1
          ? `to ask a one-word question, end it with a question mark: core-search "${word}?"`
          : `to ask a question, put it in quotes: core-search "${args.join(" ")}"`;
      return `unknown command "${word}" — did you mean ${suggestion}? Run core-search ${suggestion} --help; ${asQuestion}`;
    }
  }
  const takesArgument = (ARGUMENT_COMMANDS as readonly string[]).includes(command);
  if (!takesArgument && args.length > 0) {
    return `${command} takes no arguments (got ${args.map((a) => JSON.stringify(a)).join(" ")}). ${helpPointer(command)}`;
  }
  return null;
}

function helpPointer(command: CommandName): string {
  return command === "question"
    ? "Run core-search --help to see the options."
    : `Run core-search ${command} --help to see its options.`;
}

/** `core-search help [command]`. */
function helpCommand(args: readonly string[], io: CliIo): number {
  const [name] = args;
  if (name === undefined) {
    io.stdout(topLevelHelp());
    return EXIT.ok;
  }
  const command = COMMAND_NAMES.find((n) => n === name);
  if (command) {
    io.stdout(commandHelp(command));
    return EXIT.ok;
  }
  const suggestion = suggestCommand(name);
  io.stderr(
    `core-search: no command "${name}"${suggestion ? ` — did you mean ${suggestion}?` : "."} Commands: ${COMMAND_NAMES.join(", ")}.\n`,
  );
  return EXIT.usage;
}

/** A parse failure names the option and points to the help of the command it was given to. */
function parseFailure(argv: readonly string[], error: unknown, io: CliIo): number {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const lenient = parseArgs({ args: [...argv], allowPositionals: true, strict: false, options: OPTIONS });
  const command = typedCommand(lenient.positionals[0]) ?? "question";
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /'([^']+)'/.exec(message)?.[1] ?? "option";
    io.stderr(`core-search: unknown option ${option}. ${helpPointer(command)}\n`);
  } else {
    io.stderr(`core-search: ${message}. ${helpPointer(command)}\n`);
  }
  return EXIT.usage;
}
