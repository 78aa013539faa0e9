/**
 * The page in a real browser (headless Chromium): a report renders whole without JavaScript; with
 * it, the question box starts a run, shows its steps and then its report; text from results never
 * runs; the page asks no other host for anything.
 */
import { type AddressInfo, connect, createServer as createNetServer, type Socket } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "../../../src/report/report-schema.js";
import { browserPath, launchBrowser, NO_BROWSER } from "../../helpers/browser.js";
import { call } from "../../helpers/http-call.js";
import {
  HOSTILE_SNIPPET,
  HOSTILE_TITLE,
  keepHostileReport,
  PWNED,
  QUESTION,
  startWebFixture,
  type WebFixture,
} from "./web-fixture.js";

if (!browserPath) console.warn(`skipping the page's browser tests: ${NO_BROWSER}`);

/** A page that records its console errors, failed scripts and every host it asks for something. */
async function watchedPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  const hosts = new Set<string>();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.host);
  });
  return { page, errors, hosts };
}

const pwned = (page: Page) =>
  page.evaluate((name) => (globalThis as unknown as Record<string, unknown>)[name], PWNED);

/** A TCP relay to the server on `port`; `cut()` drops every connection through it at once. */
async function startRelay(port: string) {
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    const upstream = connect(Number(port), "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}

async function finishedRun(fixture: WebFixture): Promise<{ id: string; report: Report }> {
  const started = await call(fixture.api.url, "/v1/runs", { body: { question: QUESTION, read: 3 } });
  const { id } = started.json as { id: string };
  for (;;) {
    const answer = await call(fixture.api.url, `/v1/runs/${id}`);
    const run = answer.json as { status: string; report?: Report };
    if (run.status === "done" && run.report) return { id, report: run.report };
    if (run.status !== "running") throw new Error(`run ended ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!browserPath)("the page in headless Chromium", () => {
  let browser: Browser;
  const fixtures: WebFixture[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const relays: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.close()));
    await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()));
  });
  const fixture = async (options: Parameters<typeof startWebFixture>[0] = {}) => {
    const started = await startWebFixture(options);
    fixtures.push(started);
    return started;
  };

  it("renders /r/{id} complete without JavaScript: label, claim, every origin's sources as links, the quotes of pages read, copies folded", async () => {
    const web = await fixture();
    const { id, report } = await finishedRun(web);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const { page, errors, hosts } = await watchedPage(context);
    const response = await page.goto(`${web.api.url}/r/${id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");

    const banner = page.locator(".banner");
    await expect.poll(() => banner.textContent()).toContain("Contested");
    expect(report.confidence).toBe("contested");
    expect(await page.locator("h1.claim").textContent()).toContain(report.claim);
    // Every source of every origin is a link to its page, folded copies included.
    for (const origin of report.origins) {
      for (const evidenceId of origin.evidence) {
        const item = report.evidence.find((e) => e.id === evidenceId);
        expect(item).toBeDefined();
        expect(await page.locator(`a[href="${item?.url}"]`).count(), item?.url).toBeGreaterThan(0);
      }
    }
    // The quotes of the pages read, each linked to its sentence.
    const quoted = report.evidence.filter((e) => e.quote);
    expect(quoted.length).toBeGreaterThan(1);
    for (const item of quoted) {
      const link = page.locator(`blockquote a[href^="${item.url}#:~:text="]`);
      expect(await link.textContent()).toBe(item.quote?.text);
    }
    // Two pages of one origin: one card, the other folded under it.
    const shared = report.origins.find((o) => o.evidence.length > 1);
    expect(shared).toBeDefined();
    const summary = page.locator("details.copies summary");
    expect(await summary.first().textContent()).toMatch(/^also published by 1 — one origin: /);
    expect(
      await page
        .locator(
          `details.copies a[href="${report.evidence.find((e) => e.id === shared?.evidence[1])?.url}"], article#${shared?.evidence[1]}`,
        )
        .count(),
    ).toBe(1);
    expect(errors, errors.join("\n")).toEqual([]);
    expect([...hosts]).toEqual([new URL(web.api.url).host]);
    await context.close();
  });

  it("starts a run from the question box and shows its steps, then its report, without a reload by hand; nothing from a result runs", async () => {
    const web = await fixture({ hold: true });
    const context = await browser.newContext();
    const { page, errors, hosts } = await watchedPage(context);
    await page.goto(`${web.api.url}/`);
    await page.getByLabel("Question").fill(QUESTION);
    await page.getByLabel("Pages to read").fill("3");
    await page.getByRole("button", { name: "Ask" }).click();
    // The searches are held: the plan and the started calls show while the run waits on them.
    const steps = page.locator("#steps li");
    await expect
      .poll(() => steps.allTextContents(), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Plan: \d searches/),
          expect.stringMatching(/^Search 1 \(neutral\) started/),
        ]),
      );
    expect(page.url()).toBe(`${web.api.url}/`);
    web.release();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
    expect(await page.locator(".banner").textContent()).toContain("Contested");
    expect(await page.locator("blockquote").count()).toBeGreaterThan(1);
    expect(await pwned(page)).toBeUndefined();
    expect(errors, errors.join("\n")).toEqual([]);
    expect([...hosts]).toEqual([new URL(web.api.url).host]);
    await context.close();
  });

  it("shows markup, scripts and javascript: addresses in a report as text, and runs none of them", async () => {
    const web = await fixture();
    const { report } = await finishedRun(web);
    const id = await keepHostileReport(web.config, report);
    const context = await browser.newContext();
    const { page, errors, hosts } = await watchedPage(context);
    await page.goto(`${web.api.url}/r/${id}`);
    const text = (await page.locator("body").textContent()) ?? "";
    for (const payload of [
      HOSTILE_TITLE,
      HOSTILE_SNIPPET,
      `<script>window.${PWNED}=6</script>`,
      `<script>window.${PWNED}=7</script>`,
      `<img src=x onerror="window.${PWNED}=8">`,
    ])
      expect(text).toContain(payload);
    expect(await page.locator("main img, main script").count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(text).toContain(`javascript:window.${PWNED}=5`);
    expect(await pwned(page)).toBeUndefined();
    expect(errors, errors.join("\n")).toEqual([]);
    expect([...hosts]).toEqual([new URL(web.api.url).host]);
    await context.close();
  });

  it("reads on a phone without sideways scrolling, prints without its forms, and is reached by keyboard", async () => {
    const web = await fixture();
    const { id } = await finishedRun(web);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const { page, errors } = await watchedPage(context);
    const overflow = () =>
      page.evaluate(() => {
        const root = (
          globalThis as unknown as {
            document: { documentElement: { scrollWidth: number; clientWidth: number } };
          }
        ).document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
    await page.goto(`${web.api.url}/r/${id}`);
    expect(await overflow()).toBe(0);
    // One column on a phone: contradicting evidence under the supporting.
    const [support, contradict] = await Promise.all([
      page.locator(".side-support").boundingBox(),
      page.locator(".side-contradict").boundingBox(),
    ]);
    expect(contradict?.y).toBeGreaterThan((support?.y ?? 0) + (support?.height ?? 0) - 1);
    // Printed, the folded copies show without opening them.
    const copy = page.locator("details.copies li a").first();
    expect(await copy.isVisible()).toBe(false);
    await page.emulateMedia({ media: "print" });
    expect(await copy.isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });
    await page.goto(`${web.api.url}/`);
    expect(await overflow()).toBe(0);
    // Keyboard: Tab from the top reaches the question box and then its options and button.
    const focused: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press("Tab");
      focused.push(
        await page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { id: string; tagName: string } } })
              .document.activeElement.id ||
            (globalThis as unknown as { document: { activeElement: { tagName: string } } }).document
              .activeElement.tagName,
        ),
      );
    }
    expect(focused).toEqual(expect.arrayContaining(["question", "read", "language", "BUTTON"]));
    expect(focused.indexOf("question")).toBeLessThan(focused.indexOf("BUTTON"));
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("form.ask").isVisible()).toBe(false);
    expect(await page.locator("h1").isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks from the question box without JavaScript: the form posts and the run's page reloads itself until the report is there", async () => {
    const web = await fixture({ hold: true });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const { page, errors } = await watchedPage(context);
    await page.goto(`${web.api.url}/`);
    await page.getByLabel("Question").fill(QUESTION);
    await page.getByRole("button", { name: "Ask" }).click();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]{22}$/);
    // The page shows the steps so far and loads itself again (every 2 s) until there are some.
    await expect
      .poll(() => page.locator("#steps li").allTextContents(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Plan: /)]));
    expect(await page.locator(".banner").count()).toBe(0);
    web.release();
    await page.locator(".banner").waitFor({ timeout: 15_000 });
    expect(await page.locator(".banner").textContent()).toContain("Contested");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows a running run's own page with JavaScript and shows its report when it is done", async () => {
    const web = await fixture({ hold: true });
    const started = await call(web.api.url, "/v1/runs", { body: { question: QUESTION, read: 0 } });
    const { id } = started.json as { id: string };
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await page.goto(`${web.api.url}/r/${id}`);
    await expect
      .poll(() => page.locator("#steps li").allTextContents(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Search 1 \(neutral\) started/)]));
    const steps = await page.locator("#steps li").allTextContents();
    expect(new Set(steps).size).toBe(steps.length);
    web.release();
    await page.locator(".banner").waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${web.api.url}/r/${id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("asks a token-protected server's token once, then asks and shows the report", async () => {
    const web = await fixture({ token: "browser-token" });
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    const first = await page.goto(`${web.api.url}/`);
    expect(first?.status()).toBe(401);
    await page.getByLabel("Token").fill("browser-token");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Question").fill(QUESTION);
    await page.getByRole("button", { name: "Ask" }).click();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
    expect(await page.locator(".banner").textContent()).toContain("Contested");
    // The cookie is the session's: scripts cannot read it.
    expect(
      await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie),
    ).toBe("");
    expect(
      errors.filter((error) => !error.startsWith("401 ") && !error.includes("401 (Unauthorized)")),
    ).toEqual([]);
    await context.close();
  });

  it("resumes the steps after the last one seen (Last-Event-ID) when the connection drops mid-run", async () => {
    const web = await fixture({ hold: true });
    // The browser reaches the server through a relay whose connections the test can cut.
    const proxy = await startRelay(new URL(web.api.url).port);
    relays.push(proxy);
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    const resumedAfter: string[] = [];
    page.on("request", (request) => {
      const after = request.headers()["last-event-id"];
      if (request.url().endsWith("/events") && after !== undefined) resumedAfter.push(after);
    });
    await page.goto(`${proxy.url}/`);
    await page.getByLabel("Question").fill(QUESTION);
    await page.getByRole("button", { name: "Ask" }).click();
    const steps = page.locator("#steps li");
    await expect.poll(() => steps.count(), { timeout: 10_000 }).toBeGreaterThan(2);
    const before = await steps.allTextContents();
    proxy.cut();
    await expect.poll(() => resumedAfter.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Number(resumedAfter[0])).toBeGreaterThan(0);
    // Nothing seen before the drop is shown twice.
    expect((await steps.allTextContents()).slice(0, before.length)).toEqual(before);
    expect(new Set(await steps.allTextContents()).size).toBe(await steps.count());
    web.release();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
    expect(await page.locator(".banner").textContent()).toContain("Contested");
    await context.close();
  });
});
