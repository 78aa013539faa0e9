/**
 * The page for people as HTTP sees it: its policy and headers, its size, the question box working
 * without JavaScript (a form, a redirect, a page that reloads itself until the report is there), the
 * report as markdown and JSON, deleting, forms from elsewhere refused, and a token asked for once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY, TOKEN_COOKIE } from "../../../src/interfaces/server/page-routes.js";
import { renderMarkdown } from "../../../src/report/render-markdown.js";
import type { Report } from "../../../src/report/report-schema.js";
import { call } from "../../helpers/http-call.js";
import { QUESTION, startWebFixture, type WebFixture } from "../web/web-fixture.js";

const fixtures: WebFixture[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()));
});
const fixture = async (options: Parameters<typeof startWebFixture>[0] = {}) => {
  const started = await startWebFixture(options);
  fixtures.push(started);
  return started;
};

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function reportOf(base: string, id: string): Promise<Report> {
  for (;;) {
    const run = (await call(base, `/v1/runs/${id}`)).json as { status: string; report?: Report };
    if (run.report) return run.report;
    if (run.status !== "running") throw new Error(`run ended ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks from the question box as a browser without JavaScript would; returns the run's page. */
async function ask(base: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return call(base, "/ask", { body: form(fields), contentType: null, headers: { ...FORM, ...headers } });
}

