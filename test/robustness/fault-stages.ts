/**
 * Local stand-ins for several stages of the chain (a SearXNG and four keyed vendors), each on its own
 * scripted server on 127.0.0.1, answering every request with a fault picked from a schedule:
 * statuses, resets, hangs, malformed or oversized bodies, slow trickles and broken gzip.
 *
 * The fault of a request depends only on the stage and the query it carries (hashed into the
 * stage's schedule), not on arrival order, so a schedule replays the same way under any
 * interleaving of parallel calls, and the fault behind each recorded attempt is known.
 */
import { gzipSync } from "node:zlib";
import { type Config, configFromObject } from "../../src/config/config.js";
import { type RecordedRequest, type ScriptedReply, startScriptedServer } from "../helpers/scripted-server.js";

export const FAULTS = [
  "ok",
  "empty",
  "ok_text_plain",
  "http_400",
  "http_401",
  "http_402",
  "http_429",
  "http_429_retry_after",
  "http_429_retry_date",
  "http_500",
  "http_503",
  "reset",
  "hang",
  "malformed_json",
  "html",
  "oversized",
  "trickle",
  "gzip_garbage",
  "gzip_truncated",
  "gzip_bomb",
  "slow_gzip",
] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultSpec {
  fault: Fault;
  /** Seconds sent in `Retry-After` (for `http_429_retry_after`). */
  retryAfterSeconds: number;
}

export const STAGES = ["searxng", "exa", "brave", "tavily", "parallel"] as const;
export type StageName = (typeof STAGES)[number];
export type Schedule = Record<StageName, FaultSpec[]>;

/** The request keys of SearXNG's preflight, which are not calls of their own. */
export const PREFLIGHT_KEYS = new Set(["/config", "wikipedia"]);

/** Every key a canary gets: the searxng URL password, and each vendor key. */
export const CANARY = "sk-canary-7f3a9c51e2";

export interface Served {
  stage: StageName;
  /** The query the request carried (`/config` for SearXNG's engine list). */
  key: string;
  fault: Fault;
  phase: number;
  /** Epoch ms when the request arrived. */
  at: number;
  /** What the request's credentials looked like, to prove the canary was really sent. */
  credential: string | undefined;
}

export interface FaultStages {
  urls: Record<StageName, string>;
  /** Every request received, in order of arrival. */
  served: Served[];
  /**
   * Phase 0 plays the schedule; any other phase answers every request "empty" (so a call walks
   * the whole chain and shows which stages are paused).
   */
  setPhase(phase: number): void;
  /** Settings with every stage pointed at its local server, keyless off, caching off. */
  config(stateDir: string, extra?: Partial<Config>): Config;
  close(): Promise<void>;
}

/** The body size cap of the HTTP client is 4 MiB; this is past it. */
const OVERSIZED = Buffer.concat([
  Buffer.from('{"results":['),
  Buffer.alloc(4 * 1024 * 1024 + 4096, 0x20),
  Buffer.from("]}"),
]);
/** 6 MiB of spaces: a few kilobytes compressed, past the cap once decompressed. */
const GZIP_BOMB = gzipSync(Buffer.alloc(6 * 1024 * 1024, 0x20));
const HTML = "<!doctype html><html><head><title>Just a moment...</title></head><body>checking</body></html>";

export function hashKey(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The fault a stage plays for a request carrying `key`. */
export function faultFor(schedule: Schedule, stage: StageName, key: string): FaultSpec {
  const list = schedule[stage];
  const spec = list[hashKey(`${stage}\n${key}`) % list.length];
  if (spec === undefined) throw new Error(`empty schedule for ${stage}`);
  return spec;
}

/** The query a stage's request carries, as its fault key. */
function keyOf(stage: StageName, req: RecordedRequest): string {
  if (stage === "searxng") return req.path === "/config" ? "/config" : (req.query.q ?? "");
  if (stage === "brave") return req.query.q ?? "";
  const body = (req.json ?? {}) as { query?: unknown; objective?: unknown };
  const key = stage === "parallel" ? body.objective : body.query;
  return typeof key === "string" ? key : "";
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 40)
      .replace(/^-|-$/g, "") || "q"
  );
}

/** Three distinct pages (distinct domains) per stage and query. */
function pages(stage: StageName, key: string) {
  const tag = hashKey(`${stage}/${key}`).toString(36);
  return [1, 2, 3].map((n) => ({
    url: `https://${stage}-${tag}-${n}.example.org/${slug(key)}`,
    title: `${stage} page ${n} about ${key}`,
    text: `Report ${n} from ${stage} on ${key}, with findings and figures.`,
  }));
}

