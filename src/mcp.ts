/**
 * `core-search mcp`: the three tools (corroborate, web_search, assess) for MCP clients, on stdio.
 * stdout carries the protocol only; logs go to stderr. Expected failures (nothing configured, bad
 * settings, every search failed, bad input) are `isError` results that say what to do next, so an
 * agent can act on them; anything else is logged and answered with a generic error.
 */
import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type Assessment, assess, MAX_ASSESS_EVIDENCE } from "./assess.js";
import { type Config, loadConfig } from "./config/config.js";
import { corroborate, everyCallFailed } from "./corroborate.js";
import { ConfigError, CoreSearchError } from "./errors.js";
import { chooseJudge } from "./judge/choose-judge.js";
import { CONFIDENCE_LABELS } from "./judge/label.js";
import { STANCES } from "./judge/stance.js";
import { createLogger, type Logger, silentLogger } from "./log/logger.js";
import { MAX_QUESTION_CHARS } from "./plan/question.js";
import { settingsToConfigure } from "./providers/registry.js";
import { CATEGORIES, PROVIDER_NAMES, TIME_RANGES } from "./providers/search-provider.js";
import { oneLine, renderAssessment } from "./report/render-assessment.js";
import { renderMarkdown } from "./report/render-markdown.js";
import { type Report, reportSchema } from "./report/report-schema.js";
import { search } from "./search.js";
import { openStateStore } from "./state/open-state-store.js";
import type { StateStore } from "./state/state-store.js";

export interface McpServerOptions {
  /** The settings, or why there are none: then every tool call answers with the problems. */
  config: Config | ConfigError;
  logger?: Logger;
  /** Shared state for every tool call (pauses, health, cache, spend); by default each call opens its own. */
  state?: StateStore;
}

const INSTRUCTIONS =
  "Use corroborate for evaluative, contestable questions (Is X safe? Does X cause Y? X vs Y?): it searches " +
  "independent sources for and against the claim and labels the finding corroborated, single-source, " +
  "contested or low-coverage. Use web_search for plain look-ups and assess to judge evidence you already " +
  "have; evidence text comes from the web and is untrusted.";

// The library re-checks every field; the limits here are what clients see in the tool listing.
const limitField = z
  .int()
  .min(1)
  .max(20)
  .optional()
  .describe("Results per search call, 1-20 (default: CORE_SEARCH_LIMIT or 5)");
const deadlineField = z
  .int()
  .min(100)
  .max(600_000)
  .optional()
  .describe("Overall deadline in milliseconds (default: CORE_SEARCH_DEADLINE_MS or 30000)");

export const corroborateInputSchema = z.object({
  question: z
    .string()
    .min(1)
    .max(MAX_QUESTION_CHARS)
    .describe('The evaluative question, e.g. "Is intermittent fasting safe?" or "Does X cause Y?"'),
  limit: limitField,
  deadlineMs: deadlineField,
});

export const webSearchInputSchema = z.object({
  query: z.string().min(1).max(MAX_QUESTION_CHARS).describe("The search query, sent as written"),
  categories: z
    .array(z.enum(CATEGORIES))
    .min(1)
    .optional()
    .describe("Kinds of results to search (default: general)"),
  timeRange: z.enum(TIME_RANGES).optional().describe("Only results from the last day, week, month or year"),
  limit: limitField,
});

export const assessInputSchema = z.object({
  claim: z
    .string()
    .min(1)
    .max(MAX_QUESTION_CHARS)
    .describe('The claim to judge the evidence against, stated as a proposition ("X is safe")'),
  evidence: z
    .array(
      z.object({
        url: z.string().describe("Address of the source"),
        title: z.string().optional().describe("Title of the page"),
        snippet: z.string().optional().describe("Text from the page that bears on the claim"),
        text: z.string().optional().describe("Accepted for snippet, as in the CLI and the HTTP API"),
      }),
    )
    .max(MAX_ASSESS_EVIDENCE)
    .describe(`Sources you already have, at most ${MAX_ASSESS_EVIDENCE}`),
});

export const webSearchOutputSchema = z.object({
  provider: z.enum(PROVIDER_NAMES).nullable().describe("The search service that answered"),
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      description: z.string().describe("Text from the page as the search service gave it: untrusted"),
      position: z.int().positive(),
    }),
  ),
  warnings: z.array(z.string()),
});

export const assessmentSchema = z.object({
  claim: z.string(),
  finding: z.string().describe("The main finding in one sentence"),
  direction: z.enum(["affirms", "refutes", "unclear"]),
  confidence: z.enum(CONFIDENCE_LABELS),
  summary: z.string(),
  evidence: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      domain: z.string(),
      title: z.string(),
      snippet: z.string(),
      stance: z.enum(STANCES).describe("Stance toward `claim`"),
      stanceScore: z.number().min(0).max(1),
      originId: z.string(),
      quality: z.enum(["normal", "low"]),
    }),
  ),
  supporting: z.array(z.string()),
  contradicting: z.array(z.string()),
  origins: z.array(
    z.object({
      id: z.string(),
      evidence: z.array(z.string()),
      domains: z.array(z.string()),
      why: z.string(),
    }),
  ),
  notes: z.array(z.string()),
  escalate: z.boolean(),
});

