/**
 * HTML from plain data: one escape for every string put into a page, addresses that may be links,
 * and the document around a page's body. Nothing here builds markup from text it did not escape.
 */
import { withoutControls } from "../../util/control-characters.js";

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `text` as HTML text or a quoted attribute value: it can open no element, attribute or entity. */
export function escapeHtml(text: string | number): string {
  return withoutControls(String(text)).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * A web address as a link target: only http and https ones (a `javascript:` or `data:` address is
 * never a link), escaped for an attribute; undefined when it may not be a link.
 */
export function safeHref(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return escapeHtml(url.href);
}

/** Where a page's stylesheet and script come from: the server's files, or inlined in the page. */
export type PageAssets = { kind: "linked"; script: boolean } | { kind: "inline"; css: string };

export const ASSET_PATHS = {
  css: "/assets/page.css",
  js: "/assets/page.js",
  icon: "/assets/icon.svg",
} as const;

const FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** A whole page: its title and body (already HTML), its stylesheet, and optionally a refresh. */
export function pageDocument(page: {
  title: string;
  body: string;
  assets: PageAssets;
  /** Seconds after which the page loads itself again when it runs no script (a run still running). */
  refreshSeconds?: number | undefined;
}): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="same-origin">',
    // A file opened without a server has no header to carry its policy: it runs no script at all.
    page.assets.kind === "inline"
      ? `<meta http-equiv="Content-Security-Policy" content="${FILE_POLICY}">`
      : "",
    `<title>${escapeHtml(page.title)}</title>`,
    page.refreshSeconds === undefined
      ? ""
      : `<noscript><meta http-equiv="refresh" content="${Math.max(1, Math.round(page.refreshSeconds))}"></noscript>`,
    page.assets.kind === "linked"
      ? `<link rel="icon" href="${ASSET_PATHS.icon}">\n<link rel="stylesheet" href="${ASSET_PATHS.css}">`
      : `<style>${page.assets.css.replace(/<\//g, "<\\/")}</style>`,
    page.assets.kind === "linked" && page.assets.script
      ? `<script src="${ASSET_PATHS.js}" defer></script>`
      : "",
  ].filter((line) => line !== "");
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join("\n")}\n</head>\n<body>\n${page.body}\n</body>\n</html>\n`;
}
