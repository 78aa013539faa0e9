import { z } from "zod";
import { maskUrl } from "../config/redact.js";
import { ProviderError } from "../errors.js";
import type { HttpClient, HttpResponse } from "../http/http-client.js";
import { cleanText, MAX_RESULTS_PER_REPLY } from "./hit-fields.js";
import { toProviderError } from "./provider-error.js";
import type { ProviderName } from "./search-provider.js";
import { replyList } from "./to-hits.js";
import { QUOTA_STATUSES, retryAfterMs } from "./vendor-request.js";

/**
 * One MCP `tools/call` over Streamable HTTP, shared by the keyless stages (Exa's and Parallel's
 * anonymous endpoints). A call is a JSON-RPC 2.0 POST; the reply is plain JSON or a short SSE
 * stream. Both endpoints answer a bare `tools/call`, so the `initialize` handshake runs only when a
 * server asks for a session, and its `Mcp-Session-Id` is then sent back on later calls. Nothing
 * that identifies the user or the machine is sent: no cookies, no credentials, no host or user names.
 */

// --- settings ---------------------------------------------------------------------------------

export interface McpClientSettings {
  http: HttpClient;
  provider: ProviderName;
  /** Human name for messages: "Exa MCP". */
  label: string;
  /** The full endpoint address. */
  url: string;
  /** Bounds the whole call, handshake included. */
  timeoutMs: number;
  /** Added to rate-limit messages: how to get past the free tier (set the vendor's key). */
  keyHint?: string | undefined;
}

export interface McpToolResult {
  /** The `text` of every `type: "text"` content block, in order. */
  texts: string[];
  /** `result.structuredContent` when the server sent one. */
  structuredContent: unknown;
}

export interface McpClient {
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpToolResult>;
}

const PROTOCOL_VERSION = "2025-06-18";
const CLIENT_INFO = { name: "core-search", version: "0.1.0" };
const BASE_HEADERS = {
  // The MCP transport asks clients to accept both; servers may refuse a request that does not.
  accept: "application/json, text/event-stream",
  "user-agent": "core-search/0.1",
};
const RATE_LIMIT_TEXT = /rate[ -]?limit|too many requests|quota exceeded|\b429\b/i;
// What MCP servers say when a request needs a session (TypeScript and Python SDK wordings).
const SESSION_TEXT =
  /mcp-session-id|\bsession id\b|\bsession not found|\bmissing session\b|\binvalid session\b|not initiali[sz]ed/i;
const MAX_DETAIL_CHARS = 200;
/** JSON-RPC messages read from one reply (SSE events, batch entries); a reply answers one request. */
const MAX_MESSAGES_PER_REPLY = 100;
/** Server text looked at when a message is made of it (its opening is all a message shows). */
const MAX_SCANNED_CHARS = 4_000;

// --- factory ----------------------------------------------------------------------------------

interface Session {
  id: string | undefined;
  protocolVersion: string | undefined;
}

export function createMcpClient(settings: McpClientSettings): McpClient {
  let nextId = 1;
  let session: Session | undefined;

  return {
    async callTool(name, args, signal) {
      const deadline = Date.now() + settings.timeoutMs;
      const call = async (current: Session | undefined) => {
        const id = nextId++;
        const response = await post(
          settings,
          rpcRequest(id, "tools/call", { name, arguments: args }),
          current,
          deadline,
          signal,
        );
        return { id, response };
      };

      let sent = session;
      let { id, response } = await call(sent);
      if (asksForSession(response, sent)) {
        session = undefined;
        sent = await initialize(settings, nextId++, deadline, signal);
        session = sent;
        ({ id, response } = await call(sent));
      }
      // A server may hand out a session on any reply; later calls then carry it.
      const offered = validSessionId(response.headers["mcp-session-id"]);
      if (offered !== undefined && session?.id !== offered) {
        session = { id: offered, protocolVersion: session?.protocolVersion };
      }
      return readToolResult(settings, response, id);
    },
  };
}

// --- request ----------------------------------------------------------------------------------

function rpcRequest(id: number, method: string, params: Record<string, unknown>) {
  return { jsonrpc: "2.0", id, method, params };
}

async function post(
  settings: McpClientSettings,
  message: unknown,
  session: Session | undefined,
  deadline: number,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const timeoutMs = deadline - Date.now();
  if (timeoutMs <= 0) {
    throw new ProviderError(`${settings.label} call timed out after ${settings.timeoutMs} ms`, {
      provider: settings.provider,
      outcome: "timeout",
    });
  }
  const headers: Record<string, string> = { ...BASE_HEADERS };
  if (session?.protocolVersion) headers["mcp-protocol-version"] = session.protocolVersion;
  if (session?.id) headers["mcp-session-id"] = session.id;
  try {
    return await settings.http.send({
      url: settings.url,
      method: "POST",
      headers,
      json: message,
      timeoutMs,
      signal,
    });
  } catch (error) {
    throw toProviderError(error, settings.provider);
  }
}

