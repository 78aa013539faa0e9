/**
 * The command line's vocabulary: the options every command may be given, how they are parsed, and
 * how an operation's input field is spelt as a flag (`deadlineMs` → `--deadline-ms`).
 */
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import type { Config } from "../../config/config.js";
import { CoreSearchError } from "../../errors.js";
import type { CommandName } from "./command-specs.js";
import type { Style } from "./style.js";

export const EXIT = { ok: 0, usage: 2, allFailed: 3 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Standard input, for `--evidence -` and `--data -` (read up to each one's size limit). */
  stdin?: (() => Readable) | undefined;
  /** Whether each stream is a terminal: progress and colour only then (default: neither). */
  isTTY?: { stdout: boolean; stderr: boolean } | undefined;
  /** Told which command runs, once the arguments are read and before it starts (bin.ts tunes V8 by it). */
  beforeCommand?: ((command: CommandName) => void) | undefined;
}

/** What one invocation shares between its command and its error handling. */
export interface Run {
  io: CliIo;
  values: Values;
  /** For stderr only: progress and `--explain` are the only coloured output. */
  style: Style;
  /**
   * Where coloured output goes: stderr itself when colouring (what prints there cleans the web text
   * in it), else the cleaned stderr every other message goes through.
   */
  styled: (text: string) => void;
  /** The settings once read, so a "nothing configured" error can say which setting is missing. */
  settings: Config | undefined;
  loadSettings: () => Promise<Config>;
}

export const OPTIONS = {
  json: { type: "boolean" },
  html: { type: "string" },
  explain: { type: "boolean" },
  limit: { type: "string" },
  "deadline-ms": { type: "string" },
  order: { type: "string" },
  "no-cache": { type: "boolean" },
  categories: { type: "string" },
  claim: { type: "string" },
  evidence: { type: "string" },
  "run-id": { type: "string" },
  stances: { type: "string" },
  data: { type: "string", multiple: true },
  "time-range": { type: "string" },
  language: { type: "string" },
  "safe-search": { type: "string" },
  page: { type: "string" },
  "include-domains": { type: "string" },
  "exclude-domains": { type: "string" },
  engines: { type: "string" },
  judge: { type: "string" },
  read: { type: "string" },
  "max-chars": { type: "string" },
  "timeout-ms": { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  reset: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

export function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
}

/** The commands that take one argument. */
export const ARGUMENT_COMMANDS = ["question", "plan", "search", "read", "show", "rejudge"] as const;
export type ArgumentCommand = (typeof ARGUMENT_COMMANDS)[number];

/** The one quoted question (or query, address, run id) a command takes; the message shows how to write it. */
export function single(values: readonly string[], command: ArgumentCommand): string {
  if (values.length !== 1 || values[0] === undefined) {
    const what = {
      question: "question",
      plan: "question",
      search: "query",
      read: "address",
      show: "run id",
      rejudge: "run id",
    }[command];
    const example = {
      question: 'core-search "Is X safe?"',
      plan: 'core-search plan "Is X safe?"',
      search: 'core-search search "X safety"',
      read: "core-search read https://example.com/article",
      show: "core-search show <id> (core-search runs lists the ids)",
      rejudge: "core-search rejudge <id> (core-search runs lists the ids)",
    }[command];
    const text = command !== "show" && command !== "rejudge";
    throw new CoreSearchError(
      values.length === 0
        ? `Missing the ${what}${command === "plan" ? " to plan" : ""}: ${example}`
        : text
          ? `Expected one quoted ${what}, got ${values.length} arguments: put the ${what} in quotes, as in ${example}`
          : `Expected one ${what}, got ${values.length} arguments: ${example}`,
      { code: "INVALID_INPUT" },
    );
  }
  return values[0];
}

export function intOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()))
    throw new CoreSearchError(`${name} must be a whole number`, { code: "INVALID_INPUT" });
  return Number(value);
}

export type Values = ReturnType<typeof parse>["values"];

/** An operation's input field as its flag: `deadlineMs` → `--deadline-ms`. */
export function flagName(field: string): string {
  return `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** A comma-separated flag as a list (`--categories news,science`); the operation checks each item. */
export function listFlag(value: string | undefined): string[] | undefined {
  return value
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A numeric flag for an operation's input: digits become the number, anything else NaN, which the
 * operation's schema rejects with its range (`--limit must be an integer between 1 and 20`).
 */
export function numberFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}
