// Fake search services for the benchmarks, on one HTTP server on 127.0.0.1 (port 0). Each service
// lives under a path prefix of its own and plays one vendor's shape:
//
//   http://127.0.0.1:PORT/<prefix>/config, GET /search        SearXNG   (SEARXNG_URL = …/<prefix>)
//   http://127.0.0.1:PORT/<prefix>/res/v1/web/search, …/news  Brave     (BRAVE_SEARCH_BASE_URL = …/<prefix>)
//   http://127.0.0.1:PORT/<prefix>/search, POST JSON          Exa       (EXA_BASE_URL = …/<prefix>)
//   http://127.0.0.1:PORT/<prefix>/search, POST JSON          Tavily    (TAVILY_BASE_URL = …/<prefix>)
//   anything else under a prefix                              only "hang" and "status" behaviours
//
// A behaviour answers 20 hits after a fixed delay ("ok"), an HTTP status ("status"), or never
// ("hang"); it can be changed while the server runs. Every shape answers with pages from the same
// generator, so hits from one question dedupe alike whichever service served them; Exa and Tavily
// read the query (and Exa's `numResults`, Tavily's `max_results`) from the JSON body. Keys are not
// checked. A service that refuses connections is not played here: use a closed port
// (closedPort() in common.mjs). The server runs in a worker thread, so its timers keep time while
// the benchmark's own thread is busy judging and deduplicating.
//
//   const services = await startFakeServices();
//   await services.set("sx", { shape: "searxng", mode: "ok", delayMs: 50 });
//   … SEARXNG_URL = `${services.url}/sx` …
//   await services.close();
import { createServer } from "node:http";
import { isMainThread, parentPort, Worker } from "node:worker_threads";

/** Starts the server in a worker; resolves once it listens. */
export async function startFakeServices() {
  const worker = new Worker(new URL(import.meta.url));
  let nextId = 0;
  const pending = new Map();
  let failure;
  const fail = (error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (message) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error));
    else waiting.resolve(message.result);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`fake services worker exited with code ${code}`)));
  const call = (op, args = {}) => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      worker.postMessage({ id: nextId, op, ...args });
    });
  };
  const { port } = await call("listen");
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Sets the behaviour of the service under `/<prefix>`. */
    set: (prefix, behaviour) => call("set", { prefix, behaviour }),
    /** Requests received per "prefix path" since the last call (the probe query counted apart). */
    takeCounts: () => call("counts"),
    async close() {
      if (closed) return;
      closed = true;
      await call("close");
      await worker.terminate();
    },
  };
}

// ------------------------------------------------------------------------------------------------
// The worker: the HTTP server itself.
// ------------------------------------------------------------------------------------------------

const CATEGORY_ENGINES = {
  general: ["bing", "google", "duckduckgo", "mojeek", "wiby"],
  news: ["bing news", "google news", "yahoo news"],
  science: ["arxiv", "pubmed", "semantic scholar"],
  it: ["github", "stackoverflow"],
};

const ENGINES = Object.entries(CATEGORY_ENGINES).flatMap(([category, names]) =>
  names.map((name) => ({ name, categories: [category], enabled: true, time_range_support: true })),
);

const SITES = (
  "health|science|medical|daily|global|public|open|world|city|national|research|clinic|field|policy|" +
  "data|evening|morning|metro|coast|valley"
).split("|");
const KINDS = "news|times|post|journal|review|report|wire|watch|today|digest|herald|lab".split("|");
const TLDS = "com|org|net|co.uk|com.au|ca".split("|");
// Headlines and sentences about a subject {S}: as varied as the results for one question are.
const HEADLINES = [
  "{S}: what the evidence says",
  "How worried should you be about {S}?",
  "Experts warn the risk from {S} is growing",
  "{S} poses a low risk to the public, officials say",
  "New study on {S} raises concerns among scientists",
  "Why the claims about {S} are overblown",
  "{S}, explained in five charts",
  "Doctors urge caution over {S} as cases climb",
  "Inside the race to track {S}",
  "A timeline of {S}",
  "Fact check: viral posts about {S} mislead",
  "Farmers count the cost of {S}",
  "Scientists find no sign that {S} spreads between people",
  "{S} and your health: your questions answered",
  "What {S} means for travel this winter",
  "Opinion: we are not ready for {S}",
  "Government unveils a plan to contain {S}",
  "Vaccine makers step up work on {S}",
  "{S} detected in a new region, agency confirms",
  "Researchers map the genetic changes behind {S}",
  "{Q}",
  "Ask the expert: {Q}",
];
const SENTENCES = [
  "Researchers reviewed surveillance data on {S} from several countries over the past year.",
  "Health agencies said the overall risk remained low but urged people to avoid sick animals.",
  "A peer-reviewed analysis found no sustained transmission between humans so far.",
  "Critics argue the warnings about {S} are exaggerated and not backed by the latest figures.",
  "Officials confirmed new cases on farms and in wild birds this month.",
  "The report calls for more testing and faster sharing of genetic sequences.",
  "Several virologists said the situation could change quickly if the virus adapts.",
  "The study did not find evidence that the strain spreads easily among people.",
  "Poultry prices rose after millions of birds were culled in the spring.",
  "Hospitals were told to report any patient with symptoms after contact with livestock.",
  "The agency will publish weekly updates on {S} until further notice.",
  "Travel advice has not changed, the ministry said in a statement on Tuesday.",
  "Two workers who handled infected cattle had mild eye infections and recovered.",
  "Modelling by a university team suggests the danger depends on a handful of mutations.",
  "Antiviral stockpiles are large enough for the first months of any outbreak, officials said.",
  "Local vets described the past year as the hardest in decades.",
];
const STOPWORDS = new Set(
  "a an the is are was were do does did can could should will would to of in on for and or".split(" "),
);

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const PUBLISHERS = SITES.flatMap((site, s) =>
  KINDS.map((kind, k) => ({
    domain: `${site}${kind}.${TLDS[(s + k) % TLDS.length]}`,
    name: `${site[0].toUpperCase()}${site.slice(1)} ${kind[0].toUpperCase()}${kind.slice(1)}`,
  })),
);

