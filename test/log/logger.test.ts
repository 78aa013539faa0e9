import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { createLogger } from "../../src/log/logger.js";
import { silentLogger } from "../../src/log/silent-logger.js";

const SECRET = "s3cretValue42";

/** A logger whose lines are captured instead of written to stderr. */
/** createLogger's own logger: pino's, with setBindings and child options. */
type Logger = ReturnType<typeof createLogger>;

function capture(level: Config["logLevel"] = "trace"): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines };
}

function httpFailure(): Error {
  return new Error(
    `Exa request to https://api.exa.ai/search?q=cats&api_key=${SECRET} failed with status 503`,
  );
}

describe("createLogger keeps secrets out of the output", () => {
  it.each<[string, (logger: Logger) => void, string]>([
    [
      "headers.authorization",
      (log) =>
        log.info({ headers: { authorization: `Bearer ${SECRET}`, accept: "application/json" } }, "req"),
      "application/json",
    ],
    [
      "headers.Authorization and x-api-key",
      (log) =>
        log.info({ headers: { Authorization: SECRET, "x-api-key": SECRET, "x-subscription-token": SECRET } }),
      "[Redacted]",
    ],
    [
      "nested request headers",
      (log) => log.info({ req: { headers: { authorization: SECRET } } }),
      "[Redacted]",
    ],
    ["apiKey", (log) => log.info({ provider: "exa", apiKey: SECRET }, "configured"), '"provider":"exa"'],
    [
      "api_key / token / password / key",
      (log) => log.warn({ api_key: SECRET, token: SECRET, password: SECRET, key: SECRET }),
      "[Redacted]",
    ],
    ["a deeply nested apiKey", (log) => log.info({ a: { b: { c: { d: { apiKey: SECRET } } } } }), '"d":{'],
    [
      "a settings object",
      (log) => log.debug({ config: { keys: { exa: SECRET }, llm: { apiKey: SECRET } } }),
      '"llm"',
    ],
    [
      "a URL with credentials",
      (log) => log.info({ searxngUrl: `http://admin:${SECRET}@searx.local:8888` }, "preflight"),
      "http://***:***@searx.local:8888",
    ],
    [
      "a URL with a secret query parameter in an array",
      (log) => log.info({ urls: [`https://h.example/s?token=${SECRET}&q=x`] }),
      "https://h.example/s?token=***&q=x",
    ],
    ["a URL object", (log) => log.info({ url: new URL(`https://u:${SECRET}@h.example/`) }), "h.example"],
    [
      "an error whose message contains a URL with ?api_key=",
      (log) => log.error({ err: httpFailure() }, "search attempt failed"),
      "api_key=***",
    ],
    ["an error passed alone", (log) => log.error(httpFailure()), "api_key=***"],
    [
      "an error under another field",
      (log) => log.warn({ provider: "exa", error: httpFailure() }),
      "failed with status 503",
    ],
    [
      "an error cause",
      (log) =>
        log.error({
          err: new Error("wrapped", { cause: new Error(`connect http://u:${SECRET}@h:1/ refused`) }),
        }),
      "wrapped",
    ],
    [
      "an error with a secret-bearing property",
      (log) => log.error({ err: Object.assign(new Error("boom"), { url: `https://h/?apikey=${SECRET}` }) }),
      "apikey=***",
    ],
    [
      "the message itself",
      (log) => log.info(`GET https://h.example/v1?key=${SECRET} returned 200`),
      "key=***",
    ],
    ["a formatted message", (log) => log.info("fetching %s", `http://u:${SECRET}@h/`), "***:***@h/"],
    [
      "child bindings",
      (log) => log.child({ apiKey: SECRET, baseUrl: `http://u:${SECRET}@h` }).info("hi"),
      '"baseUrl":"http://***:***@h"',
    ],
    [
      "grandchild bindings",
      (log) =>
        log
          .child({ call: 1 })
          .child({ url: `https://h/?token=${SECRET}` })
          .info("hi"),
      '"url":"https://h/?token=***"',
    ],
    [
      "child bindings with options",
      (log) => log.child({ headers: { authorization: SECRET } }, { level: "info" }).info("hi"),
      "[Redacted]",
    ],
    [
      "setBindings",
      (log) => {
        const child = log.child({ call: 2 });
        child.setBindings({ token: SECRET, next: `http://u:${SECRET}@h` });
        child.info("hi");
      },
      '"next":"http://***:***@h"',
    ],
  ])("%s", (_, write, expected) => {
    const { logger, lines } = capture();
    write(logger);
    expect(lines).toHaveLength(1);
    const output = lines.join("");
    expect(output).toContain(expected);
    expect(output).not.toContain(SECRET);
    expect(() => JSON.parse(output)).not.toThrow();
  });

  it("does not change the logged object", () => {
    const { logger } = capture();
    const record = { headers: { authorization: `Bearer ${SECRET}` }, url: `http://u:${SECRET}@h/` };
    const error = httpFailure();
    logger.info({ ...record, err: error });
    expect(record.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(record.url).toBe(`http://u:${SECRET}@h/`);
    expect(error.message).toContain(SECRET);
  });

  it("keeps the useful fields and the error's stack", () => {
    const { logger, lines } = capture();
    logger.warn(
      { provider: "brave", outcome: "http_503", ms: 42, err: httpFailure() },
      "search attempt failed",
    );
    const entry = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 40,
      provider: "brave",
      outcome: "http_503",
      ms: 42,
      msg: "search attempt failed",
    });
    expect(entry.err).toMatchObject({ type: "Error", message: expect.stringContaining("api_key=***") });
    expect(String((entry.err as { stack?: unknown }).stack)).toContain("logger.test.ts");
  });

  it.each<[Config["logLevel"], boolean]>([
    ["warn", false],
    ["info", false],
    ["debug", true],
  ])("at %s, an error's stack is logged: %s", (level, stacks) => {
    const { logger, lines } = capture(level);
    logger.warn({ err: httpFailure() }, "search attempt failed");
    const entry = JSON.parse(lines[0] ?? "{}") as { err: { message: string; stack?: string } };
    expect(entry.err.message).toContain("failed with status 503");
    expect(entry.err.stack !== undefined).toBe(stacks);
    expect(lines[0]?.includes("logger.test.ts")).toBe(stacks);
  });

  it("says a cause once: not again when the error's message already says it", () => {
    // As the providers wrap them: the HTTP failure's message, itself naming the socket's code.
    const socket = Object.assign(new Error("getaddrinfo ENOTFOUND mcp.exa.ai"), { code: "ENOTFOUND" });
    const http = new Error("Request to https://mcp.exa.ai/mcp failed: ENOTFOUND", { cause: socket });
    const provider = new Error(http.message, { cause: http });
    const news = new Error("Exa request failed", { cause: new Error("socket hang up") });
    const { logger, lines } = capture("warn");
    logger.warn({ err: provider }, "search attempt failed");
    logger.warn({ err: news }, "search attempt failed");
    const messages = lines.map((line) => (JSON.parse(line) as { err: { message: string } }).err.message);
    expect(messages).toStrictEqual([
      "Request to https://mcp.exa.ai/mcp failed: ENOTFOUND",
      "Exa request failed: socket hang up",
    ]);
  });

  it("writes one line of text per record for people, secrets removed, when asked", () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "warn",
      lines: true,
      destination: { write: (line: string) => void lines.push(line) },
    });
    const http = new Error(`Request to https://u:${SECRET}@h.example/search failed: ECONNREFUSED`);
    logger.warn(
      { provider: "exa", outcome: "network", ms: 7, err: new Error(http.message, { cause: http }) },
      "search attempt failed",
    );
    logger.error({ problems: ["EXA_API_KEY is empty"] }, "settings cannot be used");
    logger.info("not at this level");
    expect(lines).toStrictEqual([
      "core-search: warning: search attempt failed: Request to https://***:***@h.example/search failed: ECONNREFUSED (provider exa, outcome network, 7 ms)\n",
      'core-search: error: settings cannot be used (problems ["EXA_API_KEY is empty"])\n',
    ]);
  });

  it("survives circular objects", () => {
    const { logger, lines } = capture();
    const node: Record<string, unknown> = { name: "loop", apiKey: SECRET };
    node.self = node;
    logger.info({ node });
    expect(lines[0]).toContain("[Circular]");
    expect(lines[0]).not.toContain(SECRET);
  });
});

