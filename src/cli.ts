import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, CoreSearchError } from "./errors.js";
import { plan } from "./plan/plan.js";
import type { Category, TimeRange } from "./providers/search-provider.js";

// Only what every command needs is imported up front: zod, undici and pino together cost several
// times a bare node start, and `plan`, `--help` and `--version` need none of them.
const loadSettings = async (env: CliIo["env"]) => (await import("./config.js")).loadConfig(env);

export const EXIT = { ok: 0, usage: 2, allFailed: 3 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Standard input as text, for `--evidence -` and `--data -`. */
  stdin?: () => string;
}

const HELP = `core-search — how far does the web agree? A claim/evidence report for an evaluative question.

Usage:
  core-search "<question>" [--json] [--limit N] [--deadline-ms N]
  core-search plan "<question>" --json      the planned calls only (no network)
  core-search search "<query>" [--json] [--categories news,science] [--time-range week] [--limit N]
                                            one query through the fallback chain
  core-search doctor [--json]               every search stage: configured, no key, paused, keyless
  core-search assess --claim "<claim>" --evidence <file.jsonl|-> [--json]
                                            judge and label evidence you have (lines of {url,title,snippet})
  core-search eval --data <file.jsonl> [--json]
                                            stance and label metrics on labelled claims
  core-search schema                        the report's JSON Schema
  core-search serve [--port N] [--host H]   HTTP API on 127.0.0.1 (POST /v1/corroborate, /v1/search, /v1/assess)
  core-search mcp                           MCP server on stdio (tools corroborate, web_search, assess)
  core-search --help | --version

Options:
  --json             print the report as JSON (default: markdown)
  --limit N          results per call, 1-20 (default CORE_SEARCH_LIMIT or 5)
  --deadline-ms N    overall deadline in ms (default CORE_SEARCH_DEADLINE_MS or 30000)
  --categories LIST  search: general, news, science, it (comma-separated)
  --time-range R     search: day, week, month or year

Search services, tried in order until one answers: SearXNG (SEARXNG_URL), then Exa, Parallel, Brave,
Nimble, Tavily, You.com, Degoog, Firecrawl (their API keys / address), then the keyless Exa and
Parallel endpoints for vendors without a key (CORE_SEARCH_KEYLESS=off turns them off).

Examples:
  SEARXNG_URL=http://127.0.0.1:8888 core-search "Is intermittent fasting safe?"
  core-search plan "Does cracking knuckles cause arthritis?" --json

Exit codes: 0 report produced · 2 bad usage or configuration · 3 every planned call failed`;

