import { readDataFile } from "../util/read-data-file.js";

let words: ReadonlySet<string> | undefined;

/**
 * The dedup side's stop words (src/data/stop-words.json): words that say nothing of which story a
 * headline tells. Read on first use, once for every reader.
 */
export function stopWords(): ReadonlySet<string> {
  words ??= new Set((readDataFile("stop-words.json") as { words: string[] }).words);
  return words;
}
