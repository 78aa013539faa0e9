import { constants, inflateSync } from "node:zlib";
import { ReadFailure } from "../errors.js";

/**
 * What one compressed stream of a PDF may inflate to before the document is refused. pdf.js keeps a
 * stream it decodes whole in memory and gives no limit of its own, and deflate packs a thousand
 * times: a 1 MB file can hold a gigabyte of content. A page's content, a font or a form is a few
 * megabytes at most; images, which can be larger, are not decoded to read text and are not counted.
 */
export const MAX_INFLATED_STREAM_BYTES = 32 * 1024 * 1024;

/** How far before a stream its dictionary is looked for. */
const MAX_DICTIONARY_BYTES = 4096;

const STREAM = Buffer.from("stream");
const END_STREAM = Buffer.from("endstream");
const OBJ = Buffer.from(" obj");

/**
 * Refuses a PDF one of whose deflated streams (other than images) inflates past
 * {@link MAX_INFLATED_STREAM_BYTES}. Each stream is inflated once, into a buffer that size at most,
 * before pdf.js is given the document; a stream that cannot be inflated is left to pdf.js.
 */
export function refuseStreamBombs(bytes: Uint8Array): void {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = pdf.indexOf(STREAM); at !== -1; ) {
    const start = dataStart(pdf, at + STREAM.length);
    const end = start === undefined ? -1 : pdf.indexOf(END_STREAM, start);
    if (start === undefined || end === -1 || !isDeflatedText(dictionaryBefore(pdf, at))) {
      at = pdf.indexOf(STREAM, at + STREAM.length);
      continue;
    }
    if (inflatesPastLimit(pdf.subarray(start, end)))
      throw new ReadFailure(
        `A stream of this PDF inflates to more than ${MAX_INFLATED_STREAM_BYTES / 1024 / 1024} MB`,
        { reason: "too_large" },
      );
    at = pdf.indexOf(STREAM, end + END_STREAM.length);
  }
}

/** Where a stream's data starts: after the keyword and its end of line (CRLF or LF). */
function dataStart(pdf: Buffer, after: number): number | undefined {
  if (pdf[after] === 0x0d && pdf[after + 1] === 0x0a) return after + 2;
  if (pdf[after] === 0x0a) return after + 1;
  // "endstream", or the word inside some text: not a stream's start.
  return undefined;
}

/** The text between the object's header and its `stream` keyword: the stream's dictionary. */
function dictionaryBefore(pdf: Buffer, streamAt: number): string {
  const from = Math.max(0, streamAt - MAX_DICTIONARY_BYTES);
  const objAt = pdf.lastIndexOf(OBJ, streamAt);
  return pdf.toString("latin1", Math.max(from, objAt), streamAt);
}

function isDeflatedText(dictionary: string): boolean {
  return /\/(?:FlateDecode|Fl)\b/.test(dictionary) && !/\/Subtype\s*\/Image\b/.test(dictionary);
}

function inflatesPastLimit(data: Buffer): boolean {
  try {
    // A truncated stream is inflated as far as it goes, as pdf.js would.
    inflateSync(data, { maxOutputLength: MAX_INFLATED_STREAM_BYTES, finishFlush: constants.Z_SYNC_FLUSH });
    return false;
  } catch (error) {
    return (error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE";
  }
}
