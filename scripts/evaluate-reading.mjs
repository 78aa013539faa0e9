// Measures how much reading the pages changes stance accuracy against judging the search snippet
// alone, on the labelled page set in test/fixtures/read-pages/ (its README says how it was made).
//
// Usage: npm run build && node scripts/evaluate-reading.mjs [--json] [--read N] [--judge builtin|auto|llm]
//          [--split tune|held-out] [--cases FILE] [--deadline-ms N] [--concurrency N]
//
// What it does: serves the pages on 127.0.0.1 (a random port) and, for every case, runs
// `corroborate(question)` twice with a fake search provider that returns that case's one hit (its
// title and snippet): once without reading, once with `read: N` (default 1). The stance of the
// page's evidence item is compared with the gold stance of the page body. It also reads each page
// with `read(url)` to check that the deciding passage survives extraction and that every quote a
// read evidence item carries is the exact slice `text.slice(start, end)` of the page's text.
//
// Accuracy and macro-F1 are over three classes: support, contradict and "no side" — a gold or
// judged `unrelated` counts as `neutral`, since neither takes a side (strict four-class accuracy is
// in --json). Figures are given per split; the held-out cases are for reporting only, never for
// tuning anything.
//
// Exit status: 0 when every page was served and every quote checked out; 1 when a quote does not
// match the page's text, a page cannot be read or a case has no evidence item; 2 for bad usage.
// A build whose `corroborate` has no `read` option yet gives the snippet figures and says so.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { asGold, stanceMetrics } from "../dist/eval/stance-metrics.js";
import { configFromObject, corroborate, loadConfig, read } from "../dist/index.js";

const SPLITS = ["tune", "held-out"];
const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
};
/** Longest text `read` returns: the whole page, so that quote offsets can be checked anywhere in it. */
const READ_MAX_CHARS = 500_000;

const usage = (message) => {
  process.stderr.write(`evaluate-reading: ${message}\n`);
  process.exit(2);
};

let opts;
try {
  ({ values: opts } = parseArgs({
    options: {
      json: { type: "boolean", default: false },
      read: { type: "string", default: "1" },
      judge: { type: "string", default: "builtin" },
      split: { type: "string" },
      cases: { type: "string" },
      "deadline-ms": { type: "string", default: "60000" },
      concurrency: { type: "string", default: "4" },
    },
  }));
} catch (error) {
  usage(error.message);
}
const readN = wholeNumber("read", opts.read, 0);
const deadlineMs = wholeNumber("deadline-ms", opts["deadline-ms"], 100);
const concurrency = wholeNumber("concurrency", opts.concurrency, 1);
if (!["builtin", "auto", "llm"].includes(opts.judge)) usage("--judge must be builtin, auto or llm");
if (opts.split !== undefined && !SPLITS.includes(opts.split)) usage(`--split must be ${SPLITS.join(" or ")}`);

const casesFile = resolve(
  opts.cases ?? fileURLToPath(new URL("../test/fixtures/read-pages/cases.json", import.meta.url)),
);
const root = dirname(casesFile);
const cases = JSON.parse(readFileSync(casesFile, "utf8")).cases.filter(
  (c) => opts.split === undefined || c.split === opts.split,
);

function wholeNumber(name, text, min) {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) usage(`--${name} must be a whole number ≥ ${min}`);
  return value;
}

