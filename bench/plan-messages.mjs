// Messages that explain before they ask ("My doctor says X. Is that true?", "I run every day. Does
// X help Y?"): whether the planner finds the claim asked about, in the message's language, without
// bypassing (and, where a row gives one, what the counter-query looks for). Rows:
// bench/data/plan-messages-heldout.jsonl, plan-shapes-heldout.jsonl (fragments, verb comparisons) and
// plan-shapes-heldout-2.jsonl (the same shapes and idioms of judgement in German, French and Spanish),
// each written before the rules that read them; plan-shapes-dev-2.jsonl holds the rows those rules
// were written against. A row may list other phrasings just as right (claimAlso).
// Run: npm run build && node bench/plan-messages.mjs [file.jsonl]
import { readFileSync } from "node:fs";
import { plan } from "../dist/plan/plan.js";

const file = process.argv[2] ?? new URL("./data/plan-messages-heldout.jsonl", import.meta.url);
const rows = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));
const same = (a, b) => a.replace(/[.?!]+$/u, "").toLowerCase() === b.replace(/[.?!]+$/u, "").toLowerCase();
let right = 0;
for (const row of rows) {
  const planned = plan(row.message, { now: new Date("2026-12-01T12:00:00Z") });
  const ok =
    !planned.bypass &&
    planned.language === row.language &&
    [row.claim, ...(row.claimAlso ?? [])].some((claim) => same(planned.claim, claim)) &&
    (row.counterIntent === undefined || planned.counterIntent === row.counterIntent);
  if (ok) right += 1;
  else
    console.log(
      `miss: ${row.message}\n  claim: ${planned.claim} (${planned.language}) — expected: ${row.claim}`,
    );
}
console.log(
  `figure messages read right: ${right}/${rows.length} (${((100 * right) / rows.length).toFixed(0)}%)`,
);
