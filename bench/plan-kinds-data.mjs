// Questions of every kind, labelled with the claim, counter intent, language and bypass a careful
// reader expects (bench/data/plan-kinds*.jsonl), one JSON object a line:
//
//   {"question": "…", "kind": "<a KIND>", "language": "en", "bypass": false,
//    "claim": "…" | null, "claimAlso": ["…"] (optional), "counterIntent": "<a COUNTER_INTENT>" | null,
//    "keep": ["…"], "note": "…" (optional)}
//
// How the labels are decided (from the plan's contract, docs/how-it-works.md, not from the planner):
// - claim: the proposition under test, stated affirmatively as a grammatical sentence in the
//   question's language, keeping every entity and qualifier once and dropping question words and
//   fillers. "X vs Y (for Z)" claims the first-named is better ("X is better than Y for Z").
//   Either/or names both options without "better": "A rather than B" (de "eher A als B", fr
//   "plutôt que", es "y no"). "Should I <do>" → "<Doing> is a good idea"; "should I/we use <tool>
//   for Z" → "<tool> is a good choice for Z"; "should <someone> <do>" and "can …" keep the modal.
//   Negative questions: "Isn't X Y" (and de "ist X nicht doch Y", fr "X n'est-il pas Y", es "¿no
//   es Y X?") ask to confirm "X is Y"; "Is X not Y" claims "X is not Y"; a double negative keeps
//   the negation the question asks to confirm ("isn't it not safe to …" → "… is not safe").
//   claimAlso lists other phrasings that are just as right (an "I should …" form, "It is … to …").
// - counterIntent: reverse for comparisons ("X vs Y", "X better/taller/safer than Y") and
//   either/or questions; alternatives for superlatives ("is X the best Y") and tool choices
//   ("should I use/switch to X"); risks when the claim calls something good, safe, effective,
//   worth it, healthy or not bad; benefits when it calls something bad, harmful, dangerous,
//   unhealthy, pointless, a myth or not safe; refute for a causal or factual claim ("X causes Y",
//   "X is linked to Y"), whatever Y is. "Can …" questions: about permission or safety ("can dogs
//   eat grapes", "can you freeze cooked rice") → risks; about capability ("can humans see
//   ultraviolet light") → refute. null when bypassed.
// - bypass: true only for look-ups that need no corroboration: arithmetic, unit conversions,
//   definitions, dates of fixed events, live data (scores, odds, tables, prices, index levels,
//   weather); exactly the lookup-* kinds. A bypassed row has no claim, no counter intent, no keep.
// - language: ISO 639-1 of the question.
// - keep: entities and qualifiers of the question that the claim must contain exactly once (matched
//   case-insensitively, on word boundaries); each also occurs in the question.
//
// Split: rows were written in a fixed order and every third (the 3rd, 6th, 9th, …) went to the
// held-out file, counted per kind for English and per language for the others, before the planner
// was run on any of them.
import { readFileSync } from "node:fs";

export const KINDS = [
  "comparative",
  "superlative",
  "either-or",
  "qualifier",
  "modal",
  "negative",
  "long-noun-phrase",
  "evaluative-positive",
  "evaluative-negative",
  "causal",
  "lookup-arithmetic",
  "lookup-conversion",
  "lookup-definition",
  "lookup-date",
  "lookup-live-data",
];

export const COUNTER_INTENTS = ["risks", "benefits", "reverse", "refute", "alternatives"];

const KEYS = [
  "question",
  "kind",
  "language",
  "bypass",
  "claim",
  "claimAlso",
  "counterIntent",
  "keep",
  "note",
];
const OPTIONAL = new Set(["claimAlso", "note"]);

const isText = (v) => typeof v === "string" && v.trim() !== "";
const isTextList = (v) => Array.isArray(v) && v.every(isText);

