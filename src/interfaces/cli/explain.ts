import type { ProgressEvent } from "../../operations/progress-events.js";
import type { SearchOptions, SearchOutcome } from "../../operations/search.js";
import type { Report } from "../../report/report-schema.js";
import { terminalLine as clean } from "../../util/control-characters.js";
import type { Style } from "./style.js";

type Preflight = Extract<ProgressEvent, { type: "preflight" }>;
type CallStarted = Extract<ProgressEvent, { type: "call-started" }>;
/** An attempt as the chain records it or as the report carries it. */
type AttemptLike = { provider: string; outcome: string; ms: number; detail?: string | undefined };

/**
 * `--explain` for a report: how it came about, for a person on stderr. Everything is read from the
 * report except what it does not keep — the preflight's healthy engines and the engines each call
 * ran with — which come from the progress events of the same run.
 */
export function explainReport(report: Report, events: readonly ProgressEvent[], style: Style): string {
  const plan = report.plan;
  const preflight = events.find((e): e is Preflight => e.type === "preflight");
  const started = new Map(
    events.filter((e): e is CallStarted => e.type === "call-started").map((e) => [e.call, e]),
  );
  const skipped = report.calls.filter((c) => c.status === "skipped");
  const ran = report.calls.filter((c) => c.status !== "skipped");
  const lines: string[] = [];
  const heading = (text: string) => lines.push("", style.bold(text));

  heading("Plan");
  lines.push(
    ...field("question", plan.question),
    ...field("type", plan.queryType),
    ...field("subject", plan.subject.join(" | ") + (plan.context ? ` (context: ${plan.context})` : "")),
    ...field("claim", plan.claim),
    ...field("bypass", plan.bypass ? `yes — ${plan.bypassReason ?? "no reason given"}` : "no"),
    ...field(
      "time range",
      plan.timeRange === "none" ? "none (no date restriction)" : `past ${plan.timeRange}`,
    ),
    ...field("news call", `${plan.newsCall ? "yes" : "no"} (${plan.newsReason})`),
    ...plan.warnings.flatMap((w) => field("warning", w)),
    "  calls planned:",
  );
  const planned = [
    ...plan.calls.map((c) => ({
      id: c.id,
      text: `${pad(c.role, 8)} "${clean(c.query)}" · categories ${c.categories.join(", ")} · engines ${c.engines.length ? clean(c.engines.join(", ")) : "category default"} · time ${c.timeRange}`,
    })),
    ...skipped
      .filter((s) => !plan.calls.some((c) => c.id === s.id))
      .map((s) => ({
        id: s.id,
        text: `${pad(s.role, 8)} ${style.dim(`skipped — ${clean(s.warnings[0] ?? "not needed")}`)}`,
      })),
  ].sort((a, b) => a.id - b.id);
  lines.push(...planned.map((c) => `    ${c.id} ${c.text}`));

  heading("SearXNG preflight");
  lines.push(`  ${preflightLine(preflight, style)}`);
  if (preflight?.degraded && ran.some((c) => c.role === "single") && plan.calls.length > 1) {
    lines.push(
      `  ${style.yellow("degraded")}: fewer than 3 web-index families, so one general call ran instead of the ${plan.calls.length} planned`,
    );
  }

  heading("Calls");
  if (ran.length === 0) lines.push("  none ran");
  for (const call of ran) {
    const how = started.get(call.id);
    const status =
      call.status === "ok"
        ? style.green(`ok: ${call.hits} hit${call.hits === 1 ? "" : "s"} from ${call.provider ?? "?"}`)
        : call.status === "empty"
          ? style.yellow("empty: no results")
          : style.red("failed: no service answered");
    lines.push(`  ${call.id} ${call.role} "${clean(call.query)}" — ${status}`);
    if (how) {
      lines.push(
        `    ${style.dim(`categories ${how.categories.join(", ")} · engines ${how.engines.length ? clean(how.engines.join(", ")) : "category default"} · time ${how.timeRange ?? "any"}`)}`,
      );
    }
    lines.push(...attemptLines(call.attempts, call.status === "ok", call.hits, style, "    "));
    if (call.unresponsiveEngines.length > 0) {
      lines.push(
        `    ${style.yellow("unresponsive engines")}: ${clean(call.unresponsiveEngines.map((e) => `${e.engine} (${e.reason})`).join(", "))}`,
      );
    }
  }

  heading("Dedup");
  const results = ran.reduce((sum, c) => sum + c.hits, 0);
  const { uniqueUrls, uniqueDomains, independentOrigins, engineFamilies } = report.coverage;
  lines.push(
    `  ${results} result${results === 1 ? "" : "s"} → ${uniqueUrls} unique page${uniqueUrls === 1 ? "" : "s"} (${uniqueDomains} domain${uniqueDomains === 1 ? "" : "s"}) → ${independentOrigins} independent origin${independentOrigins === 1 ? "" : "s"}`,
    `  index families: ${engineFamilies.length ? clean(engineFamilies.join(", ")) : "none"}`,
  );
  const grouped = report.origins.filter((o) => o.evidence.length > 1);
  for (const origin of grouped) {
    lines.push(
      `  ${origin.id} (${origin.why}): ${origin.evidence.join(", ")} — ${clean(origin.domains.join(", "))}`,
    );
  }

  const tried = report.evidence.filter((e) => e.readStatus !== "not-read");
  if (tried.length > 0) {
    heading("Pages read");
    for (const e of tried) {
      const how =
        e.readStatus === "read"
          ? e.quote
            ? `read: ${e.stance}, on characters ${e.quote.start}–${e.quote.end}`
            : "read: nothing in it names the claim's subject; the snippet's stance stands"
          : style.yellow(`${clean(e.readStatus)}; the snippet's stance stands`);
      lines.push(`  ${e.id} ${clean(e.domain)} — ${how}`);
    }
  }

  heading("Label");
  const direction = report.direction === "unclear" ? "direction unclear" : `${report.direction} the claim`;
  lines.push(`  ${labelColour(report.confidence, style)(report.confidence)} — ${direction}`);
  const reasons = report.notes.filter((n) => n.startsWith("Confidence: ")).map((n) => n.slice(12));
  lines.push(...reasons.map((r) => `  - ${clean(r)}`));
  lines.push(
    `  supporting ${report.supporting.length} · contradicting ${report.contradicting.length} · escalate ${report.escalate ? "yes" : "no"} · ${report.timing.totalMs} ms in all`,
  );
  // A blank line after: on a terminal the report follows on stdout.
  return `${lines.slice(1).join("\n")}\n\n`;
}

