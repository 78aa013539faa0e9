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
 * Every startSearx() runs its own pair of processes on free ports of 127.0.0.1: the fake upstreams bind
 * port 0 and report the port they got, searx gets a port found free just before it starts, and both ports
 * go into a copy of settings.yml in a temp dir of that run. Test files running in parallel workers (or
 * two `vitest` commands at once) therefore never share or wait for a server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeWithProgram, missingProgram } from "./describe-with-program.js";

/** The ports of one run. */
export interface SearxPorts {
  /** searx itself */
  searx: number;
  /** the fake upstream engines */
  upstream: number;
}

export interface SearxServer {
  /** http://127.0.0.1:<ports.searx> */
  url: string;
  /** http://127.0.0.1:<ports.upstream> (fake upstream engines; GET /_requests lists what they received) */
  upstreamUrl: string;
  ports: SearxPorts;
  /** The settings file of this run (in a temp dir that stop() removes). */
  settingsPath: string;
  /** Kills both process groups and removes the run's temp dir. Idempotent. */
  stop(): Promise<void>;
}

export interface StartSearxOptions {
  /**
   * A transform of the settings.yml text, applied after the run's ports are written into it (so the engine
   * URLs read `127.0.0.1:${ports.upstream}`); e.g. to point every engine at a closed port.
   */
  settings?: (yaml: string, ports: SearxPorts) => string;
  /** How long the fake upstreams' `slow_*` words sleep (default 4000 ms). */
  slowMs?: number;
  /** How long to wait for the fake upstreams and searx to answer (default 20 s). */
  readyTimeoutMs?: number;
  /** Picks searx's port, once per attempt (default freeLoopbackPort; a test can hand out a taken one). */
  pickPort?: () => Promise<number>;
}

export const SEARX_DIR = fileURLToPath(new URL("../fixtures/searx/", import.meta.url));
export const SEARX_RUN = "/usr/bin/searx-run";
/** The ports written in the fixture's settings.yml (for running it by hand); every run replaces them. */
export const FIXTURE_SEARX_PORT = 18888;
export const FIXTURE_UPSTREAM_PORT = 18889;
/** Timeout for a beforeAll that calls startSearx() (or an afterAll that stops it). */
export const SEARX_HOOK_TIMEOUT_MS = 60_000;
/**
 * Timeout for a test that runs the built CLI or MCP server against searx (`vi.setConfig({ testTimeout })`):
 * as long as the CLI tests let the process itself run (60 s). searx test files now run at the same time as
 * each other and as the process-heavy suites; on a loaded 2-core machine one such run took over 20 s.
 */
export const SEARX_TEST_TIMEOUT_MS = 60_000;
const SEARX_INSTALL = "apt-get install -y searx";

const HOST = "127.0.0.1";
const DEFAULT_READY_TIMEOUT_MS = 20_000;
/** Attempts at starting searx when the port found free was taken before searx could bind it. */
const START_ATTEMPTS = 3;
const POLL_MS = 100;
const TERM_GRACE_MS = 5_000;
const KILL_GRACE_MS = 2_000;
const OUTPUT_TAIL_CHARS = 4_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `describe` for a suite that needs searx; without it the suite fails with the install command. */
export function describeWithSearx(name: string, fn: () => void): void {
  describeWithProgram(name, SEARX_RUN, SEARX_INSTALL, fn);
}

/** A port of 127.0.0.1 that was free a moment ago (bound to port 0, then released). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The fixture's settings with this run's ports: `server.port` and every engine URL on the fake upstreams.
 * Throws if the fixture no longer carries the ports it replaces (a run must never fall back to fixed ports).
 */
export function settingsForPorts(yaml: string, ports: SearxPorts): string {
  const serverPort = new RegExp(`^(\\s*port:\\s*)${FIXTURE_SEARX_PORT}\\s*$`, "m");
  const upstream = `${HOST}:${FIXTURE_UPSTREAM_PORT}`;
  if (!serverPort.test(yaml) || !yaml.includes(upstream)) {
    throw new Error(
      `searx fixture: settings.yml must contain "port: ${FIXTURE_SEARX_PORT}" and engine URLs on ${upstream}`,
    );
  }
  return yaml.replace(serverPort, `$1${ports.searx}`).replaceAll(upstream, `${HOST}:${ports.upstream}`);
}