describe("the page for people over HTTP", () => {
  it("sends every page and file with its type and a policy that allows the project's own files only", async () => {
    const { api } = await fixture();
    for (const [path, type] of [
      ["/", "text/html"],
      ["/assets/page.css", "text/css"],
      ["/assets/page.js", "text/javascript"],
      ["/assets/icon.svg", "image/svg+xml"],
    ] as const) {
      const answer = await call(api.url, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-type"]).toBe(`${type}; charset=utf-8`);
      expect(answer.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    const home = (await call(api.url, "/")).text;
    expect(home).not.toMatch(/<script>|<style>| style=| on[a-z]+=|https?:\/\//i);
  });

  it("keeps the page small: /, a report, its stylesheet and script under 100 KB together", async () => {
    const { api } = await fixture();
    const started = await call(api.url, "/v1/runs", { body: { question: QUESTION, read: 3 } });
    const { id } = started.json as { id: string };
    await reportOf(api.url, id);
    let bytes = 0;
    for (const path of ["/", `/r/${id}`, "/assets/page.css", "/assets/page.js", "/assets/icon.svg"]) {
      bytes += Buffer.byteLength((await call(api.url, path)).text);
    }
    expect(bytes).toBeGreaterThan(5_000);
    expect(bytes).toBeLessThan(100 * 1024);
  });

  it("works without JavaScript: the form posts, the run's page reloads itself with its steps, then it is the report, also as .md and .json", async () => {
    const web = await fixture({ hold: true });
    const posted = await ask(web.api.url, { question: QUESTION, read: "3", language: "en" });
    expect(posted.status).toBe(303);
    const location = String(posted.headers.location);
    expect(location).toMatch(/^\/r\/[A-Za-z0-9_-]{22}$/);
    // The searches are held: the run's page shows the steps so far, the plan first.
    let running = await call(web.api.url, location);
    while (!running.text.includes("<li>Plan:")) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      running = await call(web.api.url, location);
    }
    expect(running.status).toBe(200);
    expect(running.text).toContain('<noscript><meta http-equiv="refresh" content="2"></noscript>');
    expect(running.text).toMatch(/<li>Plan: \d searches for the claim/);
    web.release();
    const id = location.slice(3);
    const report = await reportOf(web.api.url, id);
    const page = await call(web.api.url, location);
    expect(page.text).not.toContain('http-equiv="refresh"');
    expect(page.text).toContain('class="banner label-contested"');
    const markdown = await call(web.api.url, `${location}.md`);
    expect(markdown.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(markdown.text).toBe(renderMarkdown(report));
    const json = await call(web.api.url, `${location}.json`);
    expect(json.json).toEqual(report);
  });

  it("asks for evidence from the time range chosen in the box", async () => {
    const web = await fixture();
    const home = await call(web.api.url, "/");
    expect(home.text).toContain('<label for="time-range">Evidence from</label>');
    const posted = await ask(web.api.url, { question: QUESTION, read: "0", timeRange: "week" });
    await reportOf(web.api.url, String(posted.headers.location).slice(3));
    // The planned searches (the health check before them asks for something else).
    const searches = web.searx.requests.filter(
      (request) => request.path === "/search" && /fasting/.test(String(request.query.q)),
    );
    expect(searches.length).toBe(4);
    expect(searches.every((request) => request.query.time_range === "week")).toBe(true);
  });

  it("shows what is wrong with a question in the box's own page", async () => {
    const { api } = await fixture();
    const answer = await ask(api.url, { question: QUESTION, read: "99" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<p class="error" role="alert">');
    expect(answer.text).toMatch(/read/);
  });

  it("refuses forms posted from another site's page", async () => {
    const { api } = await fixture();
    for (const headers of [
      { origin: "http://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ]) {
      const answer = await ask(api.url, { question: QUESTION, read: "0" }, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.text).toContain("forms are taken from this server&#39;s own pages only");
    }
    const own = await ask(
      api.url,
      { question: QUESTION, read: "0" },
      { origin: api.url, "sec-fetch-site": "same-origin" },
    );
    expect(own.status).toBe(303);
  });

  it("deletes a finished run from its form, and a run gone is a page that says so", async () => {
    const { api } = await fixture();
    const posted = await ask(api.url, { question: QUESTION, read: "0" });
    const location = String(posted.headers.location);
    await reportOf(api.url, location.slice(3));
    expect((await call(api.url, "/")).text).toContain(`href="${location}"`);
    const deleted = await call(api.url, `${location}/delete`, { body: "", contentType: null, headers: FORM });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe("/");
    expect((await call(api.url, "/")).text).not.toContain(`href="${location}"`);
    const gone = await call(api.url, location);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("No such run");
    expect((await call(api.url, `${location}.json`)).status).toBe(404);
  });

  it("answers pages only to loopback names on loopback (the Host guard)", async () => {
    const { api } = await fixture();
    const answer = await call(api.url, "/", { headers: { host: "evil.example" } });
    expect(answer.status).toBe(403);
  });

  it("asks for the token once: the form keeps it in an HttpOnly, SameSite=Strict session cookie that the API takes too", async () => {
    const { api } = await fixture({ token: "s3cret-token" });
    const asked = await call(api.url, "/r/abc");
    expect(asked.status).toBe(401);
    expect(asked.text).toContain('<input type="password" id="token" name="token"');
    expect(asked.text).toContain('name="next" value="/r/abc"');
    expect((await call(api.url, "/assets/page.css")).status).toBe(200);
    expect((await call(api.url, "/v1/runs/abc")).status).toBe(401);

    const wrong = await call(api.url, "/session", {
      body: form({ token: "nope", next: "/" }),
      contentType: null,
      headers: FORM,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("That is not the token");
    expect(wrong.headers["set-cookie"]).toBeUndefined();

    const right = await call(api.url, "/session", {
      body: form({ token: "s3cret-token", next: "//evil.example/" }),
      contentType: null,
      headers: FORM,
    });
    expect(right.status).toBe(303);
    expect(right.headers.location).toBe("/");
    expect(right.headers["set-cookie"]).toBe(
      `${TOKEN_COOKIE}=s3cret-token; Path=/; HttpOnly; SameSite=Strict`,
    );
    const cookie = { cookie: `${TOKEN_COOKIE}=s3cret-token` };
    expect((await call(api.url, "/", { headers: cookie })).status).toBe(200);
    expect((await call(api.url, "/v1/runs/abc", { headers: cookie })).status).toBe(404);
    expect((await call(api.url, "/", { headers: { cookie: `${TOKEN_COOKIE}=other` } })).status).toBe(401);
  });
});
