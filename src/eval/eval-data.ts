import { z } from "zod";
import { canonicalUrl } from "../dedup/canonical-url.js";
import { InvalidInputError } from "../errors.js";
import { CONFIDENCE_LABELS, type ConfidenceLabel, type Direction } from "../judge/label.js";
import type { AssessEvidence } from "../operations/assess.js";

export const GOLD_STANCES = ["support", "contradict", "neutral"] as const;
export type GoldStance = (typeof GOLD_STANCES)[number];

/**
 * One labelled item. Headline and argument data (Emergent, PERSPECTRUM) give only `text`, and
 * PERSPECTRUM no `url`; search-result data gives a `title` with a `snippet` or `text`. Other
 * fields (`stance5`, `votes`, `pid`, …) are ignored.
 */
const itemSchema = z
  .looseObject({
    url: z.string().optional(),
    title: z.string().optional(),
    snippet: z.string().optional(),
    text: z.string().optional(),
    stance: z.enum(GOLD_STANCES),
    /** What kind of text the item is ("topic-only": it names the subject and takes no side), for per-kind figures. */
    kind: z.string().trim().min(1).max(60).optional(),
  })
  .refine((item) => [item.title, item.snippet, item.text].some((t) => t !== undefined && t.trim() !== ""), {
    message: "needs text, or a title with a snippet",
  });

/**
 * One claim with labelled evidence (one JSON object a line). A label file also gives the finding's
 * expected `direction` and `label` (`confidence` is taken for `label`), as a careful reader gives
 * them from the labelled stances.
 */
const rowSchema = z.looseObject({
  claim: z.string().trim().min(1),
  veracity: z.enum(["true", "false", "unknown"]).optional(),
  label: z.enum(CONFIDENCE_LABELS).optional(),
  confidence: z.enum(CONFIDENCE_LABELS).optional(),
  direction: z.enum(["affirms", "refutes", "unclear"]).optional(),
  evidence: z.array(itemSchema),
});

export interface EvalRow {
  /** Line of the file, for messages. */
  line: number;
  claim: string;
  veracity: "true" | "false" | "unknown" | undefined;
  /** As `assess` takes it, each with an address of its own (see {@link withOwnAddresses}). */
  evidence: (AssessEvidence & { url: string })[];
  /** The labelled stance of each item, in the same order. */
  gold: GoldStance[];
  /** The labelled kind of each item, when the data gives one, in the same order. */
  kinds: (string | undefined)[];
  /** The finding's expected label and direction, in a label file. */
  expected: { label: ConfidenceLabel; direction: Direction | undefined } | undefined;
}

/** Parses labelled claims; a bad line is refused with its number (and `source`, a file name, when given). */
export function parseEvalData(text: string, source?: string): EvalRow[] {
  const of = source === undefined ? "" : ` of ${source}`;
  const rows: EvalRow[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new InvalidInputError(`Line ${line}${of} is not JSON`);
    }
    const parsed = rowSchema.safeParse(json);
    if (!parsed.success) {
      throw new InvalidInputError(
        `Line ${line}${of} is not a claim with labelled evidence: ${describeIssue(parsed.error.issues[0])}`,
      );
    }
    const { claim, veracity, evidence, direction } = parsed.data;
    const label = parsed.data.label ?? parsed.data.confidence;
    rows.push({
      line,
      claim,
      veracity,
      evidence: withOwnAddresses(evidence, line).map((item) => ({
        url: item.url,
        title: item.title,
        snippet: item.snippet,
        text: item.text,
      })),
      gold: evidence.map((item) => item.stance),
      kinds: evidence.map((item) => item.kind),
      expected: label === undefined ? undefined : { label, direction },
    });
  });
  if (rows.length === 0) throw new InvalidInputError(`${source ?? "The data"} holds no claims`);
  return rows;
}

/**
 * Every labelled item must be scored, but dedupe drops what has no usable web address and merges
 * two items of one page. An item keeps its own address when that is usable and not a page an
 * earlier item of the claim already gave; otherwise it gets a stable one of its own, on a host of
 * its own (`.invalid` never resolves), so it also counts as its own domain, as a separate source would.
 */
function withOwnAddresses<T extends { url?: string | undefined }>(
  items: readonly T[],
  line: number,
): (T & { url: string })[] {
  const pages = new Set<string>();
  return items.map((item, index) => {
    const page = item.url === undefined ? null : canonicalUrl(item.url);
    if (item.url === undefined || page === null || pages.has(page))
      return { ...item, url: `https://line${line}-item${index + 1}.eval.invalid/` };
    pages.add(page);
    return { ...item, url: item.url };
  });
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "unreadable";
  const where = issue.path.map((part) => (typeof part === "number" ? `item ${part + 1}` : String(part)));
  return `${where.length > 0 ? `${where.join(" ")}: ` : ""}${issue.message}`;
}
