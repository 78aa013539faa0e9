/**
 * Settings: `loadConfig()` reads the environment, `configFromObject()` takes the same settings as a
 * plain object; both fill defaults, validate everything at once with the one schema and throw one
 * `ConfigError` naming every problem. Problems never carry the value of a key or of a URL.
 */
import type { z } from "zod";
import { ConfigError } from "../errors.js";
import { configSchema, quote } from "./config-schema.js";
import { defaultStateDir, type Env, pathKey, processEnv, readEnvironment } from "./env.js";

export { DEFAULT_ORDER } from "./config-schema.js";

/** Every setting, validated, with defaults filled in. */
export type Config = z.output<typeof configSchema>;

/**
 * Validates `input`; a problem at a path is reported under the label of the nearest labelled path
 * (the environment variable it came from) or the dotted path itself.
 */
function parseSettings(input: Record<string, unknown>, labels: ReadonlyMap<string, string>): Config {
  const label = (path: readonly PropertyKey[]): string => {
    for (let end = path.length; end > 0; end--) {
      const found = labels.get(pathKey(path.slice(0, end)));
      if (found !== undefined) return found;
    }
    return path.length === 0 ? "settings" : pathKey(path);
  };
  const named = (text: string) => text.replace(/\{([\w.]+)\}/gu, (_, ref: string) => label(ref.split(".")));
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      if (issue.code === "unrecognized_keys") {
        const where = issue.path.length === 0 ? "settings" : label(issue.path);
        return `${where} has unknown setting(s): ${issue.keys.map(quote).join(", ")}`;
      }
      return `${label(issue.path)} ${named(issue.message)}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  return { ...result.data, warnings: result.data.warnings.map(named) };
}

/** Reads every setting from the environment (default: this process's). Blank values count as unset. */
export function loadConfig(env: Env = processEnv()): Config {
  const { input, labels } = readEnvironment(env);
  return parseSettings(input, labels);
}

/** The same settings as a plain object (library callers, tests): fills defaults and validates the same way. */
export function configFromObject(partial: Partial<Config>): Config {
  // Warnings are an output of validation, not a setting.
  const { warnings: _warnings, ...settings } = partial;
  const input: Record<string, unknown> = { ...settings };
  if (partial.stateDir === undefined) input.stateDir = defaultStateDir(processEnv()).dir;
  return parseSettings(input, new Map());
}