/** Runs one CLI invocation and returns its exit code; all output goes through `io`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr(
      `core-search: ${error instanceof Error ? error.message : String(error)}\nRun core-search --help for usage.\n`,
    );
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return EXIT.ok;
  }
  if (values.version) {
    io.stdout(`${version()}\n`);
    return EXIT.ok;
  }
  const [first, ...rest] = positionals;
  try {
    if (first === "schema" && rest.length === 0) {
      const { reportJsonSchema } = await import("./report/report-schema.js");
      io.stdout(`${JSON.stringify(reportJsonSchema(), null, 2)}\n`);
      return EXIT.ok;
    }
    if (first === "search") {
      return await searchCommand(single(rest, "search"), values, io);
    }
    if (first === "assess" && rest.length === 0) {
      return await assessCommand(values, io);
    }
    if (first === "eval" && rest.length === 0) {
      return await evalCommand(values, io);
    }
    if (first === "mcp" && rest.length === 0) {
      // stdout belongs to the protocol: the server reads its settings itself and logs to stderr.
      return await (await import("./mcp.js")).runMcpServer({ env: io.env });
    }
    if (first === "serve" && rest.length === 0) {
      const port = intOption(values.port, "--port");
      if (port !== undefined && port > 65_535)
        throw new CoreSearchError("--port must be 0-65535", { code: "INVALID_INPUT" });
      const config = await loadSettings(io.env);
      const [{ serveUntilSignal }, { createLogger }] = await Promise.all([
        import("./http-api.js"),
        import("./logger.js"),
      ]);
      return await serveUntilSignal({
        config,
        logger: createLogger({ level: config.logLevel }),
        ...(values.host === undefined ? {} : { host: values.host }),
        ...(port === undefined ? {} : { port }),
        stderr: io.stderr,
      });
    }
    if (first === "doctor" && rest.length === 0) {
      return await doctorCommand(values.json === true, io);
    }
    if (first === "plan") {
      const question = single(rest, "plan");
      // The settings are only read (and validated) when they could change the plan.
      const limit =
        intOption(values.limit, "--limit") ??
        (io.env.CORE_SEARCH_LIMIT === undefined ? undefined : (await loadSettings(io.env)).limit);
      const result = plan(question, limit === undefined ? {} : { limit });
      io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderPlan(result));
      return EXIT.ok;
    }
    const question = single(positionals, "question");
    const config = await loadSettings(io.env);
    const [{ corroborate, everyCallFailed }, { createLogger }, { renderMarkdown }] = await Promise.all([
      import("./corroborate.js"),
      import("./logger.js"),
      import("./report/render-markdown.js"),
    ]);
    const logger = createLogger({ level: config.logLevel });
    const limit = intOption(values.limit, "--limit");
    const deadlineMs = intOption(values["deadline-ms"], "--deadline-ms");
    const report = await corroborate(question, {
      config,
      logger,
      ...(limit === undefined ? {} : { limit }),
      ...(deadlineMs === undefined ? {} : { deadlineMs }),
    });
    io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderMarkdown(report));
    return everyCallFailed(report) ? EXIT.allFailed : EXIT.ok;
  } catch (error) {
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

type Values = ReturnType<typeof parse>["values"];

/** `core-search search "<query>"`: one query through the chain, as the envelope other tools read. */
async function searchCommand(query: string, values: Values, io: CliIo): Promise<number> {
  const config = await loadSettings(io.env);
  const [{ search, toEnvelope }, { createLogger }] = await Promise.all([
    import("./search.js"),
    import("./logger.js"),
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
  });
  const envelope = toEnvelope(outcome);
  for (const warning of outcome.warnings) io.stderr(`core-search: warning: ${warning}\n`);
  if (values.json) io.stdout(`${JSON.stringify(envelope)}\n`);
  else if (envelope.success) {
    io.stdout(
      envelope.data.web
        .map((r) => `${r.position}. ${r.title}\n   ${r.url}\n   ${r.description}`)
        .join("\n\n"),
    );
    io.stdout(`\n\n(served by ${outcome.provider})\n`);
  } else io.stderr(`${envelope.error}\n`);
  return envelope.success ? EXIT.ok : EXIT.allFailed;
}

/** `core-search doctor`: every stage — configured, no key, paused until when, keyless — and SearXNG's health. */
async function doctorCommand(json: boolean, io: CliIo): Promise<number> {
  const config = await loadSettings(io.env);
  const { diagnose, renderDiagnosis } = await import("./doctor.js");
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
async function assessCommand(values: Values, io: CliIo): Promise<number> {
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
  const judge = chooseJudge(await loadSettings(io.env));
  const result = await assess({ claim: values.claim, evidence }, { judge });
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout(`${(await import("./report/render-assessment.js")).renderAssessment(result)}\n`);
  return EXIT.ok;
}

/** `core-search eval --data <file.jsonl>`: stance and label metrics on labelled claims. */
async function evalCommand(values: Values, io: CliIo): Promise<number> {
  const text = readInput(values.data, "--data", io);
  const [{ evaluate, parseEvalData, renderEvaluation }, { chooseJudge }] = await Promise.all([
    import("./eval.js"),
    import("./judge/choose-judge.js"),
  ]);
  const judge = chooseJudge(await loadSettings(io.env));
  const result = await evaluate(parseEvalData(text), { judge });
  io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : renderEvaluation(result));
  return EXIT.ok;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: "boolean" },
      limit: { type: "string" },
      "deadline-ms": { type: "string" },
      categories: { type: "string" },
      claim: { type: "string" },
      evidence: { type: "string" },
      data: { type: "string" },
      "time-range": { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}

function single(values: readonly string[], what: string): string {
  if (values.length !== 1 || values[0] === undefined) {
    throw new CoreSearchError(
      values.length === 0
        ? `Missing ${what === "plan" ? "the question to plan" : "the question"}: core-search "Is X safe?"`
        : `Expected one quoted question, got ${values.length} arguments: put the question in quotes`,
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