/** `search --explain`: the query as sent and what each stage of the chain did with it. */
export function explainSearch(
  query: string,
  request: { categories: readonly string[]; timeRange: string | null; limit: number } & Pick<
    SearchOptions,
    "page" | "language" | "safeSearch" | "includeDomains" | "excludeDomains" | "engines"
  >,
  outcome: SearchOutcome,
  style: Style,
): string {
  // The options as asked, those set only.
  const options = [
    request.page === undefined ? "" : `page ${request.page}`,
    request.language === undefined ? "" : `language ${request.language}`,
    request.safeSearch === undefined ? "" : `safe search ${request.safeSearch}`,
    request.includeDomains?.length ? `only ${request.includeDomains.join(", ")}` : "",
    request.excludeDomains?.length ? `not ${request.excludeDomains.join(", ")}` : "",
    request.engines?.length ? `engines ${request.engines.join(", ")}` : "",
  ].filter(Boolean);
  const lines = [
    style.bold("Search"),
    ...field("query", query),
    ...field(
      "request",
      [
        `categories ${request.categories.join(", ")}`,
        `time ${request.timeRange ?? "any"}`,
        `limit ${request.limit}`,
        ...options,
      ].join(" · "),
    ),
    "",
    style.bold("Attempts"),
    ...attemptLines(outcome.attempts, outcome.status === "ok", outcome.hits.length, style, "  "),
    "",
    style.bold("Outcome"),
    `  ${
      outcome.status === "ok"
        ? style.green(
            `ok: ${outcome.hits.length} result${outcome.hits.length === 1 ? "" : "s"} from ${outcome.provider ?? "?"}`,
          )
        : style.red(`${outcome.status}: ${clean(outcome.error ?? "no results")}`)
    }`,
  ];
  return `${lines.join("\n")}\n\n`;
}

function preflightLine(preflight: Preflight | undefined, style: Style): string {
  if (!preflight) return "not run";
  if (preflight.status === "not_configured") {
    return "not configured (no SEARXNG_URL): the chain starts at the next stage";
  }
  if (preflight.status === "failed") {
    return `${style.red("failed")} after ${preflight.ms} ms — ${clean(preflight.error ?? "no answer")}; SearXNG was not asked`;
  }
  const requests =
    preflight.roundTrips === 0
      ? "from recent state"
      : `${preflight.roundTrips} request${preflight.roundTrips === 1 ? "" : "s"}`;
  const engines = preflight.healthyEngines;
  return `${preflight.degraded ? style.yellow("ok, degraded") : style.green("ok")} in ${preflight.ms} ms (${requests}): ${engines.length} healthy engine${engines.length === 1 ? "" : "s"}${engines.length ? ` (${clean(engines.join(", "))})` : ""} · ${preflight.families.length} web-index famil${preflight.families.length === 1 ? "y" : "ies"}${preflight.families.length ? ` (${clean(preflight.families.join(", "))})` : ""}`;
}

/**
 * One aligned line per stage the chain asked or passed over (provider, outcome, time, why it did
 * not serve); stages without a key share one line, as a chain of ten would otherwise bury the rest.
 * `served`: the last attempt produced the call's hits (its outcome may be `ok` or e.g. a cache hit).
 */
function attemptLines(
  attempts: readonly AttemptLike[],
  served: boolean,
  hits: number,
  style: Style,
  indent: string,
): string[] {
  if (attempts.length === 0) return [`${indent}no stage was asked`];
  const last = attempts.at(-1);
  const named = attempts.filter((a) => a.outcome !== "no_key");
  const unconfigured = attempts.filter((a) => a.outcome === "no_key").map((a) => a.provider);
  const width = Math.max(0, ...named.map((a) => a.provider.length));
  const outcomeWidth = Math.max(0, ...named.map((a) => a.outcome.length));
  const lines = named.map((a) => {
    const ok = served && a === last;
    const outcome = (ok ? style.green : style.yellow)(pad(a.outcome, outcomeWidth));
    const time = a.ms > 0 || ok ? `${a.ms} ms` : "—";
    const extra = ok ? ` · ${hits} hit${hits === 1 ? "" : "s"}` : a.detail ? ` · ${clean(a.detail)}` : "";
    return `${indent}${pad(a.provider, width)}  ${outcome}  ${time.padStart(7)}${extra}`;
  });
  if (unconfigured.length > 0)
    lines.push(`${indent}${style.dim(`not configured: ${unconfigured.join(", ")}`)}`);
  return lines;
}

function labelColour(confidence: Report["confidence"], style: Style): (text: string) => string {
  if (confidence === "corroborated") return style.green;
  if (confidence === "contested" || confidence === "single-source") return style.yellow;
  return style.red;
}

function field(name: string, value: string): string[] {
  return [`  ${pad(name, 11)} ${clean(value)}`];
}

function pad(text: string, width: number): string {
  return text.padEnd(width);
}
