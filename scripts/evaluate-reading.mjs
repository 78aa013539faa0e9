// Measures how much reading the pages changes stance and label accuracy against judging the search
// snippet alone, on the labelled page set in test/fixtures/read-pages/ (its README says how it was made).
//
// Usage: npm run build && node scripts/evaluate-reading.mjs [--json] [--read N] [--judge builtin|auto|llm]
//          [--split tune|held-out] [--from ID] [--to ID] [--cases FILE] [--deadline-ms N] [--concurrency N]
//
// What it does: serves the pages on 127.0.0.1 (a random port) and, for every case, runs
// `corroborate(question)` three times with a fake search provider that returns that case's one hit
// (its title and snippet): without reading (`read: 0`), with `read: "auto"` (the default) and with
// `read: N` (default 3). The stance of the page's evidence item is compared with the gold stance of
// the page body, and the label (confidence and direction) with the one `assess` gives the same hit
// at its gold stance. It also reads each page with `read(url)` to check that the deciding passage
// survives extraction and that every quote a read evidence item carries is the exact slice
// `text.slice(start, end)` of the page's text. `--from c62` measures the cases from that id on,
// `--to c61` those up to it.
//
// Accuracy and macro-F1 are over three classes: support, contradict and "no side" — a gold or
// judged `unrelated` counts as `neutral`, since neither takes a side (strict four-class accuracy is
// in --json). Figures are given per split; the held-out cases are for reporting only, never for
// tuning anything.
//
// Exit status: 0 when every page was served and every quote checked out; 1 when a quote does not
// match the page's text, a page cannot be read or a case has no evidence item; 2 for bad usage.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { asGold, stanceMetrics } from "../dist/eval/stance-metrics.js";
import { assess, configFromObject, corroborate, loadConfig, read } from "../dist/index.js";

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
      read: { type: "string", default: "3" },
      judge: { type: "string", default: "builtin" },
      split: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      cases: { type: "string" },
      "deadline-ms": { type: "string", default: "60000" },
      concurrency: { type: "string", default: "4" },
    },
  }));
} catch (error) {
  usage(error.message);
}
const readN = wholeNumber("read", opts.read, 1);
const deadlineMs = wholeNumber("deadline-ms", opts["deadline-ms"], 100);
const concurrency = wholeNumber("concurrency", opts.concurrency, 1);
if (!["builtin", "auto", "llm"].includes(opts.judge)) usage("--judge must be builtin, auto or llm");
if (opts.split !== undefined && !SPLITS.includes(opts.split)) usage(`--split must be ${SPLITS.join(" or ")}`);

const casesFile = resolve(
  opts.cases ?? fileURLToPath(new URL("../test/fixtures/read-pages/cases.json", import.meta.url)),
);
const root = dirname(casesFile);
const idNumber = (id) => Number(id.slice(1));
for (const bound of ["from", "to"])
  if (opts[bound] !== undefined && !/^c\d+$/.test(opts[bound]))
    usage(`--${bound} must be a case id such as c62`);
const cases = JSON.parse(readFileSync(casesFile, "utf8")).cases.filter(
  (c) =>
    (opts.split === undefined || c.split === opts.split) &&
    (opts.from === undefined || idNumber(c.id) >= idNumber(opts.from)) &&
    (opts.to === undefined || idNumber(c.id) <= idNumber(opts.to)),
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

/** The arms measured: how many pages each reads. */
const ARMS = [
  { name: "snippet", read: 0 },
  { name: "auto", read: "auto" },
  { name: "readN", read: readN },
];

/** Runs every case (at most `concurrency` at once) and returns one result per case, in case order. */
async function evaluate(config) {
  const results = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      results[index] = await evaluateCase(cases[index], config);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return results;
}

async function evaluateCase(testCase, config) {
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
      read: readPages,
    });
    const item = report.evidence.find((e) => e.url === url) ?? null;
    return {
      claim: report.claim,
      stance: item?.stance ?? null,
      score: item?.stanceScore ?? 0,
      readStatus: item?.readStatus ?? null,
      quote: item?.quote ?? null,
      label: `${report.confidence} ${report.direction}`,
      // Pages the arm tried to read, whether or not the read succeeded.
      pagesTried: report.evidence.filter((e) => e.readStatus !== "not-read").length,
    };
  };

  const page = await extracted(url, testCase.keyPassage, config);
  const arms = {};
  for (const arm of ARMS) {
    const result = await run(arm.read);
    if (result.quote && page.text !== null) {
      const { text, start, end } = result.quote;
      result.quoteMatches = page.text.slice(start, end) === text;
      result.quoteOnKeyPassage = page.key !== null && start < page.key.end && end > page.key.start;
    }
    arms[arm.name] = result;
  }
  const goldLabel = await labelAt(arms.snippet.claim, hit, testCase.stance, config);
  return { testCase, arms, goldLabel, page };
}

