import { readFile } from "node:fs/promises";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { HttpFailure, InvalidInputError } from "../errors.js";
import { createHttpClient, type HttpResponse } from "../http/http-client.js";
import type { Logger } from "../log/logger.js";
import { defaultJudge } from "./default-judge.js";
import { STANCES, type StanceInput, type StanceJudge, type StanceJudgement } from "./stance.js";

/**
 * Stance judged by any OpenAI-compatible chat-completions server: one batched request per report,
 * prompts from `prompts/`, the answer validated item by item. Whatever the model does not answer
 * usably is judged by `fallback`, and the report's notes say so; the judge itself never throws
 * for a failing server.
 */

export interface LlmJudgeSettings {
  /**
   * The API's base URL as OpenAI clients take it (`http://127.0.0.1:8080/v1`), or the full
   * `…/chat/completions` URL. A bare origin (`http://127.0.0.1:8080`) gets `/v1` added.
   */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set; never shown anywhere. */
  apiKey?: string | undefined;
  dispatcher?: Dispatcher | undefined;
  /** Time for the whole judgement, including the one retry without `response_format` (default 30 s). */
  timeoutMs?: number | undefined;
  /** Judges what the model did not: every source when the request fails. Meant to be offline and fast. */
  fallback: StanceJudge;
  logger?: Logger | undefined;
}

/** Sources asked about in one request; the rest go to the fallback, so a prompt stays bounded. */
export const LLM_MAX_ITEMS = 60;
export const LLM_MAX_TITLE_CHARS = 200;
export const LLM_MAX_SNIPPET_CHARS = 600;
const MAX_CLAIM_CHARS = 500;
const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** For a stance given without a usable confidence: the model committed to it, without saying how firmly. */
const DEFAULT_CONFIDENCE = 0.6;
/** `{` positions tried when digging the answer out of prose; bounds the work on a hostile reply. */
const MAX_JSON_CANDIDATES = 8;

const SYSTEM_TEMPLATE = new URL("../../prompts/stance-judge-system.md", import.meta.url);
const USER_TEMPLATE = new URL("../../prompts/stance-judge.md", import.meta.url);

/** `<base>/chat/completions`, keeping a path prefix (gateways) and any query (e.g. `api-version`). */
export function chatCompletionsUrl(base: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new InvalidInputError("The LLM judge's url is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidInputError("The LLM judge's url must start with http:// or https://");
  }
  const path = url.pathname.replace(/\/+$/u, "");
  // Every OpenAI-compatible server (llama.cpp, vLLM, Ollama, LM Studio, …) serves the API under /v1.
  url.pathname = path.endsWith("/chat/completions") ? path : `${path === "" ? "/v1" : path}/chat/completions`;
  return url.toString();
}

export function createLlmJudge(settings: LlmJudgeSettings): StanceJudge {
  const endpoint = chatCompletionsUrl(settings.url);
  if (settings.model.trim() === "") throw new InvalidInputError("The LLM judge needs a model name");
  const http = createHttpClient(settings.dispatcher ? { dispatcher: settings.dispatcher } : {});
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { fallback, logger } = settings;
  const fallbackName = fallback === defaultJudge ? "the built-in classifier" : `the "${fallback.name}" judge`;
  // What the fallback answers is recorded as its own, not the model's.
  const byFallback = (judgements: readonly StanceJudgement[]): StanceJudgement[] =>
    judgements.map((j) => ({ ...j, judge: j.judge ?? fallback.kind ?? "builtin" }));
  const headers: Record<string, string> = { accept: "application/json" };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  // Some servers reject `response_format`; once one has, this judge stops sending it.
  let jsonMode = true;

  type Outcome = { ok: true; answers: Map<number, StanceJudgement> } | { ok: false; reason: string };

  const ask = async (claim: string, items: readonly StanceInput[], signal: AbortSignal): Promise<Outcome> => {
    let prompt: { system: string; user: string };
    try {
      prompt = buildPrompt(await loadTemplates(), claim, items);
    } catch {
      return { ok: false, reason: "prompt templates unreadable" };
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const withFormat = jsonMode;
      let response: HttpResponse;
      try {
        response = await http.send({
          url: endpoint,
          method: "POST",
          headers,
          json: {
            model: settings.model,
            temperature: 0,
            stream: false,
            ...(withFormat ? { response_format: { type: "json_object" } } : {}),
            messages: [
              { role: "system", content: prompt.system },
              { role: "user", content: prompt.user },
            ],
          },
          timeoutMs: Math.max(1, deadline - Date.now()),
          signal,
          maxBodyBytes: MAX_RESPONSE_BYTES,
        });
      } catch (error) {
        return { ok: false, reason: failureReason(error, timeoutMs) };
      }
      if (withFormat && rejectsResponseFormat(response)) {
        jsonMode = false;
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        return { ok: false, reason: statusReason(response.status, Boolean(settings.apiKey)) };
      }
      return parseCompletion(response.text, items.length);
    }
  };

  return {
    name: "llm",
    kind: "llm",
    async judge(claim, items, signal, note) {
      if (items.length === 0) return [];
      const asked = items.slice(0, LLM_MAX_ITEMS);
      const outcome = await ask(claim, asked, signal);
      if (!outcome.ok) {
        logger?.warn({ reason: outcome.reason }, "LLM stance judge failed; using the fallback");
        note?.(`LLM judge failed (${outcome.reason}); ${fallbackName} judged every source`);
        return byFallback(await fallback.judge(claim, items, stillOpen(signal), note));
      }
      const missing = items.flatMap((_, index) => (outcome.answers.has(index + 1) ? [] : [index]));
      const unanswered = missing.filter((index) => index < asked.length).length;
      if (unanswered > 0) {
        note?.(`LLM judge left ${unanswered} item(s) unanswered; ${fallbackName} judged them`);
      }
      if (items.length > asked.length) {
        note?.(
          `LLM judge was asked about the first ${asked.length} sources only; ${fallbackName} judged the other ${items.length - asked.length}`,
        );
      }
      const backup =
        missing.length === 0
          ? []
          : byFallback(
              await fallback.judge(
                claim,
                missing.map((index) => items[index] as StanceInput),
                stillOpen(signal),
                note,
              ),
            );
      const byIndex = new Map(missing.map((index, k) => [index, backup[k]]));
      return items.map(
        (_, index) =>
          outcome.answers.get(index + 1) ?? byIndex.get(index) ?? { stance: "neutral" as const, score: 0 },
      );
    },
  };
}

