/**
 * Pages are extracted in threads that are ended when a read's time is up, its caller leaves, or it
 * grows past its memory. The threads run the build's worker module (`npm test` builds first).
 */
import type { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { ReadFailure } from "../../src/errors.js";
import { extractPage } from "../../src/read/extract-page.js";
import { type ExtractionPool, openExtractionPool } from "../../src/read/extraction-pool.js";
import { hostilePages } from "../fixtures/pages/hostile-pages.js";

const ARTICLE = `<html lang="en"><head><title>Coffee</title></head><body><nav>MENU</nav><article>${"<p>Coffee drinkers in a cohort of adults had a lower risk of heart disease than people who drank none, the authors reported.</p>".repeat(6)}</article></body></html>`;
const article = {
  bytes: new TextEncoder().encode(ARTICLE),
  contentType: "text/html",
  url: "https://news.example.org/coffee",
};
const hostile = new Map(hostilePages().map((page) => [page.name, page]));
const pageNamed = (name: string) => {
  const page = hostile.get(name);
  if (!page) throw new Error(`no hostile page ${name}`);
  return { bytes: page.bytes, contentType: page.contentType, url: `https://hostile.example/${name}` };
};
const within = (ms: number) => ({ deadlineAt: performance.now() + ms });

/** Threads started in this process while a test runs, and those that have ended. */
const threads = { started: new Set<Worker>(), ended: new Set<Worker>() };
process.on("worker", (worker: Worker) => {
  threads.started.add(worker);
  worker.once("exit", () => threads.ended.add(worker));
});
const pools: ExtractionPool[] = [];
const pool = (options?: Parameters<typeof openExtractionPool>[0]) => {
  const opened = openExtractionPool(options);
  pools.push(opened);
  return opened;
};
afterEach(async () => {
  for (const opened of pools.splice(0)) await opened.close();
  threads.started.clear();
  threads.ended.clear();
});

async function failure(promise: Promise<unknown>): Promise<ReadFailure> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ReadFailure);
  return error as ReadFailure;
}

describe("the extraction pool", () => {
  it("extracts a page in a thread exactly as in process, and passes a page's own failure on", async () => {
    const { extract } = pool({ threads: 1 });
    const pooled = await extract(article, within(20_000));
    expect(pooled).toEqual(await extractPage(article));
    expect(pooled.text).toContain("lower risk of heart disease");
    expect(threads.started.size).toBe(1);
    const refused = await failure(extract({ ...article, contentType: "image/png" }, within(20_000)));
    expect(refused.reason).toBe("bad_body");
    expect(refused.message).toMatch(/image\/png/);
  });

  it("ends the thread of a page that does not finish in its time, and says so", async () => {
    const { extract } = pool({ threads: 1 });
    const stopped = await failure(extract(pageNamed("nested-q.pdf"), within(1_000)));
    expect(stopped.reason).toBe("timeout");
    expect(stopped.message).toContain("https://hostile.example/nested-q.pdf");
    await expect.poll(() => threads.ended.size).toBe(1);
    // The pool starts a new thread for the next page.
    expect((await extract(article, within(20_000))).text).toContain("heart disease");
  });

  it("ends the thread when the caller leaves", async () => {
    const { extract } = pool({ threads: 1 });
    const caller = new AbortController();
    const running = extract(pageNamed("nested-q.pdf"), { ...within(60_000), signal: caller.signal });
    await expect.poll(() => threads.started.size).toBe(1);
    caller.abort();
    expect((await failure(running)).reason).toBe("aborted");
    // The pool's one thread is free again: the abandoned page would hold it for a minute.
    expect((await extract(article, within(20_000))).text).toContain("heart disease");
  });

  it("refuses a PDF whose stream inflates past the cap before parsing it", async () => {
    const { extract } = pool({ threads: 1 });
    const refused = await failure(extract(pageNamed("inflating.pdf"), within(20_000)));
    expect(refused.reason).toBe("too_large");
    expect(refused.message).toMatch(/inflates to more than 32 MB/);
  });

  it("stops extractions that grow the process past their memory allowance", async () => {
    const { extract } = pool({ threads: 1, memoryMb: 1 });
    const stopped = await failure(extract(pageNamed("paragraphs.html"), within(60_000)));
    expect(stopped.reason).toBe("too_large");
    expect(stopped.message).toMatch(/used more than 1 MB/);
  });

  it("ends a running extraction when it is closed", async () => {
    const opened = openExtractionPool({ threads: 1 });
    const running = opened.extract(pageNamed("nested-q.pdf"), within(60_000));
    await expect.poll(() => threads.started.size).toBe(1);
    const outcome = failure(running);
    await opened.close();
    expect((await outcome).reason).toBe("aborted");
    await expect.poll(() => [...threads.started].every((worker) => threads.ended.has(worker))).toBe(true);
  });

  it("ends every hostile page with text or a reason within its time", async () => {
    const { extract } = pool({ threads: 1 });
    for (const name of hostile.keys()) {
      const outcome = await extract(pageNamed(name), within(2_000)).then(
        (page) => `text ${page.text.length}`,
        (error: unknown) => (error instanceof ReadFailure ? error.reason : String(error)),
      );
      expect(outcome, name).toMatch(/^text \d+$|^timeout$|^too_large$/);
    }
  });
});

describe("extraction of large pages", () => {
  // Each took from 45 s to minutes when removing overlays and making markdown were quadratic; the
  // test's own time limit is what would fail.
  it("reads many paragraphs, deep hidden nesting and unclosed paragraphs whole", async () => {
    const paragraphs = await extractPage(pageNamed("paragraphs.html"));
    expect(paragraphs.text).toMatch(/^Plain paragraph text here/);
    expect(paragraphs.text.length).toBe(200_000);
    expect(paragraphs.markdown?.length).toBeLessThanOrEqual(400_000);
    expect((await extractPage(pageNamed("nested-hidden.html"))).text).toBe("");
    const unclosed = await extractPage(pageNamed("unclosed.html"));
    expect(unclosed.text.startsWith("x\n\nx\n\nx")).toBe(true);
    for (const padded of ["padded.html", "padded-references.html"]) {
      const page = await extractPage(pageNamed(padded));
      expect(page.text).toBe("Start end of the text.");
      expect(page.markdown).toMatch(/^Start\s+end of the text\.$/u);
    }
  });
});
