import { readFileSync } from "node:fs";

/**
 * A JSON file of src/data/ (dist/data/ once built; the build copies it there). The judge's data is
 * read on first use, never at start-up, so commands that do not judge pay nothing for it.
 */
export function readDataFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../data/${name}`, import.meta.url), "utf8"));
}