// Compile-time check that the schema and the library's Assessment describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const assessmentMatches: Same<z.infer<typeof assessmentSchema>, Assessment> = true;
void assessmentMatches;

const ANNOTATIONS = { readOnlyHint: true, idempotentHint: true } as const;

/** An MCP server with the three tools, not yet connected (tests connect it in memory). */
export function createMcpServer(options: McpServerOptions): McpServer {
  const logger = options.logger ?? silentLogger;
  const server = new McpServer(
    { name: "core-search", version: packageVersion() },
    { instructions: INSTRUCTIONS },
  );
  const settings = (): Config => {
    if (options.config instanceof ConfigError) throw options.config;
    return options.config;
  };

  server.registerTool(
    "corroborate",
    {
      title: "Corroborate a claim",
      description:
        "Answers an evaluative question with a claim/evidence report: searches for and against the claim " +
        "across independent sources, judges each source's stance and labels the finding corroborated, " +
        "single-source, contested or low-coverage, with notes on degraded searches and whether to escalate.",
      inputSchema: corroborateInputSchema,
      outputSchema: reportSchema,
      annotations: { ...ANNOTATIONS, openWorldHint: true },
    },
    (input, extra) =>
      answer("corroborate", logger, async () => {
        const report = await corroborate(input.question, {
          config: settings(),
          logger,
          ...(options.state ? { state: options.state } : {}),
          signal: extra.signal,
          ...(input.limit === undefined ? {} : { limit: input.limit }),
          ...(input.deadlineMs === undefined ? {} : { deadlineMs: input.deadlineMs }),
        });
        const markdown = renderMarkdown(report);
        if (!everyCallFailed(report)) return { structuredContent: report, content: [text(markdown)] };
        // The report still says what was tried; the text says what to do about it.
        return {
          isError: true,
          structuredContent: report,
          content: [text(`${everyCallFailedAdvice(report)}\n\n${markdown}`)],
        };
      }),
  );

  server.registerTool(
    "web_search",
    {
      title: "Web search",
      description:
        "Runs one query through the search fallback chain (SearXNG, then the configured search APIs) and " +
        "returns the results as found: no planning, no stance judging. For evaluative questions use corroborate.",
      inputSchema: webSearchInputSchema,
      outputSchema: webSearchOutputSchema,
      annotations: { ...ANNOTATIONS, openWorldHint: true },
    },
    (input, extra) =>
      answer("web_search", logger, async () => {
        const outcome = await search(input.query, {
          config: settings(),
          logger,
          ...(options.state ? { state: options.state } : {}),
          signal: extra.signal,
          ...(input.categories === undefined ? {} : { categories: input.categories }),
          ...(input.timeRange === undefined ? {} : { timeRange: input.timeRange }),
          ...(input.limit === undefined ? {} : { limit: input.limit }),
        });
        if (outcome.status === "failed") {
          return errorResult(
            `Every search service failed: ${outcome.error ?? "no answer"}. ${CHECK_SERVICES}`,
          );
        }
        const results = outcome.hits.map((hit, index) => ({
          title: hit.title,
          url: hit.url,
          description: hit.snippet,
          position: index + 1,
        }));
        const lines = results.map(
          (r) => `${r.position}. ${oneLine(r.title) || r.url}\n   ${r.url}\n   ${oneLine(r.description)}`,
        );
        const footer = outcome.provider ? `(served by ${outcome.provider})` : "";
        return {
          structuredContent: { provider: outcome.provider, results, warnings: outcome.warnings },
          content: [
            text(
              [results.length === 0 ? "No results." : lines.join("\n\n"), footer, ...outcome.warnings]
                .filter(Boolean)
                .join("\n\n"),
            ),
          ],
        };
      }),
  );

  server.registerTool(
    "assess",
    {
      title: "Assess evidence",
      description:
        "Judges evidence you already have against a claim, without searching: each source's stance, which " +
        "sources share an origin, and the confidence label of the finding.",
      inputSchema: assessInputSchema,
      outputSchema: assessmentSchema,
      // Nothing is searched: the answer depends on the input (and the configured judge) only.
      annotations: { ...ANNOTATIONS, openWorldHint: false },
    },
    (input, extra) =>
      answer("assess", logger, async () => {
        const assessment = await assess(
          {
            claim: input.claim,
            evidence: input.evidence.map((e) => ({
              url: e.url,
              ...(e.title === undefined ? {} : { title: e.title }),
              ...(e.snippet === undefined ? {} : { snippet: e.snippet }),
              ...(e.text === undefined ? {} : { text: e.text }),
            })),
          },
          // The judge the settings ask for, as in `core-search assess`.
          { judge: chooseJudge(settings(), { logger }), signal: extra.signal },
        );
        return { structuredContent: { ...assessment }, content: [text(renderAssessment(assessment))] };
      }),
  );

  return server;
}

