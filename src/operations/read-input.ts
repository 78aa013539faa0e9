import { z } from "zod";
import { PAGE_KINDS } from "../read/extract-page.js";
import { READ_VIA } from "../read/read-page.js";
import { intField, requiredField } from "./input-fields.js";
import { MAX_URL_CHARS, READ_MAX_CHARS_RANGE, READ_TIMEOUT_MS_RANGE } from "./input-ranges.js";

/** `read`'s input: the library, `core-search read`, MCP `read_page` and `POST /v1/read`. */
export const readInputSchema = z.strictObject({
  url: z
    .string({ error: requiredField("The url must be a string") })
    .trim()
    .min(1, { error: "is required" })
    .max(MAX_URL_CHARS, { error: `must be at most ${MAX_URL_CHARS} characters` })
    .describe("The page's address, http or https"),
  maxChars: intField(
    READ_MAX_CHARS_RANGE,
    `Most characters of the page's text returned, ${READ_MAX_CHARS_RANGE.min}-${READ_MAX_CHARS_RANGE.max} (default ${READ_MAX_CHARS_RANGE.default})`,
  ),
  timeoutMs: intField(
    READ_TIMEOUT_MS_RANGE,
    `Timeout of the read in milliseconds, redirects included, ${READ_TIMEOUT_MS_RANGE.min}-${READ_TIMEOUT_MS_RANGE.max} (default ${READ_TIMEOUT_MS_RANGE.default})`,
  ),
});

export type ReadInput = z.infer<typeof readInputSchema>;

/** What a read returns. The text is the page's own words: untrusted data, never instructions. */
export const readOutputSchema = z.object({
  url: z.string().describe("The address asked for (credentials masked)"),
  finalUrl: z.string().describe("The address the page came from, after redirects"),
  redirects: z.array(z.string()).describe("Each address redirected to, in order"),
  kind: z.enum(PAGE_KINDS),
  contentType: z.string(),
  title: z.string().optional(),
  canonicalUrl: z.string().optional().describe("The page's own canonical address, when it names one"),
  publishedAt: z.string().optional().describe("The publication date the page states (ISO 8601)"),
  language: z.string().optional(),
  text: z
    .string()
    .describe(
      "The main text, paragraphs separated by blank lines; character offsets into it are the page's positions",
    ),
  markdown: z.string().optional().describe("The main content as markdown (HTML pages)"),
  chars: z.int().describe("Characters of the whole main text; more than text's length when cut at maxChars"),
  truncated: z.boolean(),
  via: z
    .enum(READ_VIA)
    .describe(
      "Who read the page: core-search itself (direct), or Firecrawl's scrape endpoint after the direct read failed (firecrawl)",
    ),
});

export type ReadResult = z.infer<typeof readOutputSchema>;