// ---------------------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------------------

interface Managed {
  name: string;
  child: ChildProcess;
  /** Process group id (= the child's pid; it is spawned detached, as a group leader). */
  pgid: number | undefined;
  /** The tail of its stdout and stderr, interleaved as they arrived. */
  output: () => string;
  exit: { code: number | null; signal: NodeJS.Signals | null; error?: Error } | undefined;
  exited: Promise<void>;
}

/** Process groups of every searx run started by this process and not yet stopped (killed on exit). */
const liveGroups = new Set<number>();
/** Temp dirs of runs not yet stopped (removed on exit). */
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
  if (!exitHooksInstalled || liveGroups.size > 0 || tempDirs.size > 0) return;
  exitHooksInstalled = false;
  process.off("exit", onProcessExit);
  process.off("SIGTERM", onSignal);
  process.off("SIGINT", onSignal);
  process.off("SIGHUP", onSignal);
}

function spawnGroup(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Managed {
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
  // do not keep the test process alive for these; stop() or the exit hook kills them
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  const managed: Managed = {
    name,
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
  return `--- ${p.name} (pid ${p.pgid ?? "?"}, ${state}) stderr/stdout tail ---\n${out === "" ? "(no output)" : out}`;
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** SIGTERM to each process group, then SIGKILL to whatever is left of them; waits for the leaders. */
async function terminate(processes: Managed[]): Promise<void> {
  for (const p of processes) if (p.exit === undefined && p.pgid !== undefined) killGroup(p.pgid, "SIGTERM");
  await withTimeout(Promise.all(processes.map((p) => p.exited)), TERM_GRACE_MS);
  // the leader may be gone while other members of its group live on: SIGKILL the whole group either way
  for (const p of processes) if (p.pgid !== undefined) killGroup(p.pgid, "SIGKILL");
  await withTimeout(Promise.all(processes.map((p) => p.exited)), KILL_GRACE_MS);
  for (const p of processes) {
    p.child.stdout?.destroy();
    p.child.stderr?.destroy();
    if (p.pgid !== undefined) liveGroups.delete(p.pgid);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Probes
// ---------------------------------------------------------------------------------------------------------

function healthz(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: HOST, port, path: "/healthz", timeout: 1_000, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve(res.statusCode === 200 && body.trim() === "OK"));
      res.on("error", () => resolve(false));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

/**
 * Whether the socket listening on 127.0.0.1:`port` belongs to process `pid` (Linux /proc); undefined when
 * that cannot be told. Guards against taking another run's searx, which grabbed the same free port first,
 * for ours (ours then fails to bind and exits, and is started again on another port).
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
    return false; // it has exited (maybe unable to bind), though its exit event may not have arrived yet
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

/** Starts the fake upstreams on port 0 and resolves with the port they report having bound. */
async function startUpstream(env: NodeJS.ProcessEnv, deadline: number): Promise<[Managed, number]> {
  const upstream = spawnGroup(
    "fake-upstream",
    process.execPath,
    [path.join(SEARX_DIR, "fake-upstream.mjs"), "0"],
    env,
  );
  for (;;) {
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(upstream.output())?.[1];
    if (port !== undefined) return [upstream, Number(port)];
    if (upstream.exit !== undefined || Date.now() >= deadline) {
      throw new Error(
        `searx fixture: the fake upstreams did not report a port\n${describeProcess(upstream)}`,
      );
    }
    await sleep(20);
  }
}

// ---------------------------------------------------------------------------------------------------------
// startSearx
// ---------------------------------------------------------------------------------------------------------

/**
 * Starts the fake upstream engines and searx, each on a free port of 127.0.0.1, with a settings file of
 * this run's own, and waits until both answer. A failed start leaves nothing running and says why, with
 * the output tail of each process.
 */
export async function startSearx(options: StartSearxOptions = {}): Promise<SearxServer> {
  const missing = missingProgram(SEARX_RUN, SEARX_INSTALL);
  if (missing !== undefined) throw new Error(missing);
  installExitHooks();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "core-search-searx-"));
  tempDirs.add(tempDir);
  const settingsPath = path.join(tempDir, "settings.yml");
  const processes: Managed[] = [];
  const cleanup = async (): Promise<void> => {
    try {
      await terminate(processes);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
      tempDirs.delete(tempDir);
      uninstallExitHooksIfIdle();
    }
  };

  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeoutMs;
  let ports: SearxPorts;
  try {
    const upstreamEnv: NodeJS.ProcessEnv = { ...process.env };
    if (options.slowMs !== undefined) upstreamEnv.SLOW_MS = String(options.slowMs);
    const [upstream, upstreamPort] = await startUpstream(upstreamEnv, deadline);
    processes.push(upstream);

    const fixture = fs.readFileSync(path.join(SEARX_DIR, "settings.yml"), "utf8");
    const noProxy = `${HOST},localhost`;
    for (let attempt = 1; ; attempt++) {
      ports = { searx: await (options.pickPort ?? freeLoopbackPort)(), upstream: upstreamPort };
      let yaml = settingsForPorts(fixture, ports);
      if (options.settings !== undefined) yaml = options.settings(yaml, ports);
      fs.writeFileSync(settingsPath, yaml);
      const searx = spawnGroup("searx-run", SEARX_RUN, [], {
        ...process.env,
        SEARX_SETTINGS_PATH: settingsPath,
        no_proxy: noProxy,
        NO_PROXY: noProxy,
      });
      processes.push(searx);
      const where = `searx on ${HOST}:${ports.searx}, fake upstreams on ${HOST}:${ports.upstream}, settings ${settingsPath}`;
      const ready = await waitUntilReady(searx, upstream, ports.searx, where, deadline, readyTimeoutMs);
      if (ready) break;
      // the port found free was taken before searx could bind it: try again on another one
      if (attempt >= START_ATTEMPTS) {
        throw new Error(
          `searx fixture: searx could not bind a free port in ${START_ATTEMPTS} attempts (${where})\n` +
            describeProcess(searx),
        );
      }
      await terminate([searx]);
      processes.pop();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${HOST}:${ports.searx}`,
    upstreamUrl: `http://${HOST}:${ports.upstream}`,
    ports,
    settingsPath,
    stop() {
      stopped ??= cleanup();
      return stopped;
    },
  };
}

/**
 * Polls until this run's searx answers GET /healthz on its port. Resolves false when searx lost its port to
 * another process (so the caller retries on a new one); throws on any other failure or at the deadline.
 */
async function waitUntilReady(
  searx: Managed,
  upstream: Managed,
  port: number,
  /** The run's ports and settings file, for error messages. */
  where: string,
  deadline: number,
  readyTimeoutMs: number,
): Promise<boolean> {
  for (;;) {
    if (searx.exit !== undefined || upstream.exit !== undefined) {
      if (upstream.exit === undefined && /Address already in use/i.test(searx.output())) return false;
      const dead = [upstream, searx].filter((p) => p.exit !== undefined).map((p) => p.name);
      throw new Error(
        `searx fixture: ${dead.join(" and ")} stopped during startup (${where})\n` +
          `${describeProcess(searx)}\n${describeProcess(upstream)}`,
      );
    }
    if ((await healthz(port)) && searx.pgid !== undefined && listenerOwnedBy(searx.pgid, port) !== false) {
      return true;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `searx fixture: searx (GET /healthz) was not ready within ${readyTimeoutMs} ms (${where})\n` +
          `${describeProcess(searx)}\n${describeProcess(upstream)}`,
      );
    }
    await sleep(POLL_MS);
  }
}
