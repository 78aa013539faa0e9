/**
 * `core-search read` on pages made to stall or swell a reader: each read ends with its text or a
 * reason once its time is up, and the command stops when it is told to, whatever it is extracting.
 * The built command runs as its own process (`npm test` builds first).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostilePages } from "../../fixtures/pages/hostile-pages.js";
import { BIN, runBin } from "../../helpers/run-bin.js";

const PAGES = hostilePages();
let pages: Server;
let base: string;
let env: Record<string, string>;

beforeAll(async () => {
  pages = createServer((req, res) => {
    const hostile = PAGES.find((page) => `/${page.name}` === req.url);
    if (!hostile) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": hostile.contentType }).end(Buffer.from(hostile.bytes));
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  const home = mkdtempSync(join(tmpdir(), "core-search-hostile-cli-"));
  env = {
    HOME: home,
    CORE_SEARCH_STATE_DIR: home,
    CORE_SEARCH_KEYLESS: "off",
    CORE_SEARCH_ALLOW_PRIVATE_ADDRESSES: "1",
  };
});
afterAll(() => {
  pages.closeAllConnections();
  pages.close();
});

describe("core-search read on hostile pages", () => {
  it.each(PAGES.map((page) => page.name))("ends %s with its text or a reason", async (name) => {
    const { code, stdout, stderr } = await runBin(
      ["read", `${base}/${name}`, "--timeout-ms", "2000", "--json"],
      env,
    );
    // A page all of whose text is hidden reads as no text.
    if (code === 0)
      expect(JSON.parse(stdout)).toMatchObject({ kind: expect.any(String), text: expect.any(String) });
    else expect(stderr).toMatch(/took longer than the read's time|inflates to more than|used more than/);
  });

  it("stops at once on SIGTERM while extracting", async () => {
    const child = spawn(process.execPath, [BIN, "read", `${base}/nested-q.pdf`, "--timeout-ms", "60000"], {
      env: { PATH: process.env.PATH ?? "", TMPDIR: process.env.TMPDIR ?? "", ...env },
      stdio: "ignore",
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ?? code)),
    );
    // Long enough for the page to be fetched and its extraction to start.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    child.kill("SIGTERM");
    // Without a bound on extraction the command would run to its minute, past the test's time.
    expect(await exited).not.toBeUndefined();
  });
});