/**
 * Twenty distinct pages about the query: distinct publishers, varied headlines and snippets, with
 * the first few shared by every call that asks about the same topic (the same page found twice),
 * so dedup has work to merge. Deterministic: the same request gives the same pages.
 */
function pagesFor(query, selection, count) {
  const question = query
    .replace(/[?!.]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const words = question.split(" ").filter((word) => !STOPWORDS.has(word.toLowerCase()));
  const subject = words.slice(0, 3).join(" ").toLowerCase();
  const shared = hash(words.slice(0, 4).join(" "));
  const own = hash(`${question}|${selection}`);
  const slug = subject.replace(/[^a-z0-9]+/g, "-");
  const fill = (text) =>
    text
      .replace("{Q}", `${question}?`)
      .replace("{S}", subject)
      .replace(/^./, (first) => first.toUpperCase());
  return Array.from({ length: count }, (_, index) => {
    const seed = index < 4 ? shared + index * 7919 : own + index * 104_729;
    const publisher = PUBLISHERS[seed % PUBLISHERS.length];
    const headline = HEADLINES[(seed >>> 5) % HEADLINES.length];
    const first = SENTENCES[(seed >>> 9) % SENTENCES.length];
    const second = SENTENCES[(seed >>> 14) % SENTENCES.length];
    const day = 1 + ((seed >>> 19) % 28);
    return {
      url: `https://www.${publisher.domain}/${(seed >>> 3) % 2 === 0 ? "news" : "health"}/2026/${slug}-${seed % 100_000}`,
      title: `${fill(headline)} - ${publisher.name}`,
      content: `Nov ${day}, 2026 — ${fill(first)} ${fill(second)}`,
      publishedDate: `2026-11-${String(day).padStart(2, "0")}T08:00:00Z`,
    };
  });
}

function searxngSearch(params) {
  const named = params.get("engines")?.split(",").filter(Boolean) ?? [];
  const categories = params.get("categories")?.split(",").filter(Boolean) ?? ["general"];
  const engines =
    named.length > 0 ? named : categories.flatMap((category) => CATEGORY_ENGINES[category] ?? []);
  const pages = pagesFor(params.get("q") ?? "", named.join(",") || categories.join(","), 20);
  return {
    query: params.get("q"),
    number_of_results: pages.length,
    results: pages.map((page, index) => ({
      ...page,
      engine: engines[index % engines.length],
      engines: [engines[index % engines.length], engines[(index + 1) % engines.length]],
      score: 20 - index,
      category: categories[0],
    })),
    unresponsive_engines: [],
  };
}

function braveSearch(params, news) {
  const pages = pagesFor(params.get("q") ?? "", news ? "brave news" : "brave", 20).map((page) => ({
    title: page.title,
    url: page.url,
    description: page.content,
    page_age: page.publishedDate.slice(0, 19),
  }));
  return news
    ? { type: "news", query: { original: params.get("q") }, results: pages }
    : { type: "search", query: { original: params.get("q") }, web: { type: "search", results: pages } };
}

/** How many results a POST body asks for (`numResults`, `max_results`), 1–20; 20 when absent. */
function askedCount(value) {
  return Number.isInteger(value) ? Math.min(20, Math.max(1, value)) : 20;
}

/** Exa `POST /search`: `{ results: [{ id, title, url, publishedDate, author, highlights }], requestId }`. */
function exaSearch(body) {
  const query = typeof body.query === "string" ? body.query : "";
  const pages = pagesFor(query, `exa ${body.category ?? ""}`, 20).slice(0, askedCount(body.numResults));
  return {
    requestId: `bench-${hash(JSON.stringify(body)).toString(16)}`,
    resolvedSearchType: "neural",
    results: pages.map((page) => ({
      id: page.url,
      title: page.title,
      url: page.url,
      publishedDate: `${page.publishedDate.slice(0, 19)}.000Z`,
      author: null,
      highlights: [page.content],
      highlightScores: [0.5],
    })),
  };
}

/** Tavily `POST /search`: `{ query, results: [{ title, url, content, score, published_date }], response_time }`. */
function tavilySearch(body) {
  const query = typeof body.query === "string" ? body.query : "";
  const pages = pagesFor(query, `tavily ${body.topic ?? ""}`, 20).slice(0, askedCount(body.max_results));
  return {
    query,
    follow_up_questions: null,
    answer: null,
    images: [],
    results: pages.map((page, index) => ({
      title: page.title,
      url: page.url,
      content: page.content,
      score: 0.9 - index * 0.03,
      raw_content: null,
      // RFC 1123, as Tavily sends it (mostly with topic news).
      published_date: new Date(page.publishedDate).toUTCString(),
    })),
    response_time: 0.42,
  };
}

/**
 * The JSON body an "ok" behaviour answers with, or undefined when the shape has no such path.
 * `body` is the request's JSON body (POST shapes), `{}` when it has none.
 */
function okBody(shape, method, path, params, body) {
  if (shape === "searxng" && path === "/config")
    return { categories: Object.keys(CATEGORY_ENGINES), engines: ENGINES };
  if (shape === "searxng" && path === "/search") return searxngSearch(params);
  if (shape === "brave" && path === "/res/v1/web/search") return braveSearch(params, false);
  if (shape === "brave" && path === "/res/v1/news/search") return braveSearch(params, true);
  if (shape === "exa" && method === "POST" && path === "/search") return exaSearch(body);
  if (shape === "tavily" && method === "POST" && path === "/search") return tavilySearch(body);
  return undefined;
}

/** The request's body read as JSON; `{}` when it is empty or not JSON. */
async function jsonBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  if (chunks.length === 0) return {};
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

function delayFor(behaviour, params) {
  const slow = behaviour.slow;
  if (slow && (params.get("categories") ?? "").split(",").includes(slow.category)) return slow.delayMs;
  return behaviour.delayMs ?? 0;
}

/** Answers kept, made once per distinct request; past this many all are dropped. */
const MAX_ANSWERS_KEPT = 1_000;

function serve() {
  const behaviours = new Map();
  const counts = new Map();
  const timers = new Set();
  const answered = new Map();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const [, prefix = "", ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    const behaviour = behaviours.get(prefix);
    const probe = url.searchParams.get("q") === "wikipedia" ? " (probe)" : "";
    const key = `${prefix} ${path}${probe}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    let sent;
    try {
      sent = await jsonBody(req); // POST searches (Exa, Tavily) carry the query in the body
    } catch {
      return; // the client went away while sending
    }
    /** Sends a JSON text already made (`payload`). */
    const send = (status, payload) => {
      if (res.destroyed) return;
      res.writeHead(status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(payload),
      });
      res.end(payload);
    };
    const answer = (status, body) => send(status, JSON.stringify(body));
    if (!behaviour) return answer(404, { error: `no service at /${prefix}` });
    const spared = behaviour.spareConfig && path === "/config";
    if (behaviour.mode === "hang" && !spared) return; // the socket stays open until the client gives up
    const reply = () => {
      if (behaviour.mode === "status" && !spared)
        return answer(behaviour.status ?? 500, { error: "fake failure" });
      // An answer is a pure function of the request: it is made once, so the fake spends little of
      // the CPU it shares with what is measured (a real service spends none of it).
      const cacheKey = `${behaviour.shape} ${req.method} ${path} ${url.search} ${JSON.stringify(sent)}`;
      let payload = answered.get(cacheKey);
      if (payload === undefined) {
        const found = okBody(behaviour.shape, req.method, path, url.searchParams, sent);
        if (found === undefined)
          return answer(404, { error: `no ${behaviour.shape} path ${req.method} ${path}` });
        payload = JSON.stringify(found);
        if (answered.size >= MAX_ANSWERS_KEPT) answered.clear();
        answered.set(cacheKey, payload);
      }
      send(200, payload);
    };
    const delay = path === "/config" ? 0 : delayFor(behaviour, url.searchParams);
    if (delay <= 0) return reply();
    const timer = setTimeout(() => {
      timers.delete(timer);
      reply();
    }, delay);
    timers.add(timer);
  });
  server.keepAliveTimeout = 30_000;

  parentPort.on("message", async (message) => {
    const respond = (result) => parentPort.postMessage({ id: message.id, result });
    try {
      if (message.op === "listen") {
        await new Promise((resolve, reject) => {
          server.once("error", reject);
          server.listen(0, "127.0.0.1", resolve);
        });
        respond({ port: server.address().port });
      } else if (message.op === "set") {
        behaviours.set(message.prefix, message.behaviour);
        respond(true);
      } else if (message.op === "counts") {
        const result = Object.fromEntries(counts);
        counts.clear();
        respond(result);
      } else if (message.op === "close") {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeAllConnections();
        await closed;
        respond(true);
      } else {
        throw new Error(`unknown operation ${message.op}`);
      }
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: String(error?.message ?? error) });
    }
  });
}

if (!isMainThread) serve();
