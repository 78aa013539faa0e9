import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "../../src/read/fetch-page.js";
import { readFailure } from "../helpers/failures.js";

type Handler = (req: IncomingMessage, res: ServerResponse, base: string) => void;

/** A local web server on `host`, answering each path with its handler. */
async function serve(
  host: string,
  routes: Record<string, Handler>,
): Promise<{ base: string; server: Server }> {
  let base = "";
  const server = createServer((req, res) => {
    const handler = routes[req.url ?? ""];
    if (!handler) {
      res.writeHead(404).end("not found");
      return;
    }
    handler(req, res, base);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return { base, server };
}

const html =
  (body: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  };
const redirect =
  (to: (base: string) => string): Handler =>
  (_req, res, base) => {
    res.writeHead(302, { location: to(base) }).end();
  };

const pages: Record<string, Handler> = {
  "/article": html("<html><body><h1>Title</h1><p>Body text.</p></body></html>"),
  "/hop1": redirect((base) => `${base}/hop2`),
  "/hop2": redirect(() => "/article"),
  "/loop-a": redirect(() => "/loop-b"),
  "/loop-b": redirect(() => "/loop-a"),
  "/missing": (_req, res) => {
    res.writeHead(404, { "content-type": "text/html" }).end("gone");
  },
  "/pdf-as-bytes": (_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" }).end("%PDF-1.4\n% a PDF's first bytes");
  },
  "/zip-as-bytes": (_req, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" }).end("PK\u0003\u0004 not a PDF");
  },
  "/no-type": (_req, res) => {
    res.writeHead(200).end("<p>no content type</p>");
  },
  "/image": (_req, res) => {
    res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(10));
  },
  "/hang": (_req, res) => {
    // Headers, a first chunk, and then nothing: the body never ends.
    res.writeHead(200, { "content-type": "text/html" });
    res.write("<p>start");
  },
  "/huge": (_req, res) => {
    // 50 MiB, written as the reader takes it.
    res.writeHead(200, { "content-type": "text/plain" });
    const chunk = Buffer.alloc(1024 * 1024, 97);
    let sent = 0;
    const more = () => {
      while (sent < 50) {
        sent++;
        if (!res.write(chunk)) {
          res.once("drain", more);
          return;
        }
      }
      res.end();
    };
    res.on("close", () => {
      sent = 50;
    });
    more();
  },
  "/bomb": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bombBytes);
  },
};
for (let i = 0; i < 7; i++) pages[`/chain${i}`] = redirect(() => `/chain${i + 1}`);
const bombBytes = gzipSync(Buffer.alloc(50 * 1024 * 1024));

let local: { base: string; server: Server };
let publicSide: { base: string; server: Server };
/** In these tests 127.0.0.2 plays a public site; every other address is private. */
const onlyPublicSide = (address: string) => address === "127.0.0.2";

beforeAll(async () => {
  local = await serve("127.0.0.1", pages);
  publicSide = await serve("127.0.0.2", {
    "/to-private": redirect(() => `${local.base}/article`),
    "/to-localhost": redirect(() => local.base.replace("127.0.0.1", "localhost")),
    "/ok": html("<p>public page</p>"),
  });
});
afterAll(() => {
  local.server.closeAllConnections();
  local.server.close();
  publicSide.server.closeAllConnections();
  publicSide.server.close();
});