/** The label the labeller gives the case's one hit at its gold stance, toward the claim planned. */
async function labelAt(claim, hit, stance, config) {
  const assessed = await assess(
    { claim, evidence: [{ url: hit.url, title: hit.title, snippet: hit.snippet, stance }] },
    { config },
  );
  return `${assessed.confidence} ${assessed.direction}`;
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

function summarise(results) {
  const problems = [];
  for (const r of results) {
    const id = r.testCase.id;
    if (r.page.failure !== null) problems.push(`${id}: the page could not be read (${r.page.failure})`);
    if (r.arms.snippet.stance === null) problems.push(`${id}: no evidence item for the page`);
    for (const arm of ARMS)
      if (r.arms[arm.name].quoteMatches === false)
        problems.push(`${id}: the quote read with read ${arm.read} is not the page text at its offsets`);
  }
  const groups = { ...Object.fromEntries(SPLITS.map((s) => [s, []])), all: [] };
  for (const r of results) {
    groups[r.testCase.split]?.push(r);
    groups.all.push(r);
  }
  const kinds = [...new Set(results.flatMap((r) => r.testCase.kinds))];
  const nonEmpty = (entries) => entries.filter(([, rs]) => rs.length > 0);
  return {
    judge: opts.judge,
    read: readN,
    from: opts.from ?? null,
    to: opts.to ?? null,
    classes:
      "support · contradict · no side: accuracy and macro-F1 count neutral and unrelated (gold or judged) as one class, 'no side'",
    splits: Object.fromEntries(nonEmpty(Object.entries(groups)).map(([name, rs]) => [name, figures(rs)])),
    kinds: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        Object.fromEntries(
          nonEmpty(Object.entries(groups)).map(([name, rs]) => [
            name,
            figures(rs.filter((r) => r.testCase.kinds.includes(kind))),
          ]),
        ),
      ]),
    ),
    claimsDiffer: results
      .filter((r) => !sameClaim(r.arms.snippet.claim, r.testCase.claim))
      .map((r) => ({ id: r.testCase.id, pinned: r.testCase.claim, planned: r.arms.snippet.claim })),
    problems,
    cases: results.map((r) => ({
      id: r.testCase.id,
      split: r.testCase.split,
      kinds: r.testCase.kinds,
      gold: r.testCase.stance,
      goldLabel: r.goldLabel,
      ...Object.fromEntries(
        ARMS.map(({ name }) => {
          const a = r.arms[name];
          const { stance, score, readStatus, label, quote } = a;
          const checks = {
            quoteMatches: a.quoteMatches ?? null,
            quoteOnKeyPassage: a.quoteOnKeyPassage ?? null,
          };
          return [name, { stance, score, readStatus, label, quote, ...checks }];
        }),
      ),
      page: {
        kind: r.page.kind,
        chars: r.page.text?.length ?? null,
        failure: r.page.failure,
        keyPassageAt: r.page.key?.start ?? null,
      },
    })),
  };
}

const round3 = (x) => Math.round(x * 1000) / 1000;

/** Stance and label accuracy, pages read and changes of one group of results, for every arm. */
function figures(rs) {
  const out = { n: rs.length, keyPassageExtracted: rs.filter((r) => r.page.key !== null).length };
  for (const { name } of ARMS) out[name] = armFigures(rs, name);
  return out;
}

