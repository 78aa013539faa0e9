import type { Config } from "../config/config.js";
import type { Logger } from "./logger.js";

const nothing = () => {};

/**
 * Writes nothing: the default for library use, and a command's logger at the default level
 * (`LOG_LEVEL` unset is silent). No pino instance, so whatever only logs silently never loads pino,
 * 36-56 ms of a command's start on the machine of bench/cli.mjs.
 */
export const silentLogger: Logger = {
  level: "silent",
  isLevelEnabled: () => false,
  child: () => silentLogger,
  fatal: nothing,
  error: nothing,
  warn: nothing,
  info: nothing,
  debug: nothing,
  trace: nothing,
};

/**
 * A logger at `level`: pino (logger.ts) only when there is something to write; with `lines`, one
 * line of text per record instead of JSON.
 */
export async function loggerAt(
  level: Config["logLevel"],
  options: { lines?: boolean } = {},
): Promise<Logger> {
  if (level === "silent") return silentLogger;
  return (await import("./logger.js")).createLogger({ level, lines: options.lines === true });
}
