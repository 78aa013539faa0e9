import { readFileSync } from "node:fs";
import { codeFile } from "./package-files.js";

/**
 * A JSON file of src/data/ (dist/data/ once built; the build copies it there). Callers read their
 * file on first use and keep what they made of it, never at start-up, so a command that does not
 * need a list pays nothing for it.
 */
export function readDataFile(name: string): unknown {
  return JSON.parse(readFileSync(codeFile(`data/${name}`), "utf8"));
}
