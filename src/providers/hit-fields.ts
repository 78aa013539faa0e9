/**
 * Shared shaping of hit fields, so every provider caps and cleans them the same way. Everything a
 * service sends is untrusted: each list is cut and each text is bounded before any costly work.
 */
import { MAX_URL_CHARS } from "../operations/input-ranges.js";
import { withoutControls } from "../util/control-characters.js";

export const MAX_RESULTS_PER_REQUEST = 20;
export const MAX_TITLE_CHARS = 300;
export const MAX_SNIPPET_CHARS = 1000;

/**
 * Results read from one reply, in the service's order. Every service is asked for at most 20;
 * SearXNG and Degoog answer with all their engines' results merged, a few dozen on a busy page.
 * Entries past this are never looked at, however many a reply holds.
 */
export const MAX_RESULTS_PER_REPLY = 100;

/** Passages read per result (highlights, excerpts): more than fit in a snippet are never looked at. */
export const MAX_PASSAGES_PER_HIT = 20;

/** Engines kept per hit: agreement of more engines than a page of SearXNG runs says nothing more. */
export const MAX_ENGINES_PER_HIT = 20;

/** Entries read from a list of engines (SearXNG's `/config`, unresponsive engines, Degoog's timings). */
export const MAX_ENGINES_LISTED = 500;

/** Longest engine name taken from a service, and accepted in a call's `engines`. */
export const MAX_ENGINE_NAME_CHARS = 60;

/** The result count to ask a service for: the caller's limit, whole, between 1 and 20. */
export function requestedCount(limit: number): number {
  return Math.max(1, Math.min(Math.floor(limit), MAX_RESULTS_PER_REQUEST));
}

/** A page as the 0-based `offset` of services that count pages (Brave, You.com); absent for the first. */
export function pageOffset(page: number | undefined): number | undefined {
  return page !== undefined && page > 1 ? page - 1 : undefined;
}

/** An address is kept as sent and printed as is: one carrying control characters is not a page's. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Only web pages are evidence: file://, ftp://, magnet:, javascript: … and overlong addresses are dropped. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > MAX_URL_CHARS || CONTROL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Markup, escape sequences and runs of whitespace can make a text many times longer than what is
 * left of it; past this many times the limit, nothing is looked at.
 */
const CLEAN_WINDOW = 8;

/**
 * What {@link cleanText} or {@link engineName} would change: a control character (escape sequences
 * start with one), a `<`, whitespace other than a single space between words, or a space at either
 * end.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f<]|[^\S ]| {2}|^ | $/;

/**
 * An engine name as a service sent it, without control characters or escape sequences and with its
 * whitespace collapsed; undefined when that leaves nothing or more than an engine name.
 */
export function engineName(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (value !== "" && value.length <= MAX_ENGINE_NAME_CHARS && !NEEDS_CLEANING.test(value)) return value;
  const name = withoutControls(opening(value, MAX_ENGINE_NAME_CHARS * CLEAN_WINDOW))
    .replace(/\s+/g, " ")
    .trim();
  return name !== "" && name.length <= MAX_ENGINE_NAME_CHARS ? name : undefined;
}

/** The distinct engine names among the first entries of `values` (anything else dropped). */
export function engineNames(values: readonly unknown[] | null | undefined): string[] {
  const names = new Set<string>();
  for (const value of (values ?? []).slice(0, MAX_ENGINES_PER_HIT)) {
    const name = engineName(value);
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/**
 * {@link engineNames} in code-unit order, as `sort()` puts them. Sorted in place by insertion: a hit
 * names a few engines, and the built-in sort sets up its working state anew for every hit (about a
 * kilobyte each, measured on a server's heap).
 */
export function sortedEngineNames(values: readonly unknown[] | null | undefined): string[] {
  const names = engineNames(values);
  for (let i = 1; i < names.length; i += 1) {
    const name = names[i] as string;
    let j = i - 1;
    for (; j >= 0 && (names[j] as string) > name; j -= 1) names[j + 1] = names[j] as string;
    names[j + 1] = name;
  }
  return names;
}

/**
 * Collapses whitespace, strips tags some services leave in snippets and control characters, and
 * cuts at a word boundary. Only the text's opening is cleaned, so a megabyte-long field costs no
 * more than a short one.
 */
export function cleanText(value: unknown, maxChars: number): string {
  if (typeof value !== "string") return "";
  // Most texts are clean already: returned as they are, without the copies each step below makes.
  if (value.length <= maxChars && !NEEDS_CLEANING.test(value)) return value;
  const text = withoutControls(opening(value, maxChars * CLEAN_WINDOW + 200))
    .replace(/<[^>]{0,200}>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > maxChars * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The first `max` UTF-16 units of `text`, never ending inside a surrogate pair. */
function opening(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Any date a service sends → `YYYY-MM-DD`, or null when it is missing, unparseable or not a year of ours. */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "" || value.length > 100) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  // Years past 9999 or before 1 come out as `+099999-…` / `-000001-…`; no page is dated so.
  return /^\d{4}-/.test(iso) ? iso.slice(0, 10) : null;
}
