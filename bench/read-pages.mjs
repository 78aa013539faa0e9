// Reading pages: what `corroborate(question, { read })` costs against the same question without
// reading (`read: 0`), for `read: "auto"` (the default) and `read: N`. One search service (an
// in-process provider) answers every call with 10 hits after 300 ms; each hit is a page of the
// labelled page set (test/fixtures/read-pages/pages, 1–6 KB of HTML with menus, footers and
// scripts), each on a loopback address of its own (so on a host of its own, as the pages of
// different origins are) and served after 300 ms. Every snippet takes no side, so `auto` reads its
// most, three pages: the dearest case. Measured as wall time ÷ the same question without reading,
// and the time reading adds ÷ one page's latency (1 would be every page read at once with no work
// of our own; the reads run in parallel, then extraction and judging).
//   read 0, auto, read 3, read 5 take turns in one loop: median of 9 after 2 warm-up runs.
// Run: npm run build && node bench/read-pages.mjs
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { configFromObject } from "../dist/config/config.js";
import { corroborate } from "../dist/index.js";
import { figure, fmt, machineLine, median, run, scratchStateDir, timed } from "./common.mjs";

const SEARCH_MS = 300;
const PAGE_MS = 300;
const HITS = 10;
const WARM_UP = 2;
const RUNS = 9;
const READS = [0, "auto", 3, 5];
/** Pages each setting must have read, or the figure would not be what it says. */
const expectedReads = (read) => (read === "auto" ? 3 : read);
const QUESTION = "Is coffee good for your liver?";
const PAGES_DIR = fileURLToPath(new URL("../test/fixtures/read-pages/pages/", import.meta.url));

/** Ten of the set's HTML pages, each served by its own server on 127.0.0.(2+i). */
async function servePages() {
  const files = readdirSync(PAGES_DIR)
    .filter((name) => name.endsWith(".html"))
    .sort()
    .slice(0, HITS);
  const servers = [];
  const urls = [];
  for (const [i, name] of files.entries()) {
    const body = readFileSync(`${PAGES_DIR}${name}`);
    const server = createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body), PAGE_MS);
    });
    const host = `127.0.0.${2 + i}`;
    await new Promise((resolve) => server.listen(0, host, resolve));
    servers.push(server);
    urls.push(`http://${host}:${server.address().port}/${name}`);
  }
  return {
    urls,
    close: () => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))),
  };
}

/** A search service that finds the pages, in a different order for each call, after SEARCH_MS. */
function provider(urls) {
  return {
    name: "exa",
    configured: true,
    search: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, SEARCH_MS));
      const shift = request.query.length % urls.length;
      return {
        hits: urls.map((_, i) => {
          const url = urls[(i + shift) % urls.length];
          return {
            url,
            title: `Page ${url.split("/").pop()}`,
            snippet: "A page about coffee, health and what the studies say.",
            publishedAt: null,
            engines: [],
            rank: i + 1,
          };
        }),
        unresponsiveEngines: [],
        warnings: [],
      };
    },
  };
}

async function main() {
  console.log(machineLine());
  const pages = await servePages();
  const state = scratchStateDir();
  const config = configFromObject({
    keyless: "off",
    cacheTtlMs: 0,
    stateDir: state.dir,
    allowPrivateAddresses: true,
  });
  const providers = [provider(pages.urls)];
  const times = new Map(READS.map((n) => [n, []]));
  try {
    for (let round = 0; round < WARM_UP + RUNS; round++) {
      for (const read of READS) {
        const { ms, result } = await timed(() => corroborate(QUESTION, { config, providers, read }));
        const readOk = result.evidence.filter((e) => e.readStatus === "read").length;
        if (readOk !== expectedReads(read))
          throw new Error(`read ${read}: ${readOk} pages read (${result.notes.join("; ")})`);
        if (round >= WARM_UP) times.get(read).push(ms);
      }
    }
  } finally {
    await pages.close();
    state.remove();
  }
  const base = median(times.get(0));
  console.log(`\nsearch ${SEARCH_MS} ms per call, pages ${PAGE_MS} ms each; median of ${RUNS}\n`);
  console.log("| read | wall | ÷ read 0 | added | added ÷ page latency |");
  console.log("| ---: | ---: | ---: | ---: | ---: |");
  for (const read of READS) {
    const wall = median(times.get(read));
    const added = wall - base;
    console.log(
      `| ${read} | ${fmt.ms(wall)} | ${fmt.ratio(wall / base)} | ${read === 0 ? "—" : fmt.ms(added)} | ${read === 0 ? "—" : fmt.ratio(added / PAGE_MS)} |`,
    );
  }
  for (const read of READS.slice(1)) {
    const wall = median(times.get(read));
    figure(
      `read ${read === "auto" ? "auto (3 pages)" : `${read} pages`} (${PAGE_MS} ms each) ÷ no reading`,
      `${fmt.ratio(wall / base)} (+${fmt.ms(wall - base)})`,
    );
  }
}

run(main);
