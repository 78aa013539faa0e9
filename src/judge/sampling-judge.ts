import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Logger } from "../log/logger.js";
import { createModelJudge, type ModelReply } from "./model-judge.js";
import type { StanceJudge } from "./stance.js";

export interface SamplingJudgeSettings {
  /** The MCP server whose client declared the `sampling` capability. */
  server: Pick<Server, "createMessage">;
  /** Time for the client's answer; the call's deadline stops it sooner. */
  timeoutMs: number;
  /** Judges what the client's model did not. */
  fallback: StanceJudge;
  logger?: Logger | undefined;
}

/** Room for 60 short JSON judgements with some slack; the prompt asks for nothing else. */
const MAX_TOKENS = 4096;
/** A longer answer is not a list of judgements; it is refused before any parsing. */
const MAX_ANSWER_CHARS = 256 * 1024;

/**
 * Stances judged by the calling agent's own model through MCP sampling (`sampling/createMessage`):
 * one request for a report's search results (and one more for the passages of the pages it reads),
 * the same prompt and checks as the LLM judge, no key and no setup.
 */
export function createSamplingJudge(settings: SamplingJudgeSettings): StanceJudge {
  const { server, timeoutMs } = settings;
  const ask = async (prompt: { system: string; user: string }, signal: AbortSignal): Promise<ModelReply> => {
    try {
      const result = await server.createMessage(
        {
          messages: [{ role: "user", content: { type: "text", text: prompt.user } }],
          systemPrompt: prompt.system,
          // The stances depend on the sources given, not on the conversation the client is in.
          includeContext: "none",
          temperature: 0,
          maxTokens: MAX_TOKENS,
        },
        { signal, timeout: timeoutMs },
      );
      if (result.content.type !== "text") return { ok: false, reason: "the answer held no text" };
      if (result.content.text.length > MAX_ANSWER_CHARS)
        return { ok: false, reason: "the answer was too long" };
      return { ok: true, content: result.content.text };
    } catch (error) {
      return { ok: false, reason: failureReason(error, signal, timeoutMs) };
    }
  };
  return createModelJudge({
    name: "sampling",
    kind: "sampling",
    label: "The MCP client's model",
    ask,
    fallback: settings.fallback,
    logger: settings.logger,
  });
}

/** Fixed words for a note: the client's own error text is not repeated (it is untrusted). */
function failureReason(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return "stopped by the deadline or the caller";
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return `no answer within ${timeoutMs} ms`;
    if (error.code === ErrorCode.InvalidParams && /result/iu.test(error.message)) {
      return "the answer was not a sampling result";
    }
    return `the client declined (code ${error.code})`;
  }
  return "the answer was not a sampling result";
}
