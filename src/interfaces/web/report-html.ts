/**
 * A report as HTML for people, top to bottom: the question, the claim and the label with its
 * reason and direction, the reliability line; the searches and what failed; supporting and
 * contradicting evidence side by side, one card per independent origin with its other copies
 * folded; the rest of the sources, the notes and the time it took. Every string of the report is
 * escaped (escapeHtml); addresses are links only when they are http or https.
 */
import { ORIGIN_MEANING } from "../../report/origin-lines.js";
import { reliabilityLine } from "../../report/reliability.js";
import type { Evidence, Origin, Report } from "../../report/report-schema.js";
import { appendTo } from "../../util/append-to.js";
import { escapeHtml, safeHref } from "./html.js";

export const LABEL_WORDS: Readonly<Record<Report["confidence"], string>> = {
  corroborated: "Corroborated",
  "single-source": "Single source",
  contested: "Contested",
  "low-coverage": "Low coverage",
};

const DIRECTION_WORDS: Readonly<Record<Report["direction"], string>> = {
  affirms: "the evidence affirms the claim",
  refutes: "the evidence refutes the claim",
  unclear: "the direction is unclear",
};

const STANCE_WORDS: Readonly<Record<Evidence["stance"], string>> = {
  support: "supports",
  contradict: "contradicts",
  neutral: "no clear stance",
  unrelated: "unrelated",
};

/** The report's body (a `<main>`), for the server's page and the self-contained file alike. */
export function reportHtml(report: Report, options: { runId?: string | undefined } = {}): string {
  const byId = new Map(report.evidence.map((e) => [e.id, e]));
  const originOf = new Map(report.origins.map((o) => [o.id, o]));
  const pick = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const sided = new Set([...report.supporting, ...report.contradicting]);
  const rest = report.evidence.filter((e) => !sided.has(e.id));
  const runId = options.runId ?? report.runId;
  return [
    '<main class="report">',
    `<p class="question"><span class="tag">Question</span> ${escapeHtml(report.question)}</p>`,
    `<h1 class="claim"><span class="tag">Claim tested</span> ${escapeHtml(report.claim)}</h1>`,
    banner(report),
    `<p class="reliability">${escapeHtml(reliabilityLine(report.reliability))}</p>`,
    coverage(report),
    '<div class="sides">',
    side("Supporting", "support", pick(report.supporting), originOf, byId),
    side("Contradicting", "contradict", pick(report.contradicting), originOf, byId),
    "</div>",
    others(rest),
    notes(report),
    `<footer class="timing"><p>Took ${escapeHtml((report.timing.totalMs / 1000).toFixed(1))} s` +
      `${runId ? ` · run <code>${escapeHtml(runId)}</code>` : ""}.</p></footer>`,
    "</main>",
  ].join("\n");
}

