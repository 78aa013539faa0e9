import type { ProgressEvent } from "../../operations/progress-events.js";
import { terminalLine as clean } from "../../util/control-characters.js";
import type { Style } from "./style.js";

/**
 * One stderr line per event while the calls run — plain lines rather than a redrawn status line,
 * so nothing is left half-drawn when a call, a log line or Ctrl-C interrupts. Only used on a TTY.
 */
export function createProgressPrinter(
  write: (text: string) => void,
  style: Style,
): (event: ProgressEvent) => void {
  return (event) => {
    const line = progressLine(event, style);
    if (line !== null) write(`${line}\n`);
  };
}

/** The line for one event, or null for events not worth a line (stages without a key). */
export function progressLine(event: ProgressEvent, style: Style): string | null {
  switch (event.type) {
    case "preflight": {
      if (event.status === "not_configured") return null;
      if (event.status === "failed") {
        return `${style.red("✗")} SearXNG preflight failed: ${clean(event.error ?? "no answer")} — SearXNG is skipped`;
      }
      const families = `${event.families.length} web-index famil${event.families.length === 1 ? "y" : "ies"}${event.families.length ? ` (${clean(event.families.join(", "))})` : ""}`;
      return event.degraded
        ? `${style.yellow("!")} SearXNG preflight: only ${families}, ${event.ms} ms`
        : `${style.dim("·")} SearXNG preflight ok: ${families}, ${event.ms} ms`;
    }
    case "call-started":
      return `${style.dim("·")} ${callName(event)}: searching "${clean(event.query)}"`;
    case "attempt": {
      if (event.outcome === "no_key") return null;
      // Hits mean this stage served the call, whatever its outcome is called.
      const served = event.hits > 0;
      const parts = [`${event.provider} ${(served ? style.green : style.yellow)(event.outcome)}`];
      if (served) parts.push(`${event.hits} hit${event.hits === 1 ? "" : "s"}`);
      if (event.ms > 0) parts.push(`${event.ms} ms`);
      const detail = !served && event.detail ? ` (${clean(event.detail)})` : "";
      return `${style.dim("·")} ${callName(event)}: ${parts.join(", ")}${detail}`;
    }
    case "page-read":
      return event.status === "read"
        ? `${style.green("✓")} read ${event.evidence} ${clean(event.url)}: ${event.chars ?? 0} characters, ${event.ms} ms`
        : `${style.red("✗")} ${event.evidence} not read: ${clean(event.status.replace(/^failed: /, ""))}, ${event.ms} ms — ${clean(event.url)}`;
    case "call-finished": {
      const mark =
        event.status === "ok"
          ? style.green("✓")
          : event.status === "empty"
            ? style.yellow("–")
            : style.red("✗");
      const what =
        event.status === "ok"
          ? `${event.hits} hit${event.hits === 1 ? "" : "s"} from ${event.provider ?? "?"}`
          : event.status === "empty"
            ? "no results"
            : "failed: no service answered";
      return `${mark} ${callName(event)} done: ${what}, ${event.ms} ms`;
    }
  }
}

function callName(event: { call: number; role: string }): string {
  return `call ${event.call} (${event.role})`;
}
