import type { Dispatcher } from "undici";
import { z } from "zod";
import { HttpFailure, InvalidInputError } from "../errors.js";
import { createHttpClient, type HttpResponse } from "../http/http-client.js";
import type { Logger } from "../log/logger.js";
import { createModelJudge, type ModelReply } from "./model-judge.js";
import type { StanceJudge } from "./stance.js";

/**
 * Stance judged by any OpenAI-compatible chat-completions server: the transport of a model judge
 * (prompt, checks and fallback in `model-judge.ts`). The judge itself never throws for a failing
 * server.
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

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;

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
  const http = createHttpClient({ dispatcher: settings.dispatcher });
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: "application/json" };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  // Some servers reject `response_format`; once one has, this judge stops sending it.
  let jsonMode = true;

  const ask = async (prompt: { system: string; user: string }, signal: AbortSignal): Promise<ModelReply> => {
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
      return completionContent(response.text);
    }
  };

  return createModelJudge({
    name: "llm",
    kind: "llm",
    label: "LLM judge",
    ask,
    fallback: settings.fallback,
    logger: settings.logger,
  });
}

const completionSchema = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string().nullish() }) })).min(1),
});

/** The text of a chat completion's first choice. */
function completionContent(text: string): ModelReply {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the server's answer was not JSON" };
  }
  const completion = completionSchema.safeParse(body);
  if (!completion.success) return { ok: false, reason: "the server's answer was not a chat completion" };
  return { ok: true, content: completion.data.choices[0]?.message.content ?? "" };
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