/**
 * The fallback is offline and quick: it still answers after the deadline stopped the model, so a
 * slow server costs the report its LLM stances, not its stances.
 */
function stillOpen(signal: AbortSignal): AbortSignal {
  return signal.aborted ? new AbortController().signal : signal;
}

// ---------------------------------------------------------------------------------------------
// Prompt
// ---------------------------------------------------------------------------------------------

interface Templates {
  system: string;
  user: string;
}

let templates: Templates | undefined;

/** Read once per process from the package's `prompts/`; a failed read is retried next time. */
async function loadTemplates(): Promise<Templates> {
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

function buildPrompt(
  { system, user }: Templates,
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

// ---------------------------------------------------------------------------------------------
// Response
// ---------------------------------------------------------------------------------------------

const completionSchema = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string().nullish() }) })).min(1),
});

const answerSchema = z.looseObject({ judgements: z.array(z.unknown()) });

const judgementSchema = z.looseObject({
  id: z.union([z.number().int(), z.string().trim().regex(/^\d+$/u).transform(Number)]),
  stance: z.string().trim().toLowerCase().pipe(z.enum(STANCES)),
  confidence: z.number().min(0).max(1).optional().catch(undefined),
});

function parseCompletion(
  text: string,
  count: number,
): { ok: true; answers: Map<number, StanceJudgement> } | { ok: false; reason: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the server's answer was not JSON" };
  }
  const completion = completionSchema.safeParse(body);
  if (!completion.success) return { ok: false, reason: "the server's answer was not a chat completion" };
  const content = completion.data.choices[0]?.message.content ?? "";
  const json = firstJsonObject(content);
  if (json === undefined) return { ok: false, reason: "the model's answer held no JSON object" };
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "the model's answer did not match the expected format" };
  const answers = new Map<number, StanceJudgement>();
  for (const entry of parsed.data.judgements) {
    const item = judgementSchema.safeParse(entry);
    // Invalid, unknown and repeated ids are left to the fallback rather than guessed.
    if (!item.success || item.data.id < 1 || item.data.id > count || answers.has(item.data.id)) continue;
    answers.set(item.data.id, {
      stance: item.data.stance,
      score: item.data.confidence ?? DEFAULT_CONFIDENCE,
      judge: "llm",
    });
  }
  return { ok: true, answers };
}

/** The first balanced `{…}` that parses as a JSON object: models wrap answers in fences or prose. */
function firstJsonObject(content: string): unknown {
  const text = content.replace(/<think>[\s\S]*?<\/think>/giu, ""); // reasoning models' scratch text
  let start = text.indexOf("{");
  for (let tries = 0; start !== -1 && tries < MAX_JSON_CANDIDATES; tries++) {
    const end = matchingBrace(text, start);
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

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
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

function rejectsResponseFormat(response: HttpResponse): boolean {
  return (
    (response.status === 400 || response.status === 422) &&
    /response_format|json_object/iu.test(response.text.slice(0, 4096))
  );
}

/** Why the request failed, in words fit for a note: fixed phrases, never the server's text or a key. */
function statusReason(status: number, hasKey: boolean): string {
  if (status === 401 || status === 403) {
    return `HTTP ${status}: ${hasKey ? "the server refused the API key" : "the server wants an API key"}`;
  }
  if (status === 404) return "HTTP 404: check the URL and the model name";
  return `HTTP ${status}`;
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (!(error instanceof HttpFailure)) return "the request failed";
  switch (error.kind) {
    case "timeout":
      return `no answer within ${timeoutMs} ms`;
    case "aborted":
      return "stopped by the deadline or the caller";
    case "too_large":
      return `answer larger than ${MAX_RESPONSE_BYTES} bytes`;
    case "bad_body":
      return "the answer could not be decoded";
    case "network": {
      const code = (error.cause as { code?: unknown } | undefined)?.code;
      return typeof code === "string" ? `server unreachable: ${code}` : "server unreachable";
    }
  }
}
