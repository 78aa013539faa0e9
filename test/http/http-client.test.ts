import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpFailure } from "../../src/errors.js";
import { createHttpClient } from "../../src/http/http-client.js";
import { type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

describe("http client", () => {
  let server: ScriptedServer;
  const http = createHttpClient();
  beforeEach(async () => {
    server = await startScriptedServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error("expected a failure");
      },
      (error: unknown) => error as HttpFailure,
    );

  it("sends query parameters and JSON bodies and returns status, headers and text", async () => {
    server.route("POST", "/v1", { status: 201, headers: { "x-id": "7" }, body: { ok: true } });
    const response = await http.send({
      url: `${server.url}/v1`,
      query: { q: "a b", n: 3, skip: undefined },
      json: { x: 1 },
      timeoutMs: 2000,
    });
    expect(response).toMatchObject({ status: 201, text: '{"ok":true}' });
    expect(response.headers["x-id"]).toBe("7");
    expect(server.requests[0]).toMatchObject({ method: "POST", query: { q: "a b", n: "3" }, json: { x: 1 } });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("times out a server that never answers", async () => {
    server.route("GET", "/hang", { hang: true });
    const error = await failure(http.send({ url: `${server.url}/hang`, timeoutMs: 150 }));
    expect(error).toBeInstanceOf(HttpFailure);
    expect(error.kind).toBe("timeout");
    expect(error.message).toMatch(/timed out after 150 ms/);
  });

  it("times out a body that trickles in slower than the timeout", async () => {
    server.route("GET", "/slow", { body: "x".repeat(400), trickle: { chunkBytes: 10, intervalMs: 50 } });
    const error = await failure(http.send({ url: `${server.url}/slow`, timeoutMs: 300 }));
    expect(error.kind).toBe("timeout");
  });

  it("tells a caller abort from a timeout", async () => {
    server.route("GET", "/hang", { hang: true });
    const controller = new AbortController();
    const pending = failure(
      http.send({ url: `${server.url}/hang`, timeoutMs: 10_000, signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 20);
    expect((await pending).kind).toBe("aborted");
  });

  it("reports a connection reset as a network failure", async () => {
    server.route("GET", "/reset", { reset: true });
    expect((await failure(http.send({ url: `${server.url}/reset`, timeoutMs: 2000 }))).kind).toBe("network");
  });

  it("reports a refused connection as a network failure", async () => {
    const url = server.url;
    await server.close();
    expect((await failure(http.send({ url: `${url}/x`, timeoutMs: 2000 }))).kind).toBe("network");
    server = await startScriptedServer();
  });

  it("stops reading a body over the cap", async () => {
    server.route("GET", "/big", { body: "x".repeat(200_000) });
    const error = await failure(
      http.send({ url: `${server.url}/big`, timeoutMs: 2000, maxBodyBytes: 50_000 }),
    );
    expect(error.kind).toBe("too_large");
  });

  it("decompresses gzip and caps the decompressed size (gzip bomb)", async () => {
    server.route("GET", "/gz", { headers: { "content-encoding": "gzip" }, body: gzipSync('{"a":1}') });
    server.route("GET", "/bomb", {
      headers: { "content-encoding": "gzip" },
      body: gzipSync(Buffer.alloc(20_000_000)),
    });
    expect((await http.send({ url: `${server.url}/gz`, timeoutMs: 2000 })).text).toBe('{"a":1}');
    const error = await failure(
      http.send({ url: `${server.url}/bomb`, timeoutMs: 5000, maxBodyBytes: 1_000_000 }),
    );
    expect(error.kind).toBe("too_large");
  });

  it("rejects a body that claims gzip but is not", async () => {
    server.route("GET", "/bad", { headers: { "content-encoding": "gzip" }, body: "plain text" });
    expect((await failure(http.send({ url: `${server.url}/bad`, timeoutMs: 2000 }))).kind).toBe("bad_body");
  });

  it("does not follow redirects", async () => {
    server.route("GET", "/moved", {
      status: 302,
      headers: { location: "http://127.0.0.1:1/elsewhere" },
      body: "",
    });
    const response = await http.send({ url: `${server.url}/moved`, timeoutMs: 2000 });
    expect(response.status).toBe(302);
    expect(server.requests).toHaveLength(1);
  });

  it("sends URL credentials as Basic auth and keeps them and secret parameters out of errors", async () => {
    server.route("GET", "/auth", { hang: true });
    const url = server.url.replace("http://", "http://bob:hunter2@");
    const error = await failure(
      http.send({ url: `${url}/auth`, query: { api_key: "k-123" }, timeoutMs: 100 }),
    );
    expect(server.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from("bob:hunter2").toString("base64")}`,
    );
    expect(error.message).not.toContain("hunter2");
    expect(error.message).not.toContain("k-123");
  });
});
