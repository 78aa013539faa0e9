/**
 * The one reader of the process environment: which variable fills which setting. Everything
 * below the interfaces receives settings, never `process.env`.
 */
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { PROVIDER_ROWS } from "../providers/registry.js";

export type Env = Record<string, string | undefined>;
type Path = readonly string[];

/** The environment of this process, for callers that were given none. */
export function processEnv(): Env {
  return process.env;
}

/**
 * Where each variable lands in the settings object. A problem found at a path is reported under
 * the variable's name. Provider keys and addresses come from the registry.
 */
const ENV_BINDINGS: readonly (readonly [string, Path])[] = [
  ...PROVIDER_ROWS.flatMap((row) =>
    row.keyVariable === undefined ? [] : [[row.keyVariable, ["keys", row.name]] as const],
  ),
  ...PROVIDER_ROWS.flatMap((row) =>
    row.address === undefined ? [] : [[row.address.variable, row.address.setting.split(".")] as const],
  ),
  ["CORE_SEARCH_KEYLESS", ["keyless"]],
  ["CORE_SEARCH_DEADLINE_MS", ["deadlineMs"]],
  ["CORE_SEARCH_LIMIT", ["limit"]],
  ["CORE_SEARCH_LLM_URL", ["llm", "url"]],
  ["CORE_SEARCH_LLM_MODEL", ["llm", "model"]],
  ["CORE_SEARCH_LLM_API_KEY", ["llm", "apiKey"]],
  ["CORE_SEARCH_SAMPLING", ["sampling"]],
  ["CORE_SEARCH_REDIS_URL", ["redisUrl"]],
  ["CORE_SEARCH_CACHE_TTL", ["cacheTtlMs"]],
  ["CORE_SEARCH_BUDGET", ["budget"]],
  ["CORE_SEARCH_RATE", ["rates"]],
  ["CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES", ["allowPrivateAddresses"]],
  ["CORE_SEARCH_RUNS", ["runs"]],
  ["CORE_SEARCH_RUNS_KEEP", ["runsKeep"]],
  ["CORE_SEARCH_SERVER_TOKEN", ["server", "token"]],
  ["LOG_LEVEL", ["logLevel"]],
];

/** Proxy variables come in both cases; the upper-case one wins, as in curl. */
const PROXY_BINDINGS = [
  ["http", ["HTTP_PROXY", "http_proxy"]],
  ["https", ["HTTPS_PROXY", "https_proxy"]],
  ["noProxy", ["NO_PROXY", "no_proxy"]],
] as const;

export function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** `$XDG_STATE_HOME/core-search` (only when absolute, as the XDG spec asks), else `$HOME/.local/state/core-search`. */
export function defaultStateDir(env: Env): { dir: string; source: string } {
  const xdg = env.XDG_STATE_HOME?.trim();
  if (xdg && isAbsolute(xdg)) return { dir: join(xdg, "core-search"), source: "XDG_STATE_HOME" };
  const home = env.HOME?.trim();
  if (home && isAbsolute(home)) return { dir: join(home, ".local", "state", "core-search"), source: "HOME" };
  return { dir: join(homedir(), ".local", "state", "core-search"), source: "HOME" };
}

function setAt(target: Record<string, unknown>, path: Path, value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
}

/**
 * The settings the environment holds, in the settings object's shape, and the variable each path
 * was read from (for messages). Blank values count as unset.
 */
export function readEnvironment(env: Env): { input: Record<string, unknown>; labels: Map<string, string> } {
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === "" ? undefined : raw;
  };
  const input: Record<string, unknown> = {};
  const labels = new Map<string, string>();
  for (const [name, path] of ENV_BINDINGS) {
    labels.set(pathKey(path), name);
    const raw = value(name);
    if (raw !== undefined) setAt(input, path, raw);
  }

  const orderVar = value("CORE_SEARCH_ORDER") !== undefined ? "CORE_SEARCH_ORDER" : "SEEK_ORDER";
  labels.set("order", orderVar);
  const order = value(orderVar);
  if (order !== undefined) input.order = order;

  const proxy: Record<string, string> = {};
  for (const [key, names] of PROXY_BINDINGS) {
    const name = names.find((n) => value(n) !== undefined);
    if (name === undefined) continue;
    proxy[key] = value(name) as string;
    labels.set(pathKey(["proxy", key]), name);
  }
  if (Object.keys(proxy).length > 0) input.proxy = proxy;

  const explicitStateDir = value("CORE_SEARCH_STATE_DIR");
  const fallback = defaultStateDir(env);
  input.stateDir = explicitStateDir ?? fallback.dir;
  labels.set("stateDir", explicitStateDir === undefined ? fallback.source : "CORE_SEARCH_STATE_DIR");
  return { input, labels };
}
