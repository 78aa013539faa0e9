/**
 * Text from the web, made to be read slowly, up to the size limits: a snippet (20,000 characters in
 * an `assess` call), the titles of an `assess` call at its limits, a search service's reply, a read
 * page's text (200,000 characters). Each is read in time that grows with its length: the patterns
 * these tests replaced reread a long run of spaces or brackets from each of its characters.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskUrl } from "../../src/config/redact.js";
import { dedupe } from "../../src/dedup/dedupe.js";
import { marketingOf } from "../../src/dedup/marketing.js";
import { pageAddress } from "../../src/dedup/page-address.js";
import { paperTitle } from "../../src/dedup/paper-titles.js";
import { titleFingerprint } from "../../src/dedup/title-fingerprint.js";
import { createHttpClient } from "../../src/http/http-client.js";
import { segments } from "../../src/judge/claim-cues.js";
import {
  MAX_ASSESS_EVIDENCE,
  MAX_ASSESS_SNIPPET_CHARS,
  MAX_ASSESS_TITLE_CHARS,
} from "../../src/operations/input-ranges.js";
import { createParallelProvider } from "../../src/providers/parallel.js";
import { DEFAULT_MAX_TEXT_CHARS } from "../../src/read/extract-page.js";
import { passagesFor } from "../../src/read/passages.js";
import { cpuMs, growth, LINEAR_GROWTH } from "../helpers/cpu-time.js";
import { searchRequest } from "../helpers/provider-harness.js";
import { startScriptedServer } from "../helpers/scripted-server.js";

/** What reading one text may hold the event loop for; the patterns replaced took seconds. */
const BLOCK_MS = 100;
/** Runs of whitespace as a page may hold them. */
const RUNS = [" ", "\t", " \n", "\n ", "\u00a0"];

/** `text` made `chars` long with `run` repeated between two words. */
const padded = (run: string, chars: number, before = "Coffee", after = "causes cancer."): string =>
  `${before}${run.repeat(Math.ceil(chars / run.length)).slice(0, chars - before.length - after.length)}${after}`;

