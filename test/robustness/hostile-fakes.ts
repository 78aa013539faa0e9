/**
 * Pieces the hostile-service tests share: one local server playing every service, results every
 * provider reads, floods of entries that are not results, and a SearXNG that answers as told.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Config, configFromObject } from "../../src/config/config.js";
import { type ScriptedServer, startScriptedServer } from "../helpers/scripted-server.js";

/** Anything that prints: no escape character, no C0 control but whitespace, no C1 control. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const TERMINAL_CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/;

/** A result every provider reads: the fields each vendor takes its title and snippet from. */
export const good = (n: number) => {
  const text = `Study ${n} finds moderate coffee drinking is safe for most adults.`;
  return {
    url: `https://good-${n}.example.org/article`,
    title: `Good page ${n}`,
    content: text,
    description: text,
    snippet: text,
    highlights: [text],
    excerpts: [text],
    snippets: [text],
  };
};

/** A reply of `count` entries that are not results, then `after`: only a parser that reads them all gets that far. */
export const flood = (count: number, after: unknown[] = []) => [
  ...new Array<number>(count).fill(0),
  ...after,
];

/** Engines of three web indexes: enough for the full pattern of calls. */
export const ENGINES = ["google", "bing", "mojeek"];

/** SearXNG's `/config` listing `names`, each in every category. */
export const configOf = (names: string[]) => ({
  engines: names.map((name) => ({ name, categories: ["general", "news", "science", "it"], enabled: true })),
});

export interface HostileServer {
  readonly server: ScriptedServer;
  /** A fresh state folder, removed after the file's tests. */
  stateDir(): string;
  /** Settings for a SearXNG at `/<prefix>` of the server, keyless stages off and no cache. */
  settings(prefix: string): Partial<Config>;
  /** A SearXNG at `/<prefix>` whose `/config` and `/search` answer as given, and settings for it. */
  searxng(prefix: string, config: unknown, search: unknown): Config;
}

/** One local server for the tests of the calling file, started before them and closed after. */
export function useHostileServer(): HostileServer {
  let server: ScriptedServer | undefined;
  const stateDirs: string[] = [];
  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
  });
  const hostile: HostileServer = {
    get server() {
      if (server === undefined) throw new Error("the hostile server runs only inside the tests");
      return server;
    },
    stateDir() {
      const dir = mkdtempSync(join(tmpdir(), "core-search-hostile-"));
      stateDirs.push(dir);
      return dir;
    },
    settings: (prefix) => ({
      searxngUrl: `${hostile.server.url}/${prefix}`,
      keyless: "off",
      cacheTtlMs: 0,
      stateDir: hostile.stateDir(),
    }),
    searxng(prefix, config, search) {
      hostile.server.route("GET", `/${prefix}/config`, { body: config });
      hostile.server.route("GET", `/${prefix}/search`, { body: search });
      return configFromObject(hostile.settings(prefix));
    },
  };
  return hostile;
}
