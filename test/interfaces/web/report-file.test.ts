/**
 * `core-search "<question>" --html FILE` and `show <id> --html FILE`: one self-contained page that
 * opens from file:// with no server and no network, and shows the same report as the server's page.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { Report } from "../../../src/report/report-schema.js";
import { browserPath, launchBrowser, NO_BROWSER } from "../../helpers/browser.js";
import { runCliWith } from "../../helpers/run-cli.js";
import { QUESTION, startWebFixture, type WebFixture } from "./web-fixture.js";

const fixtures: WebFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()));
});

async function writtenReport() {
  const web = await startWebFixture();
  fixtures.push(web);
  const folder = mkdtempSync(join(tmpdir(), "core-search-html-"));
  const env = {
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_STATE_DIR: join(folder, "state"),
    CORE_SEARCH_CACHE_TTL: "0",
    CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "1",
    SEARXNG_URL: web.config.searxngUrl ?? "",
  };
  const file = join(folder, "report.html");
  const asked = await runCliWith([QUESTION, "--read", "3", "--json", "--html", file], env);
  expect(asked.code, asked.stderr).toBe(0);
  expect(asked.stderr).toContain(`wrote the report to ${file}`);
  return { env, folder, file, report: JSON.parse(asked.stdout) as Report };
}

describe("--html FILE", () => {
  it("writes one file with its stylesheet inside and no script, link or address of its own to load; show <id> --html writes the same", async () => {
    const { env, folder, file, report } = await writtenReport();
    const html = readFileSync(file, "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed/i);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'`,
    );
    expect(html).toContain(report.claim);
    const again = join(folder, "again.html");
    const shown = await runCliWith(["show", report.runId ?? "", "--html", again], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(readFileSync(again, "utf8")).toBe(html);
  });

  it("says which file it cannot write", async () => {
    const { env, report } = await writtenReport();
    const shown = await runCliWith(["show", report.runId ?? "", "--html", "/nonexistent/folder/x.html"], env);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain("cannot write --html /nonexistent/folder/x.html (ENOENT)");
  });

  it.skipIf(!browserPath)(
    "opens from file:// in Chromium and shows the report, asking nothing of any host",
    async () => {
      if (!browserPath) console.warn(`skipped: ${NO_BROWSER}`);
      const { file, report } = await writtenReport();
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const asked: string[] = [];
        const errors: string[] = [];
        page.on("request", (request) => asked.push(request.url()));
        page.on("console", (message) => {
          if (message.type() === "error") errors.push(message.text());
        });
        await page.goto(pathToFileURL(file).href);
        expect(await page.locator(".banner").textContent()).toContain("Contested");
        expect(await page.locator("h1.claim").textContent()).toContain(report.claim);
        for (const item of report.evidence.filter((e) => e.quote))
          expect(await page.locator("blockquote").allTextContents()).toEqual(
            expect.arrayContaining([expect.stringContaining(item.quote?.text ?? "")]),
          );
        // Styled from the file itself: the label's banner has its border.
        expect(
          await page
            .locator(".banner")
            .evaluate(
              (node) =>
                (
                  globalThis as unknown as { getComputedStyle: (n: unknown) => { borderLeftWidth: string } }
                ).getComputedStyle(node).borderLeftWidth,
            ),
        ).not.toBe("0px");
        expect(asked).toEqual([pathToFileURL(file).href]);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
