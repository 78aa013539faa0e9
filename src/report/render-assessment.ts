import type { Assessment } from "../operations/assess.js";
import { judgedByLine } from "./judged-by.js";
import { oneLine } from "./one-line.js";
import { originLines } from "./origin-lines.js";
import { reliabilityLine } from "./reliability.js";

/** The markdown of an `assess` result: the finding, its confidence, the evidence for and against, notes. */
export function renderAssessment(a: Assessment): string {
  const byId = new Map(a.evidence.map((e) => [e.id, e]));
  const list = (ids: readonly string[]) =>
    ids.length === 0
      ? ["- none found"]
      : ids.map((id) => {
          const e = byId.get(id);
          return `- ${oneLine(e?.title || e?.domain || id)} (${e?.domain ?? "?"}, ${id}, origin ${e?.originId ?? "?"})`;
        });
  return [
    `**Claim:** ${oneLine(a.finding)}`,
    "",
    `**Confidence:** ${a.confidence} — ${oneLine(a.summary)}`,
    "",
    "**Supporting evidence:**",
    ...list(a.supporting),
    "",
    "**Contradicting evidence:**",
    ...list(a.contradicting),
    ...judgedByLine(a.evidence),
    "",
    `_${reliabilityLine(a.reliability)}_`,
    ...originLines(a.origins),
    ...(a.notes.length > 0 ? ["", "**Notes:**", ...a.notes.map((n) => `- ${oneLine(n)}`)] : []),
    ...(a.escalate ? ["", "_Inconclusive: escalate to deeper research._"] : []),
  ].join("\n");
}
