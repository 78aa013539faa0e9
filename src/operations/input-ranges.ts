/**
 * The numeric limits of the operations' inputs, in one place and without zod: the input schemas are
 * built from them, and `--help` prints them without loading the schemas (zod would double the
 * start-up time of `core-search --help` and `plan`).
 */

/** Results per search call. The default is the settings' (`CORE_SEARCH_LIMIT`), else this one. */
export const LIMIT_RANGE = { min: 1, max: 20, default: 5 } as const;

/** A call's overall deadline in ms. The default is the settings' (`CORE_SEARCH_DEADLINE_MS`), else this one. */
export const DEADLINE_MS_RANGE = { min: 100, max: 600_000, default: 30_000 } as const;

/** Characters of a read page's text returned (the text is cut there; offsets stay those of the page). */
export const READ_MAX_CHARS_RANGE = { min: 1_000, max: 500_000, default: 100_000 } as const;

/** One page read's timeout in ms, every redirect included. */
export const READ_TIMEOUT_MS_RANGE = { min: 500, max: 60_000, default: 15_000 } as const;

/**
 * Pages `corroborate` reads. A number reads that many leading origins (0 reads none); `auto`, the
 * default, reads up to `AUTO_READ_PAGES` pages chosen for it: those whose snippet leaves the stance
 * uncertain and whose stance bears on the label.
 */
export const READ_PAGES_RANGE = { min: 0, max: 10, default: "auto" } as const;

/** Most pages `read: "auto"` reads: the two or three load-bearing sources a careful reader opens. */
export const AUTO_READ_PAGES = 3;

/**
 * Which page of results `search` returns. Ten is where the services that page stop: Brave's and
 * You.com's `offset` runs 0-9, Degoog's `page` 1-10.
 */
export const PAGE_RANGE = { min: 1, max: 10, default: 1 } as const;

/** Runs `listRuns` (and `core-search runs`) lists: the most recent ones, newest first. */
export const RUNS_LIST_RANGE = { min: 1, max: 1_000, default: 20 } as const;

/** Most domains in `includeDomains`, and in `excludeDomains`: within every service's own cap (Nimble: 50 each). */
export const MAX_DOMAINS = 20;

/** Most SearXNG engines a call may name. */
export const MAX_ENGINES = 20;

/**
 * Longest web address taken anywhere (a read, an evidence item, a search result): far above real
 * pages' addresses, far below a flood.
 */
export const MAX_URL_CHARS = 4_096;

/** Most evidence items one `assess` call judges. */
export const MAX_ASSESS_EVIDENCE = 2_000;

/** Longest title of an evidence item. */
export const MAX_ASSESS_TITLE_CHARS = 1_000;

/** Longest snippet (or `text`) of an evidence item: a passage or an abstract, not a whole page. */
export const MAX_ASSESS_SNIPPET_CHARS = 20_000;

/**
 * Characters of all evidence items together (addresses, titles, snippets): what the judge reads in
 * a few seconds. Items × per-item limits would allow far more.
 */
export const MAX_ASSESS_TOTAL_CHARS = 2_000_000;

/**
 * Bytes of one `assess` input as it arrives (an MCP message, an `--evidence` file or stream). Room
 * for the largest input the limits above allow, even with every character escaped as `\uXXXX`
 * (six bytes, as clients that write ASCII-only JSON send them); anything longer is refused unread.
 */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** The wording every surface uses for an integer outside its range (after the field's name). */
export function rangeProblem(range: { min: number; max: number }): string {
  return `must be an integer between ${range.min} and ${range.max}`;
}

/** Whether `value` is an integer within `range` (for callers that must not load the schemas). */
export function inRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}
