/**
 * The server's pages besides a report: the question box with the recent runs, a run still running
 * (its steps so far; without JavaScript it loads itself again until the run ends), a run that ended
 * without a report, and the token form. Their bodies only; pageDocument wraps them.
 */
import { READ_PAGES_RANGE } from "../../operations/input-ranges.js";
import type { RunEvent } from "../../runs/run-events.js";
import type { RunSummary } from "../../runs/run-record.js";
import type { RunState } from "../../runs/run-status.js";
import { escapeHtml } from "./html.js";
import { LABEL_WORDS } from "./report-html.js";

const header = '<header><p class="site"><a href="/">core-search</a></p></header>';

/** `/`: the question box, the place its steps are shown (with JavaScript), and the recent runs. */
export function homeBody(runs: readonly RunSummary[], problem?: string): string {
  const rows = runs.map(
    (run) =>
      `<tr><td><a href="/r/${escapeHtml(run.id)}">${escapeHtml(run.question)}</a></td>` +
      `<td>${LABEL_WORDS[run.label]} (${escapeHtml(run.direction)})</td>` +
      `<td><time datetime="${escapeHtml(run.at)}">${escapeHtml(run.at.slice(0, 16).replace("T", " "))} UTC</time></td>` +
      `<td><form method="post" action="/r/${escapeHtml(run.id)}/delete" class="delete-run">` +
      `<button type="submit" class="delete" aria-label="Delete the run: ${escapeHtml(run.question)}">Delete</button></form></td></tr>`,
  );
  return [
    header,
    "<main>",
    "<h1>Ask an evaluative question</h1>",
    "<p>Is X safe? Does X cause Y? X or Y? The answer says how far independent sources agree.</p>",
    problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : "",
    '<form class="ask" id="ask" method="post" action="/ask">',
    '<label for="question">Question</label>',
    '<input type="text" id="question" name="question" required maxlength="2000" autocomplete="off">',
    '<div class="options">',
    `<div><label for="read">Pages to read</label> <input type="number" id="read" name="read" min="${READ_PAGES_RANGE.min}" max="${READ_PAGES_RANGE.max}" placeholder="${READ_PAGES_RANGE.default}" aria-describedby="read-hint"> <span id="read-hint" class="meta">empty: those whose snippet is unclear</span></div>`,
    '<div><label for="time-range">Evidence from</label> <select id="time-range" name="timeRange"><option value="">as the question asks</option><option value="week">the past week</option><option value="year">the past year</option><option value="none">any time</option></select></div>',
    '<div><label for="language">Language</label> <input type="text" id="language" name="language" size="3" maxlength="2" pattern="[A-Za-z]{2}" placeholder="any" aria-describedby="language-hint"> <span id="language-hint" class="meta">two letters, e.g. en</span></div>',
    "</div>",
    '<button type="submit">Ask</button>',
    "</form>",
    '<section class="progress" id="progress" hidden aria-labelledby="progress-title">',
    '<h2 id="progress-title">Working</h2>',
    '<ol class="steps" id="steps" aria-live="polite"></ol>',
    "</section>",
    '<section aria-labelledby="runs-title">',
    '<h2 id="runs-title">Recent runs</h2>',
    rows.length > 0
      ? `<table class="runs"><thead><tr><th scope="col">Question</th><th scope="col">Label</th><th scope="col">When</th><th scope="col">Delete</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`
      : "<p>None yet.</p>",
    "</section>",
    "</main>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** A run still running: its steps so far; the page's script follows the rest and shows the report. */
export function runningBody(run: RunState, events: readonly RunEvent[]): string {
  return [
    header,
    `<main class="progress" data-run="${escapeHtml(run.id)}" data-after="${events.at(-1)?.id ?? 0}">`,
    `<p class="question"><span class="tag">Question</span> ${escapeHtml(run.question)}</p>`,
    `<h1>Working${run.queued ? " (waiting for a free slot)" : ""}…</h1>`,
    "<noscript><p>This page loads itself again every few seconds until the report is ready.</p></noscript>",
    `<ol class="steps" id="steps" aria-live="polite">${events.map((event) => `<li>${escapeHtml(stepText(event.type, event.data))}</li>`).join("")}</ol>`,
    `<form method="post" action="/r/${escapeHtml(run.id)}/delete"><button type="submit" class="delete">Cancel this run</button></form>`,
    "</main>",
  ].join("\n");
}

/** A run that ended without a report: how it ended and why. */
export function endedBody(run: RunState): string {
  return [
    header,
    "<main>",
    `<p class="question"><span class="tag">Question</span> ${escapeHtml(run.question)}</p>`,
    `<h1>This run ${run.status === "failed" ? "failed" : `was ${escapeHtml(run.status)}`}</h1>`,
    run.error ? `<p class="error">${escapeHtml(run.error.message)} (${escapeHtml(run.error.code)})</p>` : "",
    '<p><a href="/">Ask again</a></p>',
    "</main>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** The token form of a server that asks for one; `next` is the page to go back to. */
export function tokenBody(next: string, wrong: boolean): string {
  return [
    header,
    "<main>",
    "<h1>This server asks for a token</h1>",
    wrong ? '<p class="error" role="alert">That is not the token this server asks for.</p>' : "",
    "<p>It is kept for this browser session only, in a cookie scripts cannot read.</p>",
    '<form class="ask" method="post" action="/session">',
    '<label for="token">Token</label>',
    '<input type="password" id="token" name="token" required autocomplete="current-password">',
    `<input type="hidden" name="next" value="${escapeHtml(next)}">`,
    '<button type="submit">Continue</button>',
    "</form>",
    "</main>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * One step of a run in words, from its event: the plan, each call's start and end (results or
 * failure), the origins, each page read, judging, done. The page's script words them the same way.
 */
export function stepText(type: string, data: Record<string, unknown>): string {
  const calls = Array.isArray(data.calls)
    ? (data.calls as { call: number; role: string; query: string }[])
    : [];
  switch (type) {
    case "plan":
      return `Plan: ${calls.length} search${calls.length === 1 ? "" : "es"} for the claim "${String(data.claim)}" — ${calls.map((c) => `${c.call}. ${c.role}: ${c.query}`).join("; ")}`;
    case "preflight":
      return `Search service checked: ${String(data.status)}`;
    case "call-started":
      return `Search ${String(data.call)} (${String(data.role)}) started: ${String(data.query)}`;
    case "attempt":
      return `Search ${String(data.call)}: ${String(data.provider)} ${String(data.outcome)}`;
    case "call-finished":
      return data.status === "failed"
        ? `Search ${String(data.call)} (${String(data.role)}) failed: no service answered`
        : `Search ${String(data.call)} (${String(data.role)}): ${String(data.hits)} results${data.provider ? ` from ${String(data.provider)}` : ""}`;
    case "judging":
      return `Judging ${String(data.results)} results (${String(data.judge)})`;
    case "origins":
      return `${String(data.evidence)} sources from ${String(data.origins)} independent origins`;
    case "page-read":
      return `Read ${String(data.url)}: ${String(data.status)}`;
    case "done":
      return `Done: ${String(data.status)}`;
    default:
      return type;
  }
}
