/**
 * The sentences of a text as `Intl.Segmenter` finds them, segmented a window at a time. Each step of
 * the segmenter costs time in proportion to the whole text it was given (Node 20): 200,000
 * characters of "A. " took 20 s in one piece, 60 ms in windows.
 */

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Characters segmented at once; doubled while a window holds fewer than three sentences. */
const WINDOW_CHARS = 1024;
/** Sentences taken from one window, so a window of short ones costs what a few do. */
const SENTENCES_PER_WINDOW = 32;

/**
 * Each sentence of `text` with its offset, whitespace after it included, as one segmentation of the
 * whole text gives them. A window's last two sentences are segmented again at the start of the next
 * window: whether a sentence ends can hang on what follows it ("etc. 2 — and" goes on).
 */
export function* sentencesIn(text: string): Generator<{ segment: string; index: number }> {
  let from = 0;
  let size = WINDOW_CHARS;
  while (from < text.length) {
    const end = Math.min(text.length, from + size);
    const starts: number[] = [];
    let whole = true;
    for (const { index } of segmenter.segment(text.slice(from, end))) {
      if (starts.length === SENTENCES_PER_WINDOW) {
        whole = false;
        break;
      }
      starts.push(from + index);
    }
    const last = end === text.length && whole;
    if (!last && starts.length < 3) {
      size *= 2;
      continue;
    }
    const taken = last ? starts.length : starts.length - 2;
    for (let i = 0; i < taken; i++) {
      const start = starts[i] as number;
      yield { segment: text.slice(start, starts[i + 1] ?? end), index: start };
    }
    if (last) return;
    from = starts[taken] as number;
    size = WINDOW_CHARS;
  }
}
