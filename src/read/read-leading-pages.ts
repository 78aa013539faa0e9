import pMap from "p-map";
import { maskUrl } from "../config/redact.js";
import type { DedupedItem } from "../dedup/dedupe.js";
import type { OriginGroup } from "../dedup/origins.js";
import { ReadFailure } from "../errors.js";
import type { JudgeKind, StanceJudge, StanceJudgement } from "../judge/stance.js";
import type { Logger } from "../log/logger.js";
import { AUTO_READ_PAGES, READ_TIMEOUT_MS_RANGE } from "../operations/input-ranges.js";
import { appendTo } from "../util/append-to.js";
import type { ExtractPage } from "./extract-page.js";
import type { FirecrawlFallback } from "./firecrawl-fallback.js";
import { judgePages } from "./judge-passages.js";
import { leadingPages } from "./leading-pages.js";
import { type LabelOf, pagesWorthReading } from "./pages-worth-reading.js";
import { type Passage, passagesFor, type Quote } from "./passages.js";
import { readPage } from "./read-page.js";

type Judged = StanceJudgement & { judge: JudgeKind };

/** Whether an item's page was read: `read`, `failed: <reason>` or `not-read`. */
export type ReadStatus = "read" | "not-read" | `failed: ${string}`;

/** What reading did for one evidence item. */
export interface ItemRead {
  status: ReadStatus;
  /** The passage its stance rests on, verbatim from the page's text; null when none was read. */
  quote: Quote | null;
}

export interface LeadingPagesInput {
  claim: string;
  items: readonly DedupedItem[];
  origins: readonly OriginGroup[];
  /** The snippets' judgements, one per item. */
  judgements: readonly Judged[];
  /** How many leading origins' pages to read, or `auto`: those `pagesWorthReading` chooses. */
  pages: number | "auto";
  /** The label the judgements give (`auto` reads only pages that could change it). */
  labelOf: LabelOf;
}

export interface LeadingPagesOptions {
  judge: StanceJudge;
  deadline: AbortSignal;
  /** `performance.now()` when the deadline falls: reads stop early enough to judge what they found. */
  deadlineAt: number;
  allowPrivateAddresses: boolean;
  extract?: ExtractPage | undefined;
  /** Reads a page the direct read could not, under the chain's rules (when Firecrawl is configured). */
  firecrawl?: FirecrawlFallback | undefined;
  logger?: Logger | undefined;
  /** Told of each page as its read ends. */
  onRead?: ((read: PageRead) => void) | undefined;
}

/** One page's read as it ends: which item, its address (credentials masked), how it went. */
export interface PageRead {
  evidence: string;
  url: string;
  status: ReadStatus;
  /** Characters of text read; null when the read failed. */
  chars: number | null;
  ms: number;
}

export interface LeadingPagesResult {
  /** One per item: the page's judgement where reading found a side, else the snippet's. */
  judgements: Judged[];
  reads: ItemRead[];
  notes: string[];
  /** The text of each page read, by item index (kept with a run, so it can be judged again). */
  texts: ReadonlyMap<number, string>;
}

/** Passages judged per page: the sentences that bear on the claim most, with their neighbours. */
const PASSAGES_PER_PAGE = 3;
/** A read that would get less time than this is not started. */
const MIN_READ_MS = 250;
/** Time kept after the reads for judging and the report: a tenth of what is left, at most a second. */
const reserveMs = (leftMs: number) => Math.min(1_000, leftMs / 10);

const NOT_READ: ItemRead = { status: "not-read", quote: null };

/**
 * Reads the pages of the leading independent origins (or, with `auto`, those worth reading), judges
 * the claim on the passages that bear on it, and lets a page's side replace its snippet's judgement.
 * A page that cannot be read, or that takes no side, keeps its snippet's judgement; the notes say
 * which pages were read, which were not and why.
 */