function banner(report: Report): string {
  return [
    `<section class="banner label-${escapeHtml(report.confidence)}" aria-label="Label">`,
    `<p class="label"><span class="tag">Label</span> <strong>${LABEL_WORDS[report.confidence]}</strong>` +
      ` — ${DIRECTION_WORDS[report.direction]}</p>`,
    `<p class="finding">${escapeHtml(report.finding)}</p>`,
    `<p class="reason">${escapeHtml(report.summary)}</p>`,
    report.escalate ? '<p class="escalate">Inconclusive: worth deeper research.</p>' : "",
    "</section>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** How a call's results read when it did not run as planned: an outage is never "no evidence". */
const HITS: Partial<Record<Report["calls"][number]["status"], (hits: number) => string>> = {
  failed: () => "no results (outage)",
  skipped: () => "not run (skipped: the notes say why)",
};

/** One entry per search call: its role, service, engines, results, and an outage as an outage. */
function coverage(report: Report): string {
  const items = report.calls.map((call) => {
    const engines = [
      ...new Set(
        report.evidence.flatMap((e) => e.foundBy.filter((f) => f.call === call.id).flatMap((f) => f.engines)),
      ),
    ];
    const failedStages = call.attempts.filter((a) => a.outcome !== "ok");
    const outage =
      call.status === "failed"
        ? `<span class="outage">outage: no service answered${failedStages.length > 0 ? ` (${escapeHtml(failedStages.map((a) => `${a.provider}: ${a.outcome}`).join(", "))})` : ""}</span>`
        : "";
    const down =
      call.unresponsiveEngines.length > 0
        ? `<span class="outage">engines down: ${escapeHtml(call.unresponsiveEngines.map((u) => `${u.engine} (${u.reason})`).join(", "))}</span>`
        : "";
    return [
      `<li class="call call-${escapeHtml(call.status)}">`,
      `<span class="role">${escapeHtml(call.role)}</span>`,
      `<span class="query">${escapeHtml(call.query)}</span>`,
      `<span class="service">${call.provider ? escapeHtml(call.provider) : "no service"}${engines.length > 0 ? `: ${escapeHtml(engines.join(", "))}` : ""}</span>`,
      `<span class="hits">${HITS[call.status]?.(call.hits) ?? `${call.hits} result${call.hits === 1 ? "" : "s"}`}</span>`,
      outage,
      down,
      "</li>",
    ]
      .filter((line) => line !== "")
      .join("");
  });
  const { coverage: c } = report;
  return [
    '<section class="coverage" aria-labelledby="coverage-title">',
    '<h2 id="coverage-title">Searches</h2>',
    `<p>${c.uniqueUrls} pages from ${c.uniqueDomains} sites, ${c.independentOrigins} independent origin${c.independentOrigins === 1 ? "" : "s"}${c.engineFamilies.length > 0 ? `; engines: ${escapeHtml(c.engineFamilies.join(", "))}` : ""}.</p>`,
    `<ol class="calls">${items.join("\n")}</ol>`,
    "</section>",
  ].join("\n");
}

/** One column: a card per origin of the side's evidence, the first of its pages leading. */
function side(
  title: string,
  stance: "support" | "contradict",
  items: readonly Evidence[],
  originOf: ReadonlyMap<string, Origin>,
  byId: ReadonlyMap<string, Evidence>,
): string {
  const groups = new Map<string, Evidence[]>();
  for (const item of items) appendTo(groups, item.originId, item);
  const cards = [...groups].map(([originId, members]) => {
    const origin = originOf.get(originId);
    const lead = members.find((m) => m.quote) ?? (members[0] as Evidence);
    const copies = (origin?.evidence ?? members.map((m) => m.id))
      .filter((id) => id !== lead.id)
      .flatMap((id) => byId.get(id) ?? []);
    return card(lead, copies, origin);
  });
  return [
    `<section class="side side-${stance}" aria-labelledby="side-${stance}">`,
    `<h2 id="side-${stance}">${title} <span class="count">(${groups.size} origin${groups.size === 1 ? "" : "s"})</span></h2>`,
    cards.length > 0 ? cards.join("\n") : '<p class="none">None found.</p>',
    "</section>",
  ].join("\n");
}

function card(lead: Evidence, copies: readonly Evidence[], origin: Origin | undefined): string {
  const why = origin
    ? `${origin.why}${ORIGIN_MEANING[origin.why] ? ` (${ORIGIN_MEANING[origin.why]})` : ""}`
    : "";
  const folded =
    copies.length > 0
      ? [
          '<details class="copies">',
          `<summary>also published by ${copies.length} — one origin: ${escapeHtml(why)}</summary>`,
          origin?.source ? `<p class="origin-source">${escapeHtml(origin.source)}</p>` : "",
          `<ul>${copies.map((copy) => `<li>${sourceLink(copy)} <span class="meta">${escapeHtml(copy.domain)}${copy.publishedAt ? `, ${escapeHtml(copy.publishedAt)}` : ""} · ${STANCE_WORDS[copy.stance]}</span></li>`).join("")}</ul>`,
          "</details>",
        ]
          .filter((line) => line !== "")
          .join("\n")
      : "";
  return [
    `<article class="card" id="${escapeHtml(lead.id)}">`,
    `<h3>${sourceLink(lead)}</h3>`,
    `<p class="meta"><span class="domain">${escapeHtml(lead.domain)}</span>${lead.publishedAt ? ` · <time>${escapeHtml(lead.publishedAt)}</time>` : ""} · <span class="stance">${STANCE_WORDS[lead.stance]}</span> (${Math.round(lead.stanceScore * 100)}%, ${escapeHtml(lead.judge)})${lead.quality === "low" ? " · low quality: counts half" : ""}</p>`,
    passage(lead),
    `<p class="found">Found by ${escapeHtml(lead.foundBy.map((f) => `call ${f.call} (${f.provider}${f.engines.length > 0 ? `: ${f.engines.join(", ")}` : ""}, #${f.rank})`).join("; "))}</p>`,
    folded,
    "</article>",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** The quote a read page's stance rests on, linked to its sentence; else the search snippet. */
function passage(e: Evidence): string {
  if (e.quote) {
    const href = safeHref(e.url);
    const text = escapeHtml(e.quote.text);
    const quote = href ? `<a href="${href}${textFragment(e.quote.text)}">${text}</a>` : text;
    return `<blockquote class="quote">${quote}<footer>from the page read</footer></blockquote>`;
  }
  const unread = e.readStatus.startsWith("failed: ")
    ? `<p class="unread">Page not read (${escapeHtml(e.readStatus.slice("failed: ".length))}); judged on its snippet.</p>`
    : "";
  return `${e.snippet ? `<p class="snippet">${escapeHtml(e.snippet)}</p>` : ""}${unread}`;
}

/** A link to the page, or its address as text when it may not be a link. */
function sourceLink(e: Evidence): string {
  const href = safeHref(e.url);
  const title = escapeHtml(e.title || e.domain);
  return href ? `<a href="${href}">${title}</a>` : `${title} <code>${escapeHtml(e.url)}</code>`;
}

/**
 * A text fragment (`#:~:text=`) that scrolls to the quote: its first and last words for a long
 * quote. Characters with a meaning in the directive (`-`, `,`, `&`) are percent-encoded.
 */
export function textFragment(quote: string): string {
  const words = quote.replace(/\s+/g, " ").trim().split(" ");
  if (words.length === 0 || words[0] === "") return "";
  const encode = (text: string) => encodeURIComponent(text).replace(/-/g, "%2D");
  const directive =
    words.length <= 8
      ? encode(words.join(" "))
      : `${encode(words.slice(0, 4).join(" "))},${encode(words.slice(-4).join(" "))}`;
  return escapeHtml(`#:~:text=${directive}`);
}

function others(rest: readonly Evidence[]): string {
  if (rest.length === 0) return "";
  return [
    '<section class="others" aria-labelledby="others-title">',
    '<h2 id="others-title">Other sources (no clear stance, unrelated or not read)</h2>',
    "<ul>",
    ...rest.map(
      (e) =>
        `<li>${sourceLink(e)} <span class="meta">${escapeHtml(e.domain)} · ${STANCE_WORDS[e.stance]} · ${e.readStatus === "read" ? "read" : e.readStatus === "not-read" ? "not read" : escapeHtml(e.readStatus)}</span>${passage(e)}</li>`,
    ),
    "</ul>",
    "</section>",
  ].join("\n");
}

function notes(report: Report): string {
  if (report.notes.length === 0) return "";
  return [
    '<section class="notes" aria-labelledby="notes-title">',
    '<h2 id="notes-title">Notes</h2>',
    `<ul>${report.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join("")}</ul>`,
    "</section>",
  ].join("\n");
}
