import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  acquireFileLock,
  describeWithSearx,
  SEARX_HOOK_TIMEOUT_MS,
  SEARX_PORT,
  type SearxServer,
  searxSuiteMode,
  startSearx,
  UPSTREAM_PORT,
} from "../helpers/searx.js";

interface SearxResult {
  url: string;
  title: string;
  engine: string;
  engines: string[];
}
interface SearxResponse {
  query: string;
  results: SearxResult[];
  unresponsive_engines: [string, string][];
}

async function search(base: string, q: string): Promise<SearxResponse> {
  const res = await fetch(`${base}/search?${new URLSearchParams({ q, format: "json" })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearxResponse;
}

const unresponsiveNames = (body: SearxResponse): string[] =>
  body.unresponsive_engines.map(([name]) => name).sort();

/** A port on 127.0.0.1 that nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("searxSuiteMode", () => {
  it("runs when searx is installed, CI or not", () => {
    expect(searxSuiteMode(true, undefined)).toBe("run");
    expect(searxSuiteMode(true, "true")).toBe("run");
  });
  it("skips locally and fails on CI when searx is missing", () => {
    expect(searxSuiteMode(false, undefined)).toBe("skip");
    expect(searxSuiteMode(false, "")).toBe("skip");
    expect(searxSuiteMode(false, "false")).toBe("skip");
    expect(searxSuiteMode(false, "true")).toBe("fail");
    expect(searxSuiteMode(false, "1")).toBe("fail");
  });
});

describe("acquireFileLock", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "searx-lock-test-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is exclusive while held, and free again after release", async () => {
    const file = path.join(dir, "exclusive.lock");
    const first = await acquireFileLock(file);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    await expect(acquireFileLock(file, { timeoutMs: 300 })).rejects.toThrow(`held by pid ${process.pid}`);
    first.release();
    expect(fs.existsSync(file)).toBe(false);
    const second = await acquireFileLock(file, { timeoutMs: 300 });
    second.release();
  });

  it("a waiter gets the lock only once the holder releases it", async () => {
    const file = path.join(dir, "wait.lock");
    const holder = await acquireFileLock(file);
    let released = false;
    const waiter = acquireFileLock(file, { timeoutMs: 10_000 }).then((lock) => {
      expect(released).toBe(true);
      return lock;
    });
    // acquireFileLock has tried once synchronously by now and is polling
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    released = true;
    holder.release();
    (await waiter).release();
  });

  it("breaks a stale lock whose holder process is dead", async () => {
    const file = path.join(dir, "stale.lock");
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    const deadPid = await new Promise<number>((resolve) =>
      child.once("exit", () => resolve(child.pid ?? -1)),
    );
    fs.writeFileSync(file, JSON.stringify({ pid: deadPid, token: "old", groups: [] }));
    const lock = await acquireFileLock(file, { timeoutMs: 2_000 });
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("breaks an unreadable lock file once it is old, but not while it is fresh", async () => {
    const file = path.join(dir, "garbage.lock");
    fs.writeFileSync(file, "");
    await expect(acquireFileLock(file, { timeoutMs: 300 })).rejects.toThrow("unreadable lock");
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(file, past, past);
    const lock = await acquireFileLock(file, { timeoutMs: 2_000 });
    lock.release();
  });

  it("release() does not remove a lock file that is no longer its own", async () => {
    const file = path.join(dir, "foreign.lock");
    const lock = await acquireFileLock(file);
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, token: "someone-else", groups: [] }));
    lock.release();
    expect(fs.existsSync(file)).toBe(true);
    fs.rmSync(file);
  });
});

describeWithSearx("searx fixture", () => {
  describe("default settings", () => {
    let searx: SearxServer | undefined;
    beforeAll(async () => {
      searx = await startSearx();
    }, SEARX_HOOK_TIMEOUT_MS);
    afterAll(() => searx?.stop());

    it("serves on the fixed ports", () => {
      expect(searx?.url).toBe(`http://127.0.0.1:${SEARX_PORT}`);
      expect(searx?.upstreamUrl).toBe(`http://127.0.0.1:${UPSTREAM_PORT}`);
    });

    it("GET /search?q=hello&format=json returns merged results with engines", async () => {
      const body = await search(searx?.url ?? "", "hello");
      expect(body.query).toBe("hello");
      expect(body.unresponsive_engines).toEqual([]);
      expect(body.results.length).toBeGreaterThan(0);
      for (const result of body.results) expect(result.engines.length).toBeGreaterThan(0);
      const shared = body.results.find((r) => r.url === "https://shared.example.org/hello");
      expect(shared?.engines.slice().sort()).toEqual(["bing", "duckduckgo", "google"]);
      expect(body.results.some((r) => r.url.startsWith("https://bing.example.com/hello/"))).toBe(true);
    });

    it("the fake upstreams record the engine calls", async () => {
      const upstream = searx?.upstreamUrl ?? "";
      await fetch(`${upstream}/_requests`, { method: "DELETE" });
      await search(searx?.url ?? "", "recorded query");
      const log = (await (await fetch(`${upstream}/_requests`)).json()) as { engine: string; q: string }[];
      expect(log.map((r) => r.engine).sort()).toEqual(["bing", "duckduckgo", "google"]);
      expect(log.every((r) => r.q === "recorded query")).toBe(true);
    });

    it("a query containing fail_bing lists bing in unresponsive_engines", async () => {
      const body = await search(searx?.url ?? "", "hello fail_bing");
      expect(body.unresponsive_engines).toEqual([["bing", "HTTP error"]]);
      expect(body.results.some((r) => r.engines.includes("bing"))).toBe(false);
      expect(body.results.some((r) => r.engines.includes("google"))).toBe(true);
    });
  });

  describe("settings transform: every engine points at a closed port", () => {
    let searx: SearxServer | undefined;
    let seenYaml = "";
    beforeAll(async () => {
      const port = await closedPort();
      searx = await startSearx({
        settings: (yaml) => {
          seenYaml = yaml.replaceAll("127.0.0.1:18889", `127.0.0.1:${port}`);
          return seenYaml;
        },
      });
    }, SEARX_HOOK_TIMEOUT_MS);
    afterAll(() => searx?.stop());

    it("rewrote the engine URLs", () => {
      expect(seenYaml).not.toContain("127.0.0.1:18889");
      expect(seenYaml).toContain("port: 18888");
    });

    it("makes every engine unresponsive for a plain query", async () => {
      const body = await search(searx?.url ?? "", "hello");
      expect(body.results).toEqual([]);
      expect(unresponsiveNames(body)).toEqual(["bing", "duckduckgo", "google"]);
    });
  });

  describe("lifecycle", () => {
    const started: SearxServer[] = [];
    afterEach(async () => {
      await Promise.all(started.splice(0).map((s) => s.stop()));
    });

    it("stop() frees both ports", async () => {
      const searx = await startSearx();
      started.push(searx);
      expect(await portOpen(SEARX_PORT)).toBe(true);
      expect(await portOpen(UPSTREAM_PORT)).toBe(true);
      await searx.stop();
      expect(await portOpen(SEARX_PORT)).toBe(false);
      expect(await portOpen(UPSTREAM_PORT)).toBe(false);
    });

    it(
      "a second startSearx waits for the first one's stop()",
      async () => {
        const first = await startSearx();
        started.push(first);
        const order: string[] = [];
        const second = startSearx().then((s) => {
          started.push(s);
          order.push("second started");
          return s;
        });
        expect((await search(first.url, "still first")).results.length).toBeGreaterThan(0);
        order.push("first stopping");
        await first.stop();
        const s2 = await second;
        expect(order).toEqual(["first stopping", "second started"]);
        expect((await search(s2.url, "now second")).results.length).toBeGreaterThan(0);
      },
      SEARX_HOOK_TIMEOUT_MS,
    );

    it("a searx that cannot start fails with its output, and leaves the ports free", async () => {
      const failing = startSearx({
        // searx refuses to run with the example secret key
        settings: (yaml) => yaml.replace(/secret_key: "[^"]*"/, 'secret_key: "ultrasecretkey"'),
      }).then((server) => {
        started.push(server); // stopped by afterEach should it start after all
        return server;
      });
      await expect(failing).rejects.toThrow(/searx-run \(pid \d+, exited with code 1\)[\s\S]*secret_key/);
      expect(await portOpen(SEARX_PORT)).toBe(false);
      expect(await portOpen(UPSTREAM_PORT)).toBe(false);
    });

    it("slowMs sets the fake upstreams' sleep (below searx's 2 s timeout: no engine times out)", async () => {
      const searx = await startSearx({ slowMs: 300 });
      started.push(searx);
      const body = await search(searx.url, "hello slow_google");
      expect(body.unresponsive_engines).toEqual([]);
      expect(body.results.some((r) => r.engines.includes("google"))).toBe(true);
    });
  });
});
