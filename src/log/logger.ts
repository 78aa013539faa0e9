/**
 * pino to stderr (fd 2), never stdout. Secrets are removed twice: pino `redact` paths for the
 * well-known fields, and a formatter that walks every logged value, censors secret-named fields at
 * any depth and masks URLs (credentials, secret query parameters) in every string, including
 * error messages and stacks. The library default is `silentLogger`.
 */
import { type DestinationStream, type LogFn, type Logger as PinoLogger, pino } from "pino";
import type { Config } from "../config/config.js";
import { maskUrl } from "../config/redact.js";
import { lineDestination } from "./line-destination.js";

/**
 * What the pipeline, the server and the commands log through: the part of a pino logger they use.
 * A pino logger is one (createLogger); so is silentLogger (silent-logger.ts), which needs no pino.
 */
export interface Logger {
  level: string;
  isLevelEnabled(level: string): boolean;
  child(bindings: Record<string, unknown>): Logger;
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
}

const CENSOR = "[Redacted]";
const MAX_DEPTH = 12;

/** Field names whose values are never logged (compared lowercased, without `-` and `_`). */
const SECRET_FIELDS = new Set([
  "apikey",
  "key",
  "keys",
  "token",
  "accesstoken",
  "refreshtoken",
  "authorization",
  "proxyauthorization",
  "xapikey",
  "xsubscriptiontoken",
  "xsearchsig",
  "exaapikey",
  "password",
  "passwd",
  "secret",
  "clientsecret",
  "cookie",
  "setcookie",
]);

function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase().replace(/[-_]/gu, ""));
}

const REDACTED_NAMES = [
  "apiKey",
  "api_key",
  "key",
  "token",
  "authorization",
  "Authorization",
  "x-api-key",
  "x-subscription-token",
  "password",
];
const REDACT_PATHS = REDACTED_NAMES.flatMap((name) => {
  const field = /^[A-Za-z_$][\w$]*$/u.test(name) ? `.${name}` : `["${name}"]`;
  return [field.startsWith(".") ? name : field, `*${field}`, `headers${field}`, `*.headers${field}`];
});

/**
 * An error as logged: its message followed by the messages of its causes that say something new —
 * a provider's error that repeats the HTTP failure it wraps, itself naming the system's code, is
 * said once ("Request to … failed: ENOTFOUND"). The stack, with its causes', only when `stacks`.
 */
function serializeError(error: Error, stacks: boolean): Record<string, unknown> {
  const { raw: _raw, ...serialized } = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  let message = error.message;
  const seen = new Set<unknown>([error]);
  for (let cause = error.cause; cause instanceof Error && !seen.has(cause); cause = cause.cause) {
    seen.add(cause);
    const code = (cause as { code?: unknown }).code;
    const repeats = message.includes(cause.message) || (typeof code === "string" && message.includes(code));
    if (!repeats && cause.message) message = `${message}: ${cause.message}`;
  }
  const { stack, ...rest } = serialized;
  return { ...rest, message, ...(stacks ? { stack } : {}) };
}

/**
 * A copy of `value` that is safe to log: secret fields censored, URLs masked, errors serialized
 * (with their stacks when `stacks`).
 */
function scrub(value: unknown, stacks: boolean, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return maskUrl(value);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof URL) return maskUrl(value.href);
  if (seen.has(value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[Truncated]";
  seen.add(value);
  const inner = (item: unknown) => scrub(item, stacks, depth + 1, seen);
  try {
    if (value instanceof Error) return inner(serializeError(value, stacks));
    if (Array.isArray(value)) return value.map(inner);
    if (ArrayBuffer.isView(value)) return `[${value.constructor.name} ${value.byteLength} bytes]`;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return inner(toJSON.call(value));
    // fromEntries, not assignment: a field named `__proto__` stays a field.
    return Object.fromEntries(
      Object.entries(value).map(([field, item]) => [field, isSecretField(field) ? CENSOR : inner(item)]),
    );
  } finally {
    seen.delete(value);
  }
}

/**
 * A pino logger writing to `destination` (default: stderr, synchronously) with secrets removed.
 * Errors carry their stacks at `debug` and `trace` only. With `lines`, each record is written as
 * one line of text for people (line-destination.ts) instead of JSON.
 */
export function createLogger(options: {
  level: Config["logLevel"];
  destination?: DestinationStream;
  lines?: boolean;
}): PinoLogger {
  const stderr = options.destination ?? pino.destination({ fd: 2, sync: true });
  const destination = options.lines ? lineDestination(stderr) : stderr;
  // Asked per record, so a level changed later is followed; pino formats its own bindings before
  // the logger exists, and those hold no errors.
  let made: PinoLogger | undefined;
  const stacks = () => made?.isLevelEnabled("debug") === true;
  const scrubRecord = (record: Record<string, unknown>) => scrub(record, stacks()) as Record<string, unknown>;
  const logger: PinoLogger = pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      formatters: { log: scrubRecord, bindings: scrubRecord },
      serializers: {
        err: (error: unknown) => scrub(error, stacks()),
        msg: (message: unknown) =>
          typeof message === "string" ? maskUrl(message) : scrub(message, stacks()),
      },
    },
    destination,
  );
  made = logger;
  // pino skips the bindings formatter for children; scrub their bindings on the way in. Children are
  // created from their parent's prototype chain, so every descendant inherits these methods.
  const { child, setBindings } = logger;
  logger.child = function (this: PinoLogger, bindings, childOptions) {
    return child.call(this, scrubRecord(bindings), childOptions);
  } as typeof child;
  logger.setBindings = function (this: PinoLogger, bindings) {
    setBindings.call(this, scrubRecord(bindings));
  };
  return logger;
}