/** Serves the files under `dir` (GET only, nothing outside it) on 127.0.0.1, port chosen by the system. */
async function servePages(dir) {
  const server = createServer((request, response) => {
    const path = resolve(dir, `.${decodeURIComponent(new URL(request.url, "http://x").pathname)}`);
    const type = CONTENT_TYPES[extname(path)];
    let body;
    try {
      if (request.method === "GET" && type !== undefined && path.startsWith(dir + sep)) {
        if (statSync(path).isFile()) body = readFileSync(path);
      }
    } catch {
      // Missing: answered 404 below.
    }
    if (body === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
  });
  await new Promise((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  return server;
}

/** A search provider that answers every call with the one hit a search service would show for the case. */
function providerFor(hit) {
  return {
    name: "exa",
    configured: true,
    search: async () => ({ hits: [hit], unresponsiveEngines: [], warnings: [] }),
  };
}

/** Runs every case (at most `concurrency` at once) and returns one result per case, in case order. */
async function evaluate(config) {
  const reading = { available: readN > 0, reason: null };
  const results = new Array(cases.length);
  if (cases.length === 0) return { results, reading };
  // The first case runs alone, so that a build without the `read` option is found out once.
  results[0] = await evaluateCase(cases[0], config, reading);
  let next = 1;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      results[index] = await evaluateCase(cases[index], config, reading);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return { results, reading };
}

async function evaluateCase(testCase, config, reading) {
  const url = new URL(testCase.file, base).href;
  const hit = {
    url,
    title: testCase.title,
    snippet: testCase.snippet,
    publishedAt: null,
    engines: [],
    rank: 1,
  };
  const run = async (readPages) => {
    const report = await corroborate(testCase.question, {
      config,
      providers: [providerFor(hit)],
      cache: false,
      deadlineMs,
      judge: opts.judge,
      // Left out rather than 0 when not reading: a build without the option still runs.
      ...(readPages > 0 ? { read: readPages } : {}),
    });
    const item = report.evidence.find((e) => e.url === url) ?? null;
    return {
      claim: report.claim,
      stance: item?.stance ?? null,
      score: item?.stanceScore ?? 0,
      // A build that predates reading has no readStatus at all.
      readStatus: item === null ? null : (item.readStatus ?? "absent"),
      quote: item?.quote ?? null,
    };
  };

  const snippet = await run(0);
  let reader = null;
  if (reading.available) {
    try {
      reader = await run(readN);
    } catch (error) {
      // Only an input schema that does not know the option at all means "this build cannot read".
      if (
        error?.code === "INVALID_INPUT" &&
        /unknown/i.test(error.message) &&
        /\bread\b/.test(error.message)
      ) {
        reading.available = false;
        reading.reason = error.message;
      } else {
        throw error;
      }
    }
  }
  const page = await extracted(url, testCase.keyPassage, config);
  if (reader?.quote && page.text !== null) {
    const { text, start, end } = reader.quote;
    reader.quoteMatches = page.text.slice(start, end) === text;
    reader.quoteOnKeyPassage = page.key !== null && start < page.key.end && end > page.key.start;
  }
  return { testCase, snippet, reader, page };
}

/** The page's text as `read` extracts it, and where the case's deciding passage lies in it. */
async function extracted(url, keyPassage, config) {
  try {
    const { text, kind } = await read(url, { config, maxChars: READ_MAX_CHARS });
    return { text, kind, failure: null, key: findLoosely(text, keyPassage) };
  } catch (error) {
    return { text: null, kind: null, failure: error?.reason ?? error?.message ?? String(error), key: null };
  }
}

/** `needle` in `text` with every run of white space (line breaks included) matching any other; offsets in `text`. */
function findLoosely(text, needle) {
  const words = needle
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const match = new RegExp(words.join("\\s+"), "u").exec(text);
  return match === null ? null : { start: match.index, end: match.index + match[0].length };
}

/** The same proposition, ignoring case, a leading article and closing punctuation. */
function sameClaim(a, b) {
  const plain = (claim) =>
    claim
      .toLowerCase()
      .replace(/^(?:the|a|an)\s+/, "")
      .replace(/[.?!\s]+$/, "");
  return plain(a) === plain(b);
}

function summarise({ results, reading }) {
  const problems = [];
  for (const r of results) {
    const id = r.testCase.id;
    if (r.page.failure !== null) problems.push(`${id}: the page could not be read (${r.page.failure})`);
    if (r.snippet.stance === null) problems.push(`${id}: no evidence item for the page`);
    if (r.reader?.quoteMatches === false)
      problems.push(`${id}: the quote is not the page text at its offsets`);
  }
  const groups = { ...Object.fromEntries(SPLITS.map((s) => [s, []])), all: [] };
  for (const r of results) {
    groups[r.testCase.split]?.push(r);
    groups.all.push(r);
  }
  const kinds = [...new Set(results.flatMap((r) => r.testCase.kinds))];
  return {
    judge: opts.judge,
    read: readN,
    reading: { available: reading.available, reason: reading.reason },
    classes:
      "support · contradict · no side: accuracy and macro-F1 count neutral and unrelated (gold or judged) as one class, 'no side'",
    splits: Object.fromEntries(
      Object.entries(groups)
        .filter(([, rs]) => rs.length > 0)
        .map(([name, rs]) => [name, figures(rs, reading.available)]),
    ),
    kinds: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        Object.fromEntries(
          Object.entries(groups)
            .filter(([, rs]) => rs.length > 0)
            .map(([name, rs]) => [
              name,
              figures(
                rs.filter((r) => r.testCase.kinds.includes(kind)),
                reading.available,
              ),
            ]),
        ),
      ]),
    ),
    claimsDiffer: results
      .filter((r) => !sameClaim(r.snippet.claim, r.testCase.claim))
      .map((r) => ({ id: r.testCase.id, pinned: r.testCase.claim, planned: r.snippet.claim })),
    problems,
    cases: results.map((r) => ({
      id: r.testCase.id,
      split: r.testCase.split,
      kinds: r.testCase.kinds,
      gold: r.testCase.stance,
      snippet: { stance: r.snippet.stance, score: r.snippet.score, readStatus: r.snippet.readStatus },
      reading:
        r.reader === null
          ? null
          : {
              stance: r.reader.stance,
              score: r.reader.score,
              readStatus: r.reader.readStatus,
              quote: r.reader.quote,
              quoteMatches: r.reader.quoteMatches ?? null,
              quoteOnKeyPassage: r.reader.quoteOnKeyPassage ?? null,
            },
      page: {
        kind: r.page.kind,
        chars: r.page.text?.length ?? null,
        failure: r.page.failure,
        keyPassageAt: r.page.key?.start ?? null,
      },
    })),
  };
}

