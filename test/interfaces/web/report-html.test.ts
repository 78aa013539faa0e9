/**
 * The report's HTML without a browser: the one escape, which addresses may be links, the text
 * fragment that points at a quote, and an outage shown as an outage rather than as no evidence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml, safeHref } from "../../../src/interfaces/web/html.js";
import { reportHtml, textFragment } from "../../../src/interfaces/web/report-html.js";
import type { Report } from "../../../src/report/report-schema.js";
import { call } from "../../helpers/http-call.js";
import { QUESTION, startWebFixture, type WebFixture } from "./web-fixture.js";

describe("escapeHtml", () => {
  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`" onmouseover="x`, "&quot; onmouseover=&quot;x"],
    ["it's & more", "it&#39;s &amp; more"],
    ["&lt;", "&amp;lt;"],
    ["a\u001b[31mred\u0007", "ared"],
    [42, "42"],
  ])("%j → %j", (input, output) => {
    expect(escapeHtml(input)).toBe(output);
  });
});

describe("safeHref", () => {
  it.each([
    ["https://example.org/a?b=1&c=2", "https://example.org/a?b=1&amp;c=2"],
    ['http://example.org/"><script>', "http://example.org/%22%3E%3Cscript%3E"],
    ["javascript:alert(1)", undefined],
    ["JaVaScRiPt:alert(1)", undefined],
    ["data:text/html,<script>alert(1)</script>", undefined],
    ["vbscript:msgbox", undefined],
    ["/relative", undefined],
    ["not a url", undefined],
  ])("%s → %s", (input, output) => {
    expect(safeHref(input)).toBe(output);
  });
});

describe("textFragment", () => {
  it.each([
    ["Fasting is safe.", "#:~:text=Fasting%20is%20safe."],
    ["A well-known, safe & cheap diet", "#:~:text=A%20well%2Dknown%2C%20safe%20%26%20cheap%20diet"],
    [
      "one two three four five six seven eight nine ten",
      "#:~:text=one%20two%20three%20four,seven%20eight%20nine%20ten",
    ],
    ["   ", ""],
  ])("%j → %s", (quote, fragment) => {
    expect(textFragment(quote)).toBe(fragment);
  });
});

describe("reportHtml", () => {
  let web: WebFixture;
  let report: Report;
  beforeAll(async () => {
    web = await startWebFixture();
    const { id } = (await call(web.api.url, "/v1/runs", { body: { question: QUESTION, read: 3 } })).json as {
      id: string;
    };
    for (;;) {
      const run = (await call(web.api.url, `/v1/runs/${id}`)).json as { status: string; report?: Report };
      if (run.report) {
        report = run.report;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await web?.close();
  });

  it("shows a failed search as an outage with what failed, and engines that did not answer by name", () => {
    const [first, ...rest] = report.calls;
    if (!first) throw new Error("no call");
    const html = reportHtml({
      ...report,
      calls: [
        {
          ...first,
          status: "failed",
          provider: null,
          hits: 0,
          attempts: [{ provider: "searxng", outcome: "timeout", ms: 5000 }],
        },
        ...rest.map((call) => ({ ...call, unresponsiveEngines: [{ engine: "bing", reason: "timeout" }] })),
      ],
    });
    expect(html).toContain('<li class="call call-failed">');
    expect(html).toContain("no results (outage)");
    expect(html).toContain('<span class="outage">outage: no service answered (searxng: timeout)</span>');
    expect(html).toContain('<span class="outage">engines down: bing (timeout)</span>');
    const skipped = reportHtml({
      ...report,
      calls: [{ ...first, status: "skipped", provider: null, hits: 0 }],
    });
    expect(skipped).toContain('<span class="hits">not run (skipped: the notes say why)</span>');
    expect(skipped).not.toContain("0 results");
  });

  it("names the label in words, with its direction, whatever its colour", () => {
    for (const [confidence, words] of [
      ["corroborated", "Corroborated"],
      ["single-source", "Single source"],
      ["contested", "Contested"],
      ["low-coverage", "Low coverage"],
    ] as const) {
      const html = reportHtml({ ...report, confidence, direction: "refutes" });
      expect(html).toContain(`<strong>${words}</strong> — the evidence refutes the claim`);
    }
  });

  it("says none was found on a side without evidence", () => {
    const html = reportHtml({ ...report, supporting: [], contradicting: [] });
    expect(html.match(/<p class="none">None found.<\/p>/g)).toHaveLength(2);
  });
});
