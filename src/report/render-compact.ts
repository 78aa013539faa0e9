import { oneLine } from "./one-line.js";
import { reliabilityLine } from "./reliability.js";
import type { Evidence, Report } from "./report-schema.js";

const TITLE_CHARS = 90;
const PHRASE_CHARS = 140;
const NOTE_CHARS = 200;
const SIDES = [
  ["support", "supports"],
  ["contradict", "contradicts"],
] as const;

/**
 * The report as a model reads it: the finding and its label, one line per independent origin that
 * takes a side (stance, domains, title, the phrase that decided it), the origins without a side by
 * domain only, and the notes. Every origin is named; evidence ids, calls and attempts stay in the
 * structured report. Web text is quoted on one line and cannot open markup.
 */
export function renderCompact(report: Report): string {
  const byId = new Map(report.evidence.map((e) => [e.id, e]));
  const lines = [
    `Finding: ${oneLine(report.finding)}`,
    `Label: ${report.confidence} (${report.direction === "unclear" ? "direction unclear" : `${report.direction} the claim`}); claim tested: ${oneLine(report.claim)}`,
    reliabilityLine(report.reliability),
    "",
  ];
  const silent: string[] = [];
  for (const origin of report.origins) {
    const members = origin.evidence.flatMap((id) => byId.get(id) ?? []);
    const lead = members.find((e) => e.stance === "support" || e.stance === "contradict");
    if (lead === undefined) {
      silent.push(origin.domains.join("+") || origin.id);
      continue;
    }
    lines.push(originLine(origin.id, origin.domains, lead, members.length));
  }
  if (silent.length > 0) lines.push(`- no side: ${silent.join(", ")}`);
  lines.push(...readLines(report.evidence));
  if (report.notes.length > 0) {
    lines.push("", "Notes:", ...report.notes.map((note) => `- ${oneLine(truncate(note, NOTE_CHARS))}`));
  }
  if (report.escalate) lines.push("", "Inconclusive: escalate to deeper research.");
  return `${lines.join("\n")}\n`;
}

/**
 * Which sources were read, so a model knows what the label rests on: the pages read (their stance
 * is the page's, not the snippet's) and those that could not be read (judged on their snippet).
 */
function readLines(evidence: readonly Evidence[]): string[] {
  const read = evidence.filter((e) => e.readStatus === "read").map((e) => e.domain);
  const failed = evidence
    .filter((e) => e.readStatus.startsWith("failed: "))
    .map((e) => `${e.domain} (${oneLine(e.readStatus.slice("failed: ".length))})`);
  const lines: string[] = [];
  if (read.length > 0)
    lines.push(
      `- pages read: ${read.join(", ")}; their stances, and the label with them, rest on what the pages say`,
    );
  if (failed.length > 0) lines.push(`- pages not read, judged on their snippet: ${failed.join(", ")}`);
  return lines;
}

function originLine(id: string, domains: readonly string[], lead: Evidence, pages: number): string {
  const side = SIDES.find(([stance]) => stance === lead.stance)?.[1] ?? lead.stance;
  const copies = pages > 1 ? ` (${pages} pages)` : "";
  // A read page is shown by the passage its stance rests on; otherwise the snippet's opening.
  const words = lead.quote?.text ?? (lead.snippet ? firstSentence(lead.snippet) : "");
  const phrase = words ? ` — ${lead.quote ? "page: " : ""}"${oneLine(truncate(words, PHRASE_CHARS))}"` : "";
  return `- ${id} ${side} ${lead.stanceScore.toFixed(2)}: ${domains.join("+")}${copies} · ${oneLine(truncate(lead.title || lead.domain, TITLE_CHARS))}${phrase}`;
}

function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/su.exec(text.trim());
  return match ? match[0] : text;
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
