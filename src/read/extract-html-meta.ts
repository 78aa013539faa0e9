import { isoDate } from "./extract-dates.js";
import type { DomDocument } from "./extract-html-dom.js";
import { cleanLine, languageTag } from "./page-text.js";

/**
 * What a page says about itself in its markup. Read before Readability runs: it removes the
 * scripts that carry JSON-LD.
 */
export interface HtmlMeta {
  title: string | undefined;
  canonicalUrl: string | undefined;
  publishedAt: string | undefined;
  language: string | undefined;
}

/** Meta names and properties that state when a page was published, most specific first. */
const DATE_META = [
  "article:published_time",
  "og:published_time",
  "datepublished",
  "citation_publication_date",
  "citation_date",
  "dc.date.issued",
  "dcterms.issued",
  "dc.date",
  "dcterms.date",
  "dcterms.created",
  "parsely-pub-date",
  "sailthru.date",
  "pubdate",
  "publishdate",
  "publish-date",
  "publication_date",
  "date",
];

/** JSON-LD blocks larger than this are not parsed: no page needs that much to state its date. */
const MAX_JSON_LD_CHARS = 256 * 1024;

export function readHtmlMeta(document: DomDocument, pageUrl: string): HtmlMeta {
  const metas = metaValues(document);
  return {
    title:
      cleanLine(metas.get("og:title")) ??
      cleanLine(document.querySelector("title")?.textContent) ??
      cleanLine(document.querySelector("h1")?.textContent),
    canonicalUrl: canonicalUrl(document, metas, pageUrl),
    publishedAt: publishedAt(document, metas),
    language: language(document, metas),
  };
}

/** Each meta's content by its name, property, itemprop or http-equiv, lower-cased; the first wins. */
function metaValues(document: DomDocument): Map<string, string> {
  const values = new Map<string, string>();
  for (const meta of Array.from(document.querySelectorAll("meta"))) {
    const content = meta.getAttribute("content") ?? meta.getAttribute("datetime");
    if (content === null) continue;
    for (const key of ["name", "property", "itemprop", "http-equiv"]) {
      const name = meta.getAttribute(key)?.trim().toLowerCase();
      if (name && !values.has(name)) values.set(name, content);
    }
  }
  return values;
}

function canonicalUrl(
  document: DomDocument,
  metas: Map<string, string>,
  pageUrl: string,
): string | undefined {
  const links = Array.from(document.querySelectorAll("link[rel][href]"));
  const canonical = links.find((link) => hasToken(link.getAttribute("rel"), "canonical"));
  return (
    httpUrl(canonical?.getAttribute("href"), pageUrl) ?? httpUrl(metas.get("og:url"), pageUrl) ?? undefined
  );
}

function publishedAt(document: DomDocument, metas: Map<string, string>): string | undefined {
  const fromMeta = isoDate(metas.get("article:published_time"));
  if (fromMeta) return fromMeta;
  const fromJsonLd = jsonLdDates(document).map(isoDate).find(Boolean);
  if (fromJsonLd) return fromJsonLd;
  for (const name of DATE_META) {
    const date = isoDate(metas.get(name));
    if (date) return date;
  }
  // A <time> in the article's own markup, not one in a sidebar or a comment thread.
  const times = Array.from(
    document.querySelectorAll(
      "[itemprop=datePublished][datetime], article time[datetime], main time[datetime], time[pubdate][datetime]",
    ),
  );
  return times.map((time) => isoDate(time.getAttribute("datetime"))).find(Boolean);
}

function language(document: DomDocument, metas: Map<string, string>): string | undefined {
  const candidates = [
    document.documentElement?.getAttribute("lang"),
    document.documentElement?.getAttribute("xml:lang"),
    metas.get("content-language"),
    metas.get("language"),
  ];
  return candidates.map(languageTag).find(Boolean);
}

/** `datePublished` values of the page's JSON-LD, in document order, @graph and nesting included. */
function jsonLdDates(document: DomDocument): unknown[] {
  const dates: unknown[] = [];
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    const source = script.textContent ?? "";
    if (source.length > MAX_JSON_LD_CHARS) continue;
    try {
      collectDates(JSON.parse(source), dates, 0);
    } catch {
      // Broken JSON-LD is common and says nothing we can use.
    }
  }
  return dates;
}

function collectDates(value: unknown, dates: unknown[], depth: number): void {
  if (depth > 8 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) collectDates(item, dates, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if ("datePublished" in record) dates.push(record.datePublished);
  for (const key of ["@graph", "mainEntity", "mainEntityOfPage"]) collectDates(record[key], dates, depth + 1);
}

function hasToken(list: string | null, token: string): boolean {
  return (list ?? "").toLowerCase().split(/\s+/).includes(token);
}

/** `href` resolved against the page, if it is an http(s) address. */
export function httpUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