export async function readLeadingPages(
  input: LeadingPagesInput,
  options: LeadingPagesOptions,
): Promise<LeadingPagesResult> {
  const reads: ItemRead[] = input.items.map(() => NOT_READ);
  const judgements = [...input.judgements];
  const chosen =
    input.pages === "auto"
      ? pagesWorthReading(input, AUTO_READ_PAGES)
      : leadingPages(input.items, input.origins, input.pages);
  if (chosen.length === 0) {
    const notes = input.pages === "auto" && input.items.length > 0 ? [NOTHING_UNCERTAIN] : [];
    return { judgements, reads, notes, texts: new Map() };
  }

  const readEnd = options.deadlineAt - reserveMs(options.deadlineAt - performance.now());
  const texts = new Map<number, string>();
  // By item, so the note names them in the report's order whatever order the reads ended in.
  const failures = new Map<number, string>();
  const byFirecrawl = new Set<number>();
  const outOfTime: number[] = [];
  // Hosts in parallel; the pages of one host one after another, so no site gets several at once.
  await pMap(byHost(chosen, input.items), async (indexes) => {
    for (const index of indexes) {
      const timeoutMs = Math.min(READ_TIMEOUT_MS_RANGE.default, Math.floor(readEnd - performance.now()));
      if (timeoutMs < MIN_READ_MS || options.deadline.aborted) {
        outOfTime.push(index);
        continue;
      }
      const url = (input.items[index] as DedupedItem).url;
      const started = performance.now();
      const tell = (status: ReadStatus, chars: number | null) =>
        options.onRead?.({
          evidence: `e${index + 1}`,
          url: maskUrl(url),
          status,
          chars,
          ms: Math.round(performance.now() - started),
        });
      try {
        const { extracted, via } = await readPage(url, {
          allowPrivateAddresses: options.allowPrivateAddresses,
          timeoutMs,
          signal: options.deadline,
          extract: options.extract,
          firecrawl: options.firecrawl,
        });
        texts.set(index, extracted.text);
        if (via === "firecrawl") byFirecrawl.add(index);
        reads[index] = { status: "read", quote: null };
        tell("read", extracted.text.length);
      } catch (error) {
        const reason = error instanceof ReadFailure ? error.reason : "network";
        options.logger?.debug({ err: error }, "page not read");
        reads[index] = { status: `failed: ${reason}`, quote: null };
        tell(`failed: ${reason}`, null);
        failures.set(index, `e${index + 1} (${reason})`);
      }
    }
  });

  const judged = await judgeReadPages(input.claim, { judgements, reads, texts }, options);
  const named = [...texts.keys()]
    .sort((a, b) => a - b)
    .map((i) => `e${i + 1}${byFirecrawl.has(i) ? " by Firecrawl" : ""}`);
  // With `auto` the note says how the pages were chosen, and so why the others were not read.
  const auto = input.pages === "auto";
  const which = auto
    ? {
        chosen: AUTO_CHOICE,
        left: leadingPages(input.items, input.origins, input.origins.length).length - chosen.length,
      }
    : { chosen: LEADING, left: 0 };
  const failed = [...failures].sort(([a], [b]) => a - b).map(([, text]) => text);
  const left = outOfTime.sort((a, b) => a - b).map((index) => `e${index + 1}`);
  judged.notes.unshift(readNote(which, chosen.length, named, judged.changed, failed, left));
  return { judgements: judged.judgements, reads: judged.reads, notes: judged.notes, texts };
}

/** What the judge made of pages already read: one judgement and read per item, and what changed. */
export interface JudgedPages {
  judgements: Judged[];
  reads: ItemRead[];
  /** `e3 support → contradict` for each item whose page changed its stance. */
  changed: string[];
  notes: string[];
}

/**
 * Judges the claim on the passages of pages already read (`texts`, by item index) and lets a page's
 * side replace its snippet's judgement: the second half of reading, also run on a stored run's pages
 * when it is judged again.
 */
export async function judgeReadPages(
  claim: string,
  snippets: { judgements: readonly Judged[]; reads: readonly ItemRead[]; texts: ReadonlyMap<number, string> },
  options: Pick<LeadingPagesOptions, "judge" | "deadline" | "logger">,
): Promise<JudgedPages> {
  const judgements = [...snippets.judgements];
  const reads = [...snippets.reads];
  const read = [...snippets.texts.keys()].sort((a, b) => a - b);
  const passages: Passage[][] = read.map((index) =>
    passagesFor(claim, snippets.texts.get(index) as string, { max: PASSAGES_PER_PAGE }),
  );
  const notes: string[] = [];
  const pages = await judgePages(options.judge, claim, passages, {
    deadline: options.deadline,
    note: (note) => notes.push(note),
    logger: options.logger,
  });
  const changed: string[] = [];
  read.forEach((index, k) => {
    const page = pages[k];
    if (page === undefined) return;
    reads[index] = { status: "read", quote: page.quote };
    const before = judgements[index] as Judged;
    // A page without a side leaves the snippet's, but one that bears on the claim is not unrelated.
    if (page.judgement.stance === "neutral" && before.stance !== "unrelated") return;
    judgements[index] = page.judgement;
    if (page.judgement.stance !== before.stance)
      changed.push(`e${index + 1} ${before.stance} → ${page.judgement.stance}`);
  });
  return { judgements, reads, changed, notes };
}

/** How the pages were chosen, in the note on what reading did: by `read: N`, or by `auto`. */
const LEADING = "of the leading origins";
const AUTO_CHOICE = "whose snippet left the stance uncertain and bears on the label";
const NOTHING_UNCERTAIN =
  "Read no page: no snippet both left the stance uncertain and bore on the label (read: N reads the leading origins' pages anyway)";

/** One sentence on what reading did: which pages were read, which not and why. */
function readNote(
  which: { chosen: string; left: number },
  asked: number,
  read: readonly string[],
  changed: readonly string[],
  failures: readonly string[],
  outOfTime: readonly string[],
): string {
  const parts = [
    `Read ${read.length} of ${asked} page${asked === 1 ? "" : "s"} ${which.chosen}${read.length > 0 ? ` (${read.join(", ")})` : ""}`,
  ];
  if (changed.length > 0) parts.push(`the page changed the stance of ${changed.join(", ")}`);
  if (failures.length > 0)
    parts.push(
      `could not read ${failures.join(", ")}, which keep${failures.length === 1 ? "s" : ""} the snippet's stance`,
    );
  if (outOfTime.length > 0)
    parts.push(`gave up on ${outOfTime.join(", ")}: the deadline left no time to read them`);
  if (which.left > 0)
    parts.push(
      `${which.left} other origin${which.left === 1 ? "'s page was" : "s' pages were"} not read: the snippet took a side clearly or could not change the label`,
    );
  return parts.join("; ");
}

/** The chosen items grouped by the host their page is on, each group in the order chosen. */
function byHost(chosen: readonly number[], items: readonly DedupedItem[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const index of chosen) {
    const item = items[index] as DedupedItem;
    let host: string;
    try {
      host = new URL(item.url).host;
    } catch {
      host = item.domain;
    }
    appendTo(groups, host, index);
  }
  return [...groups.values()];
}
