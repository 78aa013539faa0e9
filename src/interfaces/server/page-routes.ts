/**
 * The page for people, beside the API:
 *
 *   GET  /                  the question box and the recent runs
 *   POST /ask               a form's question: starts a run, then 303 to its page
 *   GET  /r/{id}            the run's report, rendered here (no script needed); while it runs, its
 *                           steps so far (the page reloads itself without a script)
 *   GET  /r/{id}.md, .json  the same report as markdown and as JSON
 *   POST /r/{id}/delete     cancels a running run or removes a finished one, then 303 to /
 *   POST /session           the token form: keeps the token in a session cookie, then 303 back
 *   GET  /assets/page.css, /assets/page.js
 *
 * Every page is sent with a Content-Security-Policy that allows the project's own stylesheet and
 * script and nothing else; forms are only taken from the server's own pages (Origin).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../../config/config.js";
import type { Report } from "../../report/report-schema.js";
import { isRunId } from "../../runs/run-id.js";
import { ASSET_PATHS, escapeHtml, pageDocument } from "../web/html.js";
import { pageAssets } from "../web/page-assets.js";
import { endedBody, homeBody, runningBody, tokenBody } from "../web/pages.js";
import { reportDocument, reportMarkdown } from "../web/report-document.js";
import { HttpError, toHttpError } from "./http-error.js";
import { readBody } from "./read-body.js";
import type { RunContext, RunHost } from "./run-host.js";

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The cookie a token-protected server's page keeps the token in: for the session, unreadable by scripts. */
export const TOKEN_COOKIE = "core_search_token";

const RECENT_RUNS = 20;
/** How often a run's page reloads itself while the run runs, when it runs no script. */
const REFRESH_SECONDS = 2;
/** The page's files, by path, with their content types. */
const ASSETS: Readonly<Record<string, { file: "css" | "js" | "icon"; type: string }>> = {
  [ASSET_PATHS.css]: { file: "css", type: "text/css" },
  [ASSET_PATHS.js]: { file: "js", type: "text/javascript" },
  [ASSET_PATHS.icon]: { file: "icon", type: "image/svg+xml" },
};
const RUN_PAGE = /^\/r\/([A-Za-z0-9_-]{1,64})(\.md|\.json|\/delete)?$/u;

export interface PageRoutesOptions {
  host: RunHost;
  config: Config;
  corroboration: (body: unknown) => { question: string; start: (context: RunContext) => Promise<Report> };
  maxBodyBytes: number;
  /** Throws 401 unless `authorization` carries the server's token (passes when there is none). */
  authorize: (authorization: string | undefined) => void;
  /** Whether the server asks for a token. */
  hasToken: boolean;
}

export interface PageRoutes {
  serves(path: string): boolean;
  /** Paths served without a token: the stylesheet, the script and the token form's answer. */
  isOpen(path: string): boolean;
  /** The token form, in place of a page a request without the token asked for. */
  askToken(req: IncomingMessage, res: ServerResponse, path: string): void;
  handle(req: IncomingMessage, res: ServerResponse, path: string, signal: AbortSignal): Promise<void>;
}

