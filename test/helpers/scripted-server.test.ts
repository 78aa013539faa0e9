import { request } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES, type ScriptedServer, startScriptedServer } from "./scripted-server.js";

let server: ScriptedServer | undefined;

async function start(...args: Parameters<typeof startScriptedServer>): Promise<ScriptedServer> {
  server = await startScriptedServer(...args);
  return server;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Settles with the error a promise rejects with, or fails the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error("expected the request to fail, but it succeeded");
}

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

describe("startScriptedServer: replies", () => {
  it("listens on 127.0.0.1 with a random port", async () => {
    const s = await start();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(new URL(s.url).port)).toBeGreaterThan(0);
  });

  it("sends status, headers and a JSON body", async () => {
    const s = await start({
      "GET /search": { status: 201, headers: { "x-scripted": "yes" }, body: { a: 1 } },
    });
    const res = await request(`${s.url}/search`);
    expect(res.statusCode).toBe(201);
    expect(res.headers["x-scripted"]).toBe("yes");
    expect(res.headers["content-type"]).toBe("application/json");
    expect(await res.body.json()).toEqual({ a: 1 });
  });

  it("defaults to 200 with an empty body", async () => {
    const s = await start({ "GET /empty": {} });
    const res = await request(`${s.url}/empty`);
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe("");
  });

  it("sends strings and Buffers as is, and keeps a content-type given in headers", async () => {
    const s = await start({
      "GET /text": { body: "plain {not json", headers: { "Content-Type": "text/plain" } },
      "GET /bytes": { body: Buffer.from([0, 1, 2, 255]) },
      "GET /custom": { body: { b: 2 }, headers: { "Content-Type": "application/problem+json" } },
    });
    const text = await request(`${s.url}/text`);
    expect(text.headers["content-type"]).toBe("text/plain");
    expect(await text.body.text()).toBe("plain {not json");

    const bytes = await request(`${s.url}/bytes`);
    expect(Buffer.from(await bytes.body.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(bytes.headers["content-type"]).toBeUndefined();

    const custom = await request(`${s.url}/custom`);
    expect(custom.headers["content-type"]).toBe("application/problem+json");
    expect(await custom.body.json()).toEqual({ b: 2 });
  });

  it("answers unrouted requests with 404 {error: no route}, matching path without query and by method", async () => {
    const s = await start({ "GET /search": { body: "found" } });
    const withQuery = await request(`${s.url}/search?q=x&page=2`);
    expect(withQuery.statusCode).toBe(200);
    expect(await withQuery.body.text()).toBe("found");

    for (const [method, path] of [
      ["GET", "/other"],
      ["POST", "/search"],
    ] as const) {
      const res = await request(`${s.url}${path}`, { method });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toBe("application/json");
      expect(await res.body.json()).toEqual({ error: "no route" });
    }
    expect(s.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /search",
      "GET /other",
      "POST /search",
    ]);
  });

  it("adds and replaces routes with route()", async () => {
    const s = await start();
    s.route("post", "/late", { status: 202 });
    expect((await request(`${s.url}/late`, { method: "POST" })).statusCode).toBe(202);
    s.route("POST", "/late", { status: 503 });
    expect((await request(`${s.url}/late`, { method: "POST" })).statusCode).toBe(503);
  });

  it("plays an array in order, then repeats the last reply", async () => {
    const s = await start({ "GET /seq": [{ status: 500 }, { status: 429 }, { status: 200, body: "ok" }] });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(`${s.url}/seq`);
      await res.body.dump();
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([500, 429, 200, 200, 200]);
  });

  it("calls a function script with the recorded request (sync or async)", async () => {
    const s = await start({
      "GET /echo": (req) => ({ body: { q: req.query.q, n: req.query.n } }),
      "POST /async": async (req) => {
        await Promise.resolve();
        return { status: 207, body: { got: req.json } };
      },
    });
    expect(await (await request(`${s.url}/echo?q=hello&n=3`)).body.json()).toEqual({ q: "hello", n: "3" });
    const res = await request(`${s.url}/async`, { method: "POST", body: JSON.stringify([1, 2]) });
    expect(res.statusCode).toBe(207);
    expect(await res.body.json()).toEqual({ got: [1, 2] });
  });

  it("answers 500 when a function script throws", async () => {
    const s = await start({
      "GET /boom": () => {
        throw new Error("kaputt");
      },
    });
    const res = await request(`${s.url}/boom`);
    expect(res.statusCode).toBe(500);
    expect(await res.body.json()).toEqual({ error: "script failed: kaputt" });
  });
});

