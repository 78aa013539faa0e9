/**
 * A kept run's result as a whole page: a question's report (reportHtml), or an assessment as its
 * markdown, escaped. The server's page links the stylesheet; the file of `--html` inlines it.
 */
import type { Assessment } from "../../operations/assess-input.js";
import { renderAssessment } from "../../report/render-assessment.js";
import { renderMarkdown } from "../../report/render-markdown.js";
import type { Report } from "../../report/report-schema.js";
import { escapeHtml, type PageAssets, pageDocument } from "./html.js";
import { pageAssets } from "./page-assets.js";
import { reportHtml } from "./report-html.js";

export function reportDocument(result: Report | Assessment, assets: PageAssets, header = ""): string {
  const body =
    "plan" in result
      ? reportHtml(result)
      : `<main class="report"><h1 class="claim"><span class="tag">Claim assessed</span> ${escapeHtml(result.claim)}</h1><pre>${escapeHtml(renderAssessment(result))}</pre></main>`;
  const title = "plan" in result ? result.question : result.claim;
  return pageDocument({ title: `${title} — core-search`, body: `${header}${body}`, assets });
}

/** The report as one self-contained file (`--html`): its stylesheet inlined, no script, no other file. */
export function reportFile(result: Report | Assessment): string {
  return reportDocument(result, { kind: "inline", css: pageAssets().css });
}

/** A kept run's result as markdown, as `core-search show` prints it. */
export function reportMarkdown(result: Report | Assessment): string {
  return "plan" in result ? renderMarkdown(result) : `${renderAssessment(result)}\n`;
}
