import { readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import { describe, expect, it } from "vitest";
import { STANCES, type Stance } from "../../src/judge/stance.js";
import { extractPage } from "../../src/read/extract-page.js";

/**
 * The labelled page set that scripts/evaluate-reading.mjs measures reading with: every case must
 * point at a page that exists and reads, carry valid labels, keep its fixed split, and the kinds of
 * page the measurement is about must all be there, each labelled consistently with its kind.
 */

interface PageCase {
  id: string;
  split: string;
  kinds: string[];
  question: string;
  claim: string;
  file: string;
  title: string;
  snippet: string;
  snippetStance: Stance;
  stance: Stance;
  keyPassage: string;
}

const folder = new URL("../fixtures/read-pages/", import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL("cases.json", folder), "utf8")) as { cases: PageCase[] };

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
};

/** Which stances each kind of page may have: its snippet's and its body's. */
const sides = ["support", "contradict"];
const noSide = ["neutral", "unrelated"];
const KINDS: Record<string, (c: PageCase) => boolean> = {
  "neutral-snippet-supports": (c) => noSide.includes(c.snippetStance) && c.stance === "support",
  "neutral-snippet-contradicts": (c) => noSide.includes(c.snippetStance) && c.stance === "contradict",
  "passing-mention": (c) => noSide.includes(c.stance),
  "quoted-denial": (c) => sides.includes(c.stance),
  "reported-then-qualified": (c) => c.snippetStance !== c.stance,
  "snippet-takes-side": (c) => sides.includes(c.stance) && c.snippetStance === c.stance,
  hedged: (c) => c.stance === "neutral",
  "deep-passage": () => true,
  "plain-text": (c) => extname(c.file) === ".txt",
  pdf: (c) => extname(c.file) === ".pdf",
};
/** Kinds common enough to appear in both splits. */
const IN_BOTH_SPLITS = Object.keys(KINDS).filter((kind) => kind !== "plain-text" && kind !== "pdf");

/** `needle` in `text`, every run of white space matching any other; the offset, or -1. */
function looseIndexOf(text: string, needle: string): number {
  const pattern = needle
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  return new RegExp(pattern, "u").exec(text)?.index ?? -1;
}

describe("the read-pages set", () => {
  it("has about sixty cases with unique ids and every field filled in", () => {
    expect(cases.length).toBeGreaterThanOrEqual(55);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) {
      expect(c.id, c.id).toMatch(/^c\d{2,}$/);
      for (const field of ["question", "claim", "file", "title", "snippet", "keyPassage"] as const) {
        expect(c[field].trim(), `${c.id} ${field}`).not.toBe("");
      }
      expect(c.question, c.id).toMatch(/\?$/);
      expect(c.kinds.length, c.id).toBeGreaterThan(0);
    }
  });

  it("labels every page and snippet with a valid stance, and every side in fair numbers", () => {
    for (const c of cases) {
      expect(STANCES, c.id).toContain(c.stance);
      expect(STANCES, c.id).toContain(c.snippetStance);
    }
    const count = (stances: string[]) => cases.filter((c) => stances.includes(c.stance)).length;
    expect(count(["support"])).toBeGreaterThanOrEqual(12);
    expect(count(["contradict"])).toBeGreaterThanOrEqual(12);
    expect(count(noSide)).toBeGreaterThanOrEqual(12);
  });

  it("keeps the split chosen up front: every third case by id is held out", () => {
    for (const c of cases) {
      expect(c.split, c.id).toBe(Number(c.id.slice(1)) % 3 === 0 ? "held-out" : "tune");
    }
    const heldOut = cases.filter((c) => c.split === "held-out").length;
    expect(heldOut).toBeGreaterThanOrEqual(Math.floor(cases.length / 3));
    expect(heldOut).toBeLessThanOrEqual(Math.ceil(cases.length / 3));
  });

  it("has every kind of page, each labelled as its kind requires", () => {
    for (const c of cases) {
      for (const kind of c.kinds) {
        expect(Object.keys(KINDS), `${c.id} kind`).toContain(kind);
        expect(KINDS[kind]?.(c), `${c.id} is labelled against its kind ${kind}`).toBe(true);
      }
    }
    for (const kind of Object.keys(KINDS)) {
      expect(cases.filter((c) => c.kinds.includes(kind)).length, kind).toBeGreaterThan(0);
    }
    for (const kind of IN_BOTH_SPLITS) {
      for (const split of ["tune", "held-out"]) {
        const found = cases.some((c) => c.split === split && c.kinds.includes(kind));
        expect(found, `${kind} in ${split}`).toBe(true);
      }
    }
  });

  it.each(cases)(
    "$id: the page exists, is 1–6 KB and its deciding passage survives extraction",
    async (c) => {
      const url = new URL(c.file, folder);
      expect(url.href.startsWith(folder.href), "inside the folder").toBe(true);
      const size = statSync(url).size;
      expect(size).toBeGreaterThanOrEqual(1024);
      expect(size).toBeLessThanOrEqual(6 * 1024);
      const contentType = CONTENT_TYPES[extname(c.file)];
      expect(contentType, "a page type the set serves").toBeDefined();
      const page = await extractPage({
        bytes: new Uint8Array(readFileSync(url)),
        contentType: contentType as string,
        url: `http://127.0.0.1/${c.file}`,
      });
      const at = looseIndexOf(page.text, c.keyPassage);
      expect(at, "the key passage is in the extracted text").toBeGreaterThanOrEqual(0);
      if (c.kinds.includes("deep-passage")) {
        expect(page.text.length).toBeGreaterThanOrEqual(1500);
        expect(at / page.text.length, "the key passage lies in the second half").toBeGreaterThan(0.5);
      }
    },
  );
});