/** Accuracy, macro-F1 and changes of one group of results; reading figures only when reading ran. */
function figures(rs, readingAvailable) {
  const scored = (arm) =>
    rs
      .filter((r) => r[arm]?.stance)
      .map((r) => ({ gold: asGold(r.testCase.stance), predicted: r[arm].stance, score: r[arm].score }));
  const metricsOf = (arm) => {
    const items = scored(arm);
    if (items.length === 0) return null;
    const m = stanceMetrics(items);
    const exact = rs.filter((r) => r[arm]?.stance === r.testCase.stance).length;
    return {
      n: items.length,
      accuracy: m.accuracy,
      macroF1: m.macroF1,
      exactAccuracy: Math.round((exact / items.length) * 1000) / 1000,
      confusion: m.confusion,
    };
  };
  const out = {
    n: rs.length,
    snippet: metricsOf("snippet"),
    reading: null,
    changed: null,
    readStatus: null,
    quotes: null,
    keyPassageExtracted: rs.filter((r) => r.page.key !== null).length,
  };
  if (!readingAvailable) return out;
  out.reading = metricsOf("reader");
  const right = (r, arm) => asGold(r[arm].stance) === asGold(r.testCase.stance);
  const both = rs.filter((r) => r.snippet.stance && r.reader?.stance);
  const moved = both.filter((r) => asGold(r.snippet.stance) !== asGold(r.reader.stance));
  out.changed = {
    total: moved.length,
    rightToWrong: moved.filter((r) => right(r, "snippet")).length,
    wrongToRight: moved.filter((r) => right(r, "reader")).length,
    wrongToWrong: moved.filter((r) => !right(r, "snippet") && !right(r, "reader")).length,
  };
  out.readStatus = {};
  for (const r of rs) {
    const status = r.reader?.readStatus ?? "none";
    out.readStatus[status] = (out.readStatus[status] ?? 0) + 1;
  }
  const quoted = rs.filter((r) => r.reader?.quote);
  out.quotes = {
    given: quoted.length,
    exact: quoted.filter((r) => r.reader.quoteMatches === true).length,
    onKeyPassage: quoted.filter((r) => r.reader.quoteOnKeyPassage === true).length,
  };
  return out;
}