describe("levels", () => {
  it.each<Config["logLevel"]>(["silent"])("level %s writes nothing", (level) => {
    const { logger, lines } = capture(level);
    for (const method of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
      logger[method]({ apiKey: SECRET }, "message");
    }
    expect(lines).toStrictEqual([]);
  });

  it.each<[Config["logLevel"], number]>([
    ["fatal", 1],
    ["error", 2],
    ["warn", 3],
    ["info", 4],
    ["debug", 5],
    ["trace", 6],
  ])("level %s writes %d of the six levels", (level, count) => {
    const { logger, lines } = capture(level);
    for (const method of ["fatal", "error", "warn", "info", "debug", "trace"] as const) logger[method]("x");
    expect(lines).toHaveLength(count);
  });

  it("silentLogger is silent and stays silent for children", () => {
    expect(silentLogger.level).toBe("silent");
    expect(silentLogger.isLevelEnabled("fatal")).toBe(false);
    expect(silentLogger.child({ call: 1 }).isLevelEnabled("fatal")).toBe(false);
  });

  it("writes to stderr (fd 2) by default, never stdout", () => {
    const logger = createLogger({ level: "warn" });
    const stream = (logger as unknown as Record<symbol, { fd?: unknown }>)[pino.symbols.streamSym];
    expect(stream?.fd).toBe(2);
  });
});
