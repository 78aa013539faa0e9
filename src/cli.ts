import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { explainReport, explainSearch } from "./cli/explain.js";
import {
  COMMAND_NAMES,
  COMMANDS,
  type CommandName,
  commandHelp,
  GLOBAL_OPTIONS,
  topLevelHelp,
} from "./cli/help.js";
import { ALL_FAILED_HINT, nothingConfiguredMessage, suggestCommand } from "./cli/hints.js";
import { createProgressPrinter } from "./cli/progress.js";
import { colourWanted, createStyle, type Style } from "./cli/style.js";
import type { Config } from "./config/config.js";
import type { ProgressEvent } from "./corroborate.js";
import { ConfigError, CoreSearchError } from "./errors.js";
import type { FileEvaluation } from "./eval/render-evaluation.js";
import { plan } from "./plan/plan.js";
import type { Category, TimeRange } from "./providers/search-provider.js";

// Only what every command needs is imported up front: zod, undici and pino together cost several
// times a bare node start, and `plan`, `--help` and `--version` need none of them.
const loadConfig = async (env: CliIo["env"]) => (await import("./config/config.js")).loadConfig(env);

export const EXIT = { ok: 0, usage: 2, allFailed: 3 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Standard input as text, for `--evidence -` and `--data -`. */
  stdin?: () => string;
  /** Whether each stream is a terminal: progress and colour only then (default: neither). */
  isTTY?: { stdout: boolean; stderr: boolean };
}

/** What one invocation shares between its command and its error handling. */
interface Run {
  io: CliIo;
  values: Values;
  /** For stderr only: progress and `--explain` are the only coloured output. */
  style: Style;
  /** The settings once read, so a "nothing configured" error can say which setting is missing. */
  settings: Config | undefined;
  loadSettings: () => Promise<Config>;
}

/** Runs one CLI invocation and returns its exit code; all output goes through `io`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    return parseFailure(argv, error, io);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.stdout(`${version()}\n`);
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

  const run: Run = {
    io,
    values,
    style: createStyle(colourWanted(io.env, io.isTTY?.stderr === true)),
    settings: undefined,
    loadSettings: async () => {
      // --order is CORE_SEARCH_ORDER for this run, validated by the same schema.
      const env = values.order === undefined ? io.env : { ...io.env, CORE_SEARCH_ORDER: values.order };
      run.settings = await loadConfig(env);
      return run.settings;
    },
  };
  try {
    return await runCommand(command, args, run);
  } catch (error) {
    if (error instanceof ConfigError && error.code === "NOTHING_CONFIGURED") {
      io.stderr(`${nothingConfiguredMessage(run.settings)}\n`);
      return EXIT.usage;
    }
    if (error instanceof ConfigError) {
      io.stderr(`core-search: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof CoreSearchError && error.code === "INVALID_INPUT") {
      io.stderr(`core-search: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}

async function runCommand(command: CommandName, args: readonly string[], run: Run): Promise<number> {
  const { io, values } = run;
  switch (command) {
    case "schema": {
      const { reportJsonSchema } = await import("./report/report-schema.js");
      io.stdout(`${JSON.stringify(reportJsonSchema(), null, 2)}\n`);
      return EXIT.ok;
    }
    case "search":
      return await searchCommand(single(args, "search"), run);
    case "assess":
      return await assessCommand(run);
    case "eval":
      return await evalCommand(run);
    case "mcp":
      // stdout belongs to the protocol: the server reads its settings itself and logs to stderr.
      return await (await import("./mcp.js")).runMcpServer({ env: io.env });
    case "serve": {
      const port = intOption(values.port, "--port");
      if (port !== undefined && port > 65_535)
        throw new CoreSearchError("--port must be 0-65535", { code: "INVALID_INPUT" });
      const config = await run.loadSettings();
      const [{ serveUntilSignal }, { createLogger }] = await Promise.all([
        import("./http-api.js"),
        import("./log/logger.js"),
      ]);
      return await serveUntilSignal({
        config,
        logger: createLogger({ level: config.logLevel }),
        ...(values.host === undefined ? {} : { host: values.host }),
        ...(port === undefined ? {} : { port }),
        stderr: io.stderr,
      });
    }
    case "doctor":
      return await doctorCommand(run);
    case "plan": {
      const question = single(args, "plan");
      // The settings are only read (and validated) when they could change the plan.
      const limit =
        intOption(values.limit, "--limit") ??
        (io.env.CORE_SEARCH_LIMIT === undefined ? undefined : (await run.loadSettings()).limit);
      const result = plan(question, limit === undefined ? {} : { limit });
      io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderPlan(result));
      return EXIT.ok;
    }
    case "question":
      return await questionCommand(single(args, "question"), run);
  }
}

/** The default command: the full pipeline, markdown or JSON on stdout, progress and --explain on stderr. */
async function questionCommand(question: string, run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const [{ corroborate, everyCallFailed }, { createLogger }, { renderMarkdown }] = await Promise.all([
    import("./corroborate.js"),
    import("./log/logger.js"),
    import("./report/render-markdown.js"),
  ]);
  const limit = intOption(values.limit, "--limit");
  const deadlineMs = intOption(values["deadline-ms"], "--deadline-ms");
  const events: ProgressEvent[] = [];
  const report = await corroborate(question, {
    config,
    logger: createLogger({ level: config.logLevel }),
    ...(limit === undefined ? {} : { limit }),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    ...(values["no-cache"] ? { cache: false } : {}),
    onProgress: progressListener(run, events),
  });
  if (values.explain) io.stderr(explainReport(report, events, run.style));
  io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report));
  if (!everyCallFailed(report)) return EXIT.ok;
  io.stderr(`${ALL_FAILED_HINT}\n`);
  return EXIT.allFailed;
}

