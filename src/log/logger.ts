/**
 * pino to stderr (fd 2), never stdout. Secrets are removed twice: pino `redact` paths for the
 * well-known fields, and a formatter that walks every logged value, censors secret-named fields at
 * any depth and masks URLs (credentials, secret query parameters) in every string, including
 * error messages and stacks. The library default is `silentLogger`.
 */
import { type DestinationStream, type LogFn, type Logger as PinoLogger, pino } from "pino";
import type { Config } from "../config/config.js";
import { maskUrl } from "../config/redact.js";

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

/** A copy of `value` that is safe to log: secret fields censored, URLs masked, errors serialized. */
function scrub(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return maskUrl(value);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof URL) return maskUrl(value.href);
  if (seen.has(value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[Truncated]";
  seen.add(value);
  try {
    if (value instanceof Error) return scrub({ ...pino.stdSerializers.err(value) }, depth + 1, seen);
    if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, seen));
    if (ArrayBuffer.isView(value)) return `[${value.constructor.name} ${value.byteLength} bytes]`;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return scrub(toJSON.call(value), depth + 1, seen);
    // fromEntries, not assignment: a field named `__proto__` stays a field.
    return Object.fromEntries(
      Object.entries(value).map(([field, item]) => [
        field,
        isSecretField(field) ? CENSOR : scrub(item, depth + 1, seen),
      ]),
    );
  } finally {
    seen.delete(value);
  }
}

function scrubRecord(record: Record<string, unknown>): Record<string, unknown> {
  return scrub(record) as Record<string, unknown>;
}

/** A pino logger writing to `destination` (default: stderr, synchronously) with secrets removed. */
export function createLogger(options: {
  level: Config["logLevel"];
  destination?: DestinationStream;
}): PinoLogger {
  const destination = options.destination ?? pino.destination({ fd: 2, sync: true });
  const logger = pino(
    {
      level: options.level,
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      formatters: { log: scrubRecord, bindings: scrubRecord },
      serializers: {
        err: (error: unknown) => scrub(error),
        msg: (message: unknown) => (typeof message === "string" ? maskUrl(message) : scrub(message)),
      },
    },
    destination,
  );
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
