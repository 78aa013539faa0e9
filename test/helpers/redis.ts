/**
 * A real redis-server (Debian package `redis-server`) on a free loopback port, one per test file,
 * without persistence. Like describeWithSearx: a missing server skips the suite locally and fails it
 * on CI, where .ci/run installs the package.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { describe, it } from "vitest";
import { searxSuiteMode } from "./searx.js";

export const REDIS_SERVER = "/usr/bin/redis-server";
export const REDIS_HOOK_TIMEOUT_MS = 20_000;

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); resolves when it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop()). */
  restart(): Promise<void>;
}

export function describeWithRedis(name: string, fn: () => void): void {
  const mode = searxSuiteMode(fs.existsSync(REDIS_SERVER), process.env.CI);
  if (mode === "run") describe(name, fn);
  else if (mode === "skip") describe.skip(name, fn);
  else
    describe(name, () => {
      it("needs redis-server", () => {
        throw new Error(`redis-server is not installed: apt-get install -y redis-server (${REDIS_SERVER})`);
      });
    });
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      REDIS_SERVER,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--protected-mode",
        "yes",
      ],
      { stdio: "ignore" },
    );
    await waitForPort(port, 10_000);
  };
  await launch();
  const stop = async () => {
    const current = child;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
    current.kill("SIGTERM");
    const timer = setTimeout(() => current.kill("SIGKILL"), 3_000);
    await exited;
    clearTimeout(timer);
  };
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: launch };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.write("PING\r\n");
      });
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}