/** Progress lines on a terminal's stderr, and the events kept for --explain. */
function progressListener(run: Run, events: ProgressEvent[]): (event: ProgressEvent) => void {
  const print = run.io.isTTY?.stderr ? createProgressPrinter(run.io.stderr, run.style) : undefined;
  return (event) => {
    if (run.values.explain) events.push(event);
    print?.(event);
  };
}

type Values = ReturnType<typeof parse>["values"];

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
  const takesArgument = command === "question" || command === "plan" || command === "search";
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

/** `core-search search "<query>"`: one query through the chain, as the envelope other tools read. */
async function searchCommand(query: string, run: Run): Promise<number> {
  const { io, values } = run;
  const config = await run.loadSettings();
  const [{ search, toEnvelope }, { createLogger }] = await Promise.all([
    import("./search.js"),
    import("./log/logger.js"),
  ]);
  const limit = intOption(values.limit, "--limit");
  const deadlineMs = intOption(values["deadline-ms"], "--deadline-ms");
  const categories = values.categories
    ?.split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  const outcome = await search(query, {
    config,
    logger: createLogger({ level: config.logLevel }),
    ...(limit === undefined ? {} : { limit }),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    // Unchecked here: search() validates both and names what it does not know.
    ...(categories ? { categories: categories as Category[] } : {}),
    ...(values["time-range"] ? { timeRange: values["time-range"] as TimeRange } : {}),
    ...(values["no-cache"] ? { cache: false } : {}),
    onProgress: progressListener(run, []),
  });
  const envelope = toEnvelope(outcome);
  for (const warning of outcome.warnings) io.stderr(`core-search: warning: ${warning}\n`);
  if (values.explain) {
    const request = {
      categories: categories ?? ["general"],
      timeRange: values["time-range"] ?? null,
      limit: limit ?? config.limit,
    };
    io.stderr(explainSearch(query, request, outcome, run.style));
  }
  if (values.json) io.stdout(`${JSON.stringify(envelope)}\n`);
  else if (envelope.success) {
    io.stdout(
      envelope.data.web
        .map((r) => `${r.position}. ${r.title}\n   ${r.url}\n   ${r.description}`)
        .join("\n\n"),
    );
    io.stdout(`\n\n(served by ${outcome.provider})\n`);
  } else io.stderr(`${envelope.error}\n`);
  if (outcome.status === "failed") {
    io.stderr("core-search: no search service answered. Run core-search doctor to see each stage's state.\n");
  }
  return envelope.success ? EXIT.ok : EXIT.allFailed;
}

/** `core-search doctor`: every stage — configured, no key, paused until when, keyless — and SearXNG's health. */
async function doctorCommand(run: Run): Promise<number> {
  const { io } = run;
  const json = run.values.json === true;
  const config = await run.loadSettings();
  const { diagnose, renderDiagnosis } = await import("./operations/doctor.js");
  const diagnosis = await diagnose(config);
  io.stdout(json ? `${JSON.stringify(diagnosis, null, 2)}\n` : renderDiagnosis(diagnosis));
  return EXIT.ok;
}

/** A JSONL file (or `-` for standard input), bounded so a wrong path cannot flood memory. */
function readInput(path: string | undefined, flag: string, io: CliIo): string {
  if (!path) throw new CoreSearchError(`${flag} <file.jsonl or -> is required`, { code: "INVALID_INPUT" });
  const text = path === "-" ? (io.stdin?.() ?? "") : readFileSafely(path, flag);
  if (text.length > MAX_INPUT_CHARS) {
    throw new CoreSearchError(`${flag}: the input is larger than ${MAX_INPUT_CHARS} characters`, {
      code: "INVALID_INPUT",
    });
  }
  return text;
}

