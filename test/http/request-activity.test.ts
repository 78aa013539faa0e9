import http from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { repliesBegun, unsentRequests, watchRequests } from "../../src/http/request-activity.js";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A server that answers each request only when the test says so. */
async function heldServer() {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  closers.push(async () => server.closeAllConnections());
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, held };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("request activity", () => {
  it("counts a request from its making until its headers are written", async () => {
    watchRequests();
    const server = await heldServer();
    // One connection: a second request waits, unsent, for the first to be answered.
    const agent = new Agent({ connections: 1, pipelining: 1 });
    closers.push(() => agent.destroy());
    const base = unsentRequests();

    const first = request(`${server.url}/first`, { dispatcher: agent });
    expect(unsentRequests()).toBe(base + 1);
    await until(() => server.held.length === 1);
    expect(unsentRequests()).toBe(base);

    const second = request(`${server.url}/second`, { dispatcher: agent });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.held).toHaveLength(1);
    expect(unsentRequests()).toBe(base + 1);

    const replies = repliesBegun();
    server.held[0]?.end("one");
    expect(await (await first).body.text()).toBe("one");
    expect(repliesBegun()).toBe(replies + 1);
    await until(() => server.held.length === 2);
    expect(unsentRequests()).toBe(base);
    server.held[1]?.end("two");
    expect(await (await second).body.text()).toBe("two");
    expect(unsentRequests()).toBe(base);
  });

  it("stops counting a request that fails before it is written", async () => {
    watchRequests();
    const base = unsentRequests();
    // Nothing listens on a port just freed: the connection is refused, the request never written.
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const refused = request(`http://127.0.0.1:${port}/`);
    expect(unsentRequests()).toBe(base + 1);
    await expect(refused).rejects.toThrow();
    expect(unsentRequests()).toBe(base);
  });
});