describe("startScriptedServer: recording", () => {
  it("records method, path, query, headers, body and parsed JSON", async () => {
    const s = await start({ "POST /v1/items": { status: 204 } });
    const res = await request(`${s.url}/v1/items?x=1&y=two%20words&x=3`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer t0k" },
      body: JSON.stringify({ name: "n", tags: ["a"] }),
    });
    await res.body.dump();
    expect(s.requests).toHaveLength(1);
    const [rec] = s.requests;
    expect(rec).toMatchObject({
      method: "POST",
      path: "/v1/items",
      query: { x: "3", y: "two words" },
      body: '{"name":"n","tags":["a"]}',
      json: { name: "n", tags: ["a"] },
    });
    expect(rec?.headers.authorization).toBe("Bearer t0k");
    expect(rec?.headers["content-type"]).toBe("application/json");
  });

  it("leaves json undefined for a body that is not JSON, and records unrouted requests", async () => {
    const s = await start();
    const res = await request(`${s.url}/nowhere`, { method: "PUT", body: "a=1&b=2" });
    await res.body.dump();
    expect(s.requests).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/nowhere",
        query: {},
        body: "a=1&b=2",
        json: undefined,
      }),
    ]);
  });

  it("caps the request body: a larger one gets 413 and is recorded truncated", async () => {
    const s = await start({ "POST /upload": { body: "stored" } });
    const res = await request(`${s.url}/upload`, { method: "POST", body: "z".repeat(MAX_BODY_BYTES + 10) });
    expect(res.statusCode).toBe(413);
    await res.body.dump();
    expect(s.requests[0]?.body.length).toBe(MAX_BODY_BYTES);

    const small = await request(`${s.url}/upload`, { method: "POST", body: "z".repeat(1000) });
    expect(await small.body.text()).toBe("stored");
  });
});

describe("startScriptedServer: timing and failures", () => {
  it("waits delayMs before answering", async () => {
    const s = await start({ "GET /slow": { delayMs: 250, body: "slow" }, "GET /fast": { body: "fast" } });
    const order: string[] = [];
    const t0 = performance.now();
    const slow = request(`${s.url}/slow`).then(async (res) => {
      order.push(await res.body.text());
      return performance.now() - t0;
    });
    // on a second connection, so it is not queued behind the slow one
    await vi.waitFor(() => expect(s.requests).toHaveLength(1));
    const fast = await request(`${s.url}/fast`);
    order.push(await fast.body.text());
    const slowElapsed = await slow;
    expect(order).toEqual(["fast", "slow"]);
    expect(slowElapsed).toBeGreaterThanOrEqual(245);
  });

  it("hang: never answers; the client's AbortSignal ends the request", async () => {
    const s = await start({ "GET /hang": { hang: true } });
    const controller = new AbortController();
    const pending = request(`${s.url}/hang`, { signal: controller.signal });
    await vi.waitFor(() => expect(s.requests).toHaveLength(1));
    controller.abort();
    const error = await rejection(pending);
    expect(error.name).toBe("AbortError");
  });

  it("hang with AbortSignal.timeout gives a TimeoutError", async () => {
    const s = await start({ "GET /hang": { hang: true } });
    const error = await rejection(request(`${s.url}/hang`, { signal: AbortSignal.timeout(100) }));
    expect(error.name).toBe("TimeoutError");
    expect(s.requests).toHaveLength(1);
  });

  it("trickle: the body arrives in several pieces and complete", async () => {
    const body = "0123456789".repeat(6);
    const s = await start({ "GET /drip": { body, trickle: { chunkBytes: 10, intervalMs: 40 } } });
    const res = await request(`${s.url}/drip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(body.length));
    const pieces: string[] = [];
    for await (const chunk of res.body) pieces.push(Buffer.from(chunk as Uint8Array).toString("utf8"));
    expect(pieces.join("")).toBe(body);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.every((p) => p.length <= 10)).toBe(true);
  });

  it("reset: the client gets a connection error, not a response", async () => {
    const s = await start({ "GET /reset": { reset: true }, "GET /ok": { body: "ok" } });
    const error = await rejection(request(`${s.url}/reset`));
    expect(error.code).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/);
    expect(s.requests.map((r) => r.path)).toEqual(["/reset"]);
    // the server itself keeps working
    expect(await (await request(`${s.url}/ok`)).body.text()).toBe("ok");
  });

  it("close() ends hanging, delayed and trickling responses promptly", async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const s = await start({
      "GET /hang": { hang: true },
      "GET /delay": { delayMs: 30_000, body: "never" },
      "GET /drip": { body: "x".repeat(1000), trickle: { chunkBytes: 1, intervalMs: 1000 } },
    });
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => "answered",
        (error: Error) => error,
      );
    const hang = settle(request(`${s.url}/hang`));
    const delay = settle(request(`${s.url}/delay`));
    const drip = settle(request(`${s.url}/drip`).then((res) => res.body.text()));
    await vi.waitFor(() => expect(s.requests).toHaveLength(3));

    await within(s.close(), 2000, "close()");
    const outcomes = await within(Promise.all([hang, delay, drip]), 2000, "the pending requests");
    for (const outcome of outcomes) expect(outcome).toBeInstanceOf(Error);
    // the delay and trickle timers are gone
    const after = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    expect(after).toBeLessThanOrEqual(before);
    // and nothing listens any more
    expect((await rejection(request(`${s.url}/hang`))).code).toBe("ECONNREFUSED");
  });

  it("close() is idempotent", async () => {
    const s = await start();
    await s.close();
    await s.close();
  });
});