export const SEARXNG_ENGINES = [
  { name: "bing", categories: ["general", "news"] },
  { name: "google", categories: ["general"] },
  { name: "duckduckgo", categories: ["general"] },
  { name: "mojeek", categories: ["general", "news"] },
  { name: "wiby", categories: ["general"] },
  { name: "arxiv", categories: ["science"] },
];

function okBody(stage: StageName, req: RecordedRequest, key: string, empty: boolean): unknown {
  const found = empty ? [] : pages(stage, key);
  switch (stage) {
    case "searxng": {
      if (req.path === "/config") {
        return {
          categories: ["general", "news", "science", "it"],
          engines: SEARXNG_ENGINES.map((e) => ({ ...e, enabled: true, time_range_support: true })),
        };
      }
      const engines = req.query.engines?.split(",").filter(Boolean) ?? ["bing", "google"];
      return {
        query: key,
        results: found.map((p, i) => ({
          url: p.url,
          title: p.title,
          content: p.text,
          engines,
          score: 3 - i,
        })),
        unresponsive_engines: [],
      };
    }
    case "exa":
      return {
        requestId: "r1",
        results: found.map((p) => ({ url: p.url, title: p.title, highlights: [p.text] })),
      };
    case "brave": {
      const results = found.map((p) => ({ url: p.url, title: p.title, description: p.text }));
      if (req.path.endsWith("/news/search")) return { type: "news", results };
      return empty
        ? { type: "search", query: { original: key } }
        : { type: "search", query: { original: key }, web: { type: "search", results } };
    }
    case "tavily":
      return { query: key, results: found.map((p) => ({ url: p.url, title: p.title, content: p.text })) };
    case "parallel":
      return {
        search_id: "s1",
        results: found.map((p) => ({ url: p.url, title: p.title, excerpts: [p.text] })),
      };
  }
}

const json = (body: unknown): Buffer => Buffer.from(JSON.stringify(body));

/** The reply a stage gives to `req` when it plays `spec`. */
export function faultReply(
  spec: FaultSpec,
  stage: StageName,
  req: RecordedRequest,
  key: string,
): ScriptedReply {
  const okJson = () => json(okBody(stage, req, key, false));
  const jsonType = { "content-type": "application/json" };
  switch (spec.fault) {
    case "ok":
      return { body: okJson(), headers: jsonType };
    case "empty":
      return { body: json(okBody(stage, req, key, true)), headers: jsonType };
    case "ok_text_plain":
      return { body: okJson(), headers: { "content-type": "text/plain" } };
    case "http_400":
    case "http_401":
    case "http_402":
      return { status: Number(spec.fault.slice(5)), body: { error: "refused", tag: "TEST" } };
    case "http_429":
      return { status: 429, body: { error: "slow down" } };
    case "http_429_retry_after":
      return {
        status: 429,
        headers: { "retry-after": String(spec.retryAfterSeconds) },
        body: { error: "slow down" },
      };
    case "http_429_retry_date":
      return {
        status: 429,
        headers: { "retry-after": new Date(Date.now() + 90_000).toUTCString() },
        body: { error: "slow down" },
      };
    case "http_500":
    case "http_503":
      return { status: Number(spec.fault.slice(5)), body: HTML, headers: { "content-type": "text/html" } };
    case "reset":
      return { reset: true };
    case "hang":
      return { hang: true };
    case "malformed_json":
      return { body: okJson().subarray(0, 25), headers: jsonType };
    case "html":
      return { body: HTML, headers: { "content-type": "text/html" } };
    case "oversized":
      return { body: OVERSIZED, headers: jsonType };
    case "trickle":
      return { body: okJson(), headers: jsonType, trickle: { chunkBytes: 96, intervalMs: 50 } };
    case "gzip_garbage":
      return {
        body: Buffer.from("this is not gzip at all \u0000\u00ff"),
        headers: { ...jsonType, "content-encoding": "gzip" },
      };
    case "gzip_truncated": {
      const zipped = gzipSync(okJson());
      return {
        body: zipped.subarray(0, Math.floor(zipped.length / 2)),
        headers: { ...jsonType, "content-encoding": "gzip" },
      };
    }
    case "gzip_bomb":
      return { body: GZIP_BOMB, headers: { ...jsonType, "content-encoding": "gzip" } };
    case "slow_gzip":
      return {
        body: gzipSync(okJson()),
        headers: { ...jsonType, "content-encoding": "gzip" },
        trickle: { chunkBytes: 16, intervalMs: 50 },
      };
  }
}

