/**
 * Every command's usage, options, examples and exit codes in one table: `--help`, `help <command>`
 * and the option check all read it, so what the help lists is exactly what a command accepts.
 * Ranges and defaults come from the operations' input ranges, never retyped here.
 */
import {
  AUTO_READ_PAGES,
  DEADLINE_MS_RANGE,
  LIMIT_RANGE,
  MAX_ASSESS_EVIDENCE,
  MAX_DOMAINS,
  MAX_ENGINES,
  PAGE_RANGE,
  READ_MAX_CHARS_RANGE,
  READ_PAGES_RANGE,
  READ_TIMEOUT_MS_RANGE,
  RUNS_LIST_RANGE,
} from "../../operations/input-ranges.js";
import { PROVIDERS } from "../../providers/registry.js";
import { MCP_CLIENT_CONFIG } from "../mcp/mcp-client-config.js";

export const COMMAND_NAMES = [
  "question",
  "plan",
  "search",
  "read",
  "doctor",
  "assess",
  "runs",
  "show",
  "rejudge",
  "eval",
  "schema",
  "mcp",
  "serve",
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Options every command accepts. */
export const GLOBAL_OPTIONS = ["help", "version"] as const;

export interface CommandSpec {
  usage: string;
  /** One or two sentences: what the command does. */
  does: string;
  /** Option name (without `--`) → [argument placeholder or "", description with its default]. */
  options: Record<string, [string, string]>;
  examples: string[];
  exitCodes: string;
}

export const LIMITS = `${LIMIT_RANGE.min}-${LIMIT_RANGE.max}`;
export const DEADLINES = `${DEADLINE_MS_RANGE.min}-${DEADLINE_MS_RANGE.max}`;
const LIMIT: [string, string] = [
  "N",
  `results per call, ${LIMITS} (default: CORE_SEARCH_LIMIT, else ${LIMIT_RANGE.default})`,
];
const DEADLINE: [string, string] = [
  "N",
  `overall deadline in ms, ${DEADLINES} (default: CORE_SEARCH_DEADLINE_MS, else ${DEADLINE_MS_RANGE.default})`,
];
export const JUDGE: [string, string] = [
  "WHO",
  "auto, builtin or llm (default auto: the LLM of CORE_SEARCH_LLM_URL when set, else built-in)",
];
const NO_CACHE: [string, string] = [
  "",
  "ask the services even if the same request was answered within CORE_SEARCH_CACHE_TTL (default 20 min)",
];
/** The search options both the question and `search` take; only the language's default differs. */
const languageOption = (fallback: string): [string, string] => [
  "CODE",
  `results in this language: a two-letter ISO 639-1 code such as de (default: ${fallback})`,
];
const SEARCH_OPTIONS: Record<string, [string, string]> = {
  "safe-search": ["LEVEL", "filter explicit content: off, moderate or strict (default: each service's own)"],
  "include-domains": [
    "LIST",
    `only results on these domains or their subdomains, comma-separated, at most ${MAX_DOMAINS}`,
  ],
  "exclude-domains": [
    "LIST",
    `no results on these domains or their subdomains, comma-separated, at most ${MAX_DOMAINS}`,
  ],
  engines: [
    "LIST",
    `SearXNG engines to ask, e.g. google,arxiv, at most ${MAX_ENGINES} (default: chosen per search)`,
  ],
};
const SEARCH_OPTIONS_USAGE =
  "[--language CODE] [--safe-search LEVEL] [--include-domains LIST] [--exclude-domains LIST] [--engines LIST]";

const ORDER: [string, string] = [
  "LIST",
  "fallback order for this run, e.g. exa,brave (default: CORE_SEARCH_ORDER, else every service)",
];

const HTML: [string, string] = [
  "FILE",
  "also write the report as one self-contained HTML page (its stylesheet inside, no script) that opens without a server",
];

export const COMMANDS: Record<CommandName, CommandSpec> = {
  question: {
    usage: `core-search "<question>" [--json] [--html FILE] [--explain] [--limit N] [--deadline-ms N] [--order LIST] [--no-cache] [--judge WHO] [--read N|auto] [--time-range R] ${SEARCH_OPTIONS_USAGE}`,
    does:
      "Plans up to four searches for an evaluative question, runs them through the fallback chain, " +
      "and prints a claim/evidence report: evidence grouped by stance, origins, confidence label.",
    options: {
      json: ["", "print the report as JSON (default: markdown)"],
      html: HTML,
      explain: [
        "",
        "also write the plan, preflight, each call's attempts, dedup and label reasons to stderr",
      ],
      limit: LIMIT,
      "deadline-ms": DEADLINE,
      order: ORDER,
      "no-cache": NO_CACHE,
      judge: JUDGE,
      read: [
        "N|auto",
        `pages to read, judged on the passages that bear on the claim and quoted: auto (default) reads up to ${AUTO_READ_PAGES} whose snippet leaves the stance uncertain and whose stance bears on the label; N reads the N leading origins, ${READ_PAGES_RANGE.min}-${READ_PAGES_RANGE.max} (0: none)`,
      ],
      "time-range": [
        "R",
        "how recent the evidence must be: week, year or none (default: chosen from the question)",
      ],
      language: languageOption("the question's"),
      ...SEARCH_OPTIONS,
    },
    examples: [
      'SEARXNG_URL=http://127.0.0.1:8888 core-search "Is intermittent fasting safe?"',
      'core-search "Does cracking knuckles cause arthritis?" --json --explain 2>explain.txt',
      `${PROVIDERS.exa.keyVariable}=… core-search "Postgres vs MySQL for a banking ledger?" --limit 8`,
      'core-search "Is intermittent fasting safe?" --language de --exclude-domains pinterest.com',
    ],
    exitCodes:
      "0 a report was produced (any label) · 2 bad usage or configuration · 3 every planned call failed",
  },
  plan: {
    usage: 'core-search plan "<question>" [--json] [--limit N]',
    does: "Shows the searches the question would run (type, subject, claim, calls) without touching the network.",
    options: {
      json: ["", "print the plan as JSON (default: text)"],
      limit: LIMIT,
    },
    examples: [
      'core-search plan "Does cracking knuckles cause arthritis?"',
      'core-search plan "Is Rust faster than Go?" --json',
    ],
    exitCodes: "0 plan printed · 2 bad usage or configuration",
  },
  search: {
    usage: `core-search search "<query>" [--json] [--explain] [--categories LIST] [--time-range R] [--limit N] [--page N] [--deadline-ms N] [--order LIST] [--no-cache] ${SEARCH_OPTIONS_USAGE}`,
    does:
      "Sends one query through the fallback chain (no planning, no judging) and prints the results; " +
      "--json prints the envelope other agent tools read.",
    options: {
      json: ["", 'print {"success":true,"data":{"web":[…]}} or {"success":false,"error":"…"}'],
      explain: ["", "also write each stage's attempt, outcome and time to stderr"],
      categories: ["LIST", "comma-separated: general, news, science, it (default: general)"],
      "time-range": ["R", "day, week, month or year (default: no date restriction)"],
      limit: LIMIT,
      page: [
        "N",
        `which page of results, ${PAGE_RANGE.min}-${PAGE_RANGE.max} (default ${PAGE_RANGE.default}); services that cannot page are passed over`,
      ],
      "deadline-ms": DEADLINE,
      order: ORDER,
      "no-cache": NO_CACHE,
      language: languageOption("each service's own"),
      ...SEARCH_OPTIONS,
    },
    examples: [
      'core-search search "solid-state batteries" --categories news --time-range week',
      'core-search search "CRISPR off-target effects" --json --limit 10',
      'core-search search "rust async runtimes" --explain',
      'core-search search "mRNA vaccine myocarditis" --include-domains nih.gov,who.int --page 2',
    ],
    exitCodes: "0 results found · 2 bad usage or configuration · 3 no service returned results",
  },
  read: {
    usage: 'core-search read "<url>" [--json] [--max-chars N] [--timeout-ms N]',
    does:
      "Reads one web page and prints its main text without menus, footers or scripts (HTML as markdown), " +
      "the text of a PDF, or plain text, under its title, address, date and language. Loopback and " +
      "private addresses are refused unless CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES=1.",
    options: {
      json: ["", "print the page as JSON: text, markdown, title, canonical address, date, language"],
      "max-chars": [
        "N",
        `most characters of text, ${READ_MAX_CHARS_RANGE.min}-${READ_MAX_CHARS_RANGE.max} (default ${READ_MAX_CHARS_RANGE.default})`,
      ],
      "timeout-ms": [
        "N",
        `timeout of the read, redirects included, ${READ_TIMEOUT_MS_RANGE.min}-${READ_TIMEOUT_MS_RANGE.max} (default ${READ_TIMEOUT_MS_RANGE.default})`,
      ],
    },
    examples: [
      "core-search read https://en.wikipedia.org/wiki/Home_advantage",
      "core-search read https://arxiv.org/pdf/1706.03762 --json --max-chars 20000",
    ],
    exitCodes:
      "0 page printed · 2 bad usage, or an address that is not read (private, not http(s), not HTML, PDF or text) · 3 the page could not be read (timeout, too large, HTTP error, network)",
  },
  doctor: {
    usage: "core-search doctor [--json] [--reset]",
    does:
      "Checks every stage of the fallback chain (configured, no key or address, paused until when, keyless) and " +
      "the SearXNG instance's healthy engine families. --reset instead clears what the state store remembers " +
      "of earlier failures (pauses, cool-downs, engine health), so the next question asks every stage again.",
    options: {
      json: ["", "print the diagnosis (or what --reset cleared) as JSON (default: text)"],
      reset: [
        "",
        "clear remembered pauses, cool-downs and engine health, in the state directory or Redis, and say what was cleared; the result cache is kept",
      ],
    },
    examples: [
      "core-search doctor",
      "SEARXNG_URL=http://127.0.0.1:8888 core-search doctor --json",
      "core-search doctor --reset",
    ],
    exitCodes:
      "0 diagnosis printed or state cleared · 2 bad configuration · 3 --reset could not reach the state store",
  },
  assess: {
    usage:
      'core-search assess --claim "<claim>" --evidence <file.jsonl|-> [--json] [--judge WHO]\n' +
      "       core-search assess --run-id=<id> [--stances <file.jsonl|->] [--claim TEXT] [--json] [--judge WHO]",
    does:
      "Judges the stance of evidence you already have toward a claim and labels the confidence; no search. " +
      'Each input line is {"url","title","snippet"} ("text" is accepted for "snippet"); a line\'s own "stance" is used as given. ' +
      "With --run-id, the sources are a kept run's evidence, with your stances for them by id; the result is kept as a new run naming the first.",
    options: {
      claim: ["TEXT", "the claim to test (required with --evidence; with --run-id, by default the run's)"],
      evidence: [
        "FILE",
        `a JSONL file, or - for standard input; at most ${MAX_ASSESS_EVIDENCE} items (required without --run-id)`,
      ],
      "run-id": ["ID", "instead of --evidence: a kept run's id (core-search runs lists them)"],
      stances: [
        "FILE",
        'with --run-id: a JSONL file, or - for standard input, of {"id":"e1","stance":"support"} lines; items given none are judged',
      ],
      json: ["", "print the assessment as JSON (default: text)"],
      judge: JUDGE,
    },
    examples: [
      'core-search assess --claim "Coffee raises blood pressure" --evidence pages.jsonl',
      'cat pages.jsonl | core-search assess --claim "X is safe" --evidence - --json',
      "core-search assess --run-id=<id> --stances my-reading.jsonl",
    ],
    exitCodes: "0 assessment printed · 2 bad usage, bad input or configuration",
  },
  runs: {
    usage: "core-search runs [--json] [--limit N]",
    does:
      "Lists the runs kept by questions and assessments, newest first: when each ended (local time and " +
      "offset), its id, label, judge, how long it took, the question or claim, and the run a re-judged one " +
      "came from. Runs are kept in the state store (files, or Redis) as CORE_SEARCH_RUNS and " +
      "CORE_SEARCH_RUNS_KEEP say.",
    options: {
      json: ["", "print the list as a JSON array of run summaries (default: text)"],
      limit: [
        "N",
        `most runs to list, ${RUNS_LIST_RANGE.min}-${RUNS_LIST_RANGE.max} (default ${RUNS_LIST_RANGE.default})`,
      ],
    },
    examples: ["core-search runs", "core-search runs --json --limit 5"],
    exitCodes: "0 runs listed (none is not an error) · 2 bad usage or configuration",
  },
  show: {
    usage: "core-search show <id> [--json] [--html FILE]",
    does: "Prints a kept run's report as the question (or the assessment) printed it; no search, no judging.",
    options: {
      json: ["", "print the report (or the assessment) as JSON (default: markdown)"],
      html: HTML,
    },
    examples: [
      "core-search show 8wq0Jc2xTBWm4z5nq3lVbA",
      "core-search show 8wq0Jc2xTBWm4z5nq3lVbA --json",
      "core-search show 8wq0Jc2xTBWm4z5nq3lVbA --html report.html",
    ],
    exitCodes: "0 report printed · 2 bad usage or configuration, not a run id, or no such run",
  },
  rejudge: {
    usage: "core-search rejudge <id> [--json] [--judge WHO]",
    does:
      "Judges a kept run again without searching: the same results and pages read (or the same evidence), " +
      "judged and labelled anew, printed as the question prints them. The new analysis is kept as a run of " +
      "its own whose id stderr names, with a note naming the first run. It works with every search service down.",
    options: {
      json: ["", "print the new report (or assessment) as JSON (default: markdown)"],
      judge: JUDGE,
    },
    examples: [
      "core-search rejudge 8wq0Jc2xTBWm4z5nq3lVbA --judge llm",
      "core-search rejudge 8wq0Jc2xTBWm4z5nq3lVbA --json",
    ],
    exitCodes:
      "0 report printed · 2 bad usage or configuration, not a run id, no such run, or a run kept without what it was built from",
  },
  eval: {
    usage: "core-search eval --data <file.jsonl|-> [--data <file.jsonl> …] [--json] [--judge WHO]",
    does:
      "Measures the stance judge and the confidence labels on labelled claims, one section per data file: " +
      "accuracy, macro-F1, per-class scores, the share answered neutral, calibration error (ECE), label " +
      'agreement, and the accuracy and macro-F1 of always answering "support". Each line is a claim with ' +
      "evidence items that give text (headlines, arguments; url optional) or a title with a snippet or text. " +
      "A claim that gives its expected label and direction is scored at the label level too, with the " +
      "judge's stances and with the labelled stances given as the caller's (label and direction accuracy, " +
      "the label confusion table); an item that names its kind is also scored with the others of its kind.",
    options: {
      data: ["FILE", "labelled claims as JSONL, or - for standard input; repeat for more files (required)"],
      json: ["", 'print {"files":[…]}, one entry per file (default: text)'],
      judge: JUDGE,
    },
    examples: [
      "core-search eval --data emergent-dev.jsonl --data perspectrum-dev.jsonl",
      "core-search eval --data dev.jsonl --json > metrics.json",
      "core-search eval --judge builtin --data labels.jsonl",
    ],
    exitCodes: "0 metrics printed · 2 bad usage, bad input or configuration",
  },
  schema: {
    usage: "core-search schema",
    does: "Prints the report's JSON Schema (draft 2020-12), the same one the MCP tools declare as output.",
    options: { json: ["", "accepted for symmetry; the schema is always JSON"] },
    examples: ["core-search schema > report.schema.json"],
    exitCodes: "0 schema printed",
  },
  mcp: {
    usage: "core-search mcp",
    does:
      "Runs the MCP server on stdio (tools corroborate, web_search, assess, read_page) until standard input closes. " +
      "It reads the same environment settings; logs go to stderr, one line per failure unless LOG_LEVEL asks for more. " +
      "A client that reads an mcpServers object starts it as below: the command that `npm install -g .` in a " +
      "clone installs (docs/mcp.md has full paths for a client that cannot find it).",
    options: {},
    examples: ["core-search mcp", MCP_CLIENT_CONFIG],
    exitCodes: "0 the client closed the connection · 2 bad usage",
  },
  serve: {
    usage: "core-search serve [--port N] [--host H]",
    does:
      "Runs the HTTP API (POST /v1/corroborate, /v1/search, /v1/assess, /v1/read; runs that outlive a connection: " +
      "POST /v1/runs, GET /v1/runs/{id} and /v1/runs/{id}/events, DELETE /v1/runs/{id}; GET /healthz) and MCP over " +
      "Streamable HTTP at /mcp, and a page for people at / (ask and watch a run; its report at /r/{id}, also .md and .json), " +
      "until SIGINT or SIGTERM. With CORE_SEARCH_SERVER_TOKEN set, requests must carry it as a bearer token (the page asks for it once).",
    options: {
      port: ["N", "port to listen on, 0-65535 (default: 0, a free port; the address is printed on stderr)"],
      host: ["H", "address to listen on (default: 127.0.0.1, loopback only)"],
    },
    examples: [
      "core-search serve --port 8787",
      `curl -s 127.0.0.1:8787/v1/corroborate -H 'content-type: application/json' -d '{"question":"Is X safe?"}'`,
    ],
    exitCodes: "0 stopped by a signal · 2 bad usage or configuration (e.g. the port is taken)",
  },
};