/** `Authorization: Bearer <token>` from the page's cookie, when a request carries no header. */
export function cookieAuthorization(cookie: string | undefined): string | undefined {
  for (const part of (cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === TOKEN_COOKIE && value.length > 0) {
      try {
        return `Bearer ${decodeURIComponent(value.join("="))}`;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function createPageRoutes(options: PageRoutesOptions): PageRoutes {
  const { host, config } = options;
  const linked = (script: boolean) => ({ kind: "linked", script }) as const;

  const send = (res: ServerResponse, status: number, body: string, type: string, headers = {}) => {
    if (res.headersSent || res.destroyed) return;
    const payload = Buffer.from(body, "utf8");
    res.writeHead(status, {
      "content-type": `${type}; charset=utf-8`,
      "content-length": String(payload.length),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      ...headers,
    });
    res.end(payload);
  };
  const html = (res: ServerResponse, status: number, title: string, body: string, refresh?: number) =>
    send(
      res,
      status,
      pageDocument({ title, body, assets: linked(true), refreshSeconds: refresh }),
      "text/html",
    );
  const seeOther = (res: ServerResponse, location: string, headers: Record<string, string> = {}) => {
    res.writeHead(303, { location, "cache-control": "no-store", "content-length": "0", ...headers });
    res.end();
  };
  const home = async (res: ServerResponse, status: number, problem?: string) => {
    const runs = config.runs === "off" ? [] : await host.runs.list(RECENT_RUNS);
    html(
      res,
      status,
      "core-search",
      homeBody(
        runs,
        problem ??
          (config.runs === "off" ? "Runs are off on this server (CORE_SEARCH_RUNS=off)." : undefined),
      ),
    );
  };
  const form = async (req: IncomingMessage): Promise<URLSearchParams> => {
    sameOrigin(req);
    const raw = await readBody(req, options.maxBodyBytes);
    if (raw === "too_large")
      throw new HttpError(413, "PAYLOAD_TOO_LARGE", `the form is larger than ${options.maxBodyBytes} bytes`);
    return new URLSearchParams(raw.toString("utf8"));
  };

  const runPage = async (req: IncomingMessage, res: ServerResponse, id: string, kind: string | undefined) => {
    const method = req.method ?? "GET";
    allow(method, kind === "/delete" ? "POST" : "GET");
    const view = isRunId(id) ? await host.look(id) : undefined;
    if (!view) {
      html(res, 404, "No such run — core-search", errorBody("No such run: never started here, or removed."));
      return;
    }
    if (kind === "/delete") {
      await form(req);
      if (view.state.status === "running") await host.cancel(id);
      else await host.runs.remove(id);
      seeOther(res, "/");
      return;
    }
    const report = view.state.status === "done" ? view.stored?.report : undefined;
    if (kind === ".json" || kind === ".md") {
      if (!report)
        throw new HttpError(404, "NOT_FOUND", `run ${id} has no report (it is ${view.state.status})`);
      if (kind === ".json") send(res, 200, `${JSON.stringify(report, null, 2)}\n`, "application/json");
      else {
        send(res, 200, reportMarkdown(report), "text/markdown");
      }
      return;
    }
    if (report) {
      send(res, 200, reportDocument(report, linked(true), SITE_HEADER), "text/html");
      return;
    }
    if (view.state.status === "running") {
      const events = (await host.events.read(id))?.events ?? [];
      html(res, 200, "Working — core-search", runningBody(view.state, events), REFRESH_SECONDS);
      return;
    }
    html(res, 200, "Run ended — core-search", endedBody(view.state));
  };

  return {
    serves: (path) =>
      path === "/" ||
      path === "/ask" ||
      path === "/session" ||
      ASSETS[path] !== undefined ||
      RUN_PAGE.test(path),
    isOpen: (path) => ASSETS[path] !== undefined || path === "/session",
    askToken(req, res, path) {
      const next = req.method === "GET" ? (req.url ?? "/") : "/";
      html(res, 401, "Token — core-search", tokenBody(path === "/" ? "/" : next, false), undefined);
    },
    async handle(req, res, path, signal) {
      try {
        const method = req.method ?? "GET";
        const asset = ASSETS[path];
        if (asset) {
          allow(method, "GET");
          send(res, 200, pageAssets()[asset.file], asset.type, { "cache-control": "no-cache" });
          return;
        }
        if (path === "/session") {
          allow(method, "POST");
          const fields = await form(req);
          const token = fields.get("token") ?? "";
          const next = localPath(fields.get("next"));
          try {
            options.authorize(`Bearer ${token}`);
          } catch {
            html(res, 401, "Token — core-search", tokenBody(next, true));
            return;
          }
          seeOther(
            res,
            next,
            options.hasToken
              ? {
                  "set-cookie": `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict`,
                }
              : {},
          );
          return;
        }
        if (path === "/") {
          allow(method, "GET");
          await home(res, 200);
          return;
        }
        if (config.runs === "off") {
          throw new HttpError(404, "NOT_FOUND", "runs are off on this server (CORE_SEARCH_RUNS=off)");
        }
        if (path === "/ask") {
          allow(method, "POST");
          const fields = await form(req);
          const body: Record<string, unknown> = { question: fields.get("question") ?? "" };
          const read = fields.get("read")?.trim();
          if (read) body.read = Number(read);
          const language = fields.get("language")?.trim();
          if (language) body.language = language;
          const timeRange = fields.get("timeRange")?.trim();
          if (timeRange) body.timeRange = timeRange;
          let run: Awaited<ReturnType<RunHost["submit"]>>;
          try {
            const { question, start } = options.corroboration(body);
            run = await host.submit(question, start);
          } catch (error) {
            const failure = toHttpError(error);
            if (failure.status >= 500 && failure.code !== "BUSY") throw error;
            await home(res, failure.status, failure.message);
            return;
          }
          seeOther(res, `/r/${run.id}`);
          return;
        }
        const [, id, kind] = RUN_PAGE.exec(path) ?? [];
        if (signal.aborted) return;
        await runPage(req, res, id as string, kind);
      } catch (error) {
        const failure = toHttpError(error);
        html(
          res,
          failure.status,
          "Error — core-search",
          errorBody(
            failure.status >= 500 && !(error instanceof HttpError)
              ? "Something went wrong."
              : failure.message,
          ),
          undefined,
        );
      }
    },
  };
}

const SITE_HEADER = '<header><p class="site"><a href="/">core-search</a></p></header>\n';

/** A page saying what went wrong (the server's own wording, escaped all the same). */
function errorBody(message: string): string {
  return `${SITE_HEADER}<main><h1>${escapeHtml(message)}</h1><p><a href="/">Back to the question box</a></p></main>`;
}

function allow(method: string, expected: "GET" | "POST"): void {
  if (method !== expected && !(expected === "GET" && method === "HEAD")) {
    throw new HttpError(405, "METHOD_NOT_ALLOWED", `this page accepts ${expected} only`, { allow: expected });
  }
}

/**
 * Forms are taken from this server's own pages only. A browser says where a form comes from:
 * `Sec-Fetch-Site`, which it computes itself and which holds behind a reverse proxy that rewrites
 * Host; else (older browsers) `Origin`, which must name the host asked. A request with neither is
 * not a browser's form.
 */
function sameOrigin(req: IncomingMessage): void {
  const site = req.headers["sec-fetch-site"];
  const origin = req.headers.origin;
  const foreign =
    site !== undefined
      ? site !== "same-origin" && site !== "none"
      : origin !== undefined && (origin === "null" || hostOf(origin) !== req.headers.host);
  if (foreign) {
    throw new HttpError(403, "FORBIDDEN_ORIGIN", "forms are taken from this server's own pages only");
  }
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** A path on this server to go back to after the token form; anything else goes to `/`. */
function localPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next;
}
