/**
 * Bytes to a string in the order browsers use: a byte-order mark, then the charset the response's
 * content type names, then (HTML only) a <meta> charset declared in the first kilobyte, then UTF-8.
 * A label TextDecoder does not know is passed over, as browsers do.
 */

/** How far into an HTML document a <meta> charset is looked for (the HTML standard's prescan). */
const META_PRESCAN_BYTES = 1024;

const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;

export function decodePage(bytes: Uint8Array, contentType: string, options: { html: boolean }): string {
  const label: string =
    bomCharset(bytes) ??
    knownCharset(charsetParameter(contentType)) ??
    (options.html ? knownCharset(metaCharset(bytes)) : undefined) ??
    "utf-8";
  // The BOM is dropped by TextDecoder itself (ignoreBOM defaults to false).
  const text = new TextDecoder(label).decode(bytes);
  return label === "windows-1252" ? repairWindows1252(text) : text;
}

/**
 * What bytes 0x80 to 0x9f are in windows-1252 (WHATWG index), the five it leaves undefined as
 * themselves. Also the decoding of the `latin1`, `iso-8859-1` and `ascii` labels.
 */
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Node 20.18.3 and later decode windows-1252 as ISO-8859-1, leaving bytes 0x80 to 0x9f as C1
 * controls (nodejs/node#60888): curly quotes, dashes and the euro sign would then be stripped as
 * controls. Those code points are mapped as windows-1252 maps them; a fixed Node never emits them
 * for other bytes, so the repair changes nothing there.
 */
function repairWindows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** The `charset` parameter of a content type such as `text/html; charset="ISO-8859-1"`. */
export function charsetParameter(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match?.[2];
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return undefined;
}

function metaCharset(bytes: Uint8Array): string | undefined {
  // Latin-1 maps every byte to one character, so the ASCII of the markup reads as is.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, META_PRESCAN_BYTES));
  const label = META_CHARSET.exec(head)?.[1];
  // A page cannot be in UTF-16 if its ASCII markup was just read byte by byte (HTML standard).
  return label && /^utf-16/i.test(label) ? "utf-8" : label;
}

function knownCharset(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}
