/**
 * MCP over stdio with bounded messages: one JSON-RPC message a line, as the SDK's stdio transport
 * frames them. The SDK's transport closes itself when a message passes its read buffer, and the
 * server then exits 0 without a word, abandoning the calls it is running. This one refuses only
 * the message: it stores no more of it than the limit, answers it with a JSON-RPC error (with the
 * request's id when the message shows one at either end), reports why through `onerror`, and goes
 * on reading the next line.
 */
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** Bytes kept of each end of a refused message, to find its id in. */
const END_BYTES = 512;

const ID_VALUE = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,256}")`;
/** `{"jsonrpc":"2.0","id":7,…` (clients that write the id first). */
const ID_AT_START = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}`);
/** `…,"jsonrpc":"2.0","id":7}` (the TypeScript SDK writes the id last). */
const ID_AT_END = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/** A message past the limit: its size so far and its two ends. */
interface Refusing {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  private refusing: Refusing | undefined;
  private started = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    /** The most bytes one message may have, its newline not counted. */
    readonly maxMessageBytes: number,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error("BoundedStdioTransport already started");
    this.started = true;
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStdinError);
  }

  async close(): Promise<void> {
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStdinError);
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.chunks = [];
    this.size = 0;
    this.refusing = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }

  private readonly onStdinError = (error: Error): void => {
    this.onerror?.(error);
  };

  private readonly onData = (chunk: Buffer | string): void => {
    const data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    while (start < data.length) {
      const newline = data.indexOf(0x0a, start);
      this.take(data.subarray(start, newline === -1 ? data.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  /** Part of the current line: stored while the line is within the limit, else only counted. */
  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.refusing) {
      this.refusing.bytes += part.length;
      this.refusing.tail = lastBytes(Buffer.concat([this.refusing.tail, part]));
      return;
    }
    if (this.size + part.length <= this.maxMessageBytes) {
      this.chunks.push(part);
      this.size += part.length;
      return;
    }
    this.refusing = {
      bytes: this.size + part.length,
      head: firstBytes([...this.chunks, part]),
      tail: lastBytes(part),
    };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    const refused = this.refusing;
    const line = Buffer.concat(this.chunks).toString("utf8");
    this.chunks = [];
    this.size = 0;
    this.refusing = undefined;
    if (refused) {
      this.refuse(refused);
      return;
    }
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.fail(undefined, ErrorCode.ParseError, "Parse error: the message is not JSON");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.fail(requestId(id), ErrorCode.InvalidRequest, "Invalid request: not a JSON-RPC 2.0 message");
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(refused: Refusing): void {
    const id =
      idIn(ID_AT_START.exec(refused.head.toString("utf8"))) ??
      idIn(ID_AT_END.exec(refused.tail.toString("utf8")));
    this.fail(
      id,
      ErrorCode.InvalidRequest,
      `Message too large: ${refused.bytes} bytes, more than the ${this.maxMessageBytes} bytes ` +
        "this server reads in one message; nothing of it was used. Send less per call.",
    );
  }

  /** Reports the failure and answers it; a message without a usable id gets an answer without one. */
  private fail(id: string | number | undefined, code: number, message: string): void {
    this.onerror?.(new Error(`${message}${id === undefined ? "" : ` (request ${JSON.stringify(id)})`}`));
    this.send({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), error: { code, message } }).catch(
      () => {},
    );
  }
}

function firstBytes(parts: readonly Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= END_BYTES) break;
    const piece = part.subarray(0, END_BYTES - size);
    kept.push(piece);
    size += piece.length;
  }
  return Buffer.concat(kept);
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= END_BYTES ? buffer : buffer.subarray(buffer.length - END_BYTES);
}

function idIn(match: RegExpExecArray | null): string | number | undefined {
  if (match?.[1] === undefined) return undefined;
  try {
    return requestId(JSON.parse(match[1]));
  } catch {
    return undefined;
  }
}

/** A JSON-RPC request id: a string or an integer. */
function requestId(value: unknown): string | number | undefined {
  if (typeof value === "string") return value;
  return Number.isSafeInteger(value) ? (value as number) : undefined;
}
