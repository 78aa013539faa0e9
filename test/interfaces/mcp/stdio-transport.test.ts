import { PassThrough } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { BoundedStdioTransport } from "../../../src/interfaces/mcp/stdio-transport.js";

const LIMIT = 4_096;

/** A started transport over in-memory streams, with everything it delivered, answered and reported. */
async function harness() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new BoundedStdioTransport(stdin, stdout, LIMIT);
  const delivered: JSONRPCMessage[] = [];
  const errors: string[] = [];
  const answered: Record<string, unknown>[] = [];
  let pending = "";
  stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) answered.push(JSON.parse(line) as Record<string, unknown>);
  });
  transport.onmessage = (message) => delivered.push(message);
  transport.onerror = (error) => errors.push(error.message);
  await transport.start();
  opened.push(transport);
  /** Writes `text` in pieces of `size` bytes, as a pipe may deliver it. */
  const write = (text: string, size = 1_000) => {
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += size) stdin.write(bytes.subarray(at, at + size));
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { transport, delivered, errors, answered, write, settle };
}

const opened: BoundedStdioTransport[] = [];
afterEach(async () => {
  for (const transport of opened.splice(0)) await transport.close();
});

const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" }) as const;
/** A tools/call whose arguments alone pass the limit, with the id where the SDK client writes it (last). */
const oversized = (id: number | string) =>
  JSON.stringify({
    method: "tools/call",
    params: { name: "assess", arguments: { claim: "x".repeat(LIMIT) } },
    jsonrpc: "2.0",
    id,
  });

describe("stdio transport with a message limit", () => {
  it("refuses a message over the limit with an error for its id, and serves the next one", async () => {
    const { delivered, errors, answered, write, settle } = await harness();
    write(`${oversized(7)}\n${JSON.stringify(ping(8))}\n`, 700);
    await settle();
    expect(answered).toEqual([
      {
        jsonrpc: "2.0",
        id: 7,
        error: {
          code: -32600,
          message: expect.stringMatching(/Message too large: \d+ bytes, more than the 4096 bytes/),
        },
      },
    ]);
    expect(errors).toEqual([expect.stringMatching(/Message too large.*\(request 7\)$/)]);
    expect(delivered).toEqual([ping(8)]);
  });

  it.each([
    [
      "first",
      (id: string) =>
        JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { pad: "y".repeat(LIMIT) } }),
    ],
    ["last", (id: string) => oversized(id)],
  ])("finds a string id written %s", async (_where, message) => {
    const { answered, write, settle } = await harness();
    write(`${message('call "one"')}\n`);
    await settle();
    expect(answered[0]).toMatchObject({ id: 'call "one"', error: { code: -32600 } });
  });

  it("answers without an id when the message shows none at either end", async () => {
    const { answered, errors, write, settle } = await harness();
    write(`${JSON.stringify({ method: "tools/call", id: 3, params: { pad: "z".repeat(LIMIT) } })}\n`);
    await settle();
    expect(answered).toHaveLength(1);
    expect(answered[0]).not.toHaveProperty("id");
    expect(answered[0]).toMatchObject({ error: { code: -32600 } });
    expect(errors).toHaveLength(1);
  });

  it("keeps no more of a refused message than its ends, however long it runs", async () => {
    const { transport, write, answered, settle } = await harness();
    write(`{"pad":"${"w".repeat(LIMIT * 50)}`, 16_384);
    await settle();
    // Nothing of the line is held while it is being refused.
    expect((transport as unknown as { chunks: Buffer[] }).chunks).toEqual([]);
    write(`"}\n`);
    await settle();
    expect(answered[0]).toMatchObject({ error: { message: expect.stringMatching(/\d{6} bytes/) } });
  });

  it("delivers a message of exactly the limit, and several from one chunk in order", async () => {
    const { delivered, answered, write, settle } = await harness();
    const base = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { pad: "" } } });
    const exact = base.replace('"pad":""', `"pad":"${"p".repeat(LIMIT - base.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(LIMIT);
    write(`${exact}\n${JSON.stringify(ping(2))}\r\n\n${JSON.stringify(ping(3))}\n`, 100_000);
    await settle();
    expect(answered).toEqual([]);
    expect(delivered.map((m) => (m as { id: number }).id)).toEqual([1, 2, 3]);
  });

  it.each([
    ["not JSON", "{not json", -32700, undefined],
    ["JSON but not JSON-RPC", JSON.stringify({ id: 4, hello: "world" }), -32600, 4],
  ])("answers a line that is %s with an error and reads on", async (_kind, line, code, id) => {
    const { delivered, answered, errors, write, settle } = await harness();
    write(`${line}\n${JSON.stringify(ping(5))}\n`);
    await settle();
    expect(answered).toEqual([
      { jsonrpc: "2.0", ...(id === undefined ? {} : { id }), error: { code, message: expect.any(String) } },
    ]);
    expect(errors).toHaveLength(1);
    expect(delivered).toEqual([ping(5)]);
  });
});
