import type { DestinationStream } from "pino";
import { terminalLine } from "../util/control-characters.js";

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warning",
  50: "error",
  60: "fatal",
};

/** pino's own fields, and those said in the line's text rather than after it. */
const SAID = new Set(["level", "time", "pid", "hostname", "msg", "err", "ms"]);

/**
 * Writes each of pino's JSON records (already scrubbed of secrets) to `destination` as one line for
 * people: "core-search: warning: search attempt failed: Request to https://mcp.exa.ai/mcp failed:
 * ENOTFOUND (provider exa-mcp, outcome network, 7 ms)". What an MCP client shows of a server's
 * stderr is read by people; the JSON, stacks included, is for LOG_LEVEL.
 */
export function lineDestination(destination: DestinationStream): DestinationStream {
  return {
    write(record: string) {
      destination.write(`${describeRecord(record)}\n`);
    },
  };
}

/** One record as one line; a record that is not JSON is passed on as it is, on one line. */
function describeRecord(record: string): string {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(record) as Record<string, unknown>;
  } catch {
    return terminalLine(record);
  }
  const level = LEVEL_NAMES[Number(fields.level)] ?? "log";
  const error = fields.err as { message?: unknown } | undefined;
  const said = [fields.msg, error?.message].filter((part) => typeof part === "string" && part !== "");
  const details = Object.entries(fields)
    .filter(([name, value]) => !SAID.has(name) && value !== undefined)
    .map(([name, value]) => `${name} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  if (typeof fields.ms === "number") details.push(`${fields.ms} ms`);
  const text = `core-search: ${level}: ${said.join(": ")}${details.length > 0 ? ` (${details.join(", ")})` : ""}`;
  return terminalLine(text);
}
