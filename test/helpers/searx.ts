/**
 * Fixture for a real searx (Debian's searx 1.1.0) with the fake upstream engines and settings of
 * test/fixtures/searx/, all on loopback.
 *
 *   describeWithSearx("my suite", () => {
 *     let searx: SearxServer;
 *     beforeAll(async () => { searx = await startSearx(); }, SEARX_HOOK_TIMEOUT_MS);
 *     afterAll(() => searx?.stop());
 *     it("…", async () => { await fetch(`${searx.url}/search?q=x&format=json`); });
 *   });
 *
 * searx binds fixed ports (18888, fake upstreams 18889), so a cross-process lock file serializes every
 * startSearx() … stop() span: test files running in parallel workers wait for each other instead of colliding.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

export interface SearxServer {
  /** http://127.0.0.1:18888 */
  url: string;
  /** http://127.0.0.1:18889 (fake upstream engines; GET /_requests lists what they received) */
  upstreamUrl: string;
  stop(): Promise<void>;
}

export interface StartSearxOptions {
  /** A transform of the settings.yml text, written to a temp copy (e.g. to point every engine at a closed port). */
  settings?: (yaml: string) => string;
  /** How long the fake upstreams' `slow_*` words sleep (default 4000 ms). */
  slowMs?: number;
  /** How long to wait for another holder of the searx ports (default 90 s). */
  lockTimeoutMs?: number;
  /** How long to wait for searx and the fake upstreams to answer (default 15 s). */
  readyTimeoutMs?: number;
}

export const SEARX_DIR = fileURLToPath(new URL("../fixtures/searx/", import.meta.url));
export const SEARX_RUN = "/usr/bin/searx-run";
export const SEARX_PORT = 18888;
export const UPSTREAM_PORT = 18889;
export const SEARX_LOCK_PATH = path.join(os.tmpdir(), `core-search-searx-${SEARX_PORT}.lock`);
/** Timeout for a beforeAll that calls startSearx(): covers waiting for the lock, then starting. */
export const SEARX_HOOK_TIMEOUT_MS = 120_000;
export const SEARX_MISSING_MESSAGE = "searx is not installed: apt-get install -y searx";

const HOST = "127.0.0.1";
const DEFAULT_LOCK_TIMEOUT_MS = 90_000;
const DEFAULT_READY_TIMEOUT_MS = 15_000;
const POLL_MS = 100;
const TERM_GRACE_MS = 5_000;
const KILL_GRACE_MS = 2_000;
const PORT_FREE_TIMEOUT_MS = 5_000;
const OUTPUT_TAIL_CHARS = 4_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function searxAvailable(): boolean {
  return fs.existsSync(SEARX_RUN);
}

/** What describeWithSearx does: run the suite, skip it, or fail it because searx is missing on CI. */
export function searxSuiteMode(available: boolean, ci: string | undefined): "run" | "skip" | "fail" {
  if (available) return "run";
  const onCi = ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false";
  return onCi ? "fail" : "skip";
}

/**
 * `describe` when searx is installed; otherwise `describe.skip`, except on CI (process.env.CI set),
 * where the suite fails with "searx is not installed: apt-get install -y searx".
 */
export function describeWithSearx(name: string, fn: () => void): void {
  const mode = searxSuiteMode(searxAvailable(), process.env.CI);
  if (mode === "run") describe(name, fn);
  else if (mode === "skip") describe.skip(name, fn);
  else
    describe(name, () => {
      it("needs searx", () => {
        throw new Error(`${SEARX_MISSING_MESSAGE} (${SEARX_RUN} not found)`);
      });
    });
}

// ---------------------------------------------------------------------------------------------------------
// Cross-process lock file
// ---------------------------------------------------------------------------------------------------------

interface LockInfo {
  pid: number;
  token: string;
  /** Process groups started under this lock, so a later holder can clean up after a crashed one. */
  groups: number[];
}

