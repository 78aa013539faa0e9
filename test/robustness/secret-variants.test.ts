/**
 * A key echoed back changed: services (or gateways in front of them) that refuse a request and
 * quote its key upper-cased, lower-cased, percent-encoded or base64'd in every error field vendors
 * use. No form of any key may reach the envelope, the report's notes, the log, or the pause state
 * written to the state directory.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { createLogger } from "../../src/log/logger.js";
import { corroborate } from "../../src/operations/corroborate.js";
import { search, toEnvelope } from "../../src/operations/search.js";
import {
  type RecordedRequest,
  type ScriptedServer,
  startScriptedServer,
} from "../helpers/scripted-server.js";

/**
 * Keys as vendors issue them (letters, digits, - _ .), whose case variants look like any error
 * code, and keys with characters that percent-encoding changes.
 */
const KEYS = {
  EXA_API_KEY: "sk-Canary-Exa-4f1d9a",
  BRAVE_SEARCH_API_KEY: "Canary_Brave_0b7f3c",
  TAVILY_API_KEY: "tvly-Canary+Tavily=d3c8",
  NIMBLE_API_KEY: "Canary-Nimble-5e9a26",
  YDC_API_KEY: "Canary.Youcom.71aa0e",
  PARALLEL_API_KEY: "Canary-Parallel/8c2e",
  FIRECRAWL_API_KEY: "fc-Canary+Firecrawl/2b6d",
} as const;

const VARIANTS: Record<string, (key: string) => string> = {
  "upper-cased": (key) => key.toUpperCase(),
  "lower-cased": (key) => key.toLowerCase(),
  "percent-encoded": (key) => encodeURIComponent(key),
  base64url: (key) => Buffer.from(key).toString("base64url"),
  "base64 of user:key": (key) => Buffer.from(`user:${key}`).toString("base64"),
};

/** Every string a leak of `key` in any variant would show up as. */
const leakForms = (key: string) => [key, ...Object.values(VARIANTS).map((variant) => variant(key))];

function expectNoKey(text: string, where: string): void {
  expect(text.length, `${where} is empty: nothing was checked`).toBeGreaterThan(0);
  for (const key of Object.values(KEYS)) {
    for (const form of leakForms(key)) expect(text, `${where} leaks ${form}`).not.toContain(form);
  }
  expect(text, `${where} leaks a key`).not.toMatch(/canary/i);
}

/** The key the request carried, whichever header it came in. */
function keyOf(req: RecordedRequest): string {
  const sent = [
    req.headers.authorization,
    req.headers["x-api-key"],
    req.headers["x-subscription-token"],
  ].find((value): value is string => typeof value === "string");
  return (sent ?? "none").replace(/^(Bearer|Basic)\s+/i, "");
}

/** Everything under `dir`, as text. */
function filesUnder(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? filesUnder(path) : readFileSync(path, "utf8")))
    .join("\n");
}

let server: ScriptedServer;
let variant: (key: string) => string = (key) => key;

beforeAll(async () => {
  server = await startScriptedServer();
  const refuse = (status: number) => (req: RecordedRequest) => {
    const echoed = variant(keyOf(req));
    return {
      status,
      headers: status === 429 ? { "retry-after": "120" } : {},
      body: {
        tag: echoed,
        code: echoed,
        detail: echoed,
        message: echoed,
        error: { code: echoed, message: echoed, type: echoed },
        errors: [{ code: echoed, detail: echoed }],
        success: false,
      },
    };
  };
  const routes: [string, string, number][] = [
    ["POST", "/exa/search", 429],
    ["GET", "/brave/res/v1/web/search", 429],
    ["GET", "/brave/res/v1/news/search", 429],
    ["POST", "/tavily/search", 432],
    ["POST", "/nimble/v2/search", 401],
    ["GET", "/youcom/v1/search", 403],
    ["POST", "/parallel/v1/search", 402],
    ["POST", "/firecrawl/v2/search", 500],
  ];
  for (const [method, path, status] of routes) server.route(method, path, refuse(status));
});

afterAll(async () => {
  await server.close();
});

describe.each(Object.entries(VARIANTS))("a key echoed back %s", (_, echo) => {
  it("reaches no envelope, note, log line or state file", async () => {
    variant = echo;
    const stateDir = mkdtempSync(join(tmpdir(), "core-search-variants-"));
    try {
      const config = loadConfig({
        ...KEYS,
        EXA_BASE_URL: `${server.url}/exa`,
        BRAVE_SEARCH_BASE_URL: `${server.url}/brave`,
        TAVILY_BASE_URL: `${server.url}/tavily`,
        NIMBLE_BASE_URL: `${server.url}/nimble`,
        YDC_BASE_URL: `${server.url}/youcom`,
        PARALLEL_BASE_URL: `${server.url}/parallel`,
        FIRECRAWL_API_URL: `${server.url}/firecrawl`,
        CORE_SEARCH_ORDER: "exa,brave,tavily,nimble,youcom,parallel,firecrawl",
        CORE_SEARCH_KEYLESS: "off",
        CORE_SEARCH_STATE_DIR: stateDir,
        CORE_SEARCH_CACHE_TTL: "0",
      });
      const lines: string[] = [];
      const logger = createLogger({
        level: "trace",
        destination: { write: (line) => void lines.push(line) },
      });
      const asked = server.requests.length;
      const outcome = await search("coffee health", { config, logger });
      expect(outcome.status).toBe("failed");
      // Every vendor was asked and echoed: there was something to leak.
      expect(server.requests.length - asked).toBeGreaterThanOrEqual(7);
      const report = await corroborate("Is coffee safe?", { read: 0, config, logger });
      expect(report.notes.some((note) => /paused/.test(note))).toBe(true);

      expectNoKey(JSON.stringify(toEnvelope(outcome)), "the envelope");
      expectNoKey(JSON.stringify(outcome), "the search outcome");
      expectNoKey(JSON.stringify(report), "the report");
      expectNoKey(lines.join(""), "the log");
      expectNoKey(filesUnder(stateDir), "the state directory");
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
