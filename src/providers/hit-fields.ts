/** Shared shaping of hit fields, so every provider caps and cleans them the same way. */
import { withoutControls } from "../util/control-characters.js";

export const MAX_RESULTS_PER_REQUEST = 20;
export const MAX_TITLE_CHARS = 300;
export const MAX_SNIPPET_CHARS = 1000;

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
const CONTROL_IN_URL = /[\u0000-\u001f\u007f-\u009f]/;

/** Only web pages are evidence: file://, ftp://, magnet:, javascript: … are dropped. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || CONTROL_IN_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * Collapses whitespace, strips tags some services leave in snippets and control characters, and
 * cuts at a word boundary.
 */
export function cleanText(value: unknown, maxChars: number): string {
  if (typeof value !== "string") return "";
  const text = withoutControls(value)
    .replace(/<[^>]{0,200}>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > maxChars * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Any date a service sends → `YYYY-MM-DD`, or null when it is missing or unparseable. */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().slice(0, 10);
}
