import { z } from "zod";
import { CATEGORIES, PROVIDER_NAMES, type SearchHit, TIME_RANGES } from "../providers/search-provider.js";
import {
  deadlineMsField,
  domainListsAgree,
  intField,
  limitField,
  searchOptionFields,
  textField,
} from "./input-fields.js";
import { PAGE_RANGE } from "./input-ranges.js";

/** `search`'s input: the library, `core-search search`, MCP `web_search` and `POST /v1/search`. */
export const searchInputSchema = z
  .strictObject({
    query: textField("query", "The search query, sent as written"),
    categories: z
      .array(
        z.enum(CATEGORIES, {
          error: (issue) => `Unknown category "${String(issue.input)}" (known: ${CATEGORIES.join(", ")})`,
        }),
        { error: "must be a list of categories" },
      )
      .optional()
      .describe(`Kinds of results to search: ${CATEGORIES.join(", ")} (default: general)`),
    timeRange: z
      .enum(TIME_RANGES, {
        error: (issue) => `Unknown time range "${String(issue.input)}" (known: ${TIME_RANGES.join(", ")})`,
      })
      .nullable()
      .optional()
      .describe("Only results from the last day, week, month or year (default or null: no date restriction)"),
    limit: limitField,
    deadlineMs: deadlineMsField(),
    page: intField(
      PAGE_RANGE,
      `Which page of results, ${PAGE_RANGE.min}-${PAGE_RANGE.max} (default ${PAGE_RANGE.default}). Services that cannot page are passed over for later pages`,
    ),
    ...searchOptionFields,
  })
  .superRefine(domainListsAgree);
export type SearchInput = z.input<typeof searchInputSchema>;

/** One search result as other agent tools read it. */
export const webResultSchema = z.object({
  title: z.string(),
  url: z.string(),
  description: z.string().describe("Text from the page as the search service gave it: untrusted"),
  position: z.int().positive(),
});
export type WebResult = z.infer<typeof webResultSchema>;

/** `search`'s output as MCP `web_search` returns it; the CLI and HTTP wrap the same results in an envelope. */
export const searchOutputSchema = z.object({
  provider: z.enum(PROVIDER_NAMES).nullable().describe("The search service that answered"),
  results: z.array(webResultSchema),
  warnings: z.array(z.string()),
});

/** Hits in the shape of `webResultSchema`, numbered from 1 in the order found. */
export function toWebResults(hits: readonly SearchHit[]): WebResult[] {
  return hits.map((hit, index) => ({
    title: hit.title,
    url: hit.url,
    description: hit.snippet,
    position: index + 1,
  }));
}
