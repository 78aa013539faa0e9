import { readFileSync } from "node:fs";
import { packageFile } from "../util/package-files.js";

/**
 * The package's version, read once from package.json, so `--version`, MCP's server info and
 * `/healthz` cannot drift from what is published.
 */
export const VERSION: string = (
  JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string }
).version;