/** `read 40, failed 1, not-read 0`: read statuses with every failure reason counted as `failed`. */
function statusLine(counts) {
  const merged = {};
  for (const [status, n] of Object.entries(counts)) {
    const key = status.startsWith("failed") ? "failed" : status;
    merged[key] = (merged[key] ?? 0) + n;
  }
  return Object.entries(merged)
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
}

function renderTable(summary) {
  const pct = (x) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`);
  const f1 = (x) => (x === null || x === undefined ? "—" : x.toFixed(2));
  const pad = (cells, widths) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const lines = [];
  const total = summary.splits.all?.n ?? 0;
  lines.push(
    `Stance of each page's evidence item against the gold stance of the page body — ${total} pages, judge: ${summary.judge}.`,
  );
  lines.push("Classes: support · contradict · no side (neutral and unrelated count as one class).");
  lines.push("");
  const widths = [10, 4, 9, 6, 9, 6, 12, 12, 14, 12, 12];
  lines.push(
    pad(
      [
        "split",
        "n",
        "snippet",
        "F1",
        `read ${summary.read}`,
        "F1",
        "right→wrong",
        "wrong→right",
        "read status",
        "quotes ok",
        "on key",
      ],
      widths,
    ),
  );
  for (const [name, s] of Object.entries(summary.splits)) {
    const statuses = s.readStatus === null ? "—" : statusLine(s.readStatus);
    lines.push(
      pad(
        [
          name,
          s.n,
          pct(s.snippet?.accuracy),
          f1(s.snippet?.macroF1),
          pct(s.reading?.accuracy),
          f1(s.reading?.macroF1),
          s.changed?.rightToWrong ?? "—",
          s.changed?.wrongToRight ?? "—",
          statuses,
          s.quotes ? `${s.quotes.exact}/${s.quotes.given}` : "—",
          s.quotes ? `${s.quotes.onKeyPassage}/${s.quotes.given}` : "—",
        ],
        widths,
      ),
    );
  }
  lines.push("");
  lines.push("By kind of page (accuracy, snippet → reading):");
  const kindWidths = [28, 22, 22];
  lines.push(pad(["kind", "tune", "held-out"], kindWidths));
  for (const [kind, bySplit] of Object.entries(summary.kinds)) {
    const cell = (s) =>
      s === undefined || s.n === 0
        ? "—"
        : `${s.n}: ${pct(s.snippet?.accuracy)} → ${pct(s.reading?.accuracy)}`;
    lines.push(pad([kind, cell(bySplit.tune), cell(bySplit["held-out"])], kindWidths));
  }
  lines.push("");
  const extracted = summary.splits.all?.keyPassageExtracted ?? 0;
  lines.push(`Deciding passage present in the text read() extracts: ${extracted}/${total} pages.`);
  if (!summary.reading.available) {
    lines.push(
      summary.read === 0
        ? "Reading: not run (--read 0)."
        : `Reading: not measured — this build's corroborate does not take the read option (${summary.reading.reason}).`,
    );
  }
  if (summary.claimsDiffer.length > 0) {
    lines.push(
      `The planner's claim differs from the pinned claim on ${summary.claimsDiffer.length} case(s): ${summary.claimsDiffer.map((c) => c.id).join(", ")} (the gold stance is toward the pinned claim; --json lists both).`,
    );
  }
  for (const problem of summary.problems) lines.push(`PROBLEM ${problem}`);
  return `${lines.join("\n")}\n`;
}

const stateDir = mkdtempSync(join(tmpdir(), "core-search-evaluate-reading-"));
const server = await servePages(root);
const base = `http://127.0.0.1:${server.address().port}/`;
try {
  const config = configFromObject({
    keyless: "off",
    stateDir,
    cacheTtlMs: 0,
    allowPrivateAddresses: true,
    // The LLM judge's address and model come from the environment, as everywhere else.
    ...(opts.judge === "builtin" ? {} : { llm: loadConfig().llm }),
  });
  const results = await evaluate(config);
  const summary = summarise(results);
  process.stdout.write(opts.json ? `${JSON.stringify(summary, null, 2)}\n` : renderTable(summary));
  process.exitCode = summary.problems.length > 0 ? 1 : 0;
} finally {
  server.close();
  rmSync(stateDir, { recursive: true, force: true });
}
