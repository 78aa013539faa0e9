/**
 * What a careless or hostile caller can send: MCP messages past the size limit, `assess` input
 * past its limits, and evidence that never ends (`/dev/zero`, an endless stream). Each is refused
 * with a clear error as soon as the limit is passed; the MCP server goes on serving the other calls
 * and says on stderr what it refused.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { InvalidInputError } from "../../src/errors.js";
import { runCli } from "../../src/interfaces/cli/run-cli.js";
import { createMcpServer } from "../../src/interfaces/mcp/mcp-server.js";
import { type AssessEvidence, assess } from "../../src/operations/assess.js";
import { assessInputSchema } from "../../src/operations/assess-input.js";
import {
  MAX_ASSESS_EVIDENCE,
  MAX_ASSESS_SNIPPET_CHARS,
  MAX_ASSESS_TITLE_CHARS,
  MAX_ASSESS_TOTAL_CHARS,
  MAX_INPUT_BYTES,
  MAX_URL_CHARS,
} from "../../src/operations/input-ranges.js";
import { page, startFakeSearxng } from "../helpers/fake-searxng.js";
import { initializeRequest } from "../helpers/mcp-messages.js";
import { BIN } from "../helpers/run-bin.js";
import type { ScriptedServer } from "../helpers/scripted-server.js";

let stateDir: string;
beforeAll(() => {
  stateDir = mkdtempSync(join(tmpdir(), "core-search-hostile-clients-"));
});
afterAll(() => {
  rmSync(stateDir, { recursive: true, force: true });
});

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  url: `https://site-${n}.example.org/study`,
  title: `Study ${n}`,
  snippet: `Study ${n} finds that coffee is safe for most adults.`,
  ...extra,
});

/** The message of the error `promise` rejected with, failing if it resolved. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("expected a refusal"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return (error as Error).message;
}

// ---------------------------------------------------------------------------------------------
// assess: item count × text length is bounded where the input enters
// ---------------------------------------------------------------------------------------------

describe("assess input past its limits", () => {
  const manyChars = (count: number) => {
    // Items as long as each may be, enough of them to pass the total.
    const snippet = "s".repeat(MAX_ASSESS_SNIPPET_CHARS);
    return Array.from({ length: count }, (_, n) => item(n, { snippet }));
  };

  it.each<[kind: string, evidence: unknown[], problem: RegExp]>([
    [
      `${MAX_ASSESS_EVIDENCE + 1} items`,
      Array.from({ length: MAX_ASSESS_EVIDENCE + 1 }, (_, n) => item(n)),
      /Too much evidence \(2001 items; at most 2000\)/,
    ],
    [
      "an address too long",
      [item(1, { url: `https://a.example.org/${"a".repeat(MAX_URL_CHARS)}` })],
      /evidence item 1 url must be at most 4096 characters/,
    ],
    [
      "a title too long",
      [item(1, { title: "t".repeat(MAX_ASSESS_TITLE_CHARS + 1) })],
      /title.*at most 1000 characters/s,
    ],
    [
      "a snippet too long",
      [item(1, { snippet: "s".repeat(MAX_ASSESS_SNIPPET_CHARS + 1) })],
      /snippet.*at most 20000 characters/s,
    ],
    [
      "a text too long",
      [item(1, { text: "s".repeat(MAX_ASSESS_SNIPPET_CHARS + 1) })],
      /text.*at most 20000/s,
    ],
    [
      "more text in all than the judge reads",
      manyChars(Math.ceil(MAX_ASSESS_TOTAL_CHARS / MAX_ASSESS_SNIPPET_CHARS) + 1),
      /Too much evidence text \(\d+ characters in all; at most 2000000\)/,
    ],
  ])("refuses %s, naming the limit", async (_kind, evidence, problem) => {
    const input = { claim: "Coffee is safe", evidence: evidence as AssessEvidence[] };
    expect(await refusal(assess(input, { judge: "builtin" }))).toMatch(problem);
  });

  it("refuses them through MCP as a tool error, in the same words", async () => {
    const server = createMcpServer({ config: configFromObject({ keyless: "off", stateDir }) });
    const client = new Client({ name: "hostile-test", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const result = await client.callTool({
        name: "assess",
        arguments: {
          claim: "Coffee is safe",
          evidence: [item(1, { title: "t".repeat(MAX_ASSESS_TITLE_CHARS + 1) })],
        },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/title.*at most 1000 characters/);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("takes the largest input the limits allow, and it fits in one MCP message even as ASCII-only JSON", () => {
    // Every character non-ASCII, so that a client escaping them (`\u00e9`) sends six bytes for each.
    const per = Math.floor(MAX_ASSESS_TOTAL_CHARS / MAX_ASSESS_EVIDENCE);
    const url = (n: number) => `https://site-${n}.example.org/`;
    const evidence = Array.from({ length: MAX_ASSESS_EVIDENCE }, (_, n) => ({
      url: url(n),
      title: "é".repeat(100),
      snippet: "é".repeat(per - 100 - url(n).length),
      stance: "contradict",
    }));
    const input = { claim: "é".repeat(900), evidence };
    expect(assessInputSchema.safeParse(input).success).toBe(true);
    const json = JSON.stringify({
      jsonrpc: "2.0",
      id: 2_147_483_647,
      method: "tools/call",
      params: { name: "assess", arguments: input, _meta: { progressToken: "t".repeat(64) } },
    });
    // Written ASCII-only, each non-ASCII character takes six bytes (`\u00e9`) instead of one character.
    let nonAscii = 0;
    for (let i = 0; i < json.length; i++) if (json.charCodeAt(i) > 0x7f) nonAscii += 1;
    const bytes = json.length + 5 * nonAscii;
    expect(bytes).toBeGreaterThan(MAX_ASSESS_TOTAL_CHARS * 5);
    expect(bytes).toBeLessThanOrEqual(MAX_INPUT_BYTES);
  });

  it("strips control characters and escape sequences from titles, addresses and snippets", async () => {
    const assessment = await assess(
      {
        claim: "Coffee is safe",
        evidence: [
          {
            url: "https://esc.example.org/\u001b[31mred\u0007",
            title: "Safe\u001b]8;;https://evil.example/\u0007 coffee\u009b2J",
            snippet: "Coffee is safe\u001b[2J for adults.",
          },
        ],
      },
      { judge: "builtin" },
    );
    const [evidence] = assessment.evidence;
    expect(evidence).toMatchObject({
      url: "https://esc.example.org/red",
      title: "Safe coffee2J",
      snippet: "Coffee is safe for adults.",
    });
  });
});

// ---------------------------------------------------------------------------------------------
// assess --evidence: read no further than the limit
// ---------------------------------------------------------------------------------------------

describe("evidence that never ends", () => {
  it("stops reading an endless standard input at the limit, with a clear error", async () => {
    let chunks = 0;
    const zeros = Buffer.alloc(64 * 1024);
    const endless = Readable.from(
      (function* () {
        for (;;) {
          chunks += 1;
          yield zeros;
        }
      })(),
    );
    let stdout = "";
    let stderr = "";
    const code = await runCli(["assess", "--claim", "Coffee is safe", "--evidence", "-"], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: { CORE_SEARCH_KEYLESS: "off", CORE_SEARCH_STATE_DIR: stateDir },
      stdin: () => endless,
    });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/--evidence: the input is larger than 16 MiB \(16777216 bytes\)/);
    // Read up to the limit and no further (the stream reads a few chunks ahead).
    expect(chunks * zeros.length).toBeLessThan(MAX_INPUT_BYTES + 16 * zeros.length);
  });

  it("refuses `--evidence /dev/zero` in the built binary, exiting 2", async () => {
    const child = spawn(
      process.execPath,
      [BIN, "assess", "--claim", "Coffee is safe", "--evidence", "/dev/zero"],
      {
        env: { PATH: process.env.PATH ?? "", CORE_SEARCH_KEYLESS: "off", CORE_SEARCH_STATE_DIR: stateDir },
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: expect.stringMatching(/^core-search: --evidence: the input is larger than 16 MiB/),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The MCP server over stdio: a message past the limit is refused, not the server's end
// ---------------------------------------------------------------------------------------------

describe("core-search mcp (the built binary), sent a message past its limit", () => {
  let searx: ScriptedServer;
  let child: ChildProcessWithoutNullStreams | undefined;
  beforeAll(async () => {
    searx = await startFakeSearxng(
      ["google", "bing", "mojeek"].map((name, n) => ({
        name,
        categories: ["general"],
        results: [page(`site${n}.org`), page(`other${n}.org`)],
      })),
    );
  });
  afterAll(async () => {
    child?.kill();
    await searx.close();
  });

  it("answers it with an error, says so on stderr, serves the calls around it, and exits 0 when stdin ends", async () => {
    child = spawn(process.execPath, [BIN, "mcp"], {
      env: {
        PATH: process.env.PATH ?? "",
        SEARXNG_URL: searx.url,
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: stateDir,
        CORE_SEARCH_CACHE_TTL: "0",
      },
    });
    const server = child;
    type Reply = { id: number; result?: { isError?: boolean }; error?: { code: number; message: string } };
    const replies = new Map<number, Reply>();
    let pending = "";
    let stderr = "";
    const waiters: (() => void)[] = [];
    server.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const reply = JSON.parse(line) as Reply;
        replies.set(reply.id, reply);
      }
      for (const wake of waiters.splice(0)) wake();
    });
    server.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => server.once("close", resolve));
    const send = (message: unknown) => server.stdin.write(`${JSON.stringify(message)}\n`);
    const replyTo = async (id: number) => {
      while (!replies.has(id)) await new Promise<void>((resolve) => waiters.push(resolve));
      return replies.get(id);
    };

    send(initializeRequest(1));
    await replyTo(1);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    // A call that is running when the large message comes in.
    send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "corroborate", arguments: { question: "Is coffee safe?", read: 0 } },
    });
    // Past the limit, with the id last as the TypeScript SDK writes it.
    const evidence = [item(1, { snippet: "s".repeat(MAX_INPUT_BYTES) })];
    server.stdin.write(
      `${JSON.stringify({ method: "tools/call", params: { name: "assess", arguments: { claim: "Coffee is safe", evidence } }, jsonrpc: "2.0", id: 3 })}\n`,
    );
    send({
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: {
        name: "assess",
        arguments: { claim: "Coffee is safe", evidence: [item(1), item(2)], judge: "builtin" },
      },
    });

    expect(await replyTo(3)).toMatchObject({
      error: {
        code: -32600,
        message: expect.stringMatching(/^Message too large: \d+ bytes, more than the 16777216 bytes/),
      },
    });
    expect((await replyTo(4))?.result?.isError).toBeFalsy();
    expect((await replyTo(2))?.result?.isError).toBeFalsy();
    expect(stderr).toMatch(/Message too large.*request 3/);

    server.stdin.end();
    expect(await exited).toBe(0);
  }, 60_000);
});
