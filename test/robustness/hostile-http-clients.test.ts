/**
 * The HTTP server against clients that misbehave on purpose: a page rebinding DNS to reach a
 * loopback server under every spelling of loopback, clients that send their headers or body a
 * byte at a time or nothing at all, and more connections than the server takes. Each ends in a
 * clear answer (403, 408) or a refused connection, at the limits the server documents.
 */
import { mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { configFromObject } from "../../src/config/config.js";
import { type HttpApi, type HttpApiOptions, startHttpApi } from "../../src/interfaces/server/http-api.js";

const config = configFromObject({
  keyless: "off",
  searxngUrl: "http://127.0.0.1:9",
  stateDir: mkdtempSync(join(tmpdir(), "core-search-hostile-clients-")),
  cacheTtlMs: 0,
});

const apis: HttpApi[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

async function api(options: Partial<HttpApiOptions> = {}): Promise<HttpApi> {
  const started = await startHttpApi({ config, analysisThreads: 0, ...options });
  apis.push(started);
  return started;
}

/** A raw connection to the API, with what it received and when the server closed it. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ""));
  sockets.push(socket);
  const opened = performance.now();
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => {});
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) =>
    socket.on("close", () => resolve({ received, afterMs: performance.now() - opened })),
  );
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, connected };
}

/** Writes `text` one chunk every `everyMs`, forever (until the socket closes). */
function dribble(socket: Socket, text: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(text);
  }, everyMs);
  socket.on("close", () => clearInterval(timer));
}

describe("the Host guard decides by the address bound, not by how it was written", () => {
  it.each(["LOCALHOST", "127.1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1", "localhost", "::1", "127.0.0.2"])(
    "--host %s: no public-address warning, and Host: attacker.example is refused",
    async (host) => {
      const started = await api({ host });
      expect(started.warnings).toEqual([]);
      const port = new URL(started.url).port;
      const attacked = await request(`${started.url}/healthz`, {
        headers: { host: `attacker.example:${port}` },
      });
      expect(attacked.statusCode).toBe(403);
      expect(((await attacked.body.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN_HOST");
      const own = await request(`${started.url}/healthz`, { headers: { host: `localhost:${port}` } });
      expect(own.statusCode).toBe(200);
      await own.body.dump();
    },
  );

  it("warns on a wildcard address, where any Host is served", async () => {
    const started = await api({ host: "0.0.0.0" });
    expect(started.warnings).toEqual([expect.stringMatching(/no authentication and listens on 0\.0\.0\.0/)]);
    const port = new URL(started.url).port;
    const answer = await request(`http://127.0.0.1:${port}/healthz`, {
      headers: { host: "attacker.example" },
    });
    expect(answer.statusCode).toBe(200);
    await answer.body.dump();
  });
});

describe("slow clients are cut at the limits", () => {
  // Small limits, so the test is quick; the margins are generous (a loaded machine runs timers late),
  // yet far below what a checking interval of node's default 30 s would give.
  const HEADERS_MS = 1_000;
  const REQUEST_MS = 2_000;
  const slowApi = () => api({ headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS });

  it("cuts a client that sends its headers a line at a time with 408", async () => {
    const { url } = await slowApi();
    const client = rawConnection(url);
    await client.connected;
    client.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    dribble(client.socket, "x-slow: 1\r\n", 100);
    const { received, afterMs } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(HEADERS_MS * 2.5);
  });

  it("cuts a client that connects and sends nothing", async () => {
    const { url } = await slowApi();
    const client = rawConnection(url);
    const { afterMs } = await client.closed;
    expect(afterMs).toBeLessThan(HEADERS_MS * 2.5);
  });

  it("cuts a client that sends its body a byte at a time with 408", async () => {
    const { url } = await slowApi();
    const client = rawConnection(url);
    await client.connected;
    client.socket.write(
      "POST /v1/assess HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{",
    );
    dribble(client.socket, " ", 100);
    const { received, afterMs } = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(REQUEST_MS * 2.5);
  });
});

describe("connections are capped", () => {
  it("closes connections beyond the cap at once, and takes new ones when there is room", async () => {
    const { url } = await api({ maxConnections: 2 });
    const held = [rawConnection(url), rawConnection(url)];
    await Promise.all(held.map((c) => c.connected));
    // A request on a held connection shows the server has taken it.
    held[0]?.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const extra = rawConnection(url);
    const { received } = await extra.closed;
    expect(received).toBe("");
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    const answer = await request(`${url}/healthz`, { reset: true });
    expect(answer.statusCode).toBe(200);
    await answer.body.dump();
  });
});
