/**
 * A real redis-server (Debian package `redis-server`) on a free loopback port, one per startRedis() (so
 * test files in parallel never share one), without persistence. A missing server fails the suite
 * (.ci/run installs the package).
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { describeWithProgram } from "./describe-with-program.js";
import { freeLoopbackPort } from "./searx.js";

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

/** `describe` for a suite that needs redis-server; without it the suite fails with the install command. */
export function describeWithRedis(name: string, fn: () => void): void {
  describeWithProgram(name, REDIS_SERVER, "apt-get install -y redis-server", fn);
}

/** Attempts at a first start, should the free port be taken before redis-server binds it. */
const START_ATTEMPTS = 3;

export async function startRedis(): Promise<RedisServer> {
  let port = 0;
  let child: ChildProcess | undefined;
  let output = "";
  const launch = async () => {
    output = "";
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
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-2_000);
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    await waitForPort(port, child, () => output, 10_000);
  };
  for (let attempt = 1; ; attempt++) {
    port = await freeLoopbackPort();
    try {
      await launch();
      break;
    } catch (error) {
      child?.kill("SIGKILL");
      if (attempt >= START_ATTEMPTS || !/Address already in use/i.test(output)) throw error;
    }
  }
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

/**
 * Waits until `child` answers on `port` (INFO names its pid, so another run's redis-server that took the
 * port first is not mistaken for it); fails early, with its output, if it exits first.
 */
async function waitForPort(
  port: number,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited before answering on port ${port}:\n${output().trimEnd()}`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let reply = "";
      const done = (result: boolean) => {
        socket.destroy();
        resolve(result);
      };
      socket.setTimeout(1_000, () => done(false));
      socket.once("connect", () => {
        socket.write("INFO server\r\n");
      });
      socket.on("data", (data) => {
        reply += data.toString();
        const pid = /\r\nprocess_id:(\d+)\r\n/.exec(reply)?.[1];
        if (pid !== undefined) done(Number(pid) === child.pid);
      });
      socket.once("error", () => done(false));
      socket.once("end", () => done(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `redis-server did not start on port ${port} within ${timeoutMs} ms:\n${output().trimEnd()}`,
  );
}
