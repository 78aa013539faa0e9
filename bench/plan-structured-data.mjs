// How often the planner flags a question whose answer lives in a database (step 7 of the
// methodology: a market's performance over a period, live odds) and leaves alone a question that
// only mentions such things, per language. Each line of the file:
//   {"question": "…", "language": "en" | "de" | "fr" | "es", "structuredData": true | false}
// Run: npm run build && node bench/plan-structured-data.mjs [file.jsonl] [--misses]
//   (default bench/data/plan-structured-data.jsonl, the rows the rules were written against;
//   bench/data/plan-structured-data-heldout.jsonl was written before them and is the honest figure)
import { readFileSync } from "node:fs";
import { plan } from "../dist/index.js";
import { PLAN_QUESTIONS_NOW } from "./plan-questions.mjs";

const args = process.argv.slice(2);
const file =
  args.find((a) => !a.startsWith("--")) ?? new URL("./data/plan-structured-data.jsonl", import.meta.url);
const showMisses = args.includes("--misses");
const NOW = new Date(PLAN_QUESTIONS_NOW);

const rows = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));
const results = rows.map((row) => {
  const p = plan(row.question, { now: NOW });
  return { row, flagged: p.structuredData, language: p.language };
});

const share = (group) => {
  const right = group.filter((r) => r.flagged === r.row.structuredData).length;
  return group.length === 0 ? "—" : `${Math.round((100 * right) / group.length)}% (${right}/${group.length})`;
};

console.log(`${rows.length} questions from ${file instanceof URL ? file.pathname : file}\n`);
console.log("| language | data questions flagged | others left alone | all |");
console.log("| --- | ---: | ---: | ---: |");
for (const language of [...new Set(rows.map((row) => row.language)), "all"]) {
  const group = results.filter((r) => language === "all" || r.row.language === language);
  const data = group.filter((r) => r.row.structuredData);
  const others = group.filter((r) => !r.row.structuredData);
  console.log(`| ${language} | ${share(data)} | ${share(others)} | ${share(group)} |`);
}
const wrongLanguage = results.filter((r) => r.language !== r.row.language).length;
console.log(`\nplanned in another language: ${wrongLanguage} of ${rows.length}`);

if (showMisses) {
  console.log("\nmisses:");
  for (const r of results) {
    if (r.flagged === r.row.structuredData) continue;
    console.log(`  [${r.row.language}] ${JSON.stringify(r.row.question)}: flagged ${r.flagged}`);
  }
}
