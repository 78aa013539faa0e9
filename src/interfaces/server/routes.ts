/**
 * The endpoints. Bodies are parsed with the operations' own input schemas (a server caps
 * `deadlineMs` at its own deadline), so a bad field is worded as the library words it.
 */
import type { Dispatcher } from "undici";
import type { Config } from "../../config/config.js";
import type { StanceJudge } from "../../judge/stance.js";
import type { Logger } from "../../log/logger.js";
import type { AnalyseHits } from "../../operations/analyse-hits.js";
import { assess } from "../../operations/assess.js";
import { assessInputSchema } from "../../operations/assess-input.js";
import { corroborateWith, type RunHooks } from "../../operations/corroborate.js";
import { corroborateInputSchema } from "../../operations/corroborate-input.js";
import { deadlineMsField } from "../../operations/input-fields.js";
import { parseInput } from "../../operations/parse-input.js";
import type { ProgressEvent } from "../../operations/progress-events.js";
import { read } from "../../operations/read.js";
import { readInputSchema } from "../../operations/read-input.js";
import { search, toEnvelope } from "../../operations/search.js";
import { searchInputSchema } from "../../operations/search-input.js";
import { VERSION } from "../../operations/version.js";
import type { SearchProvider } from "../../providers/search-provider.js";
import type { ExtractPage } from "../../read/extract-page.js";
import type { Report } from "../../report/report-schema.js";
import type { StateStore } from "../../state/state-store.js";
import { HttpError } from "./http-error.js";
import { type SlotLimits, slots } from "./lifecycle.js";

export interface Route {
  method: "GET" | "POST";
  /** Receives the parsed JSON body (undefined for GET) and the request's abort signal. */
  handle: (body: unknown, signal: AbortSignal) => Promise<{ status: number; body: unknown }>;
}

export interface RouteContext {
  config: Config;
  logger: Logger;
  state: StateStore | undefined;
  dispatcher: Dispatcher | undefined;
  providers: readonly SearchProvider[] | undefined;
  /** A judge for every call (embedding, tests); by default each call's choice, `auto` if none. */
  judge: StanceJudge | undefined;
  /** The running caps and lines, shared with MCP's tool calls at /mcp. */
  lines: Lines;
  /** Runs the analysis of corroborations the built-in judge decides (a worker pool); else in process. */
  analyse: AnalyseHits | undefined;
  /** Extracts read pages: the server's own extraction pool. */
  extract: ExtractPage | undefined;
}

export type RequestKind = "corroborate" | "search" | "assess" | "read";
export type Lines = Record<RequestKind, ReturnType<typeof slots>>;

/** One running cap and line per kind of request, for every surface of the server. */
export function openLines(limits: Record<RequestKind, SlotLimits>, logger: Logger): Lines {
  const inLine = (kind: RequestKind) => (waiting: number) =>
    logger.debug({ kind, waiting }, "request waits for a slot");
  return {
    corroborate: slots(limits.corroborate, inLine("corroborate")),
    search: slots(limits.search, inLine("search")),
    assess: slots(limits.assess, inLine("assess")),
    read: slots(limits.read, inLine("read")),
  };
}

/** The API's routes by path. */
export function createRoutes(context: RouteContext): Record<string, Route> {
  const { config, logger } = context;
  const shared = {
    config,
    logger,
    state: context.state,
    dispatcher: context.dispatcher,
    providers: context.providers,
  };
  const { corroborate: corroborations, search: searches, assess: assessments, read: reads } = context.lines;
  const corroboration = corroborationFrom(context);
  // The server's own deadline is the ceiling, so one caller cannot hold a slot for longer.
  const deadlineMs = deadlineMsField(config.deadlineMs);
  // safeExtend keeps the schemas' own checks (no domain both kept and left out).
  const searchBody = searchInputSchema.safeExtend({ deadlineMs });

  return {
    "/healthz": {
      method: "GET",
      handle: async () => ({ status: 200, body: { ok: true, version: VERSION } }),
    },
    "/v1/corroborate": {
      method: "POST",
      handle: async (raw, signal) => {
        const { start } = corroboration(raw);
        return corroborations.run(async () => {
          // A report whose every call failed is still a report (labelled low-coverage): 200.
          return { status: 200, body: await start({ signal }) };
        }, signal);
      },
    },
    "/v1/search": {
      method: "POST",
      handle: async (raw, signal) => {
        const { query, ...fields } = parseBody(searchBody, raw);
        return searches.run(async () => {
          const outcome = await search(query, { ...shared, ...fields, signal });
          for (const warning of outcome.warnings) logger.warn({ warning }, "search warning");
          // "empty" means the services answered with nothing: a result, not a gateway failure.
          return { status: outcome.status === "failed" ? 502 : 200, body: toEnvelope(outcome) };
        }, signal);
      },
    },
    "/v1/assess": {
      method: "POST",
      handle: async (raw, signal) => {
        const input = parseBody(assessInputSchema, raw);
        // The judge may be an LLM behind the network: it gets the configured deadline at most.
        return assessments.run(async () => {
          const result = await assess(input, {
            judge: context.judge,
            config,
            state: context.state,
            dispatcher: context.dispatcher,
            logger,
            signal: AbortSignal.any([signal, AbortSignal.timeout(config.deadlineMs)]),
          });
          return { status: 200, body: result };
        }, signal);
      },
    },
    "/v1/read": {
      method: "POST",
      handle: async (raw, signal) => {
        const { url, ...fields } = parseBody(readInputSchema, raw);
        return reads.run(
          async () => ({
            status: 200,
            body: await read(url, {
              ...fields,
              config,
              signal,
              extract: context.extract,
              state: context.state,
              dispatcher: context.dispatcher,
            }),
          }),
          signal,
        );
      },
    },
  };
}

/**
 * A corroboration as the body of `POST /v1/corroborate` asks for it (checked first, with the server's
 * deadline as the ceiling of `deadlineMs`), to start with a signal and, for a run, its hooks.
 */
export function corroborationFrom(context: RouteContext) {
  const deadlineMs = deadlineMsField(context.config.deadlineMs);
  // safeExtend keeps the schemas' own checks (no domain both kept and left out).
  const corroborateBody = corroborateInputSchema.safeExtend({ deadlineMs });
  return (raw: unknown) => {
    const { question, ...fields } = parseBody(corroborateBody, raw);
    const start = (run: {
      signal: AbortSignal;
      onProgress?: ((event: ProgressEvent) => void) | undefined;
      hooks?: RunHooks | undefined;
    }): Promise<Report> =>
      corroborateWith(
        question,
        {
          config: context.config,
          logger: context.logger,
          state: context.state,
          dispatcher: context.dispatcher,
          providers: context.providers,
          ...fields,
          signal: run.signal,
          onProgress: run.onProgress,
          judge: context.judge ?? fields.judge,
          extract: context.extract,
        },
        context.analyse,
        run.hooks,
      );
    return { question, start };
  };
}

/** A body that is not a JSON object is the API's own problem; its fields are the operation's. */
function parseBody<Schema extends Parameters<typeof parseInput>[0]>(schema: Schema, body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "INVALID_INPUT", "the body must be a JSON object");
  }
  return parseInput(schema, body);
}
