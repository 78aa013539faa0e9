import type { Rule } from "./classify.js";
import { gerund } from "./english.js";
import { fillerRun, isJudgement, judgementPattern, predicateAdverb, stripPurpose } from "./phrase-splits.js";

/**
 * The classifier's last rules, tried after every trend, comparison, claim, tool and procedure:
 * rankings ("is X the best Y", "best budget phones") and judgements ("is X safe", "is it worth
 * doing Y").
 */

/** Superlatives that make a question ask for a ranking: best, top, safest, healthiest, most reliable … */
export const SUPERLATIVE =
  "(?:(?:top|best|highest|most)-rated|best|worst|top|greatest|safest|fastest|cheapest|strongest|smartest|easiest|hardest|simplest|cleanest|quietest|lightest|largest|biggest|smallest|tallest|longest|shortest|highest|lowest|deepest|oldest|newest|heaviest|hottest|coldest|warmest|richest|\\w+iest|(?:most|least) \\w+)";

/** The judgements the fixed evaluative rule knows (the word lists add more). */
const JUDGEMENTS =
  "(?:hard|rough|tough|easy|gentle) on|kind to|bad news|good|bad|safe|unsafe|dangerous|harmful|healthy|unhealthy|worth(?: it| the \\w+)?|effective|reliable|secure|legit|overrated|overhyped|ready|production[- ]ready|scam|myth|mistake|success|failure|toxic|waste|pointless|useless|ineffective|addictive|fattening|carcinogenic|risky|overpriced|obsolete|outdated|beneficial|necessary|ethical|accurate|viable|sustainable|better|worse|safer|healthier|overkill|over\\w+ed|under\\w+ed|too \\w+|enough";

let evaluation: RegExp | undefined;

export const EVALUATION_RULES: Rule[] = [
  {
    // "what's the healthiest fish to eat, is it salmon": the candidate named is the claim's subject.
    type: "superlative",
    pattern: new RegExp(
      `^(?:what|which|who) (?:is|are) the (${SUPERLATIVE}) (.+?),? (?:is it|is that|are they|would it be|could it be) (.+)$`,
      "i",
    ),
    subjects: (m) => [m[3]],
    predicate: (m) => `the ${m[1]} ${m[2]}`,
  },
  {
    type: "superlative",
    pattern: new RegExp(`^(?:is|are|was|were) (.+?) the (${SUPERLATIVE}) (.+)$`, "i"),
    subjects: (m) => [m[1]],
    predicate: (m) => `the ${m[2]} ${m[3]}`,
  },
  {
    type: "superlative",
    pattern: new RegExp(`^(.+?) (?:is|are) the (${SUPERLATIVE}) (.+)$`, "i"),
    subjects: (m) => [m[1]],
    predicate: (m) => `the ${m[2]} ${m[3]}`,
    reject: (m) => /^(?:what|which|who)$/i.test(m[1] ?? ""),
  },
  {
    type: "superlative",
    pattern: new RegExp(`^the (${SUPERLATIVE}) (.+?) (?:is|are) (.+)$`, "i"),
    subjects: (m) => [m[3]],
    predicate: (m) => `the ${m[1]} ${m[2]}`,
  },
  {
    type: "superlative",
    pattern: new RegExp(`^(?:(?:what|which|who) (?:is|are|was|were) )?the (?:${SUPERLATIVE}) (.+)$`, "i"),
    subjects: (m) => [stripPurpose(m[1])],
  },
  {
    type: "superlative",
    pattern: new RegExp(`^(?:which|what) (.+?) (?:is|are) (?:the )?(${SUPERLATIVE})\\b(.*)$`, "i"),
    subjects: (m) => [m[1]],
    predicate: (m) => `the ${m[2]}${m[3] ?? ""}`,
  },
  {
    // Terse rankings: "best budget running shoes 2026", "top static site generators".
    type: "superlative",
    pattern: new RegExp(`^(?:${SUPERLATIVE}) (.+)$`, "i"),
    subjects: (m) => [stripPurpose(m[1])],
    // "most people think …" opens a sentence; it ranks nothing.
    reject: (m) =>
      /^(?:most|least) /i.test(m[0] ?? "") &&
      !/^(?:most|least) \w+(?:ive|ful|able|ible|ant|ent|ous|al|ic)\b/i.test(m[0] ?? ""),
  },
  {
    type: "evaluative",
    pattern:
      /^(?:what are )?(?:the )?(pros and cons|advantages and disadvantages|benefits and (?:risks|drawbacks)) of (.+)$/i,
    subjects: (m) => [m[2]],
    predicate: () => "worth it",
  },
  {
    type: "evaluative",
    pattern: /^(?:is|was) it (?:really |actually |still )?(worth(?: it)?) (\w+ing\b.*)$/i,
    subjects: (m) => [m[2]],
    predicate: () => "worth it",
  },
  {
    type: "evaluative",
    pattern: /^(?:is|was) it (?:really |actually |still )?((?:not )?\w+(?: \w+){0,2}) to (.+)$/i,
    subjects: (m) => [gerund(m[2] ?? "")],
    action: (m) => m[2],
    reject: (m) => /ing\b/i.test(m[1] ?? ""),
    predicate: (m) => m[1],
  },
  {
    type: "evaluative",
    pattern: () =>
      (evaluation ??= new RegExp(
        `^(?:is|are|was|were) (.+?) (not (?:as )?|never )?${fillerRun()}${predicateAdverb()}${fillerRun()}((?:an? (?:[\\w-]+ )?(?!too\\b|enough\\b))?(?:${JUDGEMENTS}))\\b(?!\\s+an?\\s)(.*)$`,
        "i",
      )),
    subjects: (m) => [m[1]],
    // "is there evidence that …" has no subject before the predicate; in "durable enough" the
    // judgement is the word before "enough" (the next rule knows it).
    reject: (m) =>
      /^there\b/i.test(m[1] ?? "") ||
      (/^enough\b/i.test(m[4] ?? "") && isJudgement((m[1] ?? "").split(" ").at(-1) ?? "")),
    // "good or bad for you" tests the first alternative: "good for you".
    // "is coffee not bad for you" claims "not bad for you"; "still a good idea" keeps "still".
    predicate: (m) =>
      `${m[2] ?? ""}${m[3] ?? ""}${m[4]}${(m[5] ?? "").replace(/^\s*or (?:not|\w+)\b/i, "")}`
        .replace(/\s+/g, " ")
        .trim(),
  },
  {
    // Any judgement the word lists know, good or bad: "is nuclear energy clean", "is PHP a dying
    // language", "is the phone durable enough for builders". The judgement ends the question or a
    // phrase opened by a preposition follows it ("the Great Wall" is a name, not a judgement).
    type: "evaluative",
    pattern: judgementPattern,
    subjects: (m) => [m[1]],
    reject: (m) => /^(?:there|the|a|an|it)$/i.test(m[1] ?? ""),
    predicate: (m) => `${m[2] ?? ""}${m[3] ?? ""}${m[4]}${m[5] ?? ""}`.replace(/\s+/g, " ").trim(),
  },
];