/** `initialize` → `Mcp-Session-Id` → `notifications/initialized`, as the MCP transport describes. */
async function initialize(
  settings: McpClientSettings,
  id: number,
  deadline: number,
  signal: AbortSignal,
): Promise<Session> {
  const response = await post(
    settings,
    rpcRequest(id, "initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    }),
    undefined,
    deadline,
    signal,
  );
  const result = initializeResultSchema.safeParse(readResult(settings, response, id));
  const session: Session = {
    id: validSessionId(response.headers["mcp-session-id"]),
    protocolVersion: (result.success ? result.data.protocolVersion : undefined) ?? PROTOCOL_VERSION,
  };
  // The server answers 202 with no body; a refusal would show on the tool call that follows.
  await post(settings, { jsonrpc: "2.0", method: "notifications/initialized" }, session, deadline, signal);
  return session;
}

/** A 400/404 that names a missing or unknown session (404 always, when a session was sent). */
function asksForSession(response: HttpResponse, sent: Session | undefined): boolean {
  if (response.status === 404 && sent?.id !== undefined) return true;
  const is2xx = response.status >= 200 && response.status < 300;
  if (!is2xx && response.status !== 400 && response.status !== 404) return false;
  const error = replyError(parseMessages(response));
  const text = error?.message ?? (is2xx ? "" : response.text.slice(0, 500));
  return SESSION_TEXT.test(text) && !RATE_LIMIT_TEXT.test(text);
}

/** Session ids are visible ASCII (0x21–0x7E) per the transport; anything else is ignored. */
function validSessionId(value: string | undefined): string | undefined {
  return value !== undefined && /^[\x21-\x7e]{1,256}$/.test(value) ? value : undefined;
}

// --- reply parsing and schema (only the fields read) ------------------------------------------

const rpcErrorSchema = z.object({
  code: z.number().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});

const rpcMessageSchema = z.object({
  id: z.union([z.number(), z.string(), z.null()]).optional().catch(undefined),
  result: z.unknown().optional(),
  error: rpcErrorSchema.optional().catch(undefined),
});

type RpcMessage = z.infer<typeof rpcMessageSchema>;

const toolResultSchema = z.object({
  content: replyList(MAX_RESULTS_PER_REPLY).optional().catch(undefined),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional().catch(undefined),
});

const textBlockSchema = z.object({ type: z.literal("text"), text: z.string() });

const initializeResultSchema = z.object({
  protocolVersion: z.string().optional().catch(undefined),
});

/** Every JSON-RPC message in the body: one object, a batch array, or SSE `data:` events. */
function parseMessages(response: HttpResponse): RpcMessage[] {
  const type = response.headers["content-type"]?.toLowerCase() ?? "";
  const raw = type.includes("text/event-stream")
    ? sseData(response.text).flatMap(parseJsonOrNothing)
    : (() => {
        const json = parseJsonOrNothing(response.text);
        // Some servers mislabel the stream; sniff it rather than fail.
        return json.length > 0 || !/^(?:event|data|id|retry)?:/m.test(response.text)
          ? json
          : sseData(response.text).flatMap(parseJsonOrNothing);
      })();
  return raw
    .flatMap((item) => (Array.isArray(item) ? item.slice(0, MAX_MESSAGES_PER_REPLY) : [item]))
    .slice(0, MAX_MESSAGES_PER_REPLY)
    .flatMap((item) => {
      const parsed = rpcMessageSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
}

/**
 * The `data` of each SSE event (its `data:` lines joined), skipping comments and other fields;
 * events past the first `MAX_MESSAGES_PER_REPLY` are not read.
 */
function sseData(text: string): string[] {
  const events: string[] = [];
  let data: string[] = [];
  const dispatch = () => {
    if (data.length > 0) events.push(data.join("\n"));
    data = [];
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (events.length === MAX_MESSAGES_PER_REPLY) return events;
    if (line === "") dispatch();
    else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
    // `event:`, `id:`, `retry:` and `:` comments carry nothing a reply needs.
  }
  dispatch(); // a complete body may end without the closing blank line
  return events;
}

function parseJsonOrNothing(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    return [];
  }
}

/** The reply to request `id`; servers may send notifications or other replies first. */
function findReply(messages: RpcMessage[], id: number): RpcMessage | undefined {
  return (
    messages.find((m) => m.id !== undefined && m.id !== null && String(m.id) === String(id)) ??
    // An error the server could not tie to a request (the Exa rate limiter's `"id": null`).
    messages.find((m) => (m.id === null || m.id === undefined) && m.error !== undefined)
  );
}

function replyError(messages: RpcMessage[]): RpcMessage["error"] {
  return messages.find((m) => m.error !== undefined)?.error;
}

function readResult(settings: McpClientSettings, response: HttpResponse, id: number): unknown {
  const messages = parseMessages(response);
  const reply = findReply(messages, id);
  if (response.status < 200 || response.status >= 300) {
    throw statusError(settings, response, reply?.error ?? replyError(messages));
  }
  if (reply === undefined) {
    throw new ProviderError(`${settings.label} returned no JSON-RPC reply to the request`, {
      provider: settings.provider,
      outcome: "bad_response",
      status: response.status,
    });
  }
  if (reply.error !== undefined) throw rpcError(settings, response, reply.error);
  if (reply.result === undefined || reply.result === null || typeof reply.result !== "object") {
    throw new ProviderError(`${settings.label} returned a JSON-RPC reply without a result`, {
      provider: settings.provider,
      outcome: "bad_response",
      status: response.status,
    });
  }
  return reply.result;
}

function readToolResult(settings: McpClientSettings, response: HttpResponse, id: number): McpToolResult {
  const parsed = toolResultSchema.safeParse(readResult(settings, response, id));
  if (!parsed.success) {
    throw new ProviderError(`${settings.label} returned a tool result of an unexpected shape`, {
      provider: settings.provider,
      outcome: "bad_response",
      status: response.status,
      cause: parsed.error,
    });
  }
  const texts = (parsed.data.content ?? []).flatMap((block) => {
    const text = textBlockSchema.safeParse(block);
    return text.success ? [text.data.text] : [];
  });
  if (parsed.data.isError === true) throw toolError(settings, response, texts.join("\n"));
  return { texts, structuredContent: parsed.data.structuredContent };
}

// --- errors -----------------------------------------------------------------------------------

function statusError(
  settings: McpClientSettings,
  response: HttpResponse,
  error: RpcMessage["error"],
): ProviderError {
  const { status } = response;
  const vendorCode = error?.code === undefined ? undefined : String(error.code);
  const retryAfter = retryAfterMs(response.headers["retry-after"]);
  if (status === 429) return rateLimited(settings, response, `status 429`, vendorCode);
  const detail = error?.message === undefined ? "" : `: ${shorten(error.message)}`;
  return new ProviderError(`${settings.label} request failed with status ${status}${detail}`, {
    provider: settings.provider,
    outcome: `http_${status}`,
    status,
    vendorCode,
    pause: QUOTA_STATUSES.has(status) ? { reason: "quota", retryAfterMs: retryAfter } : undefined,
  });
}

function rpcError(
  settings: McpClientSettings,
  response: HttpResponse,
  error: NonNullable<RpcMessage["error"]>,
): ProviderError {
  const vendorCode = error.code === undefined ? undefined : String(error.code);
  // The free tier's limit arrives as JSON-RPC −32000 whose code alone says nothing; the text does.
  if (error.message !== undefined && RATE_LIMIT_TEXT.test(error.message)) {
    return rateLimited(settings, response, `JSON-RPC error ${vendorCode ?? ""}`.trim(), vendorCode);
  }
  const detail = error.message === undefined ? "" : `: ${shorten(error.message)}`;
  return new ProviderError(
    `${settings.label} answered with JSON-RPC error${vendorCode === undefined ? "" : ` ${vendorCode}`}${detail}`,
    {
      provider: settings.provider,
      outcome: "rpc_error",
      status: response.status,
      vendorCode,
    },
  );
}

function toolError(settings: McpClientSettings, response: HttpResponse, text: string): ProviderError {
  if (RATE_LIMIT_TEXT.test(text)) return rateLimited(settings, response, "tool error", undefined);
  const detail = text.trim() === "" ? "" : `: ${shorten(text)}`;
  return new ProviderError(`${settings.label} tool reported an error${detail}`, {
    provider: settings.provider,
    outcome: "tool_error",
    status: response.status,
  });
}

/** The free-tier limit, however it arrived: recorded as `http_429` with a rate-limit pause. */
function rateLimited(
  settings: McpClientSettings,
  response: HttpResponse,
  how: string,
  vendorCode: string | undefined,
): ProviderError {
  const retryAfter = retryAfterMs(response.headers["retry-after"]);
  const hint = settings.keyHint === undefined ? "" : `; ${settings.keyHint}`;
  return new ProviderError(`${settings.label} free-tier rate limit reached (${how})${hint}`, {
    provider: settings.provider,
    outcome: "http_429",
    status: response.status,
    vendorCode,
    pause: { reason: "rate_limit", retryAfterMs: retryAfter },
  });
}

/** Server text in a message: one line, bounded, with any address in it masked. */
function shorten(text: string): string {
  return cleanText(maskUrl(text.slice(0, MAX_SCANNED_CHARS)), MAX_DETAIL_CHARS);
}