function armFigures(rs, arm) {
  const items = rs
    .filter((r) => r.arms[arm].stance)
    .map((r) => ({
      gold: asGold(r.testCase.stance),
      predicted: r.arms[arm].stance,
      score: r.arms[arm].score,
    }));
  if (items.length === 0) return null;
  const m = stanceMetrics(items);
  const exact = rs.filter((r) => r.arms[arm].stance === r.testCase.stance).length;
  const right = (r, name) => asGold(r.arms[name].stance) === asGold(r.testCase.stance);
  const moved = rs.filter((r) => asGold(r.arms.snippet.stance) !== asGold(r.arms[arm].stance));
  const readStatus = {};
  for (const r of rs) readStatus[r.arms[arm].readStatus] = (readStatus[r.arms[arm].readStatus] ?? 0) + 1;
  const quoted = rs.filter((r) => r.arms[arm].quote);
  return {
    n: items.length,
    accuracy: m.accuracy,
    macroF1: m.macroF1,
    exactAccuracy: round3(exact / items.length),
    labelAccuracy: round3(rs.filter((r) => r.arms[arm].label === r.goldLabel).length / rs.length),
    pagesPerQuestion: round3(rs.reduce((sum, r) => sum + r.arms[arm].pagesTried, 0) / rs.length),
    confusion: m.confusion,
    changed: {
      total: moved.length,
      rightToWrong: moved.filter((r) => right(r, "snippet")).length,
      wrongToRight: moved.filter((r) => right(r, arm)).length,
    },
    readStatus,
    quotes: {
      given: quoted.length,
      exact: quoted.filter((r) => r.arms[arm].quoteMatches === true).length,
      onKeyPassage: quoted.filter((r) => r.arms[arm].quoteOnKeyPassage === true).length,
    },
  };
}

function renderTable(summary) {
  const pct = (x) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`);
  const num = (x) => (x === null || x === undefined ? "—" : x.toFixed(2));
  const pad = (cells, widths) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const lines = [];
  const total = summary.splits.all?.n ?? 0;
  lines.push(
    `One question per page, its one hit judged on its snippet (read 0), with read auto and with read ${summary.read} — ${total} pages, judge: ${summary.judge}.`,
  );
  lines.push("Stance: support · contradict · no side (neutral and unrelated count as one class).");
  lines.push("Label: confidence and direction, against the label of the hit at its gold stance.");
  lines.push("");
  const arms = [
    ["snippet", "read 0"],
    ["auto", "auto"],
    ["readN", `read ${summary.read}`],
  ];
  const widths = [10, 4, ...arms.flatMap(() => [8, 8, 6])];
  lines.push(pad(["split", "n", ...arms.flatMap(([, title]) => [title, "label", "pages"])], widths));
  for (const [name, s] of Object.entries(summary.splits)) {
    lines.push(
      pad(
        [
          name,
          s.n,
          ...arms.flatMap(([arm]) => [
            pct(s[arm]?.accuracy),
            pct(s[arm]?.labelAccuracy),
            num(s[arm]?.pagesPerQuestion),
          ]),
        ],
        widths,
      ),
    );
  }
  lines.push("");
  lines.push(
    "Changes against read 0 (right→wrong / wrong→right), quotes exact, quotes on the deciding passage:",
  );
  for (const [name, s] of Object.entries(summary.splits)) {
    const cells = arms.slice(1).map(([arm, title]) => {
      const a = s[arm];
      return `${title}: ${a.changed.rightToWrong}/${a.changed.wrongToRight}, quotes ${a.quotes.exact}/${a.quotes.given}, on key ${a.quotes.onKeyPassage}/${a.quotes.given}`;
    });
    lines.push(`  ${name.padEnd(9)} ${cells.join(" · ")}`);
  }
  lines.push("");
  lines.push(`By kind of page (stance accuracy: read 0 → auto → read ${summary.read}):`);
  const kindWidths = [28, 30, 30];
  lines.push(pad(["kind", "tune", "held-out"], kindWidths));
  for (const [kind, bySplit] of Object.entries(summary.kinds)) {
    const cell = (s) =>
      s === undefined || s.n === 0
        ? "—"
        : `${s.n}: ${arms.map(([arm]) => pct(s[arm]?.accuracy)).join(" → ")}`;
    lines.push(pad([kind, cell(bySplit.tune), cell(bySplit["held-out"])], kindWidths));
  }
  lines.push("");
  const extracted = summary.splits.all?.keyPassageExtracted ?? 0;
  lines.push(`Deciding passage present in the text read() extracts: ${extracted}/${total} pages.`);
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
