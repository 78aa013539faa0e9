/**
 * The help the command prints: `core-search --help`, and `core-search <command> --help` from each
 * command's table row (command-specs.ts), so what the help lists is exactly what a command accepts.
 */
import {
  AUTO_READ_PAGES,
  DEADLINE_MS_RANGE,
  LIMIT_RANGE,
  MAX_DOMAINS,
  READ_PAGES_RANGE,
} from "../../operations/input-ranges.js";
import { searchServicesHelp } from "../../providers/registry.js";
import { COMMANDS, type CommandName, DEADLINES, JUDGE, LIMITS } from "./command-specs.js";

/** `core-search <command> --help` and `core-search help <command>`. */
export function commandHelp(name: CommandName): string {
  const spec = COMMANDS[name];
  const options = Object.entries(spec.options).map(([option, [arg, text]]) => [
    `--${option}${arg ? ` ${arg}` : ""}`,
    text,
  ]);
  options.push(["-h, --help", "show this help"]);
  const width = Math.max(...options.map(([flag]) => flag?.length ?? 0));
  const lines = [
    `Usage: ${spec.usage}`,
    "",
    ...wrap(spec.does, 100),
    "",
    "Options:",
    ...options.map(([flag = "", text]) => `  ${flag.padEnd(width)}  ${text}`),
    "",
    "Examples:",
    // An example of several lines (a client configuration) is indented as a whole.
    ...spec.examples.map((example) => `  ${example.replaceAll("\n", "\n  ")}`),
    "",
    `Exit codes: ${spec.exitCodes}`,
  ];
  return `${lines.join("\n")}\n`;
}

/** `core-search --help`: every command in a line, the default command's options, where to read more. */
export function topLevelHelp(): string {
  return `core-search — how far does the web agree? A claim/evidence report for an evaluative question.

Usage:
  core-search "<question>" [--json] [--explain] [--limit N] [--deadline-ms N] [--order LIST] [--read N|auto]
                   [--judge WHO] [--time-range R] [--html FILE]
                                            the full report (markdown; --json for JSON); pages whose
                                            snippet is unclear are read and quoted (--read 0: none);
                                            --html FILE also writes it as one page that opens
                                            without a server
  core-search plan "<question>" --json      the planned calls only (no network)
  core-search search "<query>" [--json] [--categories news,science] [--time-range week] [--limit N]
                                            one query through the fallback chain
  core-search read "<url>" [--json]         a page's main text (HTML, PDF, text); private addresses refused
  core-search doctor [--json] [--reset]     every search stage: configured, no key or address, paused,
                                            keyless; --reset clears remembered pauses and cool-downs
  core-search assess --claim "<claim>" --evidence <file.jsonl|-> [--json]
                                            judge and label evidence you have (lines of {url,title,snippet})
  core-search assess --run-id=<id> [--stances <file.jsonl|->] [--json]
                                            a kept run's sources with your stances (lines of {id,stance})
  core-search runs [--json] [--limit N]     the latest kept runs: when, id, label, judge, time, question
  core-search show <id> [--json] [--html FILE]
                                            a kept run's report, printed as the question printed it
  core-search rejudge <id> [--judge WHO] [--json]
                                            a kept run judged again, without searching, as a new run
  core-search eval --data <file.jsonl> [--data …] [--json]
                                            stance and label metrics on labelled claims, per file
  core-search schema                        the report's JSON Schema
  core-search serve [--port N] [--host H]   HTTP API on 127.0.0.1 (POST /v1/corroborate, /v1/search, /v1/assess, /v1/read)
                                            and a page for people at /
  core-search mcp                           MCP server on stdio (tools corroborate, web_search, assess, read_page)
  core-search help <command> | <command> --help
                                            a command's options, examples and exit codes
  core-search --help | --version

Options of the question:
  --json             print the report as JSON (default: markdown)
  --explain          write the plan, preflight, attempts, dedup and label reasons to stderr
  --limit N          results per call, ${LIMITS} (default CORE_SEARCH_LIMIT or ${LIMIT_RANGE.default})
  --deadline-ms N    overall deadline in ms, ${DEADLINES} (default CORE_SEARCH_DEADLINE_MS or ${DEADLINE_MS_RANGE.default})
  --order LIST       fallback order for this run, e.g. exa,brave (default CORE_SEARCH_ORDER)
  --no-cache         ask the services even if the same request was answered lately
  --judge WHO        ${JUDGE[1]}
  --read N|auto      pages to read, judged on the passages that bear on the claim and quoted: auto (default)
                     reads up to ${AUTO_READ_PAGES} whose snippet leaves the stance uncertain and whose stance bears
                     on the label; N reads the N leading origins, ${READ_PAGES_RANGE.min}-${READ_PAGES_RANGE.max} (0: none)
  --language CODE    results in this language, ISO 639-1 such as de (default: the question's)
  --safe-search LEVEL
                     off, moderate or strict (default: each service's own)
  --include-domains LIST, --exclude-domains LIST
                     only, or never, results on these domains (comma-separated, at most ${MAX_DOMAINS})
  --engines LIST     SearXNG engines for every search instead of the planner's choice

${searchServicesHelp()}
Progress goes to stderr while calls run when it is a terminal; NO_COLOR=1 turns colour off.

Examples:
  SEARXNG_URL=http://127.0.0.1:8888 core-search "Is intermittent fasting safe?"
  core-search plan "Does cracking knuckles cause arthritis?" --json
  core-search doctor

Exit codes: 0 report produced · 2 bad usage or configuration · 3 every planned call failed
Run core-search <command> --help for a command's options and examples.
`;
}

/** Greedy word wrap, so long descriptions stay readable in an 80-100 column terminal. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
