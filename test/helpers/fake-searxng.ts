/**
 * A SearXNG-shaped service on the scripted server: `/config` lists engines, `/search` answers per
 * engine from a table, honouring `engines=` / `categories=` the way SearXNG selects engines.
 */
import type { RecordedRequest, ScriptedReply, ScriptedServer } from "./scripted-server.js";
import { startScriptedServer } from "./scripted-server.js";

export interface FakeEngine {
  name: string;
  categories: string[];
  enabled?: boolean;
  /** Results this engine returns for any query, or an error reason listed in unresponsive_engines. */
  results?: { url: string; title: string; content: string }[];
  fails?: string;
  /** When set, `fails` applies only to queries this returns true for (e.g. not the preflight probe). */
  failsFor?: (query: string) => boolean;
}

export async function startFakeSearxng(engines: FakeEngine[]): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  server.route("GET", "/config", {
    body: {
      categories: ["general", "news", "science", "it"],
      engines: engines.map((e) => ({
        name: e.name,
        categories: e.categories,
        enabled: e.enabled ?? true,
        time_range_support: true,
      })),
    },
  });
  server.route("GET", "/search", (req) => searxngReply(engines, req));
  return server;
}

/** What a SearXNG with these engines answers to `req` (exported so a test can wrap it). */
export function searxngReply(engines: FakeEngine[], req: RecordedRequest): ScriptedReply {
  const named = req.query.engines?.split(",") ?? [];
  const categories = req.query.categories?.split(",") ?? ["general"];
  const selected = engines.filter((e) =>
    named.length > 0
      ? named.includes(e.name)
      : (e.enabled ?? true) && e.categories.some((c) => categories.includes(c)),
  );
  const byUrl = new Map<
    string,
    { url: string; title: string; content: string; engines: string[]; score: number }
  >();
  const unresponsive: [string, string][] = [];
  for (const engine of selected) {
    if (engine.fails && (engine.failsFor?.(req.query.q ?? "") ?? true)) {
      unresponsive.push([engine.name, engine.fails]);
      continue;
    }
    for (const [index, result] of (engine.results ?? []).entries()) {
      const existing = byUrl.get(result.url);
      if (existing) {
        existing.engines.push(engine.name);
        existing.score += 1 / (index + 1);
      } else {
        byUrl.set(result.url, { ...result, engines: [engine.name], score: 1 / (index + 1) });
      }
    }
  }
  return { body: { query: req.query.q, results: [...byUrl.values()], unresponsive_engines: unresponsive } };
}

const WORDS = [
  "trial",
  "cohort",
  "review",
  "metabolic",
  "outcomes",
  "cardiology",
  "guideline",
  "nutrition",
  "clinic",
  "fasting",
  "glucose",
  "insulin",
  "weight",
  "sleep",
  "hormone",
  "analysis",
  "risks",
  "benefits",
  "adults",
  "elderly",
  "athletes",
  "diabetes",
  "evidence",
  "survey",
  "doctors",
  "patients",
  "windows",
  "meals",
];

/** A distinct article per domain: different titles and snippets, so no two read as one syndicated story. */
export const page = (domain: string, path = "article") => {
  let seed = 0;
  for (const char of `${domain}/${path}`) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const pick = (n: number) => WORDS[(seed >>> (n * 3)) % WORDS.length] ?? "note";
  return {
    url: `https://${domain}/${path}`,
    title: `${domain} on ${pick(0)} ${pick(1)} and ${pick(2)}`,
    content: `What ${domain} reports about ${pick(3)}, ${pick(4)} and ${pick(5)}.`,
  };
};

/** Six engines of the general and news categories and arxiv, two distinct articles each. */
export const SIX_ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek", "wiby", "arxiv"].map(
  (name, i) => ({
    name,
    categories: name === "arxiv" ? ["science"] : ["general", "news"],
    results: [page(`site${i}.org`), page(`other${i}.org`)],
  }),
);

/**
 * A fake SearXNG whose searches wait until `release()`, but for the preflight's probe (`probeQuery`),
 * answered at once: a question asked of it stays running until the test lets it go on.
 */
export async function startHeldSearxng(
  engines: FakeEngine[],
  probeQuery: string,
): Promise<{ server: ScriptedServer; release: () => void; asked: () => boolean }> {
  const server = await startFakeSearxng(engines);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  server.route("GET", "/search", async (req) => {
    if (req.query.q !== probeQuery) {
      asked = true;
      await released;
    }
    return searxngReply(engines, req);
  });
  return { server, release, asked: () => asked };
}