describe("the judge's sentences", () => {
  /** The split the judge made before runs of whitespace were shortened for it. */
  const SPLIT = /\n|(?<=[.!?])\s+(?=[A-Z0-9"“'])|:\s+|\s+[|–—]\s+|\s+-\s+(?=[A-Z])|\s*\.\.\.\s*|…/;
  const words = (parts: readonly string[]) => parts.map((part) => part.replace(/\s+/g, " "));
  const reference = (text: string) =>
    words(
      text
        .split(SPLIT)
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    );

  it.each(RUNS)("of a snippet at its limit, with a run of %j, take milliseconds", (run) => {
    const text = padded(run, MAX_ASSESS_SNIPPET_CHARS);
    let parts: readonly string[] = [];
    expect(cpuMs(() => (parts = segments(text)))).toBeLessThan(BLOCK_MS);
    expect(words(parts)).toEqual(
      run.includes("\n") ? ["Coffee", "causes cancer."] : ["Coffee causes cancer."],
    );
  });

  it("are those of the plain split, word for word", () => {
    const piece = fc.constantFrom(" ", "\t", "\n", "\u00a0", ...'a B 1 . ! ? : | – - … ... "'.split(" "));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join("");
        expect(words(segments(text))).toEqual(reference(text));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("the titles of an assess call at its limits", () => {
  // 2,000 titles of 1,000 characters, each with a run of spaces no separator follows: the patterns
  // replaced took 14 s (the product's name), 3 s (the fingerprint) and 18 s (a paper's title).
  const titles = (run: string) =>
    Array.from({ length: MAX_ASSESS_EVIDENCE }, (_, i) =>
      padded(run, MAX_ASSESS_TITLE_CHARS, "Buy Revitaa Pro", `Official Website ${i} | Reviews`),
    );
  const shop = pageAddress("https://www.amazon.com/dp/B0C1234567");

  it.each(RUNS)("with runs of %j are read in well under a second", (run) => {
    const all = titles(run);
    const selling = all.map((title) => ({ domain: "amazon.com", title, snippet: "" }));
    expect(cpuMs(() => selling.map((item) => marketingOf(item, shop)))).toBeLessThan(10 * BLOCK_MS);
    expect(cpuMs(() => all.map((title) => titleFingerprint(title)))).toBeLessThan(10 * BLOCK_MS);
    expect(cpuMs(() => all.map((title) => paperTitle(title)))).toBeLessThan(10 * BLOCK_MS);
    expect(marketingOf(selling[0] as (typeof selling)[number], shop)?.product?.key).toBe("revitaa pro");
  });
});

describe("a snippet quoting a paper's title", () => {
  it("followed by a long run of spaces is compared part by part in linear time", () => {
    // Cutting the snippet at punctuation retried the run from each of its spaces: 1.4 s here.
    const title = "Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine";
    const hits = (share: number) => [
      { url: "https://doi.org/10.1056/NEJMoa2034577", title, snippet: "A randomized trial." },
      {
        url: "https://news.example.com/a",
        title: "A story",
        snippet: `${title}${" ".repeat(20_000 * share)}x`,
      },
    ];
    expect(growth(hits, dedupe)).toBeLessThan(LINEAR_GROWTH);
  });
});

describe("a snippet naming a journal", () => {
  it("of thousands of small words is read in linear time", () => {
    // Trimming the name's trailing small words retried the rest from each of them: 0.3 s for two.
    const hits = (share: number) =>
      [1, 2].map((i) => ({
        url: `https://n${i}.example.com/a`,
        title: "A study on sleep",
        snippet: `A 2021 study of 120 adults was published in the Journal${" of".repeat(6_000 * share)} Medicine.`,
      }));
    expect(growth(hits, dedupe)).toBeLessThan(LINEAR_GROWTH);
  });
});

describe("a search service's excerpts", () => {
  it("of a megabyte of link brackets are read once, not from each bracket", async () => {
    const results = [
      { url: "https://a.example/", title: "A", excerpts: ["[".repeat(1024 * 1024), "[](".repeat(300_000)] },
      {
        url: "https://b.example/",
        title: "B",
        excerpts: ["See [the study](https://x.org/wiki/A_(b)) here."],
      },
    ];
    const server = await startScriptedServer({ "POST /v1/search": { body: { search_id: "s", results } } });
    try {
      const http = createHttpClient();
      const provider = createParallelProvider({ apiKey: "test-key", baseUrl: server.url, http });
      const before = process.cpuUsage();
      const { hits } = await provider.search(searchRequest("q"));
      const spent = process.cpuUsage(before);
      // The reply's sending, transfer and parsing included; reading the brackets took hours before.
      expect((spent.user + spent.system) / 1000).toBeLessThan(10 * BLOCK_MS);
      expect(hits.map((hit) => hit.snippet.slice(0, 20))).toEqual(["[".repeat(20), "See the study here."]);
    } finally {
      await server.close();
    }
  });
});

describe("a read page's text at its limit", () => {
  it.each(["A. ", "1. ", "Dr. "])("of sentences %j is quoted in well under a second", (sentence) => {
    const page = sentence.repeat(Math.floor(DEFAULT_MAX_TEXT_CHARS / sentence.length));
    // About two microseconds a sentence; the segmenter alone took 20 s over the page in one piece.
    expect(cpuMs(() => passagesFor("A causes cancer", page))).toBeLessThan(10 * BLOCK_MS);
  });

  it.each(["a-", "-a", "a.", "+a"])("of %j has its addresses masked in milliseconds", (piece) => {
    const text = piece.repeat(DEFAULT_MAX_TEXT_CHARS / 2);
    let masked = "";
    expect(cpuMs(() => (masked = maskUrl(text)))).toBeLessThan(BLOCK_MS);
    expect(masked).toBe(text);
  });

  it("has the addresses masked that one pattern over all of it masks", () => {
    const PATTERN = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]*[^\s"'<>`.,;:!?)\]]/giu;
    const mark = (text: string) => text.replace(PATTERN, (url) => maskUrl(url));
    const piece = fc.constantFrom(" ", ...'a B 1 _ - + . : / :// ? ) " ſ @ u:p@h http ?token=x'.split(" "));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join("");
        expect(maskUrl(text)).toBe(mark(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
