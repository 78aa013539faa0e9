import { InvalidInputError } from "../errors.js";
import type { SafeSearch } from "../providers/search-provider.js";

/** The search options `corroborate` and `search` both take, checked by their input schemas. */
export interface SearchOptionInputs {
  /** Results in this language, ISO 639-1 (`de`); default: the services' own (`search`), the question's (`corroborate`). */
  language?: string | undefined;
  /** Explicit-content filter (default: each service's own); services without one say so in a warning. */
  safeSearch?: SafeSearch | undefined;
  /** Only results on these domains or their subdomains (at most `MAX_DOMAINS`). */
  includeDomains?: readonly string[] | undefined;
  /** No results on these domains or their subdomains (at most `MAX_DOMAINS`). */
  excludeDomains?: readonly string[] | undefined;
  /** SearXNG engines to ask, instead of the categories' or the planner's; other services take none. */
  engines?: readonly string[] | undefined;
}

/**
 * The options object of `corroborate` and `search` as JavaScript callers may pass it. TypeScript
 * keeps these shapes right; without it, `null`, a string or a wrong-typed option used to surface as a
 * TypeError from deep inside the pipeline ("Cannot read properties of null") or a message about
 * something else ("limit must be …" for a bad `config`). Now each is bad input naming the option.
 * Only what would otherwise break is checked; input fields (limit, categories, …) are checked by
 * the operation's input schema.
 */
export function checkCallOptions(options: unknown): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new InvalidInputError("options must be an object (or left out)");
  }
  const given = options as Record<string, unknown>;
  const wrong = (name: string, what: string) => new InvalidInputError(`options.${name} must be ${what}`);
  if (given.config !== undefined && !isConfig(given.config)) {
    throw wrong("config", "settings from loadConfig() or configFromObject()");
  }
  if (given.signal !== undefined && !(given.signal instanceof AbortSignal)) {
    throw wrong("signal", "an AbortSignal");
  }
  if (given.logger !== undefined && !hasFunctions(given.logger, ["info", "warn", "error"])) {
    throw wrong("logger", "a pino logger");
  }
  // A string is the per-call choice of judge (checked by the input schema); anything else must be a judge.
  if (given.judge !== undefined && typeof given.judge !== "string" && !hasFunctions(given.judge, ["judge"])) {
    throw wrong(
      "judge",
      "a choice (auto, builtin, llm, sampling) or a stance judge (an object with a judge() function)",
    );
  }
  if (given.providers !== undefined && !Array.isArray(given.providers)) {
    throw wrong("providers", "a list of search providers");
  }
  for (const name of ["now", "onProgress", "extract"]) {
    if (given[name] !== undefined && typeof given[name] !== "function") throw wrong(name, "a function");
  }
}

/** The parts of `Config` every stage reads; anything lacking them did not come from the settings. */
function isConfig(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const config = value as Record<string, unknown>;
  return (
    Array.isArray(config.order) &&
    typeof config.keys === "object" &&
    config.keys !== null &&
    typeof config.baseUrls === "object" &&
    config.baseUrls !== null &&
    typeof config.stateDir === "string"
  );
}

function hasFunctions(value: unknown, names: readonly string[]): boolean {
  if (typeof value !== "object" || value === null) return false;
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === "function");
}

/** Options that steer how a call runs (settings, signal, hooks); every other option is an input field. */
const RUNTIME_OPTIONS = new Set([
  "config",
  "cache",
  "state",
  "signal",
  "dispatcher",
  "logger",
  "judge",
  "providers",
  "now",
  "onProgress",
  "extract",
]);

/** The input fields among `options`, for the operation's schema (which names any it does not know). */
export function inputFieldsOf(options: object | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options ?? {}).filter(
      // `judge` is an input field when it names a choice, a runtime option when it is a judge.
      ([name, value]) => !RUNTIME_OPTIONS.has(name) || (name === "judge" && typeof value === "string"),
    ),
  );
}
