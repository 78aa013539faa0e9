import { withoutControls } from "../util/control-characters.js";
import { judgedByLine } from "./judged-by.js";
import { oneLine } from "./one-line.js";
import { originLines } from "./origin-lines.js";
import { reliabilityLine } from "./reliability.js";
import type { Evidence, Report } from "./report-schema.js";

/**
 * The report in the skill's shape: Claim, Supporting evidence, Contradicting evidence, Confidence,
 * then the notes and the calls that ran. Evidence text is quoted as data, never as markup.
 */
export function renderMarkdown(report: Report): string {
  const byId = new Map(report.evidence.map((e) => [e.id, e]));
  const pick = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const others = report.evidence.filter((e) => e.stance === "neutral");
  const lines: string[] = [
    `**Claim:** ${oneLine(report.finding)}`,
    "",
    `**Confidence:** ${report.confidence} (${report.direction === "unclear" ? "direction unclear" : `${report.direction} the claim`}) — ${oneLine(report.summary)}`,
    "",
    `Question: ${oneLine(report.question)}  `,
    `Claim tested: ${oneLine(report.claim)}`,
    "",
    "**Supporting evidence:**",
    ...evidenceList(pick(report.supporting)),
    "",
    "**Contradicting evidence:**",
    ...evidenceList(pick(report.contradicting)),
  ];
  if (others.length > 0) lines.push("", "**Other sources (no clear stance):**", ...evidenceList(others));
  lines.push(...judgedByLine(report.evidence), "", `_${reliabilityLine(report.reliability)}_`);
  lines.push(...originLines(report.origins));
  if (report.notes.length > 0) lines.push("", "**Notes:**", ...report.notes.map((n) => `- ${oneLine(n)}`));
  lines.push(
    "",
    "**Calls:**",
    "",
    "| # | role | query | status | provider | hits | attempts |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const call of report.calls) {
    const attempts = call.attempts
      .map((a) => `${a.provider}: ${a.outcome}${a.ms ? ` (${a.ms} ms)` : ""}`)
      .join(", ");
    lines.push(
      `| ${call.id} | ${call.role} | ${oneLine(call.query)} | ${call.status} | ${call.provider ?? "—"} | ${call.hits} | ${oneLine(attempts) || "—"} |`,
    );
  }
  if (report.escalate) lines.push("", "_Inconclusive: escalate to deeper research._");
  // The id is 22 letters and digits (run-id.ts): safe to print as it is.
  if (report.runId !== undefined)
    lines.push(
      "",
      `_Kept as run ${report.runId}: \`core-search show ${report.runId}\` prints it again, \`core-search rejudge ${report.runId}\` judges it again._`,
    );
  return `${lines.join("\n")}\n`;
}

function evidenceList(items: readonly Evidence[]): string[] {
  if (items.length === 0) return ["- none found"];
  return items.map((e) => {
    const point = e.snippet ? ` — ${oneLine(truncate(e.snippet, 240))}` : "";
    const low = e.quality === "low" ? ", low quality: counts half" : "";
    const line = `- [${oneLine(e.title || e.domain)}](${withoutControls(e.url).replace(/[()\s]/g, encodeURIComponent)}) (${e.domain}, ${e.id}, origin ${e.originId}${low})${point}`;
    return [line, ...readLines(e)].join("\n");
  });
}

/** Under a source whose page was read: the passage its stance rests on, or why it was not read. */
function readLines(e: Evidence): string[] {
  if (e.quote)
    return [`  > ${oneLine(e.quote.text)} (page text, characters ${e.quote.start}–${e.quote.end})`];
  if (e.readStatus.startsWith("failed: "))
    return [`  (page not read — ${e.readStatus.slice("failed: ".length)}; judged on its snippet)`];
  return [];
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
