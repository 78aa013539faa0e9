import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { missingProgram } from "../helpers/describe-with-program.js";
import {
  describeWithSearx,
  FIXTURE_SEARX_PORT,
  FIXTURE_UPSTREAM_PORT,
  freeLoopbackPort,
  SEARX_DIR,
  SEARX_HOOK_TIMEOUT_MS,
  type SearxPorts,
  type SearxServer,
  settingsForPorts,
  startSearx,
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const unresponsiveNames = (body: SearxResponse): string[] =>
  body.unresponsive_engines.map(([name]) => name).sort();

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

describe("a suite that needs a program", () => {
  it("runs when the program is there, and otherwise names it and how to install it", () => {
    expect(missingProgram(process.execPath, "apt-get install -y nodejs")).toBeUndefined();
    expect(missingProgram("/usr/bin/no-such-program", "apt-get install -y no-such-program")).toBe(
      "/usr/bin/no-such-program is not installed: apt-get install -y no-such-program",
    );
  });
});

describe("settingsForPorts", () => {
  const fixture = fs.readFileSync(`${SEARX_DIR}settings.yml`, "utf8");

  it("puts the run's ports into server.port and every engine URL", () => {
    const yaml = settingsForPorts(fixture, { searx: 40001, upstream: 40002 });
    expect(yaml).toMatch(/^ {2}port: 40001$/m);
    expect(yaml).not.toContain(`port: ${FIXTURE_SEARX_PORT}`);
    expect(yaml).not.toContain(`127.0.0.1:${FIXTURE_UPSTREAM_PORT}`);
    const engineUrls = yaml.match(/search_url: \S+/g) ?? [];
    expect(engineUrls.length).toBe(7);
    for (const url of engineUrls) expect(url).toMatch(/^search_url: http:\/\/127\.0\.0\.1:40002\//);
  });

  it("refuses settings without the fixture's ports, rather than run on fixed ones", () => {
    expect(() => settingsForPorts("server:\n  port: 8080\n", { searx: 1, upstream: 2 })).toThrow(
      /must contain "port: 18888"/,
    );
  });
});

describeWithSearx("searx fixture", () => {
  describe("default settings", () => {
    let searx: SearxServer | undefined;
    beforeAll(async () => {
      searx = await startSearx();
    }, SEARX_HOOK_TIMEOUT_MS);
    afterAll(() => searx?.stop());

    it("serves on ports of its own, not the fixture's", () => {
      const ports = searx?.ports;
      expect(searx?.url).toBe(`http://127.0.0.1:${ports?.searx}`);
      expect(searx?.upstreamUrl).toBe(`http://127.0.0.1:${ports?.upstream}`);
      expect(ports?.searx).not.toBe(ports?.upstream);
      expect([FIXTURE_SEARX_PORT, FIXTURE_UPSTREAM_PORT]).not.toContain(ports?.searx);
      expect([FIXTURE_SEARX_PORT, FIXTURE_UPSTREAM_PORT]).not.toContain(ports?.upstream);
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
    let seenPorts: SearxPorts | undefined;
    beforeAll(async () => {
      const port = await freeLoopbackPort();
      searx = await startSearx({
        settings: (yaml, ports) => {
          seenPorts = ports;
          seenYaml = yaml.replaceAll(`127.0.0.1:${ports.upstream}`, `127.0.0.1:${port}`);
          return seenYaml;
        },
      });
    }, SEARX_HOOK_TIMEOUT_MS);
    afterAll(() => searx?.stop());

    it("gets the settings with the run's ports in, and the ports", () => {
      expect(seenPorts).toEqual(searx?.ports);
      expect(seenYaml).toContain(`port: ${searx?.ports.searx}`);
      expect(seenYaml).not.toContain(`127.0.0.1:${searx?.ports.upstream}`);
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

    it("stop() frees both ports and removes the run's temp dir", async () => {
      const searx = await startSearx();
      started.push(searx);
      expect(path.dirname(searx.settingsPath)).toMatch(new RegExp(`^${os.tmpdir()}/core-search-searx-`));
      expect(fs.readFileSync(searx.settingsPath, "utf8")).toContain(`port: ${searx.ports.searx}`);
      expect(await portOpen(searx.ports.searx)).toBe(true);
      expect(await portOpen(searx.ports.upstream)).toBe(true);
      await searx.stop();
      expect(await portOpen(searx.ports.searx)).toBe(false);
      expect(await portOpen(searx.ports.upstream)).toBe(false);
      expect(fs.existsSync(path.dirname(searx.settingsPath))).toBe(false);
    });

    it(
      "runs started at once get their own ports, settings and upstreams",
      async () => {
        const runs = await Promise.all([startSearx(), startSearx(), startSearx()]);
        started.push(...runs);
        const ports = runs.flatMap((r) => [r.ports.searx, r.ports.upstream]);
        expect(new Set(ports).size).toBe(ports.length);
        await Promise.all(runs.map((r) => fetch(`${r.upstreamUrl}/_requests`, { method: "DELETE" })));
        await Promise.all(runs.map((r, i) => search(r.url, `run ${i} only`)));
        for (const [i, run] of runs.entries()) {
          const log = (await (await fetch(`${run.upstreamUrl}/_requests`)).json()) as { q: string }[];
          expect(log.length).toBeGreaterThan(0);
          expect(new Set(log.map((r) => r.q))).toEqual(new Set([`run ${i} only`]));
        }
      },
      SEARX_HOOK_TIMEOUT_MS,
    );

    it("a port taken before searx binds it (even by a server answering /healthz) is retried on another", async () => {
      // a stand-in for another run's searx that got the same free port first
      const squatter = http.createServer((_req, res) => res.end("OK"));
      await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
      const taken = (squatter.address() as net.AddressInfo).port;
      const picked: number[] = [];
      try {
        const searx = await startSearx({
          pickPort: async () => {
            const port = picked.length === 0 ? taken : await freeLoopbackPort();
            picked.push(port);
            return port;
          },
        });
        started.push(searx);
        expect(picked.length).toBe(2);
        expect(searx.ports.searx).toBe(picked[1]);
        expect((await search(searx.url, "after a retry")).results.length).toBeGreaterThan(0);
      } finally {
        await new Promise((resolve) => squatter.close(resolve));
      }
    });

    it("a searx that cannot start fails with its output, and leaves nothing running", async () => {
      const failing = startSearx({
        // searx refuses to run with the example secret key
        settings: (yaml) => yaml.replace(/secret_key: "[^"]*"/, 'secret_key: "ultrasecretkey"'),
      }).then((server) => {
        started.push(server); // stopped by afterEach should it start after all
        return server;
      });
      const error = await failing.then(
        () => new Error("started"),
        (e: unknown) => e as Error,
      );
      expect(error.message).toMatch(/searx-run \(pid \d+, exited with code 1\)[\s\S]*secret_key/);
      const pids = [...error.message.matchAll(/\(pid (\d+),/g)].map((m) => Number(m[1]));
      expect(pids.length).toBe(2); // searx-run and fake-upstream
      for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
      const [, searxPort, upstreamPort, settings] =
        /searx on 127\.0\.0\.1:(\d+), fake upstreams on 127\.0\.0\.1:(\d+), settings (\S+)\)/.exec(
          error.message,
        ) ?? [];
      expect(await portOpen(Number(searxPort))).toBe(false);
      expect(await portOpen(Number(upstreamPort))).toBe(false);
      expect(fs.existsSync(path.dirname(settings ?? ""))).toBe(false);
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
