// Planner accuracy on a labelled question set (the format of bench/plan-questions.mjs; the plan
// table, test/plan/plan-table.jsonl, is one too).
// Run: npm run build && node bench/plan-accuracy.mjs [file.jsonl] [--misses]
import { plan } from "../dist/index.js";
import { PLAN_QUESTIONS_NOW, readPlanQuestions } from "./plan-questions.mjs";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--")) ?? new URL("./data/plan-questions.jsonl", import.meta.url);
const showMisses = args.includes("--misses");
const NOW = new Date(PLAN_QUESTIONS_NOW);
const FIELDS = ["queryType", "bypass", "topicCategory", "timeRange", "newsCall"];

const rows = readPlanQuestions(file);

const right = Object.fromEntries(FIELDS.map((f) => [f, 0]));
const misses = Object.fromEntries(FIELDS.map((f) => [f, []]));
let counterRows = 0;
let counterHasSubject = 0;
const counterMisses = [];
for (const row of rows) {
  const p = plan(row.question, { now: NOW });
  for (const field of FIELDS) {
    if (p[field] === row[field]) right[field] += 1;
    else misses[field].push(`${JSON.stringify(row.question)}: expected ${row[field]}, got ${p[field]}`);
  }
  if (!p.bypass && p.counterQuery && row.subject?.[0]) {
    counterRows += 1;
    // The hand-labelled subject's words (not the planner's own subject) must all be in the counter-query.
    const counter = p.counterQuery.toLowerCase();
    const words = row.subject[0]
      .toLowerCase()
      .split(/[^\p{L}\p{N}+#.]+/u)
      .filter((w) => w.length > 2);
    if (words.every((w) => counter.includes(w))) counterHasSubject += 1;
    else counterMisses.push(`${JSON.stringify(row.question)}: ${JSON.stringify(p.counterQuery)}`);
  }
}

console.log(`${rows.length} questions from ${file}`);
console.log("| field | right | accuracy |");
console.log("| --- | --- | --- |");
for (const field of FIELDS) {
  console.log(
    `| ${field} | ${right[field]}/${rows.length} | ${((100 * right[field]) / rows.length).toFixed(1)}% |`,
  );
}
console.log(
  `| counter-query names the subject | ${counterHasSubject}/${counterRows} | ${((100 * counterHasSubject) / Math.max(1, counterRows)).toFixed(1)}% |`,
);
if (showMisses) {
  for (const field of FIELDS) {
    if (misses[field].length > 0) console.log(`\n${field} misses:\n  ${misses[field].join("\n  ")}`);
  }
  if (counterMisses.length > 0) console.log(`\ncounter-query misses:\n  ${counterMisses.join("\n  ")}`);
}
