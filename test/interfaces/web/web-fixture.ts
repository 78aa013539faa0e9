/**
 * A `core-search serve` for the page's tests: a fake SearXNG whose engines return pages served on
 * loopback addresses of their own (127.0.0.2, .3, …, so each is a site of its own), pages that can
 * be read and quoted. One result's title and snippet carry markup and a script; another's address
 * is a `javascript:` link: the page must show them as text and run nothing.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, configFromObject } from "../../../src/config/config.js";
import { PROBE_QUERY } from "../../../src/health/preflight.js";
import { type HttpApi, type HttpApiOptions, startHttpApi } from "../../../src/interfaces/server/http-api.js";
import type { Report } from "../../../src/report/report-schema.js";
import { newRunId } from "../../../src/runs/run-id.js";
import { summaryOf } from "../../../src/runs/run-record.js";
import { openRunStore } from "../../../src/runs/run-store.js";
import { openStateStore } from "../../../src/state/open-state-store.js";
import { type FakeEngine, startFakeSearxng, startHeldSearxng } from "../../helpers/fake-searxng.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

export const QUESTION = "Is intermittent fasting safe?";
/** What an injected payload sets when it runs. */
export const PWNED = "__pwned";
export const HOSTILE_TITLE = `<img src=x onerror="window.${PWNED}=1">Intermittent fasting is not safe <script>window.${PWNED}=2</script>`;
export const HOSTILE_SNIPPET = `<script>window.${PWNED}=3</script> Intermittent fasting is unsafe and harmful for many people, doctors warn.`;

interface Article {
  host: string;
  path: string;
  title: string;
  snippet: string;
  text: string;
}

const ARTICLES: Omit<Article, "host">[] = [
  {
    path: "/fasting-is-safe",
    title: "Intermittent fasting is safe for healthy adults, study finds",
    snippet: "Intermittent fasting is safe for healthy adults, a two-year trial found.",
    text: "A two-year trial of 500 adults reported that intermittent fasting is safe for healthy adults and causes no lasting harm.",
  },
  {
    path: "/fasting-risks",
    title: HOSTILE_TITLE,
    snippet: HOSTILE_SNIPPET,
    text: "Doctors warn that intermittent fasting is not safe for people with diabetes and can be harmful.",
  },
  {
    path: "/fasting-safe-copy",
    title: "Intermittent fasting is safe for healthy adults, study finds",
    snippet: "Intermittent fasting is safe for healthy adults, a two-year trial found.",
    text: "A two-year trial of 500 adults reported that intermittent fasting is safe for healthy adults and causes no lasting harm.",
  },
  {
    path: "/fasting-benefits",
    title: "Fasting diets are safe and effective, review says",
    snippet: "A review of trials says intermittent fasting is safe and effective for weight loss.",
    text: "The review of 27 trials concluded that intermittent fasting is safe and effective for weight loss in adults.",
  },
];

function articleHtml(article: Article): string {
  return `<!doctype html><html><head><title>${article.title.replace(/</g, "&lt;")}</title></head><body><article><h1>${article.title.replace(/</g, "&lt;")}</h1><p>${article.text}</p><p>${article.text}</p></article></body></html>`;
}

export interface WebFixture {
  api: HttpApi;
  config: Config;
  articles: Article[];
  /** Lets a held search go on (`hold: true`); nothing otherwise. */
  release: () => void;
  /** The fake SearXNG, with the requests it was sent. */
  searx: ScriptedServer;
  close: () => Promise<void>;
}

/** Starts the pages' sites, the fake SearXNG and the server. */
export async function startWebFixture(
  options: { hold?: boolean; token?: string; api?: Partial<HttpApiOptions> } = {},
): Promise<WebFixture> {
  // Pages are read in the built extraction worker, as in every server.
  if (!existsSync(new URL("../../../dist/read/extract-worker-entry.cjs", import.meta.url))) {
    throw new Error("run `npm run build` first: the pages are read by dist/read/extract-worker-entry.cjs");
  }
  const sites: Server[] = [];
  const articles: Article[] = [];
  for (const [index, article] of ARTICLES.entries()) {
    const site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(articleHtml({ ...article, host: "" }));
    });
    const address = `127.0.0.${index + 2}`;
    await new Promise<void>((resolve) => site.listen(0, address, resolve));
    sites.push(site);
    articles.push({ ...article, host: `${address}:${(site.address() as AddressInfo).port}` });
  }
  const results = articles.map((a) => ({
    url: `http://${a.host}${a.path}`,
    title: a.title,
    content: a.snippet,
  }));
  results.push({
    url: "javascript:window.__pwned=4",
    title: "A javascript: link",
    content: "Intermittent fasting is safe, says a page whose address is a script.",
  });
  const engines: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map((name) => ({
    name,
    categories: name === "arxiv" ? ["science"] : ["general", "news"],
    results,
  }));
  let searx: ScriptedServer;
  let release = () => {};
  if (options.hold) {
    const held = await startHeldSearxng(engines, PROBE_QUERY);
    searx = held.server;
    release = held.release;
  } else searx = await startFakeSearxng(engines);
  const config = configFromObject({
    keyless: "off",
    stateDir: mkdtempSync(join(tmpdir(), "core-search-web-")),
    cacheTtlMs: 0,
    searxngUrl: searx.url,
    allowPrivateAddresses: true,
  });
  const api = await startHttpApi({
    config,
    analysisThreads: 0,
    ...(options.token ? { token: options.token } : {}),
    ...options.api,
  });
  return {
    api,
    config,
    articles,
    release,
    searx,
    close: async () => {
      release();
      await api.close();
      await searx.close();
      await Promise.all(sites.map((site) => new Promise<void>((resolve) => site.close(() => resolve()))));
    },
  };
}

/**
 * Keeps a copy of `report` as a run of its own with markup, scripts and a `javascript:` address
 * where web text goes (the search services' cleaning would have taken some of it out), and returns
 * its id: the page must show all of it as text.
 */
export async function keepHostileReport(config: Config, report: Report): Promise<string> {
  const id = newRunId();
  const evidence = report.evidence.map((item, index) => ({
    ...item,
    title: index === 0 ? HOSTILE_TITLE : item.title,
    snippet: index === 0 ? HOSTILE_SNIPPET : item.snippet,
    url: index === 1 ? `javascript:window.${PWNED}=5` : item.url,
    // The first is judged on its snippet; the others' quotes carry a script.
    quote:
      index === 0 || !item.quote
        ? null
        : { ...item.quote, text: `${item.quote.text} <script>window.${PWNED}=6</script>` },
  }));
  const hostile: Report = {
    ...report,
    question: `${report.question} <script>window.${PWNED}=7</script>`,
    notes: [...report.notes, `<img src=x onerror="window.${PWNED}=8">`],
    evidence,
    runId: id,
  };
  const state = openStateStore(config);
  try {
    const { kept } = await openRunStore(state, config).keep({
      version: 1,
      summary: summaryOf(hostile, { id, kind: "corroborate", question: hostile.question, ms: 10 }),
      report: hostile,
    });
    if (!kept) throw new Error("the hostile report was not kept");
  } finally {
    await state.close();
  }
  return id;
}
