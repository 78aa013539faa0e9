import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  McpError,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../../config/config.js";
import { ConfigError } from "../../errors.js";
import type { Logger } from "../../log/logger.js";
import type { Assessment } from "../../operations/assess.js";
import { errorOutput } from "../../operations/error-output.js";
import { getRun, listRuns } from "../../operations/runs.js";
import { renderAssessment } from "../../report/render-assessment.js";
import { renderMarkdown } from "../../report/render-markdown.js";
import type { Report } from "../../report/report-schema.js";
import type { RunSummary, StoredRun } from "../../runs/run-record.js";
import type { StateStore } from "../../state/state-store.js";

/**
 * Stored runs as MCP resources: `core-search://runs/{id}` is a run's report as JSON, the same object
 * the tool returned, and `core-search://runs/{id}.md` the same report as markdown. `resources/list`
 * names both for each recent run, so every entry has one content of the type it is listed with.
 */

const PREFIX = "core-search://runs/";
/** Recent runs `resources/list` names (two entries each); older ones are read by their address. */
const LISTED_RUNS = 20;
/** JSON-RPC's "resource not found", as the MCP specification numbers it. */
const RESOURCE_NOT_FOUND = -32002;

export interface RunResourceContext {
  /** The settings, or the error that says why there are none. */
  settings: () => Config;
  state: StateStore | undefined;
  logger: Logger;
}

/** The two run resource templates, each read through the run store (which checks every id). */
export function registerRunResources(server: McpServer, context: RunResourceContext): void {
  const read = (
    uri: URL,
    id: string | string[] | undefined,
    render: (run: StoredRun) => ReadResourceResult["contents"][number],
  ) => readStored(uri, id, context).then((run) => ({ contents: [render(run)] }));
  // The markdown template first: the JSON one's `{id}` would match `….md` too.
  server.registerResource(
    "run-markdown",
    new ResourceTemplate(`${PREFIX}{id}.md`, { list: undefined }),
    {
      title: "Stored run (markdown)",
      description: "A stored run's report as markdown, as the CLI prints it",
      mimeType: "text/markdown",
    },
    (uri, { id }) =>
      read(uri, id, (run) => ({ uri: uri.href, mimeType: "text/markdown", text: markdownOf(run) })),
  );
  server.registerResource(
    "run",
    new ResourceTemplate(`${PREFIX}{id}`, { list: () => listed(context) }),
    {
      title: "Stored run (JSON)",
      description: "A stored run's report as JSON: the report the corroborate or assess tool returned",
      mimeType: "application/json",
    },
    (uri, { id }) =>
      read(uri, id, (run) => ({
        uri: uri.href,
        mimeType: "application/json",
        text: JSON.stringify(run.report, null, 2),
      })),
  );
}

/** Tells the client the list of runs changed, when a tool's answer was kept as a run. */
export function announceRun(server: McpServer, answer: { runId?: string | undefined }): void {
  if (answer.runId !== undefined) server.sendResourceListChanged();
}

/** Each recent run as two entries, JSON and markdown; none when runs are off or cannot be listed. */
async function listed(context: RunResourceContext): Promise<{ resources: Resource[] }> {
  let runs: RunSummary[];
  try {
    const config = context.settings();
    if (config.runs === "off") return { resources: [] };
    runs = await listRuns({ config, state: context.state, limit: LISTED_RUNS });
  } catch (error) {
    // The other resources (the skill) are still listed; a read names the problem.
    context.logger.warn({ err: error }, "runs not listed");
    return { resources: [] };
  }
  return {
    resources: runs.flatMap((run) => {
      const description = describe(run);
      const annotations = { lastModified: run.at };
      return [
        {
          uri: `${PREFIX}${run.id}`,
          name: run.question,
          title: `${run.question} (JSON)`,
          description,
          mimeType: "application/json",
          annotations,
        },
        {
          uri: `${PREFIX}${run.id}.md`,
          name: run.question,
          title: `${run.question} (markdown)`,
          description,
          mimeType: "text/markdown",
          annotations,
        },
      ];
    }),
  };
}

/** `corroborated (affirms) · 2026-03-01T09:30:00.000Z · judged by builtin`, and the run it came from. */
function describe(run: RunSummary): string {
  const what = run.kind === "assess" ? "Assessment" : "Report";
  const from = run.from ? ` · judged again from run ${run.from}` : "";
  return `${what}: ${run.label} (${run.direction}) · ${run.at} · judged by ${run.judge}${from}`;
}

function markdownOf(run: StoredRun): string {
  return run.summary.kind === "assess"
    ? renderAssessment(run.report as Assessment)
    : renderMarkdown(run.report as Report);
}

/** The run a read names, or the JSON-RPC error that says why there is none. */
async function readStored(
  uri: URL,
  id: string | string[] | undefined,
  context: RunResourceContext,
): Promise<StoredRun> {
  try {
    const config = context.settings();
    if (config.runs === "off") {
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `No run ${uri.href}: runs are off here (CORE_SEARCH_RUNS=off), so none is kept`,
      );
    }
    // An exploded variable is a list; no run id has a comma, so it is refused as it stands.
    return await getRun([id ?? ""].flat().join(","), { config, state: context.state });
  } catch (error) {
    if (error instanceof McpError) throw error;
    if (error instanceof ConfigError)
      throw new McpError(
        ErrorCode.InternalError,
        `core-search's settings cannot be used: ${errorOutput(error).message}`,
      );
    const output = errorOutput(error);
    if (output.code === "NOT_FOUND") throw new McpError(RESOURCE_NOT_FOUND, output.message);
    if (output.code === "INVALID_INPUT") throw new McpError(ErrorCode.InvalidParams, output.message);
    context.logger.error({ err: error, uri: uri.href }, "run not read");
    throw new McpError(
      ErrorCode.InternalError,
      "The run could not be read; the server's log (stderr) has the details",
    );
  }
}