export interface FileLock {
  readonly path: string;
  /** Records the process groups this holder started (for stale-lock cleanup). */
  setGroups(groups: number[]): void;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): { info: LockInfo | undefined; raw: string; ageMs: number } | undefined {
  try {
    const raw = fs.readFileSync(file, "utf8");
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    let info: LockInfo | undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<LockInfo>;
      if (typeof parsed.pid === "number" && typeof parsed.token === "string") {
        info = {
          pid: parsed.pid,
          token: parsed.token,
          groups: Array.isArray(parsed.groups) ? parsed.groups : [],
        };
      }
    } catch {
      info = undefined;
    }
    return { info, raw, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Kills a process group left by a dead holder, but only if its leader is still one of our processes. */
function killLeftoverGroup(pgid: number): void {
  let cmdline = "";
  try {
    cmdline = fs.readFileSync(`/proc/${pgid}/cmdline`, "utf8");
  } catch {
    return; // gone (or no /proc)
  }
  if (!cmdline.includes("searx-run") && !cmdline.includes("fake-upstream.mjs")) return;
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Removes a stale lock file, provided it still holds `raw` (another waiter may have replaced it meanwhile).
 * Returns false when another process is breaking it right now.
 */
function breakStaleLock(file: string, raw: string, info: LockInfo | undefined): boolean {
  const breaker = `${file}.break`;
  let fd: number;
  try {
    fd = fs.openSync(breaker, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // someone else is breaking it; clear their breaker only if it is clearly abandoned
    try {
      if (Date.now() - fs.statSync(breaker).mtimeMs > 10_000) fs.rmSync(breaker, { force: true });
    } catch {
      // vanished meanwhile
    }
    return false;
  }
  try {
    if (readLock(file)?.raw === raw) {
      for (const group of info?.groups ?? []) killLeftoverGroup(group);
      fs.rmSync(file, { force: true });
    }
    return true;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(breaker, { force: true });
  }
}

/**
 * Takes an exclusive lock file (`open(path, "wx")`). Waits while another live process holds it; a lock
 * whose holder PID is dead (or that stayed unreadable for 5 s) is stale and gets removed.
 */
export async function acquireFileLock(file: string, options: { timeoutMs?: number } = {}): Promise<FileLock> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const info: LockInfo = { pid: process.pid, token: randomUUID(), groups: [] };
  let lastHolder = "unknown";

  for (;;) {
    try {
      const fd = fs.openSync(file, "wx");
      try {
        fs.writeFileSync(fd, JSON.stringify(info));
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const current = readLock(file);
    if (current !== undefined) {
      const holder = current.info;
      lastHolder = holder
        ? `pid ${holder.pid}`
        : `unreadable lock (${JSON.stringify(current.raw.slice(0, 80))})`;
      const stale = holder ? !isAlive(holder.pid) : current.ageMs > 5_000;
      if (stale && breakStaleLock(file, current.raw, holder)) continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `could not take the lock ${file} within ${timeoutMs} ms: held by ${lastHolder}` +
          (current?.info?.pid === process.pid ? " (this process: is an earlier start not stopped?)" : ""),
      );
    }
    await sleep(POLL_MS);
  }

  let released = false;
  const ours = (): boolean => readLock(file)?.info?.token === info.token;
  return {
    path: file,
    setGroups(groups) {
      if (released || !ours()) return;
      info.groups = groups;
      fs.writeFileSync(file, JSON.stringify(info));
    },
    release() {
      if (released) return;
      released = true;
      if (ours()) fs.rmSync(file, { force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------------------

interface Managed {
  name: string;
  /** The port this process must listen on. */
  port: number;
  child: ChildProcess;
  /** Process group id (= the child's pid; it is spawned detached, as a group leader). */
  pgid: number | undefined;
  output: () => string;
  exit: { code: number | null; signal: NodeJS.Signals | null; error?: Error } | undefined;
  exited: Promise<void>;
}

/** Process groups of every searx started by this process and not yet stopped (killed on process exit). */
const liveGroups = new Set<number>();
/** Locks held by this process (released on process exit). */
const heldLocks = new Set<FileLock>();
/** Temp settings directories of searx instances not yet stopped (removed on process exit). */
const tempDirs = new Set<string>();
let exitHooksInstalled = false;

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function onProcessExit(): void {
  for (const pgid of liveGroups) killGroup(pgid, "SIGKILL");
  liveGroups.clear();
  for (const lock of heldLocks) lock.release();
  heldLocks.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  onProcessExit();
  // keep the default behaviour (terminate) unless someone else handles the signal
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on("exit", onProcessExit);
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  process.once("SIGHUP", onSignal);
}

function uninstallExitHooksIfIdle(): void {
  if (!exitHooksInstalled || liveGroups.size > 0 || heldLocks.size > 0) return;
  exitHooksInstalled = false;
  process.off("exit", onProcessExit);
  process.off("SIGTERM", onSignal);
  process.off("SIGINT", onSignal);
  process.off("SIGHUP", onSignal);
}

function spawnGroup(
  name: string,
  port: number,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Managed {
  const child = spawn(command, args, {
    cwd: SEARX_DIR,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const collect = (chunk: Buffer): void => {
    tail = (tail + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  // do not keep the test process alive for these; the exit hook kills them
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  const managed: Managed = {
    name,
    port,
    child,
    pgid: child.pid,
    output: () => tail,
    exit: undefined,
    exited: Promise.resolve(),
  };
  managed.exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      managed.exit ??= { code, signal };
      resolve();
    });
    child.once("error", (error) => {
      managed.exit ??= { code: null, signal: null, error };
      resolve();
    });
  });
  if (managed.pgid !== undefined) liveGroups.add(managed.pgid);
  return managed;
}

function describeProcess(p: Managed): string {
  const state =
    p.exit === undefined
      ? "running"
      : p.exit.error
        ? `failed to start: ${p.exit.error.message}`
        : `exited with ${p.exit.signal ?? `code ${p.exit.code}`}`;
  const out = p.output().trimEnd();
  return `--- ${p.name} (pid ${p.pgid ?? "?"}, ${state}) output tail ---\n${out === "" ? "(no output)" : out}`;
}

function withTimeout(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function terminate(processes: Managed[]): Promise<void> {
  for (const p of processes) if (p.exit === undefined && p.pgid !== undefined) killGroup(p.pgid, "SIGTERM");
  await withTimeout(
    Promise.all(processes.map((p) => p.exited)).then(() => undefined),
    TERM_GRACE_MS,
  );
  for (const p of processes) {
    if (p.pgid === undefined) continue;
    // the leader may be gone while other members of its group live on: SIGKILL the whole group either way
    killGroup(p.pgid, "SIGKILL");
  }
  await withTimeout(
    Promise.all(processes.map((p) => p.exited)).then(() => undefined),
    KILL_GRACE_MS,
  );
  for (const p of processes) {
    p.child.stdout?.destroy();
    p.child.stderr?.destroy();
    if (p.pgid !== undefined) liveGroups.delete(p.pgid);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Probes
// ---------------------------------------------------------------------------------------------------------

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

function healthz(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: HOST, port: SEARX_PORT, path: "/healthz", timeout: 1_000, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve(res.statusCode === 200 && body.trim() === "OK"));
        res.on("error", () => resolve(false));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

/**
 * Whether the socket listening on 127.0.0.1:`port` belongs to process `pid` (Linux /proc); undefined when
 * that cannot be told. Guards against answering for a searx that someone started outside this fixture.
 */
function listenerOwnedBy(pid: number, port: number): boolean | undefined {
  let table: string;
  try {
    table = fs.readFileSync("/proc/net/tcp", "utf8");
  } catch {
    return undefined;
  }
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  for (const line of table.split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[3] === "0A" && fields[9] !== undefined) inodes.add(fields[9]);
  }
  if (inodes.size === 0) return false;
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  return fds.some((fd) => {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      return match?.[1] !== undefined && inodes.has(match[1]);
    } catch {
      return false;
    }
  });
}

async function waitPortsFree(timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy: number[] = [];
    for (const port of [SEARX_PORT, UPSTREAM_PORT]) if (await portOpen(port)) busy.push(port);
    if (busy.length === 0 || Date.now() >= deadline) return busy;
    await sleep(POLL_MS);
  }
}

// ---------------------------------------------------------------------------------------------------------
// startSearx
// ---------------------------------------------------------------------------------------------------------

/**
 * Starts searx on 127.0.0.1:18888 and its fake upstream engines on 127.0.0.1:18889, and waits until both
 * answer. Holds the cross-process searx lock until stop().
 */
export async function startSearx(options: StartSearxOptions = {}): Promise<SearxServer> {
  if (!searxAvailable()) throw new Error(SEARX_MISSING_MESSAGE);
  installExitHooks();
  let lock: FileLock;
  try {
    lock = await acquireFileLock(SEARX_LOCK_PATH, {
      timeoutMs: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
    });
  } catch (error) {
    uninstallExitHooksIfIdle();
    throw error;
  }
  heldLocks.add(lock);

  let tempDir: string | undefined;
  let processes: Managed[] = [];
  /** Stops the processes and releases the lock; returns the ports still busy afterwards. */
  const cleanup = async (): Promise<number[]> => {
    try {
      await terminate(processes);
      return processes.length > 0 ? await waitPortsFree(PORT_FREE_TIMEOUT_MS) : [];
    } finally {
      if (tempDir !== undefined) {
        fs.rmSync(tempDir, { recursive: true, force: true });
        tempDirs.delete(tempDir);
      }
      lock.release();
      heldLocks.delete(lock);
      uninstallExitHooksIfIdle();
    }
  };

  try {
    const busy = await waitPortsFree(PORT_FREE_TIMEOUT_MS);
    if (busy.length > 0) {
      throw new Error(
        `${busy.length > 1 ? "ports" : "port"} ${busy.join(" and ")} on ${HOST} in use by a process ` +
          "this fixture did not start (a searx started by hand with run.sh?): stop it first",
      );
    }

    let settingsPath = path.join(SEARX_DIR, "settings.yml");
    if (options.settings !== undefined) {
      const yaml = options.settings(fs.readFileSync(settingsPath, "utf8"));
      tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "core-search-searx-"));
      tempDirs.add(tempDir);
      settingsPath = path.join(tempDir, "settings.yml");
      fs.writeFileSync(settingsPath, yaml);
    }

    const upstreamEnv: NodeJS.ProcessEnv = { ...process.env };
    if (options.slowMs !== undefined) upstreamEnv.SLOW_MS = String(options.slowMs);
    const noProxy = `${HOST},localhost`;
    processes = [
      spawnGroup(
        "fake-upstream",
        UPSTREAM_PORT,
        process.execPath,
        [path.join(SEARX_DIR, "fake-upstream.mjs"), String(UPSTREAM_PORT)],
        upstreamEnv,
      ),
      spawnGroup("searx-run", SEARX_PORT, SEARX_RUN, [], {
        ...process.env,
        SEARX_SETTINGS_PATH: settingsPath,
        no_proxy: noProxy,
        NO_PROXY: noProxy,
      }),
    ];
    lock.setGroups(processes.flatMap((p) => (p.pgid === undefined ? [] : [p.pgid])));

    const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      const dead = processes.filter((p) => p.exit !== undefined);
      if (dead.length > 0) {
        throw new Error(
          `searx fixture: ${dead.map((p) => p.name).join(" and ")} stopped during startup\n` +
            processes.map(describeProcess).join("\n"),
        );
      }
      if ((await healthz()) && (await portOpen(UPSTREAM_PORT))) {
        const foreign = processes.filter(
          (p) => p.pgid !== undefined && listenerOwnedBy(p.pgid, p.port) === false,
        );
        if (foreign.length === 0) break;
        // another process took the port meanwhile; ours will fail to bind and exit (reported above)
      }
      if (Date.now() >= deadline) {
        throw new Error(
          `searx fixture: searx (GET /healthz on ${SEARX_PORT}) and the fake upstreams (${UPSTREAM_PORT}) ` +
            `were not both ready within ${readyTimeoutMs} ms\n${processes.map(describeProcess).join("\n")}`,
        );
      }
      await sleep(POLL_MS);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${HOST}:${SEARX_PORT}`,
    upstreamUrl: `http://${HOST}:${UPSTREAM_PORT}`,
    stop() {
      stopped ??= cleanup().then((busy) => {
        if (busy.length > 0) {
          throw new Error(`searx fixture: port ${busy.join(" and ")} still in use after stopping searx`);
        }
      });
      return stopped;
    },
  };
}
