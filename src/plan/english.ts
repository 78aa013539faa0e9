import { planWords } from "./plan-words.js";

/** Small English inflections the planner needs to turn questions into statements and queries. */

/** "cause autism" → "causing autism", "leads to X" → "leading to X", "linked to X" → "being linked to X". */
export function gerund(verbPhrase: string): string {
  const [verb = "", ...rest] = verbPhrase.split(" ");
  if (/ing$/i.test(verb)) return verbPhrase;
  // A participle ("linked to X", "associated with Y") takes "being", not "-ing".
  // ("need", "speed", "shed" are verbs already.)
  if (/ed$/i.test(verb) && !/(?:eed|^shed|^wed)$/i.test(verb)) return `being ${verbPhrase}`;
  const base = /(?:ch|sh|x|ss)es$/i.test(verb)
    ? verb.slice(0, -2)
    : /[^su]s$/i.test(verb)
      ? verb.slice(0, -1)
      : verb;
  let ing: string;
  if (/^(?:be|see|flee|agree|free)$/i.test(base)) ing = `${base}ing`;
  else if (/ie$/i.test(base)) ing = `${base.slice(0, -2)}ying`;
  else if (/[^e]e$/i.test(base)) ing = `${base.slice(0, -1)}ing`;
  // Short verbs ending consonant-vowel-consonant double it: run → running, set → setting.
  else if (/^[^aeiou]*[aeiou][bdgmnprt]$/i.test(base)) ing = `${base}${base.slice(-1)}ing`;
  else ing = `${base}ing`;
  return [ing, ...rest].join(" ");
}

/** "cause arthritis" → "causes arthritis"; "lead to X" → "leads to X". */
export function thirdPerson(verbPhrase: string): string {
  const [verb = "", ...rest] = verbPhrase.split(" ");
  if (/s$/.test(verb)) return verbPhrase;
  const inflected = /(?:sh|ch|x|z|o)$/.test(verb)
    ? `${verb}es`
    : /[^aeiou]y$/.test(verb)
      ? `${verb.slice(0, -1)}ies`
      : `${verb}s`;
  return [inflected, ...rest].join(" ");
}

/** "cause the Reformation" → "caused the Reformation"; "eat meat" → "ate meat". */
export function pastTense(verbPhrase: string): string {
  const [verb = "", ...rest] = verbPhrase.split(" ");
  const lower = verb.toLowerCase();
  const irregular = planWords().irregularPast.get(lower);
  let past: string;
  if (irregular) past = irregular;
  else if (/e$/.test(lower)) past = `${verb}d`;
  else if (/[^aeiou]y$/.test(lower)) past = `${verb.slice(0, -1)}ied`;
  // Short verbs ending consonant-vowel-consonant double it: stop → stopped, plan → planned.
  else if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(lower)) past = `${verb}${verb.slice(-1)}ed`;
  else past = `${verb}ed`;
  return [past, ...rest].join(" ");
}

/**
 * "cats", "sony earbuds": a noun phrase whose last word is a plural in -s; not "glass", "virus",
 * "analysis", nor a word the lists know names one thing ("news", "postgres").
 */
export function looksPlural(phrase: string): boolean {
  const last = phrase.split(/\s+/).at(-1)?.toLowerCase() ?? "";
  return /^[a-z]{2,}[^siu'’]s$/.test(last) && !planWords().singularsInS.has(last);
}