const ROUTES: Record<StageName, [method: string, path: string][]> = {
  searxng: [
    ["GET", "/config"],
    ["GET", "/search"],
  ],
  exa: [["POST", "/search"]],
  brave: [
    ["GET", "/res/v1/web/search"],
    ["GET", "/res/v1/news/search"],
  ],
  tavily: [["POST", "/search"]],
  parallel: [["POST", "/v1/search"]],
};

function credentialOf(req: RecordedRequest): string | undefined {
  const header = req.headers.authorization ?? req.headers["x-api-key"] ?? req.headers["x-subscription-token"];
  return typeof header === "string" ? header : undefined;
}

export async function startFaultStages(schedule: Schedule): Promise<FaultStages> {
  const served: Served[] = [];
  let phase = 0;
  const servers = await Promise.all(
    STAGES.map(async (stage) => {
      const server = await startScriptedServer();
      for (const [method, path] of ROUTES[stage]) {
        server.route(method, path, (req) => {
          const key = keyOf(stage, req);
          const spec: FaultSpec =
            phase === 0 ? faultFor(schedule, stage, key) : { fault: "empty", retryAfterSeconds: 0 };
          served.push({
            stage,
            key,
            fault: spec.fault,
            phase,
            at: Date.now(),
            credential: credentialOf(req),
          });
          return faultReply(spec, stage, req, key);
        });
      }
      return [stage, server] as const;
    }),
  );
  const byStage = Object.fromEntries(servers) as Record<StageName, (typeof servers)[number][1]>;
  const urls = Object.fromEntries(STAGES.map((s) => [s, byStage[s].url])) as Record<StageName, string>;
  return {
    urls,
    served,
    setPhase(next) {
      phase = next;
    },
    config(stateDir, extra = {}) {
      const searxng = new URL(urls.searxng);
      searxng.username = "searx-user";
      searxng.password = CANARY;
      return configFromObject({
        searxngUrl: searxng.href,
        keys: { exa: CANARY, brave: CANARY, tavily: CANARY, parallel: CANARY },
        baseUrls: { exa: urls.exa, brave: urls.brave, tavily: urls.tavily, parallel: urls.parallel },
        order: ["searxng", "exa", "brave", "tavily", "parallel"],
        keyless: "off",
        cacheTtlMs: 0,
        stateDir,
        ...extra,
      });
    },
    close: async () => {
      await Promise.all(servers.map(([, server]) => server.close()));
    },
  };
}

/**
 * The attempt outcomes a fault may produce when the stage is asked (besides `deadline`, which any
 * fault may turn into when the overall deadline passes first).
 */
export function outcomesFor(fault: Fault): readonly string[] {
  switch (fault) {
    case "ok":
    case "ok_text_plain":
    case "trickle":
    case "slow_gzip":
      return ["ok"];
    case "empty":
      return ["empty"];
    case "http_400":
    case "http_401":
    case "http_402":
    case "http_500":
    case "http_503":
      return [fault];
    case "http_429":
    case "http_429_retry_after":
    case "http_429_retry_date":
      return ["http_429"];
    case "reset":
      return ["network"];
    case "hang":
      return ["timeout"];
    case "malformed_json":
    case "html":
      return ["bad_response"];
    case "oversized":
    case "gzip_bomb":
      return ["too_large"];
    case "gzip_garbage":
    case "gzip_truncated":
      return ["bad_body"];
  }
}

/** How long a pausing fault should keep its stage paused, as [min, max] ms. */
export function pauseRange(spec: FaultSpec): [number, number] | undefined {
  switch (spec.fault) {
    case "http_402":
      return [24 * 3_600_000, 24 * 3_600_000];
    case "http_429":
      return [60_000, 60_000];
    case "http_429_retry_after": {
      const ms = Math.min(3_600_000, Math.max(1000, spec.retryAfterSeconds * 1000));
      return [ms, ms];
    }
    case "http_429_retry_date":
      // An HTTP date has whole seconds, and the clocks of both ends run on between the two reads.
      return [88_000, 91_000];
    default:
      return undefined;
  }
}
