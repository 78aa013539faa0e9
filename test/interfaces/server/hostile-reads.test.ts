/**
 * A server reading pages made to stall it: the reads end when their callers leave, an unrelated
 * question is answered meanwhile, and the server stops at once whatever it is extracting.
 */
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromObject } from "../../../src/config/config.js";
import { type HttpApi, startHttpApi } from "../../../src/interfaces/server/http-api.js";
import { reportSchema } from "../../../src/report/report-schema.js";
import { hostilePages } from "../../fixtures/pages/hostile-pages.js";
import { type FakeEngine, page, startFakeSearxng } from "../../helpers/fake-searxng.js";
import type { ScriptedServer } from "../../helpers/scripted-server.js";

const STALLING = hostilePages().find((hostile) => hostile.name === "nested-q.pdf");
const ENGINES: FakeEngine[] = ["bing", "google", "duckduckgo", "mojeek"].map((name, i) => ({
  name,
  categories: ["general", "news", "science"],
  results: [page(`site${i}.org`), page(`other${i}.org`)],
}));

let pages: Server;
let served = 0;
let pdfUrl: string;
let searx: ScriptedServer;
let api: HttpApi;

/** Extraction threads started in this process, and those that have ended. */
const threads = { started: new Set<Worker>(), ended: new Set<Worker>() };
process.on("worker", (worker: Worker) => {
  threads.started.add(worker);
  worker.once("exit", () => threads.ended.add(worker));
});

beforeAll(async () => {
  pages = createServer((_req, res) => {
    served += 1;
    res.writeHead(200, { "content-type": "application/pdf" }).end(Buffer.from(STALLING?.bytes ?? []));
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pdfUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/stalling.pdf`;
  searx = await startFakeSearxng(ENGINES);
  const config = configFromObject({
    keyless: "off",
    stateDir: mkdtempSync(join(tmpdir(), "core-search-hostile-")),
    cacheTtlMs: 0,
    searxngUrl: searx.url,
    allowPrivateAddresses: true,
    deadlineMs: 15_000,
  });
  api = await startHttpApi({ config });
});
afterAll(async () => {
  await api.close();
  await searx.close();
  pages.closeAllConnections();
  pages.close();
});

/** A read of the stalling page whose client gives up after `leaveAfterMs`. */
async function readAndLeave(leaveAfterMs: number): Promise<void> {
  const leave = new AbortController();
  setTimeout(() => leave.abort(), leaveAfterMs);
  await request(`${api.url}/v1/read`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: pdfUrl, timeoutMs: 60_000 }),
    signal: leave.signal,
  }).catch(() => undefined);
}

describe("a server reading pages that stall their parser", () => {
  it("ends the reads its clients left, and answers an unrelated question", async () => {
    await Promise.all([readAndLeave(1_500), readAndLeave(1_500)]);
    expect(served).toBe(2);
    // Both extractions are over, not running on to their minute.
    await expect
      .poll(() => [...threads.started].every((worker) => threads.ended.has(worker)), { timeout: 5_000 })
      .toBe(true);
    const answer = await request(`${api.url}/v1/corroborate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "Is intermittent fasting safe?", limit: 3, read: 0 }),
    });
    expect(answer.statusCode).toBe(200);
    const report = reportSchema.parse(await answer.body.json());
    expect(report.calls.some((call) => call.status === "ok")).toBe(true);
    expect(report.evidence.length).toBeGreaterThan(0);
  });

  it("stops at once while a read is extracting, failing that read", async () => {
    const before = served;
    const reading = request(`${api.url}/v1/read`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: pdfUrl, timeoutMs: 60_000 }),
    }).then(
      async (answer) => ({ status: answer.statusCode, body: (await answer.body.json()) as unknown }),
      () => ({ status: 0, body: undefined }),
    );
    await expect.poll(() => served).toBe(before + 1);
    // Closing waits for running calls: the read ends with its extraction, not at its minute.
    await api.close();
    const answered = await reading;
    expect(answered.status).not.toBe(200);
  });
});