const MAX_INPUT_CHARS = 50_000_000;

function readFileSafely(path: string, flag: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new CoreSearchError(`${flag}: cannot read ${path} (${typeof code === "string" ? code : "error"})`, {
      code: "INVALID_INPUT",
    });
  }
}

/** `core-search assess --claim "<claim>" --evidence <file.jsonl or ->`: judge and label given evidence. */
async function assessCommand(run: Run): Promise<number> {
  const { io, values } = run;
  if (!values.claim) throw new CoreSearchError('--claim "<claim>" is required', { code: "INVALID_INPUT" });
  const lines = readInput(values.evidence, "--evidence", io).split("\n");
  const evidence = lines.flatMap((line, index) => {
    if (line.trim() === "") return [];
    try {
      return [JSON.parse(line) as { url: string; title?: string; snippet?: string; text?: string }];
    } catch {
      throw new CoreSearchError(`--evidence line ${index + 1} is not JSON`, { code: "INVALID_INPUT" });
    }
  });
  const [{ assess }, { chooseJudge }] = await Promise.all([
    import("./assess.js"),
    import("./judge/choose-judge.js"),
  ]);
  const judge = chooseJudge(await run.loadSettings());
  const result = await assess({ claim: values.claim, evidence }, { judge });
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout(`${(await import("./report/render-assessment.js")).renderAssessment(result)}\n`);
  return EXIT.ok;
}

/** `core-search eval --data <file.jsonl> [--data …]`: stance and label metrics, one section per file. */
async function evalCommand(run: Run): Promise<number> {
  const { io, values } = run;
  // Without --data, readInput says it is required. Every file is read and parsed before any is
  // judged, so a bad line in the last file does not wait for the first one's evaluation.
  const inputs = (values.data ?? [undefined]).map((path) => ({ path, text: readInput(path, "--data", io) }));
  const [{ parseEvalData }, { evaluate }, { renderEvaluations }, { chooseJudge }] = await Promise.all([
    import("./eval/eval-data.js"),
    import("./eval/evaluate.js"),
    import("./eval/render-evaluation.js"),
    import("./judge/choose-judge.js"),
  ]);
  const data = inputs.map(({ path, text }) => {
    const file = path === "-" ? "standard input" : (path ?? "");
    return { file, rows: parseEvalData(text, file) };
  });
  const judge = chooseJudge(await run.loadSettings());
  const files: FileEvaluation[] = [];
  for (const { file, rows } of data) files.push({ file, ...(await evaluate(rows, { judge })) });
  io.stdout(values.json ? `${JSON.stringify({ files }, null, 2)}\n` : renderEvaluations(files));
  return EXIT.ok;
}

const OPTIONS = {
  json: { type: "boolean" },
  explain: { type: "boolean" },
  limit: { type: "string" },
  "deadline-ms": { type: "string" },
  order: { type: "string" },
  "no-cache": { type: "boolean" },
  categories: { type: "string" },
  claim: { type: "string" },
  evidence: { type: "string" },
  data: { type: "string", multiple: true },
  "time-range": { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
}

/** The one quoted question (or query) a command takes; the message shows how to write it. */
function single(values: readonly string[], command: "question" | "plan" | "search"): string {
  if (values.length !== 1 || values[0] === undefined) {
    const what = command === "search" ? "query" : "question";
    const example = {
      question: 'core-search "Is X safe?"',
      plan: 'core-search plan "Is X safe?"',
      search: 'core-search search "X safety"',
    }[command];
    throw new CoreSearchError(
      values.length === 0
        ? `Missing the ${what}${command === "plan" ? " to plan" : ""}: ${example}`
        : `Expected one quoted ${what}, got ${values.length} arguments: put the ${what} in quotes, as in ${example}`,
      { code: "INVALID_INPUT" },
    );
  }
  return values[0];
}

function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()))
    throw new CoreSearchError(`${name} must be a whole number`, { code: "INVALID_INPUT" });
  return Number(value);
}

function renderPlan(result: ReturnType<typeof plan>): string {
  const lines = [
    `Question: ${result.question}`,
    `Type: ${result.queryType}  Subject: ${result.subject.join(" | ")}${result.context ? `  Context: ${result.context}` : ""}`,
    `Claim: ${result.claim}`,
    result.bypass ? `Bypass: ${result.bypassReason}` : "Bypass: no",
    `News call: ${result.newsCall ? "yes" : "no"} (${result.newsReason})`,
    ...result.warnings.map((w) => `Warning: ${w}`),
    ...result.calls.map(
      (c) =>
        `${c.id}. [${c.role}] ${c.query} (${c.categories.join(",")}${c.engines.length ? `; engines ${c.engines.join(",")}` : ""}; time ${c.timeRange})`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}
