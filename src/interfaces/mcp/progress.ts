import type { ProgressEvent } from "../../operations/progress-events.js";
import { terminalLine } from "../../util/control-characters.js";

/**
 * One line for an MCP progress notification: preflight done, each call started and finished.
 * Single attempts are left out; the report lists them.
 */
export function describeProgress(event: ProgressEvent): string | undefined {
  switch (event.type) {
    case "preflight":
      return `SearXNG preflight ${event.status}: ${event.families.length} healthy engine families`;
    case "call-started":
      return `Call ${event.call} (${event.role}) started`;
    case "call-finished":
      return `Call ${event.call} (${event.role}) ${event.status}: ${event.hits} results${event.provider ? ` from ${event.provider}` : ""}`;
    case "page-read":
      return `Page of ${event.evidence} ${event.status === "read" ? "read" : `not read (${terminalLine(event.status.replace(/^failed: /, ""))})`}`;
    default:
      return undefined;
  }
}
