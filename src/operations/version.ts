import { readFileSync } from "node:fs";

/**
 * The package's version, read once from package.json (two levels up from both src/operations and
 * dist/operations), so `--version`, MCP's server info and `/healthz` cannot drift from what is published.
 */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
