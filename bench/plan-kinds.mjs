// Planner accuracy per kind of question and per language, on the plan-kinds labels
// (bench/plan-kinds-data.mjs says how they were decided): claim, counter intent, language, bypass,
// and all four right at once.
// Run: npm run build && node bench/plan-kinds.mjs [file.jsonl] [--misses]
//   (default bench/data/plan-kinds.jsonl; bench/data/plan-kinds-heldout.jsonl is the honest figure)
//
// claim: the planned claim equals the labelled one (or a listed alternative phrasing) after lower
//   casing, collapsing spaces and dropping trailing . ! ?. A look-up has no claim under test: a
//   plan still carries its question in `claim` (the report needs one), so the claim of a row
//   labelled without one counts as right when the plan bypasses.
// keeps: the softer check — the planned claim contains every `keep` item exactly once (rows with a
//   claim only); "all four (keeps)" counts the claim right when it keeps every item.
import { plan } from "../dist/index.js";
import { claimMatches, KINDS, keepMisses, readPlanKinds } from "./plan-kinds-data.mjs";
import { PLAN_QUESTIONS_NOW } from "./plan-questions.mjs";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--")) ?? new URL("./data/plan-kinds.jsonl", import.meta.url);
const showMisses = args.includes("--misses");
const NOW = new Date(PLAN_QUESTIONS_NOW);
const GOAL = 0.9;

const rows = readPlanKinds(file);

function score(row) {
  let p;
  try {
    p = plan(row.question, { now: NOW });
  } catch (error) {
    return { row, error: error.message, claim: false, keeps: false, counterIntent: false };
  }
  const claim = row.claim === null ? p.bypass : claimMatches(row, p.claim);
  const keeps = row.claim === null ? null : keepMisses(row.keep, p.claim).length === 0;
  const result = {
    row,
    p,
    claim,
    keeps,
    counterIntent: (p.counterIntent ?? null) === row.counterIntent,
    language: p.language === row.language,
    bypass: p.bypass === row.bypass,
  };
  result.all = result.claim && result.counterIntent && result.language && result.bypass;
  result.allKeeps = (keeps ?? p.bypass) && result.counterIntent && result.language && result.bypass;
  return result;
}

const results = rows.map(score);

const COLUMNS = [
  ["all four", "all"],
  ["claim", "claim"],
  ["keeps", "keeps"],
  ["counterIntent", "counterIntent"],
  ["language", "language"],
  ["bypass", "bypass"],
  ["all four (keeps)", "allKeeps"],
];

function cell(group, field) {
  const counted = group.filter((r) => r[field] !== null && r[field] !== undefined);
  if (counted.length === 0) return "—";
  const right = counted.filter((r) => r[field] === true).length;
  return `${Math.round((100 * right) / counted.length)}%`;
}

function table(title, groups) {
  console.log(`| ${title} | n | ${COLUMNS.map(([name]) => name).join(" | ")} |`);
  console.log(`| --- | ---: | ${COLUMNS.map(() => "---:").join(" | ")} |`);
  for (const [name, group] of groups) {
    if (group.length === 0) continue;
    console.log(
      `| ${name} | ${group.length} | ${COLUMNS.map(([, field]) => cell(group, field)).join(" | ")} |`,
    );
  }
}

console.log(
  `${rows.length} questions from ${file instanceof URL ? file.pathname : file}, now = ${PLAN_QUESTIONS_NOW}\n`,
);
table(
  "kind",
  KINDS.map((kind) => [kind, results.filter((r) => r.row.kind === kind)]),
);
console.log("");
const languages = [...new Set(rows.map((row) => row.language))];
table("language", [
  ...languages.map((language) => [language, results.filter((r) => r.row.language === language)]),
  ["all", results],
]);

const allRight = results.filter((r) => r.all).length;
const share = allRight / results.length;
console.log(
  `\nfigure plan kinds, all four fields right: ${(100 * share).toFixed(1)}% (${allRight}/${results.length})`,
);
console.log(`goal all four fields right ≥ ${GOAL * 100}%: ${share >= GOAL ? "goal met" : "goal missed"}`);

if (showMisses) {
  const show = (v) => JSON.stringify(v ?? null);
  console.log("\nmisses:");
  for (const r of results) {
    if (r.all && r.allKeeps) continue;
    const { row, p } = r;
    const lines = [];
    if (r.error) lines.push(`plan() threw: ${r.error}`);
    if (!r.claim) lines.push(`claim: expected ${show(row.claim)}, got ${show(p?.claim)}`);
    else if (r.keeps === false)
      lines.push(`claim right but not keeping ${show(keepMisses(row.keep, p.claim))}`);
    if (r.claim && r.keeps === false) lines.push(`(claim ${show(p?.claim)})`);
    if (!r.claim && r.keeps === false) lines.push(`  does not keep ${show(keepMisses(row.keep, p?.claim))}`);
    if (!r.counterIntent)
      lines.push(`counterIntent: expected ${show(row.counterIntent)}, got ${show(p?.counterIntent)}`);
    if (!r.language) lines.push(`language: expected ${show(row.language)}, got ${show(p?.language)}`);
    if (!r.bypass) lines.push(`bypass: expected ${show(row.bypass)}, got ${show(p?.bypass)}`);
    console.log(`  [${row.kind}, ${row.language}] ${show(row.question)}\n    ${lines.join("\n    ")}`);
  }
}
