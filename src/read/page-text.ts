import { withoutControls } from "../util/control-characters.js";

/**
 * Page text is untrusted and later cited by character offsets, so every kind of page goes through
 * the same cleaning: the result is a pure function of the input string.
 */

/** Horizontal white space: tab, space, no-break space, the Unicode space separators. */
const SPACES = /[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/**
 * Line breaks of every convention: CR LF, CR, NEL, the Unicode line and paragraph separators, and
 * vertical tab and form feed (a page break in plain text), so none of them glues two words.
 */
const LINE_BREAK = /\r\n?|[\v\f\u0085\u2028\u2029]/g;

/** `text` without escape sequences or control characters but tab and line feed, with `\n` line ends. */
export function stripControls(text: string): string {
  // Line ends first: a CR is a control, and U+0085 (NEL) would otherwise go as a C1 control.
  return withoutControls(text.replace(LINE_BREAK, "\n"));
}

/**
 * The page's text in its one stable form: controls stripped, each line's runs of white space made
 * one space and the line trimmed, paragraphs (split at blank lines) joined by one blank line, and
 * the whole cut at `maxChars` (never inside a surrogate pair) without any marker.
 */
export function normalisePageText(text: string, maxChars: number): string {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  let length = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const paragraph = lines.join("\n");
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
    lines = [];
  };
  for (const raw of stripControls(text).split("\n")) {
    const line = raw.replace(SPACES, " ").trim();
    if (line === "") flush();
    else lines.push(line);
    // Enough gathered: the rest would be cut anyway.
    if (length > maxChars) break;
  }
  flush();
  return capText(paragraphs.join("\n\n"), maxChars);
}

/** A one-line value (a title): controls stripped, all white space one space, trimmed; undefined if empty. */
export function cleanLine(text: string | null | undefined, maxChars = 1_000): string | undefined {
  if (text == null) return undefined;
  const line = capText(stripControls(text).replace(/\s+/g, " ").trim(), maxChars).trim();
  return line === "" ? undefined : line;
}

/** `text` cut to at most `maxChars` UTF-16 units, never between the halves of a surrogate pair. */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd();
}

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

/**
 * A BCP 47-like language tag (`en`, `en-GB`, `zh-Hant-TW`) from a declared value, `en_GB` spelt
 * with a hyphen; the first of a list (`de, en`); undefined for anything else.
 */
export function languageTag(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const tag = value.split(",")[0]?.trim().replace(/_/g, "-");
  return tag && LANGUAGE_TAG.test(tag) ? tag : undefined;
}
