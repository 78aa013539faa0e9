import { domainToASCII } from "node:url";
import { z } from "zod";
import { MAX_QUESTION_CHARS, normalizeQuestion } from "../plan/question.js";
import { MAX_ENGINE_NAME_CHARS } from "../providers/hit-fields.js";
import { SAFE_SEARCH_LEVELS } from "../providers/search-provider.js";
import { readDataFile } from "../util/read-data-file.js";
import {
  AUTO_READ_PAGES,
  DEADLINE_MS_RANGE,
  LIMIT_RANGE,
  MAX_DOMAINS,
  MAX_ENGINES,
  READ_PAGES_RANGE,
  rangeProblem,
} from "./input-ranges.js";

/** A required field's error: "is required" when absent, else `problem` (after the field's name). */
export function requiredField(problem: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? "is required" : problem);
}

/** An optional integer in `range`; every way of missing it gets the one range message. */
export function intField(range: { min: number; max: number }, description: string) {
  const error = rangeProblem(range);
  return z
    .int({ error })
    .min(range.min, { error })
    .max(range.max, { error })
    .optional()
    .describe(description);
}

export const limitField = intField(
  LIMIT_RANGE,
  `Results per search call, ${LIMIT_RANGE.min}-${LIMIT_RANGE.max} (default: CORE_SEARCH_LIMIT or ${LIMIT_RANGE.default})`,
);

/** `max` below the library's: a server caps callers at its own deadline. */
export function deadlineMsField(max: number = DEADLINE_MS_RANGE.max) {
  return intField(
    { min: DEADLINE_MS_RANGE.min, max },
    `Overall deadline in milliseconds, ${DEADLINE_MS_RANGE.min}-${max} (default: CORE_SEARCH_DEADLINE_MS or ${DEADLINE_MS_RANGE.default})`,
  );
}

/** `auto`, or how many leading origins' pages to read; every way of missing both gets one message. */
const READ_PAGES_PROBLEM = `must be "${READ_PAGES_RANGE.default}" or ${rangeProblem(READ_PAGES_RANGE).replace(/^must be /, "")}`;
export const readPagesField = z
  .union(
    [
      z.literal(READ_PAGES_RANGE.default),
      z
        .int({ error: READ_PAGES_PROBLEM })
        .min(READ_PAGES_RANGE.min, { error: READ_PAGES_PROBLEM })
        .max(READ_PAGES_RANGE.max, { error: READ_PAGES_PROBLEM }),
    ],
    { error: READ_PAGES_PROBLEM },
  )
  .optional()
  .describe(
    `Pages to read: "auto" (default) reads up to ${AUTO_READ_PAGES} pages whose snippet leaves the stance uncertain ` +
      "and whose stance bears on the label (the only source behind the finding, the minority side, leading " +
      `sources whose snippet takes no side), within the deadline; a number ${READ_PAGES_RANGE.min}-${READ_PAGES_RANGE.max} reads ` +
      "that many leading independent origins (0: none). Read pages are judged on the passages that bear on " +
      "the claim and quoted exactly",
  );

/**
 * A question, query or claim: a string, then trimmed and checked as the planner does (not empty,
 * no control characters, at most 1000 characters), so every surface rejects the same text alike.
 */
export function textField(what: "question" | "query" | "claim", description: string) {
  return (
    z
      .string({ error: requiredField(`The ${what} must be a string`) })
      .describe(description)
      // Published for clients; the check itself is normalizeQuestion's (it counts after collapsing spaces).
      .meta({ minLength: 1, maxLength: MAX_QUESTION_CHARS })
      .transform((value, ctx) => {
        try {
          return normalizeQuestion(value, what);
        } catch (error) {
          ctx.issues.push({ code: "custom", message: (error as Error).message, input: value });
          return z.NEVER;
        }
      })
  );
}

/** Who judges the stances, per call; `auto` means the same on every surface. */
export const JUDGE_CHOICES = ["auto", "builtin", "llm", "sampling"] as const;
export type JudgeChoice = (typeof JUDGE_CHOICES)[number];

export const judgeField = z
  .enum(JUDGE_CHOICES, { error: `must be one of ${JUDGE_CHOICES.join(", ")}` })
  .optional()
  .describe(
    "Who judges the stances: auto (the MCP client's model when it offers sampling, else the configured " +
      "LLM, else the built-in classifier), builtin, llm (needs CORE_SEARCH_LLM_URL and _MODEL) or " +
      "sampling (MCP clients that offer it). Default auto",
  );

// --- search options: what users of other search tools expect to set ---------------------------

