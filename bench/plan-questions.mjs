// Labelled planner questions, one JSON object a line, read the same way by the tests (the plan
// table, test/plan/plan-table.jsonl) and the benches (bench/data/plan-questions*.jsonl):
//
//   {"question": "…", "queryType": "…", "bypass": false, "topicCategory": "science" | "it",
//    "timeRange": "week" | "year" | "none", "newsCall": false, "subject": ["…"],
//    "knownMisses": {"<field>": <what the planner says>}}   (knownMisses optional)
//
// How the expected values are decided, judged against PLAN_QUESTIONS_NOW (so 2026 and 2025 are
// recent; 2024 and earlier are old):
// - queryType: the first that fits of trend > comparative > claim > policy > tool > procedural >
//   superlative > evaluative > fallback (bypassed questions have no template: fallback).
// - bypass: only a settled fact asked without evaluative words.
// - topicCategory: "it" for software, libraries, languages, frameworks, databases, infrastructure,
//   protocols, errors, code and developer tools; "science" for everything else and when unsure.
// - timeRange: "week" for breaking or ongoing events; "none" for history, standards, RFCs, seminal
//   papers and years two or more before now; "year" otherwise.
// - newsCall: true only when timeliness matters (recency words, current events, announcements,
//   recalls, elections, trend and policy questions); false for timeless evaluations, how X works,
//   history, best practices, procedures and bypassed questions.
// - subject: the noun phrase(s) the question is about, without articles, question words, the
//   purpose or setting it adds ("for a banking ledger") or when it is asked ("in 2026"); an action
//   is named as a gerund ("learning Japanese"). Comparisons and causal claims name both sides.
//
// knownMisses records where the planner currently disagrees, field by field, with the value it
// gives; the expectation stays the correct one. The plan table's test pins these values so that
// any change shows up.
import { readFileSync } from "node:fs";

/** The clock the labels were decided against. */
export const PLAN_QUESTIONS_NOW = "2026-11-30T12:00:00Z";

/** The labelled fields, in the order the files write them. */
export const PLAN_FIELDS = ["queryType", "bypass", "topicCategory", "timeRange", "newsCall", "subject"];

const CHECKS = {
  question: (v) => typeof v === "string" && v !== "",
  queryType: (v) => typeof v === "string",
  bypass: (v) => typeof v === "boolean",
  topicCategory: (v) => v === "science" || v === "it",
  timeRange: (v) => v === "week" || v === "year" || v === "none",
  newsCall: (v) => typeof v === "boolean",
  subject: (v) => Array.isArray(v) && v.every((s) => typeof s === "string"),
  knownMisses: (v) =>
    typeof v === "object" &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(v).every((f) => PLAN_FIELDS.includes(f)),
};
const OPTIONAL = new Set(["knownMisses"]);

/** The rows of a labelled-questions file (a path or a file URL); a malformed line throws with its number. */
export function readPlanQuestions(file) {
  const rows = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      const where = `${file instanceof URL ? file.pathname : file}:${index + 1}`;
      let row;
      try {
        row = JSON.parse(line);
      } catch (error) {
        throw new Error(`${where}: not JSON (${error.message})`);
      }
      for (const [key, valid] of Object.entries(CHECKS)) {
        if (!(key in row) ? !OPTIONAL.has(key) : !valid(row[key])) {
          throw new Error(`${where}: ${key} is missing or malformed`);
        }
      }
      const unknown = Object.keys(row).filter((key) => !(key in CHECKS));
      if (unknown.length > 0) throw new Error(`${where}: unknown key ${unknown.join(", ")}`);
      rows.push(row);
    });
  return rows;
}