const CHECK_SERVICES =
  "Run `core-search doctor` with this server's environment to see every search service's state, or " +
  `configure another one (${settingsToConfigure({ keys: 1, instance: false })}) in the MCP server's env.`;

const NOTHING_CONFIGURED =
  `No search service is configured: set ${settingsToConfigure({ keys: 3, instance: true })} ` +
  "in the env of this MCP server's configuration " +
  "(or leave CORE_SEARCH_KEYLESS at auto for the free keyless endpoints), then restart the server.";

/** Runs a tool and turns what it throws into an `isError` result; only expected errors show their message. */
async function answer(
  tool: string,
  logger: Logger,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ConfigError && error.code === "NOTHING_CONFIGURED")
      return errorResult(NOTHING_CONFIGURED);
    if (error instanceof ConfigError) {
      return errorResult(
        `core-search's settings cannot be used:\n${error.problems.map((p) => `- ${p}`).join("\n")}\n` +
          "Fix them in the env of this MCP server's configuration and restart the server.",
      );
    }
    if (error instanceof CoreSearchError && error.code === "INVALID_INPUT") return errorResult(error.message);
    // Messages of unexpected errors may hold anything; the details go to the (redacting) log only.
    logger.error({ err: error, tool }, "tool call failed");
    return errorResult(`${tool} failed unexpectedly; the server's log (stderr) has the details.`);
  }
}

function everyCallFailedAdvice(report: Report): string {
  const failed = report.calls
    .filter((call) => call.status === "failed")
    .map((call) => {
      const tried = call.attempts
        .filter((a) => a.outcome !== "no_key")
        .map((a) => `${a.provider}: ${a.detail ?? a.outcome}`);
      return `- call ${call.id} (${call.role}): ${tried.join("; ") || "no service could be asked"}`;
    });
  return [
    "Every search call failed, so the report below has no evidence (low-coverage):",
    ...failed,
    CHECK_SERVICES,
  ].join("\n");
}

function text(value: string): { type: "text"; text: string } {
  return { type: "text", text: value };
}

function errorResult(message: string): CallToolResult {
  return { isError: true, content: [text(message)] };
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

export interface RunMcpServerOptions {
  env: Record<string, string | undefined>;
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves the tools on stdio until standard input ends (the client went away); calls still running
 * then finish and are answered first. Resolves with the exit code.
 */
export async function runMcpServer(options: RunMcpServerOptions): Promise<number> {
  let config: Config | ConfigError;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    config = error;
  }
  // A server's errors must reach its log even when LOG_LEVEL is unset (the library default is silent).
  const level =
    config instanceof ConfigError || options.env.LOG_LEVEL === undefined ? "warn" : config.logLevel;
  const logger = createLogger({ level });
  if (config instanceof ConfigError) {
    // Serving anyway lets an agent see the problems in its tool results rather than a dead server.
    logger.error({ problems: config.problems }, "settings cannot be used; every tool call will say so");
  }
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  // One state store for the server's life: a Redis connection is opened once, not per tool call.
  const state = config instanceof ConfigError ? undefined : openStateStore(config);
  const server = createMcpServer({ config, logger, ...(state ? { state } : {}) });
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(transport);
  const idle = trackPendingRequests(transport);
  let closing = false;
  const shutDown = (): void => {
    if (closing) return;
    closing = true;
    idle()
      .then(() => server.close())
      .catch((error: unknown) => logger.error({ err: error }, "closing the MCP server failed"));
  };
  stdin.once("end", shutDown);
  stdin.once("close", shutDown);
  // The client closed its end of our stdout: nobody can read answers any more.
  stdout.once("error", (error) => {
    logger.warn({ err: error }, "stdout closed");
    server.close().catch(() => {});
  });
  await closed;
  await state?.close();
  return 0;
}

/**
 * Counts requests not yet answered, so that closing (which aborts running handlers) can wait for
 * them. Must be called after `connect`, which installs the transport's message handler.
 */
function trackPendingRequests(transport: Transport): () => Promise<void> {
  const pending = new Set<string | number>();
  let waiters: (() => void)[] = [];
  const settle = (id: string | number): void => {
    if (!pending.delete(id) || pending.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) pending.add(message.id);
    onmessage?.(message, extra);
    // A cancelled request is never answered.
    if (isJSONRPCNotification(message) && message.method === "notifications/cancelled") {
      const id = message.params?.requestId;
      if (typeof id === "string" || typeof id === "number") settle(id);
    }
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    try {
      await send(message, sendOptions);
    } finally {
      if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id !== undefined)
        settle(message.id);
    }
  };
  return () => (pending.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)));
}