const LANGUAGE_PROBLEM = "must be a two-letter ISO 639-1 language code such as en, de or fr";

/** The ISO 639-1 codes (src/data/languages.json), read when a language is first checked. */
let languageCodes: ReadonlySet<string> | undefined;
function isLanguageCode(code: string): boolean {
  languageCodes ??= new Set((readDataFile("languages.json") as { codes: string[] }).codes);
  return languageCodes.has(code);
}

/**
 * A language as ISO 639-1 (`de`, any case, kept lower-cased). No region (`de-AT`): most services
 * take a language only, and a country is another setting than the language of the results.
 */
export const languageField = z
  .string({ error: LANGUAGE_PROBLEM })
  .regex(/^[A-Za-z]{2}$/, { error: LANGUAGE_PROBLEM })
  .transform((value, ctx) => {
    const code = value.toLowerCase();
    if (isLanguageCode(code)) return code;
    ctx.issues.push({ code: "custom", message: LANGUAGE_PROBLEM, input: value });
    return z.NEVER;
  })
  .optional()
  .describe(
    "Results in this language: a two-letter ISO 639-1 code such as en, de or fr (default: the services' own). " +
      "Services without a language filter search without it and say so in the warnings",
  );

export const safeSearchField = z
  .enum(SAFE_SEARCH_LEVELS, { error: `must be one of ${SAFE_SEARCH_LEVELS.join(", ")}` })
  .optional()
  .describe(
    "Filter explicit content: off, moderate or strict (default: each service's own). Services without " +
      "a safe-search filter search without it and say so in the warnings",
  );

const DOMAIN_PROBLEM = "must be a domain name such as example.org (no scheme or path)";
// A hostname with at least two labels, as Firecrawl's API checks its own domain lists.
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

/** `Example.ORG.` → `example.org`, `bücher.de` → `xn--bcher-kva.de`; anything but a hostname is refused. */
const domainName = z.string({ error: DOMAIN_PROBLEM }).transform((value, ctx) => {
  const host = domainToASCII(value.trim().toLowerCase().replace(/\.$/, ""));
  if (HOSTNAME.test(host)) return host;
  ctx.issues.push({ code: "custom", message: DOMAIN_PROBLEM, input: value });
  return z.NEVER;
});

function domainsField(description: string) {
  return z
    .array(domainName, { error: "must be a list of domain names" })
    .max(MAX_DOMAINS, { error: `must list at most ${MAX_DOMAINS} domains` })
    .transform((domains) => [...new Set(domains)])
    .optional()
    .describe(description);
}

export const includeDomainsField = domainsField(
  `Only results on these domains or their subdomains, at most ${MAX_DOMAINS} (e.g. ["nih.gov", "who.int"]). ` +
    "Services without a domain filter have their results filtered by address instead",
);

export const excludeDomainsField = domainsField(
  `No results on these domains or their subdomains, at most ${MAX_DOMAINS} (e.g. ["pinterest.com"])`,
);

/** A domain both kept and left out is a contradiction, refused before any service is asked. */
export function domainListsAgree(
  input: { includeDomains?: string[] | undefined; excludeDomains?: string[] | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  const excluded = new Set(input.excludeDomains ?? []);
  const both = (input.includeDomains ?? []).filter((domain) => excluded.has(domain));
  if (both.length === 0) return;
  ctx.addIssue({
    code: "custom",
    path: ["excludeDomains"],
    message: `A domain cannot be both included and excluded: ${both.join(", ")}`,
  });
}

const ENGINE_PROBLEM = 'must be a SearXNG engine name such as google or "semantic scholar"';
const ENGINE_NAME = new RegExp(`^[a-z0-9][a-z0-9 ._-]{0,${MAX_ENGINE_NAME_CHARS - 1}}$`);

export const enginesField = z
  .array(
    z
      .string({ error: ENGINE_PROBLEM })
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.string().regex(ENGINE_NAME, { error: ENGINE_PROBLEM })),
    { error: "must be a list of engine names" },
  )
  .max(MAX_ENGINES, { error: `must list at most ${MAX_ENGINES} engines` })
  .transform((engines) => [...new Set(engines)])
  .optional()
  .describe(
    'SearXNG engines to send the searches to, e.g. ["google", "arxiv"] (default: chosen for each search). ' +
      "Other services do not take engines",
  );

/** The options `search` and `corroborate` share, spread into both schemas (check with `domainListsAgree`). */
export const searchOptionFields = {
  language: languageField,
  safeSearch: safeSearchField,
  includeDomains: includeDomainsField,
  excludeDomains: excludeDomainsField,
  engines: enginesField,
};