/** A claim as compared: NFC, straight apostrophes, lower case, spaces collapsed, no trailing . ! ? */
export function normaliseClaim(text) {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.!?]+$/u, "");
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** How often `item` occurs in `text`, case-insensitively and not inside a longer word. */
export function countOccurrences(text, item) {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(normaliseClaim(item))}(?![\\p{L}\\p{N}])`,
    "gu",
  );
  return [...normaliseClaim(text).matchAll(pattern)].length;
}

/** The keep items a claim does not contain exactly once (empty when it keeps every one). */
export function keepMisses(keep, claim) {
  if (typeof claim !== "string") return [...keep];
  return keep.filter((item) => countOccurrences(claim, item) !== 1);
}

/** Whether a planned claim is the labelled one (or one of its accepted phrasings); null matches null. */
export function claimMatches(row, claim) {
  if (row.claim === null || claim === null || claim === undefined) return row.claim === (claim ?? null);
  const wanted = [row.claim, ...(row.claimAlso ?? [])].map(normaliseClaim);
  return wanted.includes(normaliseClaim(claim));
}

/** Everything wrong with one row, as sentences (empty when the row is well formed). */
export function rowProblems(row) {
  const problems = [];
  if (typeof row !== "object" || row === null || Array.isArray(row)) return ["not an object"];
  for (const key of KEYS) if (!(key in row) && !OPTIONAL.has(key)) problems.push(`${key} is missing`);
  for (const key of Object.keys(row)) if (!KEYS.includes(key)) problems.push(`unknown key ${key}`);
  if (!isText(row.question)) problems.push("question is not a text");
  if (!KINDS.includes(row.kind)) problems.push(`kind ${JSON.stringify(row.kind)} is not one of KINDS`);
  if (typeof row.language !== "string" || !/^[a-z]{2}$/.test(row.language)) {
    problems.push("language is not an ISO 639-1 code");
  }
  if (typeof row.bypass !== "boolean") problems.push("bypass is not a boolean");
  if ("claimAlso" in row && !(isTextList(row.claimAlso) && row.claimAlso.length > 0)) {
    problems.push("claimAlso is not a list of texts");
  }
  if ("note" in row && !isText(row.note)) problems.push("note is not a text");
  if (!isTextList(row.keep)) problems.push("keep is not a list of texts");
  if (problems.length > 0) return problems;

  const lookup = row.kind.startsWith("lookup-");
  if (row.bypass !== lookup) problems.push(`bypass is ${row.bypass} for kind ${row.kind}`);
  if (row.bypass) {
    if (row.claim !== null) problems.push("a bypassed row has a claim");
    if (row.counterIntent !== null) problems.push("a bypassed row has a counterIntent");
    if ("claimAlso" in row) problems.push("a bypassed row has claimAlso");
    if (row.keep.length > 0) problems.push("a bypassed row has keep items");
    return problems;
  }
  if (!isText(row.claim)) problems.push("claim is not a text");
  if (!COUNTER_INTENTS.includes(row.counterIntent)) {
    problems.push(`counterIntent ${JSON.stringify(row.counterIntent)} is not one of COUNTER_INTENTS`);
  }
  if (row.keep.length === 0) problems.push("keep is empty");
  if (problems.length > 0) return problems;
  for (const claim of [row.claim, ...(row.claimAlso ?? [])]) {
    for (const item of keepMisses(row.keep, claim)) {
      problems.push(`keep item ${JSON.stringify(item)} is not in ${JSON.stringify(claim)} exactly once`);
    }
  }
  for (const item of row.keep) {
    if (countOccurrences(row.question, item) === 0) {
      problems.push(`keep item ${JSON.stringify(item)} is not in the question`);
    }
  }
  return problems;
}

/** The rows of a plan-kinds file (a path or a file URL); a malformed line throws with its number. */
export function readPlanKinds(file) {
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
      const problems = rowProblems(row);
      if (problems.length > 0) throw new Error(`${where}: ${problems.join("; ")}`);
      rows.push(row);
    });
  return rows;
}