describe("fetchPage", () => {
  it("reads a page, following redirects, when private addresses are allowed", async () => {
    const page = await fetchPage(`${local.base}/hop1`, { allowPrivateAddresses: true });
    expect(page.status).toBe(200);
    expect(page.mediaType).toBe("text/html");
    expect(page.bytes.toString()).toContain("Body text.");
    expect(page.redirects).toEqual([`${local.base}/hop2`, `${local.base}/article`]);
    expect(page.finalUrl).toBe(`${local.base}/article`);
  });

  it("refuses loopback and private addresses by default, by literal and by name", async () => {
    for (const address of [
      `${local.base}/article`,
      local.base.replace("127.0.0.1", "localhost"),
      "http://[::1]/",
    ]) {
      const error = await readFailure(fetchPage(address));
      expect(error.reason).toBe("private_address");
      expect(error.message).toMatch(/private or reserved/);
    }
  });

  it("refuses a redirect into a private range at the hop", async () => {
    const literal = await readFailure(
      fetchPage(`${publicSide.base}/to-private`, { addressAllowed: onlyPublicSide }),
    );
    expect(literal.reason).toBe("private_address");
    const byName = await readFailure(
      fetchPage(`${publicSide.base}/to-localhost`, { addressAllowed: onlyPublicSide }),
    );
    expect(byName.reason).toBe("private_address");
    // The public side itself is read under the same policy.
    const ok = await fetchPage(`${publicSide.base}/ok`, { addressAllowed: onlyPublicSide });
    expect(ok.bytes.toString()).toContain("public page");
  });

  it("ends redirect loops and long redirect chains", async () => {
    const loop = await readFailure(fetchPage(`${local.base}/loop-a`, { allowPrivateAddresses: true }));
    expect(loop.reason).toBe("redirect_loop");
    const chain = await readFailure(fetchPage(`${local.base}/chain0`, { allowPrivateAddresses: true }));
    expect(chain.reason).toBe("too_many_redirects");
  });

  it("ends a page that never finishes at its timeout", async () => {
    const started = Date.now();
    const error = await readFailure(
      fetchPage(`${local.base}/hang`, { allowPrivateAddresses: true, timeoutMs: 300 }),
    );
    expect(error.reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops a 50 MiB body and a gzip bomb at the size cap", async () => {
    const huge = await readFailure(fetchPage(`${local.base}/huge`, { allowPrivateAddresses: true }));
    expect(huge.reason).toBe("too_large");
    const bomb = await readFailure(fetchPage(`${local.base}/bomb`, { allowPrivateAddresses: true }));
    expect(bomb.reason).toBe("too_large");
    expect(bombBytes.length).toBeLessThan(1024 * 1024);
  });

  it("refuses other schemes, credentials, content types and error statuses with a reason", async () => {
    expect((await readFailure(fetchPage("file:///etc/passwd"))).reason).toBe("bad_address");
    expect((await readFailure(fetchPage("ftp://example.com/x"))).reason).toBe("bad_address");
    expect((await readFailure(fetchPage("not a url"))).reason).toBe("bad_address");
    const credentials = await readFailure(fetchPage("https://user:s3cret-pass@example.com/"));
    expect(credentials.reason).toBe("bad_address");
    expect(credentials.message).not.toContain("s3cret-pass");
    const image = await readFailure(fetchPage(`${local.base}/image`, { allowPrivateAddresses: true }));
    expect(image.reason).toBe("unsupported_type");
    expect(image.message).toContain("image/png");
    const missing = await readFailure(fetchPage(`${local.base}/missing`, { allowPrivateAddresses: true }));
    expect(missing.reason).toBe("http_status");
    expect(missing.message).toContain("404");
  });

  it("reads bytes sent as octet-stream as a PDF when they are one, and a page without a type as HTML", async () => {
    const pdf = await fetchPage(`${local.base}/pdf-as-bytes`, { allowPrivateAddresses: true });
    expect(pdf.mediaType).toBe("application/pdf");
    expect(pdf.contentType).toBe("application/pdf");
    const zip = await readFailure(fetchPage(`${local.base}/zip-as-bytes`, { allowPrivateAddresses: true }));
    expect(zip.reason).toBe("unsupported_type");
    const untyped = await fetchPage(`${local.base}/no-type`, { allowPrivateAddresses: true });
    expect(untyped.contentType).toBe("text/html");
  });

  it("reports a refused connection as a network failure", async () => {
    const closed = await serve("127.0.0.1", {});
    const base = closed.base;
    await new Promise((resolve) => closed.server.close(resolve));
    const error = await readFailure(fetchPage(`${base}/`, { allowPrivateAddresses: true }));
    expect(error.reason).toBe("network");
  });
});
