import { readFile } from "node:fs/promises";
import { z } from "zod";
import { packageFile } from "../util/package-files.js";
import { STANCES, type StanceInput, type StanceJudgement } from "./stance.js";

/**
 * The stance prompt a language model reads (templates in `prompts/`, third-party text fenced as
 * untrusted data) and the checking of its answer, item by item. Shared by every model judge: an
 * OpenAI-compatible server and the MCP client's model get the same prompt and the same checks.
 */

/** Sources asked about in one request; the rest go to the fallback, so a prompt stays bounded. */
export const LLM_MAX_ITEMS = 60;
export const LLM_MAX_TITLE_CHARS = 200;
export const LLM_MAX_SNIPPET_CHARS = 600;
const MAX_CLAIM_CHARS = 500;
/** For a stance given without a usable confidence: the model committed to it, without saying how firmly. */
const DEFAULT_CONFIDENCE = 0.6;
/** `{` positions tried when digging the answer out of prose; bounds the work on a hostile reply. */
const MAX_JSON_CANDIDATES = 8;
/** Characters those tries read in all: twice the longest answer (1 MiB), some milliseconds. */
const MAX_SCANNED_CHARS = 2 * 1024 * 1024;
/** Judgements checked at most, four a source asked about: more is no answer to the prompt. */
const MAX_JUDGEMENTS = 4 * LLM_MAX_ITEMS;

const SYSTEM_TEMPLATE = packageFile("prompts/stance-judge-system.md");
const USER_TEMPLATE = packageFile("prompts/stance-judge.md");

export interface StancePrompt {
  system: string;
  user: string;
}

let templates: StancePrompt | undefined;

/** Read once per process from the package's `prompts/`; a failed read is retried next time. */
export async function loadStancePrompt(): Promise<StancePrompt> {
  if (templates) return templates;
  const [system, user] = await Promise.all([
    readFile(SYSTEM_TEMPLATE, "utf8"),
    readFile(USER_TEMPLATE, "utf8"),
  ]);
  if (!user.includes("{{claim}}") || !user.includes("{{sources}}")) {
    throw new Error("stance-judge.md must contain {{claim}} and {{sources}}");
  }
  templates = { system: system.trim(), user: user.trim() };
  return templates;
}

export function buildPrompt(
  { system, user }: StancePrompt,
  claim: string,
  items: readonly StanceInput[],
): { system: string; user: string } {
  const sources = items
    .map(
      (item, index) =>
        `<source id="${index + 1}">\nTitle: ${untrusted(item.title, LLM_MAX_TITLE_CHARS)}\nText: ${untrusted(item.snippet, LLM_MAX_SNIPPET_CHARS)}\n</source>`,
    )
    .join("\n\n");
  const values: Record<string, string> = {
    claim: untrusted(claim, MAX_CLAIM_CHARS),
    sources,
    count: String(items.length),
  };
  // One pass, so a placeholder inside substituted text is never expanded.
  return { system, user: user.replace(/\{\{(\w+)\}\}/gu, (whole, name: string) => values[name] ?? whole) };
}

/**
 * Third-party text made safe to place inside a block: one line, bounded, and with angle brackets
 * escaped so that no text can close its `<source>` block or open another.
 */
function untrusted(text: string, maxChars: number): string {
  let out = String(text ?? "")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, " ")
    .trim();
  if (out.length > maxChars) {
    out = out.slice(0, maxChars - 1);
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) out = out.slice(0, -1); // never half a surrogate pair
    out = `${out.trimEnd()}…`;
  }
  return out.replace(/</gu, "&lt;").replace(/>/gu, "&gt;");
}

const answerSchema = z.looseObject({ judgements: z.array(z.unknown()) });

const judgementSchema = z.looseObject({
  id: z.union([z.number().int(), z.string().trim().regex(/^\d+$/u).transform(Number)]),
  stance: z.string().trim().toLowerCase().pipe(z.enum(STANCES)),
  confidence: z.number().min(0).max(1).optional().catch(undefined),
});

/** The model's answer checked item by item: ids within range, known stances, first answer per id. */
export function parseAnswer(
  content: string,
  count: number,
  judge: StanceJudgement["judge"],
): { ok: true; answers: Map<number, StanceJudgement> } | { ok: false; reason: string } {
  const json = firstJsonObject(content);
  if (json === undefined) return { ok: false, reason: "the model's answer held no JSON object" };
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "the model's answer did not match the expected format" };
  const answers = new Map<number, StanceJudgement>();
  for (const entry of parsed.data.judgements.slice(0, MAX_JUDGEMENTS)) {
    if (answers.size === count) break;
    const item = judgementSchema.safeParse(entry);
    // Invalid, unknown and repeated ids are left to the fallback rather than guessed.
    if (!item.success || item.data.id < 1 || item.data.id > count || answers.has(item.data.id)) continue;
    answers.set(item.data.id, {
      stance: item.data.stance,
      score: item.data.confidence ?? DEFAULT_CONFIDENCE,
      judge,
    });
  }
  return { ok: true, answers };
}

/** The first balanced `{…}` that parses as a JSON object: models wrap answers in fences or prose. */
function firstJsonObject(content: string): unknown {
  const text = withoutThinking(content);
  let unread = MAX_SCANNED_CHARS;
  let start = text.indexOf("{");
  for (let tries = 0; start !== -1 && tries < MAX_JSON_CANDIDATES && unread > 0; tries++) {
    const limit = Math.min(text.length, start + unread);
    const end = matchingBrace(text, start, limit);
    unread -= (end === -1 ? limit : end + 1) - start;
    if (end !== -1) {
      try {
        const value: unknown = JSON.parse(text.slice(start, end + 1));
        if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
      } catch {
        // prose in braces; try the next one
      }
    }
    start = text.indexOf("{", start + 1);
  }
  return undefined;
}

/**
 * The answer without reasoning models' `<think>…</think>` scratch text, found tag by tag: a lazy
 * `<think>[\s\S]*?<\/think>` rereads the rest of the answer from each unclosed tag, seconds of
 * blocked event loop for an answer of many. Blocks do not nest: the first `</think>` closes one, as
 * with that pattern. An unclosed `<think>` drops the rest: the model stopped mid-thought, and a
 * draft in its thoughts is not its answer.
 */
function withoutThinking(content: string): string {
  const open = /<think>/giu;
  const close = /<\/think>/giu;
  let kept = "";
  let from = 0; // what comes before is kept or dropped
  for (;;) {
    open.lastIndex = from;
    const opened = open.exec(content);
    if (opened === null) return kept + content.slice(from);
    kept += content.slice(from, opened.index);
    close.lastIndex = open.lastIndex;
    if (close.exec(content) === null) return kept;
    from = close.lastIndex;
  }
}

/** Where the `{` at `start` is closed, read no further than `limit`; -1 when it is not closed by then. */
function matchingBrace(text: string, start: number, limit: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth += 1;
    else if (c === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}
